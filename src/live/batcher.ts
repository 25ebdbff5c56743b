// Frames arrive one transaction at a time, in bursts of hundreds. They wait here and reach the
// store together: under a burst never two writes within `batchMs`, and at most `perSecond` a
// second. Ink throttles only terminal writes: React and layout would otherwise run
// for every frame. A change after a quiet moment goes out at once (the leading edge); a token
// bucket lets one write come a little early after another. While changes trickle in (no more
// than `steadyPerSecond` in the last second, and no more than `burstCount` in the last
// `burstMs`: a workspace at work, not a burst) each goes out at once, `steadyGapMs` apart at
// least, so a status change reaches the screen without waiting for the bucket; a burst is held to
// `perSecond` writes a second.
//
// Nothing is merged here: the store's reducer (applyTransactions) is the one merge by id keeping
// the newest `updatedAt`. Changes that cannot be written yet (paused, or before the first page)
// are reduced by that same reducer into a private slice, so they hold one version per id and
// memory stays bounded by the number of distinct transactions, the unfinished ones by the same
// ceiling as the store's.
import type { Transaction } from '../contract/index.js';
import {
  applyTransactions,
  emptyTransactions,
  type TransactionsState,
  withUnfinishedLimit,
} from '../store/index.js';
import type { Timers } from './timers.js';

/** Held changes are reduced once this many wait (memory stays near one version per id). */
const SETTLE_EVERY = 256;

/** One write to the stores: everything that waited since the last one. */
export interface FlushWork {
  /**
   * Live changes (frames, gap fills, polls) in the order they came, the same id possibly more than
   * once: applied with change marks by the store's merge. Empty while paused.
   */
  readonly live: readonly Transaction[];
  /** Live changes waiting for resume (one per id). */
  readonly held: number;
  /**
   * Those changes, while paused: the rows wait for them, the approval queue does not (the store
   * counts a held arrival at once: store/held.ts). Empty when nothing is held.
   */
  readonly holding: readonly Transaction[];
  /** Local time of the newest frame or read since the last write. */
  readonly freshAt?: number;
}

export interface BatcherOptions {
  /** Least time between two writes. */
  batchMs: number;
  /** Most writes a second under a sustained burst; default 1000 / batchMs (a plain window). */
  perSecond?: number;
  /** Live changes a second up to which each is written at once (default 0: always the bucket). */
  steadyPerSecond?: number;
  /** Least time between two writes while changes trickle in; default batchMs / 2. */
  steadyGapMs?: number;
  /** More than `burstCount` live changes within `burstMs` is a burst, whatever the last second says. */
  burstMs?: number;
  burstCount?: number;
  timers: Timers;
  /** The ceiling on the unfinished transactions held while they wait (the store's); default the store's default. */
  maxUnfinished?: number;
  write(work: FlushWork): void;
  /** Monotonic ms for the flush spacing; default performance.now. */
  monotonic?: () => number;
}

export interface Batcher {
  addLive(transactions: readonly Transaction[]): void;
  fresh(at: number): void;
  setPaused(paused: boolean): void;
  /** Live changes wait (held) until the unfinished work is in the store. */
  open(): void;
  readonly paused: boolean;
  /** Live changes waiting (paused, or before open). */
  readonly waiting: number;
  stop(): void;
}

