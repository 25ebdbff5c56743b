// The live engine: the first load, the transactions list, reference data, prices and the open
// detail, fed by the live feed (feed.ts: the subscription, catch-ups, polling, the connection).
// The design is in index.ts; this file is the wiring.
import { createWriteActions } from './actions.js';
import { createAuditTrail } from './audit-trail.js';
import { describeClientError, type RequestInfo } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import {
  applyTransactions,
  type LoadProgress,
  withConnection,
  withFreshAt,
  withHold,
  withProgress,
} from '../store/index.js';
import { createBatcher, type FlushWork } from './batcher.js';
import { createDetails } from './detail.js';
import { createEngineContext } from './engine-context.js';
import { createFeed, type FeedProblem } from './feed.js';
import { malformedFrameNotice, skippedRecordsNotice } from './notices.js';
import { type Page, readTransactionsPage } from './reads.js';
import { createReferenceLoads } from './reference.js';
import { backoffMs, createTimers } from './timers.js';
import type { Live, LiveOptions, RefreshScope } from './types.js';

/** The server's largest page (wire notes: a bigger `limit` is refused). */
const MAX_PAGE_SIZE = 1000;
/** Longest wait at start for the subscription before the list is read anyway (then a gap fill follows). */
const SUBSCRIBE_WAIT_MS = 1_500;
const MAX_LIST_PAGES = 10_000;

