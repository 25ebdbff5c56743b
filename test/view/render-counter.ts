// Counts component renders per commit through React's devtools hook, the way React DevTools does:
// the view keeps no counters of its own. Import this before Ink renders anything (the hook must be
// in place when the renderer is injected); `renders` counts by component name.
// React's own flag for "this fiber's component ran in this commit" (ReactFiberFlags.PerformedWork).
const PERFORMED_WORK = 1;

interface Fiber {
  readonly type: unknown;
  readonly elementType: unknown;
  readonly flags: number;
  readonly alternate: Fiber | null;
  readonly child: Fiber | null;
  readonly sibling: Fiber | null;
}

export const renders = new Map<string, number>();

function nameOf(fiber: Fiber): string | undefined {
  const t = (typeof fiber.type === 'function' ? fiber.type : (fiber.elementType as { type?: unknown })?.type) as
    | { name?: string }
    | undefined;
  return typeof t === 'function' || typeof t === 'object' ? t?.name : undefined;
}

/** Visits the fibers of one commit; a subtree React did not enter keeps its old children. */
function walk(fiber: Fiber | null): void {
  for (let f = fiber; f !== null; f = f.sibling) {
    const rendered = f.alternate === null || (f.flags & PERFORMED_WORK) !== 0;
    const name = nameOf(f);
    if (rendered && name !== undefined) renders.set(name, (renders.get(name) ?? 0) + 1);
    if (f.alternate === null || f.child !== f.alternate.child) walk(f.child);
  }
}

const hook = {
  supportsFiber: true,
  renderers: new Map<number, unknown>(),
  inject(renderer: unknown): number {
    hook.renderers.set(1, renderer);
    return 1;
  },
  onCommitFiberRoot(_id: number, root: { current: Fiber }): void {
    walk(root.current.child);
  },
  onCommitFiberUnmount(): void {},
  onPostCommitFiberRoot(): void {},
  checkDCE(): void {},
};

(globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;

/** Hands Ink's renderer to the hook (Ink only does so itself under DEV=true). */
export async function countRenders(): Promise<void> {
  // Ink's own reconciler module (not in its exports): the renderer Ink renders with.
  const { default: reconciler } = (await import('../../node_modules/ink/build/reconciler.js')) as {
    default: { injectIntoDevTools(config?: unknown): boolean };
  };
  reconciler.injectIntoDevTools();
}

export function rendersOf(name: string): number {
  return renders.get(name) ?? 0;
}
