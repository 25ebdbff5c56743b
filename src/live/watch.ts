// The engine of `custody watch`: transaction updates as a stream of records, for scripts. The
// live feed (feed.ts) is the console's own, so the guarantees are the same (index.ts), without a
// store:
//
// - The subscription (limit=0: live frames only, with the filters) is made BEFORE the first read.
//   That read is the baseline: with `withHistory` every matching transaction, oldest change
//   first; without, the newest page of matching changes, printed never: what a later read finds
//   in it, or older than its last 2 s, is not news. Frames that arrive meanwhile wait and follow
//   the baseline (a frame is always news).
// - After every reconnect (and when the socket returns after polling, or after a malformed
//   frame) it reads every matching transaction with updatedAt >= (newest seen before the gap -
//   2 s), paging by updatedAt, and prints what it had not printed.
// - No socket for `socketGraceMs`: the list is polled every `pollIntervalMs` the same way.
// - A version is printed once: id → last printed `updatedAt` (watch-filter.ts); an older or equal
//   version that arrives later (a replay, an overlapping read) is skipped, so each id's lines go
//   forward in time.
import {
  type AnswerTooLargeError,
  type ApiClient,
  ApiError,
  describeClientError,
  NetworkError,
  type RealtimeClient,
} from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { compareUpdatedAt } from '../store/index.js';
import { createFeed, type FeedEvent, type FeedProblem } from './feed.js';
import { frameTooLargeText, tooLargeNotice } from './notices.js';
import { GAP_OVERLAP_MS, millisMinus, type Page, readChangedSince, readTransactionsPageShrinking } from './reads.js';
import { createPrintedVersions, filterQuery, matchesFilter, type WatchFilter } from './watch-filter.js';

export type { WatchFilter } from './watch-filter.js';
export { filterQuery, matchesFilter, NO_FILTER } from './watch-filter.js';

/** The server's largest page (wire notes). */
const MAX_PAGE_SIZE = 1000;

/**
 * A line for a person (the command writes it to stderr). `info` is a state change (live,
 * reconnecting, polling, caught up); `warn` and `error` are problems. `key` groups repeats: a
 * failure is said once until something succeeds again.
 */
export interface WatchReport {
  readonly level: 'info' | 'warn' | 'error';
  readonly key: string;
  readonly text: string;
}

/** Why a watch ended on its own. */
export interface WatchEnd {
  readonly reason: string;
}

export interface WatchOptions {
  api: ApiClient;
  realtime: RealtimeClient;
  filter: WatchFilter;
  /** Print every matching transaction first (oldest change first), then the live updates. */
  withHistory?: boolean;
  /** One transaction to print. Called in order; never twice for one (id, updatedAt). */
  print(tx: Transaction): void;
  report(line: WatchReport): void;
  pageSize?: number;
  /** Longest wait at start for the subscription before the baseline is read anyway; default 1500. */
  subscribeWaitMs?: number;
  /** No subscription this long → poll the list; default 5000. */
  socketGraceMs?: number;
  /** Default 3000. */
  pollIntervalMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Ids whose last printed version is remembered (see createPrintedVersions). */
  maxRemembered?: number;
}

export interface Watch {
  /**
   * Subscribes, reads the baseline (printing the history when asked) and resolves once it is
   * printed. Rejects when the start fails (401/403, a refused filter, the server unreachable):
   * the watch is then stopped.
   */
  start(): Promise<void>;
  /** Resolves when the watch ends on its own (the key was logged out). Never rejects. */
  readonly ended: Promise<WatchEnd>;
  /** Stops every timer and the subscription; nothing is printed afterwards. Idempotent. */
  stop(): void;
}

