// The live engine: the first load, the transactions (all unfinished work and the history around
// the cursor: tx-windows.ts), reference data, prices and the open detail, fed by the live feed
// (feed.ts: the subscription, catch-ups, polling, the connection). The design is in index.ts;
// this file is the wiring.
import { createWriteActions } from './actions.js';
import { createActivitiesReader } from './activities.js';
import { createActivityLoads } from './activity-loads.js';
import { createAuditTrail } from './audit-trail.js';
import { createBalanceLoads } from './balance-loads.js';
import { describeClientError, type RequestInfo } from '../client/index.js';
import {
  ALL_TRANSACTIONS,
  applyTransactions,
  DEFAULT_MAX_UNFINISHED,
  withBaseline,
  withConnection,
  withFreshAt,
  withHeld,
  withinCeiling,
  withUnfinishedLimit,
} from '../store/index.js';
import { createBatcher, type FlushWork } from './batcher.js';
import { createDetails } from './detail.js';
import { createDirectoryLoads } from './directory-loads.js';
import { createEngineContext } from './engine-context.js';
import { type BaselineMark, createFeed, type FeedProblem } from './feed.js';
import {
  CEILING_CAUSE,
  ceilingNotice,
  FEED_CAUSE,
  frameTooLargeText,
  malformedFrameNotice,
  SOCKET_CAUSE,
  skippedRecordsNotice,
  tooLargeNotice,
} from './notices.js';
import { createReferenceLoads } from './reference.js';
import { createSelfLearning } from './self.js';
import { createTimers } from './timers.js';
import { createTxWindows } from './tx-windows.js';
import type { Live, LiveOptions, RefreshScope } from './types.js';

/** The server's largest page (wire notes: a bigger `limit` is refused). */
const MAX_PAGE_SIZE = 1000;

