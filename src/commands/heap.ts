// V8 sizes its heap for throughput: the old generation may grow to about four times what is
// live before a full collection, and the young one doubles up to 16 MB a half whenever objects
// keep surviving. A console open for hours and an export of a million rows both make garbage
// steadily and keep little, so they ask for a heap that stays near what they keep. V8 reads
// these flags each time it sizes the heap, so setting them while running takes effect.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The old generation grows by a fifth at a time (V8's default: up to 4x). */
export function leanOldHeap(): void {
  setFlagsFromString('--heap-growing-percent=20');
}

/**
 * The young generation stays at the size it has now: objects that outlive a few collections (a
 * page handed on, a first load kept in the stores) make V8 double it, and V8 before 12 (Node 20)
 * never shrinks it again.
 */
export function leanYoungHeap(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** A stream that hands each page on and lets it go. */
export function leanStreamHeap(): void {
  leanOldHeap();
  leanYoungHeap();
}

/**
 * Full collections for a program that has just made a burst of garbage (the console's start) and
 * then keeps little: one that every V8 runs at once, then one of last resort, which on V8 12 and
 * later (Node 22+) also shrinks the young generation to its first size. No public API asks for
 * either: `gc` is exposed to a fresh context for the calls (nothing else can see it) and hidden
 * again. Never throws.
 */
export function releaseStartupHeap(): void {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: object) => void;
    gc();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    // a V8 without these: the heap stays as it is
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
