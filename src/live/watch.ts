// The engine of `custody watch`: transaction updates as a stream of records, for scripts. The
// same guarantees as the console's engine (index.ts), without a store:
//
// - The subscription (limit=0: live frames only, with the filters) is made BEFORE the first read.
//   That read is the baseline: with `withHistory` every matching transaction, oldest change
//   first; without, the newest page of matching changes, printed never: what a later read finds
//   in it, or older than its last 2 s, is not news. Frames that arrive meanwhile wait and follow
//   the baseline (a frame is always news).
// - After every reconnect (and when the socket returns after polling, or after a malformed
//   frame) it reads every matching transaction with updatedAt >= (newest seen - 2 s), paging by
//   updatedAt, and prints what it had not printed.
// - No socket for `socketGraceMs`: the list is polled every `pollIntervalMs` the same way.
// - A version is printed once: id → last printed `updatedAt` (watch-filter.ts); an older or equal
//   version that arrives later (a replay, an overlapping read) is skipped, so each id's lines go
//   forward in time.
import {
  type ApiClient,
  ApiError,
  type ContractError,
  describeClientError,
  NetworkError,
  ProxyError,
  type RealtimeClient,
  type Subscription,
  type SubscriptionHandlers,
} from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { compareUpdatedAt, newerMillis } from '../store/index.js';
import { GAP_OVERLAP_MS, millisMinus, type Page, readChangedSince, readTransactionsPage } from './reads.js';
import { backoffMs, createTimers } from './timers.js';
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
  const retryDelay = (failures: number) => backoffMs(failures, opts.retryBaseMs ?? 2_000, opts.retryMaxMs ?? 60_000);
  const query = filterQuery(filter);
  const printed = createPrintedVersions(opts.maxRemembered);
  const timers = createTimers();
  const offs: (() => void)[] = [];

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
    if (!page.skipped) return;
    const n = page.skipped.count;
    const records = n === 1 ? 'a transaction' : `${n} transactions`;
    report('warn', `skipped:${what}`, `${what}: skipped ${records} that did not match the contract: ${describeClientError(page.skipped.error)}`);
  }

  // ---- printing ------------------------------------------------------------------------------

  /** Newest `updatedAt` received (frames and reads). */
  let watermark: string | undefined;
  /** Live only: a read record older than this changed before the start: not news. */
  let floor: string | undefined;
  /** Live only: the versions the baseline read found; a read that finds them again is not news. */
  const known = createPrintedVersions(pageSize);
  let baselineDone = false;
  /** Frames that arrived before the baseline was printed, in order. */
  let held: Transaction[] = [];

  function note(items: readonly Transaction[]): void {
    for (const tx of items) watermark = newerMillis(watermark, tx.updatedAt);
  }

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

  function pushed(items: readonly Transaction[]): void {
    note(items);
    if (baselineDone) emit(items, false);
    else held.push(...items);
  }

  // ---- connection state ------------------------------------------------------------------------

  let subscribed = false;
  let everLive = false;
  /** Bumps whenever the subscription starts or stops delivering. */
  let epoch = 0;
  /** Changes may have been missed: a read must follow the next snapshot. */
  let gapOpen = true;
  let polling = false;
  let cancelGrace: (() => void) | undefined;

  function liveLost(why: string): void {
    if (!subscribed) return;
    subscribed = false;
    epoch += 1;
    gapOpen = true;
    report('info', 'state:lost', `live updates stopped (${why}); reconnecting, missed changes follow`);
    armGrace();
  }

  function armGrace(): void {
    if (cancelGrace !== undefined || polling || subscribed || stopped) return;
    cancelGrace = timers.after(socketGraceMs, () => {
      cancelGrace = undefined;
      if (subscribed || stopped) return;
      polling = true;
      report('info', 'state:polling', `no live connection for ${socketGraceMs / 1000} s: polling every ${pollIntervalMs / 1000} s`);
      sync();
    });
  }

  function stopPolling(): void {
    cancelGrace?.();
    cancelGrace = undefined;
    polling = false;
    cancelSync?.();
    cancelSync = undefined;
  }

  // ---- sync: a gap fill, a catch-up or one poll ------------------------------------------------

  let syncRunning = false;
  let syncAgain = false;
  let syncFailures = 0;
  let cancelSync: (() => void) | undefined;
  /** Says "caught up" once the read that closes a gap has printed. */
  let announceCatchUp = false;

  function scheduleSync(ms: number): void {
    cancelSync?.();
    cancelSync = timers.after(ms, () => {
      cancelSync = undefined;
      sync();
    });
  }

  function sync(): void {
    if (stopped || !baselineDone) return; // the baseline read covers everything before it
    if (syncRunning) {
      syncAgain = true;
      return;
    }
    cancelSync?.();
    cancelSync = undefined;
    syncRunning = true;
    void runSync().finally(() => {
      syncRunning = false;
      if (syncAgain && !stopped) {
        syncAgain = false;
        sync();
      }
    });
  }

  async function runSync(): Promise<void> {
    const at = epoch;
    const wasSubscribed = subscribed;
    const base = watermark ?? floor;
    const from = base === undefined ? undefined : millisMinus(base, GAP_OVERLAP_MS);
    const what = polling ? 'polling for changes' : 'catching up';
    let count = 0;
    try {
      await readChangedSince(
        api,
        from,
        pageSize,
        (page) => {
          if (stopped) return;
          reportSkipped(page, what);
          note(page.items);
          count += emit(page.items, true);
        },
        query,
      );
      if (stopped) return;
      syncFailures = 0;
      clear('problem:');
      if (wasSubscribed && subscribed && at === epoch) {
        // Read while frames were flowing: they cover everything from here on.
        gapOpen = false;
        if (announceCatchUp) {
          announceCatchUp = false;
          report('info', `state:caught-up:${at}`, `caught up: ${count} ${count === 1 ? 'update' : 'updates'} missed while away`);
        }
      }
      if (polling && !subscribed) scheduleSync(pollIntervalMs);
    } catch (err) {
      if (stopped) return;
      syncFailures += 1;
      failed(err, what);
      if (polling) scheduleSync(Math.max(pollIntervalMs, retryDelay(syncFailures - 1)));
      else if (gapOpen) scheduleSync(retryDelay(syncFailures));
    }
  }

  // ---- the subscription --------------------------------------------------------------------------

  let subscription: Subscription | undefined;
  let subscribeFailures = 0;
  /** An error frame before the baseline: the start fails with it. */
  let startRefusal: ApiError | undefined;
  let wakeStart: (() => void) | undefined;

  const handlers: SubscriptionHandlers = {
    onSnapshot(transactions, info) {
      if (stopped) return;
      subscribed = true;
      epoch += 1;
      subscribeFailures = 0;
      const wasPolling = polling;
      stopPolling();
      clear('state:');
      clear('problem:');
      if (!everLive) report('info', 'state:live', `live on workspace ${api.workspaceId}`);
      else report('info', 'state:live', wasPolling ? 'live again (polling stopped)' : 'live again');
      everLive = true;
      // limit=0 asks for an empty snapshot; a server that sends rows anyway is heard.
      pushed(transactions);
      if (baselineDone && (gapOpen || info.reconnect)) {
        announceCatchUp = true;
        sync();
      }
      wakeStart?.();
    },
    onUpdate(transactions) {
      if (stopped) return;
      pushed(transactions);
    },
    onError(err) {
      if (stopped) return;
      subscription = undefined;
      if (!baselineDone) {
        startRefusal = err;
        wakeStart?.();
        return;
      }
      failed(err, 'live subscription');
      liveLost('the subscription was refused');
      armGrace();
      subscribeFailures += 1;
      timers.after(retryDelay(subscribeFailures), subscribe);
    },
    onMalformed(err: ContractError) {
      if (stopped) return;
      report('warn', 'frame:malformed', `skipped a malformed live update (said once): ${describeClientError(err)}`);
      // The change it carried is not lost: read what changed lately.
      sync();
    },
  };

  function subscribe(): void {
    if (stopped) return;
    try {
      subscription = realtime.subscribe({ ...query, limit: 0 }, handlers);
    } catch (err) {
      failed(err, 'live subscription');
    }
  }

  offs.push(
    realtime.on('state', (state) => {
      if (stopped) return;
      if (state.kind !== 'open') {
        const why =
          state.kind === 'reconnecting' && state.code !== undefined ? `socket closed (${state.code})` : `socket ${state.kind}`;
        liveLost(why);
        armGrace();
      }
      if (state.kind === 'logged-out') {
        const reason = 'the server logged this key out (close 4000): live updates stopped; check the key';
        report('error', 'state:logged-out', reason);
        stop();
        endWatch({ reason });
      }
      if (state.kind !== 'open' && state.kind !== 'connecting') wakeStart?.();
    }),
    // Said once until the socket is live again (a `state:` key).
    realtime.on('error', (err) => {
      if (err instanceof ProxyError) report('warn', 'state:proxy', `live updates: ${err.message}`);
    }),
  );

  function waitForSubscription(ms: number): Promise<void> {
    if (subscribed || stopped || startRefusal) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        wakeStart = undefined;
        resolve();
      };
      const cancel = timers.after(ms, done);
      wakeStart = done;
    });
  }

  // ---- the baseline ------------------------------------------------------------------------------

  async function readBaseline(): Promise<void> {
    if (opts.withHistory) {
      const what = 'reading the history';
      await readChangedSince(
        api,
        undefined,
        pageSize,
        (page) => {
          if (stopped) return;
          reportSkipped(page, what);
          note(page.items);
          emit(page.items, true);
        },
        query,
      );
      return;
    }
    // The newest changes, not printed: the 2 s overlap of a later gap fill must not make them news.
    const page = await readTransactionsPage(api, { ...query, sortBy: 'updated', sortDirection: 'DESC', limit: pageSize });
    reportSkipped(page, 'reading where to start');
    note(page.items);
    for (const tx of page.items) known.remember(tx);
    const newest = page.items[0]?.updatedAt;
    if (newest == null) return;
    floor = millisMinus(newest, GAP_OVERLAP_MS);
    // A full page may not reach back 2 s: below its oldest record nothing is known.
    const oldest = page.items.at(-1)?.updatedAt;
    if (page.rawCount >= pageSize && oldest != null && compareUpdatedAt(oldest, floor) > 0) floor = oldest;
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    wakeStart?.();
    timers.stop();
    try {
      subscription?.unsubscribe();
    } catch {
      // the socket may already be gone
    }
    subscription = undefined;
    for (const off of offs.splice(0)) off();
  }

  let started: Promise<void> | undefined;

  return {
    start() {
      started ??= (async () => {
        armGrace();
        subscribe();
        await waitForSubscription(Math.min(socketGraceMs, subscribeWaitMs));
        if (startRefusal) throw startRefusal;
        if (stopped) return;
        const at = epoch;
        const wasSubscribed = subscribed;
        await readBaseline();
        if (stopped) return;
        if (startRefusal) throw startRefusal;
        baselineDone = true;
        const waiting = held;
        held = [];
        emit(waiting, false);
        if (wasSubscribed && subscribed && at === epoch) gapOpen = false;
        else if (subscribed || polling) sync(); // the socket came (or went) during the read
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