export function createLive(opts: LiveOptions): Live {
  const { api, realtime, stores } = opts;
  const now = opts.now ?? Date.now;
  const pageSize = Math.max(1, Math.min(Math.floor(opts.pageSize ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE));
  const firstPageSize = Math.max(1, Math.min(Math.floor(opts.firstPageSize ?? pageSize), pageSize));
  const pricePollMs = opts.pricePollMs ?? 2_000;
  const pollIntervalMs = opts.pollIntervalMs ?? 3_000;
  const socketGraceMs = opts.socketGraceMs ?? 5_000;
  const retryBaseMs = opts.retryBaseMs ?? 2_000;
  const retryMaxMs = opts.retryMaxMs ?? 60_000;
  const retryDelay = (failures: number) => backoffMs(failures, retryBaseMs, retryMaxMs);

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

  function reportSkipped(page: Page, what: string): void {
    if (page.skipped) notify(skippedRecordsNotice(page.skipped.count, page.skipped.error, what));
  }

  // ---- the batcher: frames and pages into the store -------------------------------------------

  const details = createDetails(ctx);

  function writeWork(work: FlushWork): void {
    const stamp = now();
    const openId = details.openId;
    const before = openId === undefined ? undefined : stores.transactions.getState().byId.get(openId);
    write(
      stores.transactions,
      (s) => {
        let next = s;
        // Bulk work is list pages only: finished rows are kept slim (store/slim.ts).
        if (work.bulk.length > 0) next = applyTransactions(next, work.bulk, { now: stamp, live: false, slim: true });
        // The one merge by id keeping the newest updatedAt (the batcher only queues).
        if (work.live.length > 0) next = applyTransactions(next, work.live, { now: stamp, live: true });
        if (work.progress !== undefined) next = withProgress(next, work.progress);
        return withHold(next, work.paused, work.held);
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
    write: writeWork,
  });

  // ---- the feed: the subscription, catch-ups, polling, the connection -------------------------

  function feedProblem(p: FeedProblem): void {
    switch (p.kind) {
      case 'failed':
        return ctx.report(p.error, p.what);
      case 'refused':
        return ctx.report(p.error, 'live subscription');
      case 'skipped':
        return notify(skippedRecordsNotice(p.count, p.error, p.what));
      case 'malformed':
        return notify(malformedFrameNotice(p.error));
      case 'proxy':
        // The header says only that the socket closed; a proxy in the way is the user's to fix.
        return notify({ level: 'warn', key: 'proxy', text: `live updates: ${p.error.message}` });
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
      changes: (transactions) => batcher.addLive(transactions),
      fresh: (at) => batcher.fresh(at),
      answered: () => ctx.clearDegraded(),
      problem: feedProblem,
      connection(next) {
        setSession((s) => withConnection(s, next, now()));
        const attempt = next.attempt ? ` ${next.attempt}` : '';
        log(`connection: ${next.kind}${attempt}${next.detail ? ` (${next.detail})` : ''}`);
      },
      event(e) {
        if (e.kind !== 'logged-out') return;
        notify({
          level: 'error',
          key: 'logged-out',
          text: 'the server logged this key out (close 4000): live updates stopped; check the key, then restart',
        });
      },
    },
  });

  // ---- the transaction list: first page now, the rest in the background -----------------------

  let firstPageDone = false;
  const list = { offset: 0, loaded: 0, complete: false, running: false, failures: 0, pages: 0 };
  let cancelList: (() => void) | undefined;
  // While start() runs (and until `backgroundPagesAfter`), the next page waits: parsing it would
  // compete with the first frame.
  let holdPaging = false;
  let pagingHeld = false;

  function releasePaging(): void {
    holdPaging = false;
    if (!pagingHeld || stopped) return;
    pagingHeld = false;
    cancelList = timers.after(0, () => void loadListPage());
  }

  function listProgress(loading: boolean): LoadProgress {
    return { loaded: list.loaded, complete: list.complete, loading };
  }

  async function loadListPage(): Promise<void> {
    if (stopped || list.running || list.complete) return;
    cancelList?.();
    cancelList = undefined;
    list.running = true;
    const first = !firstPageDone;
    // The first page is the baseline: the feed's catch-ups wait for it (it covers what came before).
    const mark = first ? feed.beginBaseline() : undefined;
    // The first page is about a screen (quick to send, parse and draw); the rest in full pages.
    const limit = first ? firstPageSize : pageSize;
    try {
      const page = await readTransactionsPage(api, {
        sortBy: 'activity',
        sortDirection: 'DESC',
        limit,
        offset: list.offset,
      });
      if (stopped) return;
      list.failures = 0;
      list.pages += 1;
      ctx.answered();
      reportSkipped(page, 'loading transactions');
      ctx.note(page.items);
      list.offset += page.rawCount;
      list.loaded += page.items.length;
      list.complete = page.rawCount < limit || list.pages >= MAX_LIST_PAGES;
      const progress = listProgress(!list.complete);
      if (mark !== undefined) {
        const stamp = now();
        write(
          stores.transactions,
          (s) => withProgress(applyTransactions(s, page.items, { now: stamp, live: false, slim: true }), progress),
          'the first page',
        );
        setSession((s) => withFreshAt(s, stamp));
        firstPageDone = true;
        batcher.open();
        feed.baselineRead(mark);
      } else {
        addBulk(page.items);
        batcher.setProgress(progress);
        batcher.fresh(now());
      }
      if (list.complete) log(`transactions loaded: ${list.loaded} in ${list.pages} pages`);
      else if (holdPaging) pagingHeld = true;
      else cancelList = timers.after(0, () => void loadListPage());
    } catch (err) {
      if (stopped) return;
      list.failures += 1;
      ctx.failed(err, 'loading transactions');
      const progress = listProgress(false);
      if (first) write(stores.transactions, (s) => withProgress(s, progress), 'load progress');
      else batcher.setProgress(progress);
      cancelList = timers.after(retryDelay(list.failures), () => void loadListPage());
    } finally {
      list.running = false;
    }
  }

  /** A background page. While paused, rows already shown wait with the live updates. */
  function addBulk(items: readonly Transaction[]): void {
    if (!batcher.paused) {
      batcher.addBulk(items);
      return;
    }
    const known = stores.transactions.getState().byId;
    batcher.addBulk(items.filter((tx) => !known.has(tx.transactionId)));
    batcher.addLive(items.filter((tx) => known.has(tx.transactionId)));
  }

  // ---- reference data and prices ----------------------------------------------------------------

  const { lists, prices } = createReferenceLoads(ctx, { pageSize, pricePollMs });

  // ---- the API --------------------------------------------------------------------------------

  function refresh(scope: RefreshScope = 'all'): void {
    if (stopped) return;
    const all = scope === 'all';
    if (all || scope === 'transactions') {
      if (!list.complete) void loadListPage();
      if (firstPageDone) feed.catchUp();
      details.refresh();
    }
    if (all || scope === 'accounts') void lists.accounts.trigger();
    if (all || scope === 'addresses') void lists.addresses.trigger();
    if (all || scope === 'prices') void prices.trigger();
    if (all) {
      // The dictionary is cached for the session: only what never loaded is asked again.
      for (const name of ['networks', 'assets', 'symbols', 'workspace'] as const) {
        if (!lists[name].succeeded) void lists[name].trigger();
      }
    }
  }

  const writes = createWriteActions({ api, stores, options: opts, now });
  // The detail shows what this machine's audit log says of the transaction: read once per open.
  const auditTrail = createAuditTrail({ stores, audit: opts.audit, now, log });

  return {
    start() {
      started ??= (async () => {
        if (stopped) return;
        holdPaging = true;
        feed.start();
        // What a row draws comes first (account names, assets, networks), in flight together
        // with the first page; start() settles with them, and only then do the background pages
        // begin (see holdPaging).
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
        try {
          await feed.waitForSubscription(Math.min(socketGraceMs, SUBSCRIBE_WAIT_MS));
          await loadListPage();
          await side;
        } finally {
          void Promise.resolve(opts.backgroundPagesAfter).then(releasePaging, releasePaging);
        }
      })().catch((err: unknown) => log(`start failed: ${describeClientError(err)}`));
      return started;
    },

    stop() {
      if (stopped) return;
      stopped = true;
      feed.stop();
      timers.stop();
      batcher.stop();
      for (const loop of [...Object.values(lists), prices]) loop.stop();
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

    loadTransaction(id) {
      if (stopped || typeof id !== 'string' || id === '') return;
      details.loadWhole(id);
    },

    ...writes,

    onRequest(info: RequestInfo) {
      if (stopped) return;
      if (info.status === 429 || info.status === 503) ctx.setDegraded(info.status);
      else if (info.status !== undefined && info.status < 400) ctx.clearDegraded();
    },
  };
}
