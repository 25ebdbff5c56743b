// The ceiling on the unfinished work held. The console holds every unfinished transaction (they are
// what people act on), which is bounded by what a real workspace is doing, not by anything a server
// promises: a hostile or broken one can invent waiting work without end, and each record costs a few
// KB. Past the ceiling the most urgent are kept, by the pane's own urgency order (urgency.ts):
// waiting for approval first, then the nearest expiry or end of security delay. Among equals what
// was held already stays, so a flood of new ids cannot push out the work on screen. Pure.
import type { Transaction } from '../contract/index.js';
import { compareUrgency, type UrgencyKey, urgencyKey } from './urgency.js';

/** Unfinished transactions held at most (LiveOptions.maxUnfinished). */
export const DEFAULT_MAX_UNFINISHED = 50_000;

/**
 * Where a cut brings the unfinished work held: a little under the ceiling (1/64 of it; nothing under
 * a small one), so that a flood of ever more urgent work is cut every few batches rather than at
 * every one (a cut reads all 50,000). From there up, a newcomer must beat the floor to come in.
 */
export function cutTo(limit: number): number {
  return limit - (limit >> 6);
}

/** The ceiling left unfinished work out. */
export interface CeilingReached {
  /** Local time it first did (since the mark was last cleared). */
  readonly since: number;
  /**
   * The least urgent transaction kept at the last cut: while the ceiling is full, a newcomer no
   * more urgent than it is left out at once, without a cut (a flood costs a comparison a frame).
   */
  readonly floor: UrgencyKey;
}

/** An unfinished transaction that may be cut. */
export interface CutCandidate {
  readonly id: string;
  readonly key: UrgencyKey;
  /** New to the console in the batch being applied. */
  readonly fresh: boolean;
}

export interface Cut {
  readonly ids: ReadonlySet<string>;
  readonly floor: UrgencyKey;
}

/** Records are never changed in place: each one's key is computed once (a cut reads them all). */
const keys = new WeakMap<Transaction, UrgencyKey>();

export function cachedUrgencyKey(tx: Transaction): UrgencyKey {
  let key = keys.get(tx);
  if (key === undefined) keys.set(tx, (key = urgencyKey(tx)));
  return key;
}

/** Whether the ceiling, full, lets this newcomer in: only when it is more urgent than the floor. */
export function admits(floor: UrgencyKey | undefined, tx: Transaction): boolean {
  return floor === undefined || compareUrgency(cachedUrgencyKey(tx), floor) < 0;
}

/** Most worth keeping first: more urgent, then held before this batch, then by id (a total order). */
function keepOrder(a: CutCandidate, b: CutCandidate): number {
  return (
    compareUrgency(a.key, b.key) ||
    Number(a.fresh) - Number(b.fresh) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The `count` least worth keeping of `candidates` (the unfinished work held, less what must stay:
 * the open detail), and the floor: the least worth keeping of those kept. One pass with a heap of
 * the `count` worst seen so far (its root the best of them), so a cut of a batch's worth from
 * 50,000 costs about one comparison a candidate, not a sort. 0 < `count` <= candidates.
 */
export function chooseCut(candidates: readonly CutCandidate[], count: number): Cut {
  const heap: CutCandidate[] = [];
  let floor: CutCandidate | undefined;
  const keep = (c: CutCandidate) => {
    if (floor === undefined || keepOrder(c, floor) > 0) floor = c;
  };
  for (const c of candidates) {
    if (heap.length < count) {
      heap.push(c);
      siftUp(heap, heap.length - 1);
    } else if (keepOrder(c, heap[0]!) < 0) {
      keep(c);
    } else {
      keep(heap[0]!);
      heap[0] = c;
      siftDown(heap, 0);
    }
  }
  // Nothing kept (every candidate cut, the open detail aside): the best of the cut bounds newcomers.
  return { ids: new Set(heap.map((c) => c.id)), floor: (floor ?? heap[0]!).key };
}

/** A max-heap by keepOrder: the root is the one most worth keeping. */
function siftUp(heap: CutCandidate[], i: number): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (keepOrder(heap[i]!, heap[parent]!) >= 0) return;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

function siftDown(heap: CutCandidate[], i: number): void {
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let best = i;
    if (left < heap.length && keepOrder(heap[left]!, heap[best]!) < 0) best = left;
    if (right < heap.length && keepOrder(heap[right]!, heap[best]!) < 0) best = right;
    if (best === i) return;
    [heap[i], heap[best]] = [heap[best]!, heap[i]!];
    i = best;
  }
}