export function createBatcher(opts: BatcherOptions): Batcher {
  const monotonic = opts.monotonic ?? (() => performance.now());
  const empty =
    opts.maxUnfinished === undefined ? emptyTransactions : withUnfinishedLimit(emptyTransactions, opts.maxUnfinished);
  /** Live changes for the next write, as they came. */
  let queue: Transaction[] = [];
  /** Live changes that cannot be written yet (paused, before open), one version per id. */
  let held: TransactionsState = empty;
  /** Held changes not yet reduced into `held` (reduced in groups: the reducer is not free). */
  let unsettled: Transaction[] = [];
  let freshAt: number | undefined;
  let paused = false;
  let opened = false;
  let stopped = false;
  /** The held count last written, and whether the held versions changed since (a status may change under one id). */
  let writtenHeld = 0;
  let heldChanged = false;
  let cancel: (() => void) | undefined;
  let lastFlush = -Infinity;
  // Token bucket: one write costs a token; tokens come back at `perSecond` and at most 1.5 wait
  // (an early write now and then, never more than perSecond + 1 in any second).
  const refillMs = 1000 / (opts.perSecond ?? 1000 / opts.batchMs);
  const capacity = opts.perSecond === undefined ? 1 : 1.5;
  let tokens = capacity;
  let tokensAt = -Infinity;
  const tokensNow = (t: number) =>
    tokensAt === -Infinity ? capacity : Math.min(capacity, tokens + (t - tokensAt) / refillMs);

  // When the live changes of the last second arrived (for telling a trickle from a burst).
  const steadyPerSecond = opts.steadyPerSecond ?? 0;
  const steadyGapMs = opts.steadyGapMs ?? opts.batchMs / 2;
  const burstMs = opts.burstMs ?? 0;
  const burstCount = opts.burstCount ?? Infinity;
  const arrivals: number[] = [];
  function noteArrival(t: number): void {
    if (steadyPerSecond === 0) return;
    arrivals.push(t);
    while (arrivals.length > 0 && arrivals[0]! <= t - 1_000) arrivals.shift();
    // Only whether a count passed its limit matters: keep the array small in a burst.
    const keep = Math.max(steadyPerSecond, Number.isFinite(burstCount) ? burstCount : 0) + 1;
    if (arrivals.length > keep) arrivals.splice(0, arrivals.length - keep);
  }
  function trickling(t: number): boolean {
    if (steadyPerSecond === 0) return false;
    let lastSecond = 0;
    let recent = 0;
    for (const a of arrivals) {
      if (a <= t - 1_000) continue;
      lastSecond += 1;
      if (a > t - burstMs) recent += 1;
    }
    return lastSecond <= steadyPerSecond && recent <= burstCount;
  }

  const writable = () => opened && !paused;

  function settle(): void {
    if (unsettled.length === 0) return;
    held = applyTransactions(held, unsettled, { now: 0, live: true });
    unsettled = [];
  }

  /** Live changes that cannot be written yet (paused, or not yet open): one version per id. */
  function heldCount(): number {
    settle();
    return held.byId.size;
  }

  function hold(items: readonly Transaction[]): void {
    if (items.length === 0) return;
    heldChanged = true;
    unsettled.push(...items);
    if (unsettled.length >= SETTLE_EVERY) settle();
  }

  function hasWork(): boolean {
    const due = writable() && (queue.length > 0 || held.byId.size > 0 || unsettled.length > 0);
    const shownHeld = paused ? held.byId.size : 0;
    return due || freshAt !== undefined || writtenHeld !== shownHeld || (paused && heldChanged);
  }

  function kick(): void {
    if (stopped || cancel !== undefined || !hasWork()) return;
    const t = monotonic();
    const delay = trickling(t)
      ? Math.max(0, lastFlush + steadyGapMs - t)
      : Math.max(0, lastFlush + opts.batchMs - t, (1 - tokensNow(t)) * refillMs);
    cancel = opts.timers.after(delay, flush);
  }

  function flush(): void {
    cancel = undefined;
    if (stopped) return;
    let liveBatch: Transaction[] = [];
    if (writable()) {
      // What was held comes first: the queue holds only what came after it.
      liveBatch = heldCount() > 0 ? [...held.byId.values(), ...queue] : queue;
      held = empty;
      queue = [];
    }
    const holding = paused && heldCount() > 0 ? [...held.byId.values()] : [];
    const work: FlushWork = {
      live: liveBatch,
      held: holding.length,
      holding,
      ...(freshAt === undefined ? {} : { freshAt }),
    };
    freshAt = undefined;
    writtenHeld = work.held;
    heldChanged = false;
    try {
      opts.write(work);
    } finally {
      // Spacing counts from the end of the write: a write that took long (a big batch, a render
      // run by a subscriber) does not bring the next one closer.
      lastFlush = monotonic();
      tokens = Math.max(0, tokensNow(lastFlush) - 1);
      tokensAt = lastFlush;
    }
    // Anything added by the write itself (a subscriber reacting) goes out next window.
    kick();
  }

  return {
    addLive(transactions) {
      if (stopped || transactions.length === 0) return;
      const t = monotonic();
      for (let i = 0; i < transactions.length; i++) noteArrival(t);
      if (writable()) queue.push(...transactions);
      else hold(transactions);
      kick();
    },
    fresh(at) {
      if (stopped) return;
      freshAt = freshAt === undefined ? at : Math.max(freshAt, at);
      kick();
    },
    setPaused(next) {
      if (stopped || paused === next) return;
      paused = next;
      if (paused) {
        // What waited for the next write now waits for resume, one version per id.
        hold(queue);
        queue = [];
      }
      kick();
    },
    open() {
      if (opened) return;
      opened = true;
      kick();
    },
    get paused() {
      return paused;
    },
    get waiting() {
      return writable() ? 0 : heldCount();
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
      queue = [];
      held = empty;
      unsettled = [];
    },
  };
}