export function createWatch(opts: WatchOptions): Watch {
  const { api, realtime, filter } = opts;
  const pageSize = Math.max(1, Math.min(Math.floor(opts.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE));
  const subscribeWaitMs = opts.subscribeWaitMs ?? 1_500;
  const socketGraceMs = opts.socketGraceMs ?? 5_000;
  const pollIntervalMs = opts.pollIntervalMs ?? 3_000;
  const query = filterQuery(filter);
  const printed = createPrintedVersions(opts.maxRemembered);

  let stopped = false;
  let endWatch: (end: WatchEnd) => void = () => undefined;
  const ended = new Promise<WatchEnd>((resolve) => {
    endWatch = resolve;
  });

  // ---- reports: one line per state change, one per problem until it clears ------------------

  const said = new Set<string>();

  function report(level: WatchReport['level'], key: string, text: string): void {
    if (stopped || said.has(key)) return;
    said.add(key);
    try {
      opts.report({ level, key, text });
    } catch {
      // a broken report sink must not stop the watch
    }
  }

  /** Something worked again: problems of this kind may be said again next time. */
  function clear(prefix: string): void {
    for (const key of [...said]) if (key.startsWith(prefix)) said.delete(key);
  }

  function failed(err: unknown, what: string): void {
    const says = describeClientError(err);
    const kind =
      err instanceof ApiError ? `http:${err.status}` : err instanceof NetworkError ? 'network' : 'other';
    report(err instanceof ApiError && (err.status === 401 || err.status === 403) ? 'error' : 'warn', `problem:${kind}`, `${what}: ${says}`);
  }

  function reportSkipped(page: Page, what: string): void {
    if (page.skipped) skipped(page.skipped.count, page.skipped.error, what);
  }

  /** A read stopped at a record over the size limit: what came before it was printed. */
  function tooLarge(what: string, count: number, error: AnswerTooLargeError): void {
    report('warn', `problem:too-large:${what}`, tooLargeNotice(what, count, 'transactions', error).text);
  }

  function skipped(n: number, error: unknown, what: string): void {
    const records = n === 1 ? 'a transaction' : `${n} transactions`;
    const says = describeClientError(error);
    report('warn', `skipped:${what}`, `${what}: skipped ${records} that did not match the contract: ${says}`);
  }

  // ---- printing ------------------------------------------------------------------------------

  /** Live only: a read record older than this changed before the start: not news. */
  let floor: string | undefined;
  /** Live only: the versions the baseline read found; a read that finds them again is not news. */
  const known = createPrintedVersions(pageSize);
  let baselineDone = false;
  /** Frames that arrived before the baseline was printed, in order. */
  let held: Transaction[] = [];

  /** Prints what is new and matches; returns how many were printed. */
  function emit(items: readonly Transaction[], fromRead: boolean): number {
    let count = 0;
    for (const tx of items) {
      if (stopped) break;
      if (!matchesFilter(tx, filter) || !printed.isNew(tx)) continue;
      // A pushed frame is news by definition; a read record only if it changed after the baseline.
      if (fromRead && floor !== undefined && compareUpdatedAt(tx.updatedAt, floor) < 0) continue;
      if (fromRead && !known.isNew(tx)) continue;
      printed.remember(tx);
      count += 1;
      opts.print(tx);
    }
    return count;
  }

  // ---- the feed: what it says, as lines for a person ---------------------------------------------

  /** An error frame before the baseline: the start fails with it. */
  let startRefusal: ApiError | undefined;
  /** Says "caught up" once the read that closes a gap has printed. */
  let announceCatchUp = false;
  /** What the feed's latest read printed (`caught-up` names its read). */
  let printedBy = { read: 0, count: 0 };

  function onEvent(e: FeedEvent): void {
    switch (e.kind) {
      case 'live':
        clear('state:');
        clear('problem:');
        if (e.first) report('info', 'state:live', `live on workspace ${api.workspaceId}`);
        else report('info', 'state:live', e.wasPolling ? 'live again (polling stopped)' : 'live again');
        if (baselineDone && e.catchUp) announceCatchUp = true;
        return;
      case 'lost':
        report('info', 'state:lost', `live updates stopped (${e.why}); reconnecting, missed changes follow`);
        return;
      case 'polling':
        report(
          'info',
          'state:polling',
          `no live connection for ${socketGraceMs / 1000} s: polling every ${pollIntervalMs / 1000} s`,
        );
        return;
      case 'caught-up': {
        if (!announceCatchUp) return;
        announceCatchUp = false;
        const count = printedBy.read === e.read ? printedBy.count : 0;
        const updates = count === 1 ? 'update' : 'updates';
        report('info', `state:caught-up:${e.read}`, `caught up: ${count} ${updates} missed while away`);
        return;
      }
      case 'logged-out': {
        const reason = 'the server logged this key out (close 4000): live updates stopped; check the key';
        report('error', 'state:logged-out', reason);
        stop();
        endWatch({ reason });
      }
    }
  }

  function onProblem(p: FeedProblem): void {
    switch (p.kind) {
      case 'failed':
        return failed(p.error, p.what);
      case 'refused':
        // Before the baseline the start fails with it; afterwards it is retried.
        if (!baselineDone) startRefusal ??= p.error;
        else failed(p.error, 'live subscription');
        return;
      case 'skipped':
        return skipped(p.count, p.error, p.what);
      case 'malformed': {
        const says = describeClientError(p.error);
        return report('warn', 'frame:malformed', `skipped a malformed live update (said once): ${says}`);
      }
      case 'proxy':
        // Said once until the socket is live again (a `state:` key).
        return report('warn', 'state:proxy', `live updates: ${p.error.message}`);
      case 'too-large':
        return tooLarge(p.what, p.count, p.error);
      case 'frame-too-large':
        return report('warn', 'state:frame-too-large', `live updates: ${frameTooLargeText(p.limitBytes, p.delayMs)}`);
    }
  }

  const feed = createFeed({
    api,
    realtime,
    filters: query,
    pageSize,
    socketGraceMs,
    pollIntervalMs,
    retryBaseMs: opts.retryBaseMs ?? 2_000,
    retryMaxMs: opts.retryMaxMs ?? 60_000,
    on: {
      changes(items, change) {
        if (change.source === 'frame') {
          if (baselineDone) emit(items, false);
          else held.push(...items);
          return;
        }
        const count = emit(items, true);
        const read = change.read ?? 0;
        printedBy = { read, count: printedBy.read === read ? printedBy.count + count : count };
      },
      event: onEvent,
      problem: onProblem,
      answered: () => clear('problem:'),
    },
  });

  // ---- the baseline ------------------------------------------------------------------------------

  async function readBaseline(): Promise<void> {
    if (opts.withHistory) {
      const what = 'reading the history';
      let count = 0;
      const read = await readChangedSince(
        api,
        undefined,
        pageSize,
        (page) => {
          if (stopped) return;
          reportSkipped(page, what);
          feed.note(page.items);
          count += page.items.length;
          emit(page.items, true);
        },
        query,
      );
      // What was read is printed; live updates follow from here all the same.
      if (read.refused) tooLarge(what, count, read.refused);
      return;
    }
    // The newest changes, not printed: the 2 s overlap of a later gap fill must not make them news.
    // Asked smaller while the answer is over the size limit; one record too large fails the start.
    const q = { ...query, sortBy: 'updated', sortDirection: 'DESC', limit: pageSize } as const;
    const page = await readTransactionsPageShrinking(api, q);
    reportSkipped(page, 'reading where to start');
    feed.note(page.items);
    for (const tx of page.items) known.remember(tx);
    const newest = page.items[0]?.updatedAt;
    if (newest == null) return;
    floor = millisMinus(newest, GAP_OVERLAP_MS);
    // A full page may not reach back 2 s: below its oldest record nothing is known.
    const oldest = page.items.at(-1)?.updatedAt;
    if (page.rawCount >= page.limit && oldest != null && compareUpdatedAt(oldest, floor) > 0) floor = oldest;
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    feed.stop();
  }

  let started: Promise<void> | undefined;

  return {
    start() {
      started ??= (async () => {
        feed.start();
        await feed.waitForSubscription(Math.min(socketGraceMs, subscribeWaitMs));
        if (startRefusal) throw startRefusal;
        if (stopped) return;
        const mark = feed.beginBaseline();
        await readBaseline();
        if (stopped) return;
        if (startRefusal) throw startRefusal;
        baselineDone = true;
        const waiting = held;
        held = [];
        emit(waiting, false);
        // A baseline read while frames flowed closes the gap; otherwise a catch-up follows.
        feed.baselineRead(mark);
      })().catch((err: unknown) => {
        stop();
        throw err;
      });
      return started;
    },
    ended,
    stop,
  };
}