export function createLive(opts: LiveOptions): Live {
  const { api, realtime, stores } = opts;
  const now = opts.now ?? Date.now;
  const pageSize = Math.max(1, Math.min(Math.floor(opts.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE));
  const pricePollMs = opts.pricePollMs ?? 2_000;
  const pollIntervalMs = opts.pollIntervalMs ?? 3_000;
  const socketGraceMs = opts.socketGraceMs ?? 5_000;
  const retryBaseMs = opts.retryBaseMs ?? 2_000;
  const retryMaxMs = opts.retryMaxMs ?? 60_000;
  const maxUnfinished = Math.max(1, Math.floor(opts.maxUnfinished ?? DEFAULT_MAX_UNFINISHED));

  const timers = createTimers();
  let stopped = false;
  let started: Promise<void> | undefined;

  const ctx = createEngineContext({
    api,
    stores,
    timers,
    now,
    retryBaseMs,
    retryMaxMs,
    stopped: () => stopped,
    log: opts.log,
    feed: () => feed,
  });
  const { log, write, setSession, notify } = ctx;

  // ---- the ceiling on the unfinished work held ------------------------------------------------

  write(stores.transactions, (s) => withUnfinishedLimit(s, maxUnfinished), 'the ceiling');
  // The store keeps the ceiling; the engine says so once each time it is reached.
  const offCeiling = stores.transactions.subscribe((s, before) => {
    if (s.ceiling !== undefined && before.ceiling === undefined) notify(ceilingNotice(s.unfinishedLimit));
  });

  // ---- the batcher: frames and pages into the store -------------------------------------------

  const details = createDetails(ctx);

  function writeWork(work: FlushWork): void {
    const stamp = now();
    const openId = details.openId;
    const before = openId === undefined ? undefined : stores.transactions.getState().byId.get(openId);
    write(
      stores.transactions,
      (s) => {
        // The one merge by id keeping the newest updatedAt (the batcher only queues).
        const next = work.live.length > 0 ? applyTransactions(s, work.live, { now: stamp, live: true }) : s;
        // The rows wait while paused; what the held ones change of the approval queue does not.
        return withHeld(next, work.held, work.holding);
      },
      'a live update',
    );
    if (work.freshAt !== undefined) {
      const at = work.freshAt;
      setSession((s) => withFreshAt(s, at));
    }
    // The open transaction changed: its events may have too.
    if (openId !== undefined && details.openId === openId) {
      const after = stores.transactions.getState().byId.get(openId);
      if (before !== undefined && after !== before && work.live.some((tx) => tx.transactionId === openId)) {
        details.changed();
      }
    }
  }

  // The window is an average (1000/window writes a second under a burst); two writes may come
  // 0.85 window apart, so a change after a write rarely waits a whole window.
  const windowMs = opts.batchMs ?? 100;
  // Changes that trickle in (a busy workspace: up to 30 a second, no more than 6 within 100 ms)
  // each reach the store at once, at most one frame of a 60 fps screen apart (update → screen);
  // beyond that it is a burst, written at most 1000 / windowMs times a second.
  const batcher = createBatcher({
    batchMs: 0.85 * windowMs,
    perSecond: 1000 / windowMs,
    steadyPerSecond: 30,
    burstMs: 100,
    burstCount: 6,
    steadyGapMs: 16,
    timers,
    maxUnfinished,
    write: writeWork,
  });

  // ---- the feed: the subscription, catch-ups, polling, the connection -------------------------

  function feedProblem(p: FeedProblem): void {
    switch (p.kind) {
      case 'failed':
        // Catch-ups and polls are one job: any of them answered ends another's failure.
        return ctx.report(p.error, p.what, FEED_CAUSE);
      case 'refused':
        return ctx.report(p.error, 'live subscription', SOCKET_CAUSE);
      case 'skipped':
        return notify(skippedRecordsNotice(p.count, p.error, p.what));
      case 'malformed':
        return notify(malformedFrameNotice(p.error));
      case 'proxy':
        // The header says only that the socket closed; a proxy in the way is the user's to fix.
        return notify({ level: 'warn', key: 'proxy', cause: SOCKET_CAUSE, text: `live updates: ${p.error.message}` });
      case 'too-large':
        // Ends with the next whole read of the feed (its answered clears FEED_CAUSE).
        return notify(tooLargeNotice(p.what, p.count, 'transactions', p.error, FEED_CAUSE));
      case 'frame-too-large':
        return notify({
          level: 'warn',
          key: 'frame:too-large',
          cause: SOCKET_CAUSE,
          text: frameTooLargeText(p.limitBytes, p.delayMs),
        });
    }
  }

  const feed = createFeed({
    api,
    realtime,
    pageSize,
    socketGraceMs,
    pollIntervalMs,
    retryBaseMs,
    retryMaxMs,
    now,
    log,
    on: {
      changes: (transactions) => {
        // Before the batcher: whether money moved is judged against what the store held.
        balances.changed(transactions);
        batcher.addLive(transactions);
      },
      fresh: (at) => batcher.fresh(at),
      answered: () => ctx.succeeded(FEED_CAUSE),
      problem: feedProblem,
      connection(next) {
        setSession((s) => withConnection(s, next, now()));
        // Frames flow again: a refused subscription or a proxy in the way is over.
        if (next.kind === 'live') ctx.clear([SOCKET_CAUSE]);
        const attempt = next.attempt ? ` ${next.attempt}` : '';
        log(`connection: ${next.kind}${attempt}${next.detail ? ` (${next.detail})` : ''}`);
      },
      event(e) {
        if (e.kind !== 'logged-out') return;
        notify({
          level: 'error',
          key: 'logged-out',
          sticky: true,
          text: 'the server logged this key out (close 4000): live updates stopped; check the key, then restart',
        });
      },
    },
  });

  // ---- transactions: all unfinished work, and the history around the cursor -------------------

  const windows = createTxWindows(ctx, {
    pageSize: opts.historyPageSize,
    firstPageSize: opts.firstPageSize,
    budget: opts.historyBudget,
    onLiveRead: (read) => {
      // A whole read of the server's unfinished work that fits: nothing of it is left out any more.
      if (read.whole && read.count <= maxUnfinished && stores.transactions.getState().ceiling !== undefined) {
        write(stores.transactions, withinCeiling, 'the unfinished work fits');
        ctx.clear([CEILING_CAUSE]);
      }
      liveWorkRead();
    },
  });
  let baselineDone = false;
  // Unfinished work is the feed's baseline: its catch-ups wait for it (it covers what came
  // before), and live changes reach the store only once it is there.
  let baselineMark: BaselineMark | undefined;
  function liveWorkRead(): void {
    if (baselineDone || baselineMark === undefined) return;
    baselineDone = true;
    // From here the awaiting count is known, and what enters waiting-approval calls the operator.
    write(stores.transactions, (s) => withBaseline(s, now()), 'the unfinished work read');
    setSession((s) => withFreshAt(s, now()));
    batcher.open();
    feed.baselineRead(baselineMark);
  }

  // ---- reference data and prices ----------------------------------------------------------------

  const { lists, prices } = createReferenceLoads(ctx, { pageSize, pricePollMs });
  // Who the ids are (members, address book, limits), the balances, and which member is "you".
  const directory = createDirectoryLoads(ctx, { pageSize, everyMs: opts.directoryEveryMs });
  const balances = createBalanceLoads(ctx, {
    pageSize,
    ...(opts.balancesPollMs !== undefined ? { pollMs: opts.balancesPollMs } : {}),
    ...(opts.balancesSettleMs !== undefined ? { settleMs: opts.balancesSettleMs } : {}),
  });
  const activity = createActivityLoads({
    read: createActivitiesReader(ctx),
    store: stores.activity,
    now,
    write: (fn, what) => write(stores.activity, fn, what),
  });
  const self = createSelfLearning(ctx, { given: opts.selfUserId, audit: opts.audit });

  // ---- the API --------------------------------------------------------------------------------

  function refresh(scope: RefreshScope = 'all'): void {
    if (stopped) return;
    const all = scope === 'all';
    if (all || scope === 'transactions') {
      windows.refresh();
      if (baselineDone) feed.catchUp();
      details.refresh();
    }
    if (all || scope === 'accounts') void lists.accounts.trigger();
    if (all || scope === 'addresses') void lists.addresses.trigger();
    if (all || scope === 'prices') void prices.trigger();
    if (all || scope === 'transactions' || scope === 'directory') directory.refresh();
    if (all || scope === 'accounts' || scope === 'balances') balances.refresh();
    if (all) {
      // The dictionary is cached for the session: only what never loaded is asked again.
      for (const name of ['networks', 'assets', 'symbols', 'workspace'] as const) {
        if (!lists[name].succeeded) void lists[name].trigger();
      }
    }
  }

  const writes = self.wrap(createWriteActions({ api, stores, options: opts, now }));
  // The detail shows what this machine's audit log says of the transaction: read once per open.
  const auditTrail = createAuditTrail({ stores, audit: opts.audit, now, log });

  return {
    start() {
      started ??= (async () => {
        if (stopped) return;
        feed.start();
        // Everything goes out at once (the first frame waits for the slowest): unfinished work,
        // the first page of the history, and what a row draws (account names, assets, networks).
        baselineMark = feed.beginBaseline();
        windows.show(ALL_TRANSACTIONS);
        const side = (async () => {
          await Promise.all([
            lists.accounts.trigger(),
            lists.assets.trigger(),
            lists.networks.trigger(),
            lists.workspace.trigger(),
            prices.trigger(),
            lists.symbols.trigger(),
          ]);
          await lists.addresses.trigger();
        })();
        // Names and balances are not needed for the first frame: read beside it, not waited for.
        void Promise.all([directory.start(), balances.start()]).then(() => self.start());
        await Promise.all([windows.readLive(), windows.settled(), side]);
      })().catch((err: unknown) => log(`start failed: ${describeClientError(err)}`));
      return started;
    },

    stop() {
      if (stopped) return;
      stopped = true;
      offCeiling();
      feed.stop();
      windows.stop();
      timers.stop();
      batcher.stop();
      for (const loop of [...Object.values(lists), prices]) loop.stop();
      directory.stop();
      balances.stop();
      details.forget();
      log('live engine stopped');
    },

    refresh,

    setPaused(paused) {
      batcher.setPaused(paused);
    },

    openTransaction(id) {
      if (stopped || typeof id !== 'string' || id === '') return;
      const reopened = details.openId === id;
      details.open(id);
      if (!reopened) void auditTrail.load(id);
    },

    closeTransaction() {
      details.close();
    },

    showTransactions(query) {
      windows.show(query);
    },

    transactionsViewport(v) {
      windows.viewport(v);
    },

    loadTransaction(id) {
      if (stopped || typeof id !== 'string' || id === '') return;
      details.loadWhole(id);
    },

    ...writes,

    readActivity(query) {
      if (!stopped) void activity.first(query);
    },
    readOlderActivity() {
      if (!stopped) void activity.more();
    },

    onRequest(info: RequestInfo) {
      if (stopped) return;
      if (info.status === 429 || info.status === 503) ctx.setDegraded(info.status);
      // Any answer: the server is reachable, the key accepted, the load over.
      else if (info.status !== undefined && info.status < 400) ctx.succeeded();
    },
  };
}
