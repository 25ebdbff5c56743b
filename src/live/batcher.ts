// Frames arrive one transaction at a time, in bursts of hundreds. They wait here, merged by id
// (newest `updatedAt` wins, so memory stays bounded by the number of distinct transactions), and
// reach the store at most once per `batchMs`, in one write. Ink throttles only terminal writes:
// React and layout would otherwise run for every frame.
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
  batchMs: number;
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
    const delay = Math.max(0, lastFlush + opts.batchMs - monotonic());
    cancel = opts.timers.after(delay, flush);
  }

  function flush(): void {
    cancel = undefined;
    if (stopped) return;
    lastFlush = monotonic();
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
    opts.write(work);
    // Anything added by the write itself (a subscriber reacting) goes out next window.
    kick();
  }

  return {
    addLive(transactions) {
      if (stopped) return;
      for (const tx of transactions) {
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
