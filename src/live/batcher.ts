// Frames arrive one transaction at a time, in bursts of hundreds. They wait here, merged by id
// (newest `updatedAt` wins, so memory stays bounded by the number of distinct transactions), and
// reach the store in one write, never two within `batchMs` and, under a sustained burst, at most
// `perSecond` a second. Ink throttles only terminal writes: React and layout would otherwise run
// for every frame. A change after a quiet moment goes out at once (the leading edge); a token
// bucket lets one write come a little early after another. While changes trickle in (no more
// than `steadyPerSecond` in the last second: a workspace at work, not a burst) each goes out at
// once, `steadyGapMs` apart at least, so a status change reaches the screen without waiting for
// the bucket; a burst is held to `perSecond` writes a second.
import type { Transaction } from '../contract/index.js';
import { type LoadProgress, supersedes } from '../store/index.js';
import type { Timers } from './timers.js';

/** One write to the stores: everything that waited since the last one. */
export interface FlushWork {
  /** Live changes (frames, gap fills, polls): applied with change marks. Empty while paused. */
  readonly live: readonly Transaction[];
  /** Background list pages: applied without marks. */
  readonly bulk: readonly Transaction[];
  readonly progress?: LoadProgress;
  readonly paused: boolean;
  /** Live changes waiting for resume. */
  readonly held: number;
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
  timers: Timers;
  write(work: FlushWork): void;
  /** Monotonic ms for the flush spacing; default performance.now. */
  monotonic?: () => number;
}

export interface Batcher {
  addLive(transactions: readonly Transaction[]): void;
  addBulk(transactions: readonly Transaction[]): void;
  setProgress(progress: LoadProgress): void;
  fresh(at: number): void;
  setPaused(paused: boolean): void;
  /** Live changes wait (held) until the first list page is in the store. */
  open(): void;
  readonly paused: boolean;
  /** Live changes waiting (paused, or before open). */
  readonly waiting: number;
  stop(): void;
}

export function createBatcher(opts: BatcherOptions): Batcher {
  const monotonic = opts.monotonic ?? (() => performance.now());
  const live = new Map<string, Transaction>();
  let bulk: Transaction[] = [];
  let progress: LoadProgress | undefined;
  let freshAt: number | undefined;
  let paused = false;
  let opened = false;
  let stopped = false;
  let written = { paused: false, held: 0 };
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
  const arrivals: number[] = [];
  function noteArrival(t: number): void {
    if (steadyPerSecond === 0) return;
    arrivals.push(t);
    while (arrivals.length > 0 && arrivals[0]! <= t - 1_000) arrivals.shift();
    // Only whether the count passed the limit matters: keep the array small in a burst.
    if (arrivals.length > steadyPerSecond + 1) arrivals.splice(0, arrivals.length - steadyPerSecond - 1);
  }
  const trickling = (t: number) =>
    steadyPerSecond > 0 && arrivals.filter((a) => a > t - 1_000).length <= steadyPerSecond;

  const held = () => (paused ? live.size : 0);
  const liveDue = () => opened && !paused && live.size > 0;

  function hasWork(): boolean {
    return (
      liveDue() ||
      bulk.length > 0 ||
      progress !== undefined ||
      freshAt !== undefined ||
      written.paused !== paused ||
      written.held !== held()
    );
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
    const liveBatch = liveDue() ? [...live.values()] : [];
    if (liveBatch.length > 0) live.clear();
    const work: FlushWork = {
      live: liveBatch,
      bulk,
      paused,
      held: held(),
      ...(progress === undefined ? {} : { progress }),
      ...(freshAt === undefined ? {} : { freshAt }),
    };
    bulk = [];
    progress = undefined;
    freshAt = undefined;
    written = { paused: work.paused, held: work.held };
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
      if (stopped) return;
      const t = monotonic();
      for (const tx of transactions) {
        noteArrival(t);
        const current = live.get(tx.transactionId);
        if (current === undefined || supersedes(current, tx)) live.set(tx.transactionId, tx);
      }
      kick();
    },
    addBulk(transactions) {
      if (stopped || transactions.length === 0) return;
      for (const tx of transactions) bulk.push(tx);
      kick();
    },
    setProgress(next) {
      if (stopped) return;
      progress = next;
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
      return opened && !paused ? 0 : live.size;
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
      live.clear();
      bulk = [];
    },
  };
}
