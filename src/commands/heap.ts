// V8 sizes its heap for throughput: the old generation may grow to about four times what is
// live before a full collection, and the young one doubles up to 16 MB a half whenever objects
// keep surviving. A console open for hours and an export of a million rows both make garbage
// steadily and keep little, so they ask for a heap that stays near what they keep. V8 reads
// these flags each time it sizes the heap, so setting them while running takes effect.
import { setFlagsFromString } from 'node:v8';

/** The old generation grows by a fifth at a time (V8's default: up to 4x). */
export function leanOldHeap(): void {
  setFlagsFromString('--heap-growing-percent=20');
}

/**
 * A stream that hands each page on and lets it go: the young generation too stays at its first
 * size (a page's objects outlive a few collections; doubling for them buys nothing).
 */
export function leanStreamHeap(): void {
  leanOldHeap();
  setFlagsFromString('--semi-space-growth-factor=1');
}
