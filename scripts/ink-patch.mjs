// Our fixes to Ink 6.8 (patches/ink+6.8.0.patch: the incremental renderer's row drift of ink
// PR #910, frame caches, a frame throttle that counts from the last frame, a frame in one write,
// and lines moved by the terminal's scroll region or written from their first changed column)
// are applied to node_modules by the build and by the test setup, not by an install script: an
// install script in package.json would also be offered to everyone who installs the published
// package (npm 11 then warns about it), and they need none — the bundle carries the fixes.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A line of each patched file that only the patched version has. */
const MARKERS = [
  ['node_modules/ink/build/log-update.js', 'cursorUp(previousLines.length - 1)'],
  ['node_modules/ink/build/output.js', 'class GenerationalCache'],
  ['node_modules/ink/build/render-node-to-output.js', 'custody-console patch'],
  ['node_modules/ink/build/ink.js', 'function frameThrottle'],
  ['node_modules/ink/build/ink.js', 'function frameWriter'],
  ['node_modules/ink/build/frame-shift.js', 'export function findShift'],
  ['node_modules/ink/build/log-update.js', 'findShift(previousLines, nextLines, visibleCount)'],
];

/** The file's text; '' when it is not there (a file the patch adds, before it is applied). */
function textOf(file) {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch {
    return '';
  }
}

function missing() {
  return MARKERS.filter(([file, marker]) => !textOf(file).includes(marker)).map(([f]) => f);
}

/** Applies the patch when node_modules/ink lacks it; throws (saying what to run) when that fails. */
export function ensureInkPatched() {
  if (missing().length === 0) return;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/patch-package/index.js')], {
    cwd: root,
    encoding: 'utf8',
  });
  const still = missing();
  if (result.status !== 0 || still.length > 0) {
    throw new Error(
      `Ink is not patched (${still.join(', ') || 'patch-package failed'}): run \`npx patch-package\` in ${root}\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureInkPatched();
