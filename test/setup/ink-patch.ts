// Tests import Ink from node_modules: it must carry our fixes (scripts/ink-patch.mjs), also when
// vitest runs without the build that usually applies them first.
// @ts-expect-error: a plain .mjs build script without types
import { ensureInkPatched } from '../../scripts/ink-patch.mjs';

export default function setup(): void {
  (ensureInkPatched as () => void)();
}
