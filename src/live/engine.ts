// The live engine: first load, the subscription, gap fills, fallback polling, the price poller
// and the open detail. The design is in index.ts; this file is the machinery.
import { createWriteActions } from './actions.js';
import { createAuditTrail } from './audit-trail.js';
import {
  ApiError,
  describeClientError,
  NetworkError,
  ProxyError,
  type RealtimeState,
  type RequestInfo,
  type Subscription,
  type SubscriptionHandlers,
} from '../client/index.js';
import type { Transaction, TransactionEvent } from '../contract/index.js';
import {
  applyPrices,
  applyTransactions,
  compareUpdatedAt,
  type LoadProgress,
  newerMillis,
  type SessionState,
  withAccounts,
  withAddresses,
  withConnection,
  withDegraded,
  withDetail,
  withDictionary,
  withFreshAt,
  withHold,
  withNotice,
  withProgress,
  withWorkspaceName,
} from '../store/index.js';
import { createBatcher, type FlushWork } from './batcher.js';
import { deriveConnection } from './connection.js';
import { malformedFrameNotice, type NoticeSpec, noticeFor, skippedRecordsNotice } from './notices.js';
import { GAP_OVERLAP_MS, millisMinus, type Page, readChangedSince, readTransactionsPage } from './reads.js';
import { backoffMs, createTimers } from './timers.js';
import type { Live, LiveOptions, RefreshScope } from './types.js';

/** The server's largest page (wire notes: a bigger `limit` is refused). */
const MAX_PAGE_SIZE = 1000;
/** Longest wait at start for the subscription before the list is read anyway (then a gap fill follows). */
const SUBSCRIBE_WAIT_MS = 1_500;
const MAX_LIST_PAGES = 10_000;

interface Task {
  running: boolean;
  failures: number;
  done: boolean;
  cancel?: () => void;
}

interface OpenDetail {
  readonly id: string;
  fetching: boolean;
  again: boolean;
}

/** A zustand vanilla store, as much of it as the engine writes through. */
interface Writable<S> {
  setState(fn: (state: S) => S): void;
  getState(): S;
}

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
  const offs: (() => void)[] = [];
  let stopped = false;
  let started: Promise<void> | undefined;

  function log(line: string): void {
    try {
      opts.log?.(line);
    } catch {
      // a broken log sink must not stop the engine
    }
  }

  /** Writes one store; a subscriber's exception (the view's bug) is logged, not propagated. */
  function write<S>(store: Writable<S>, fn: (state: S) => S, what: string): void {
    if (stopped) return;
    try {
      store.setState(fn);
    } catch (err) {
      log(`a store subscriber failed after ${what}: ${describeClientError(err)}`);
    }
  }

  const setSession = (fn: (state: SessionState) => SessionState) => write(stores.session, fn, 'a session change');

  function notify(spec: NoticeSpec): void {
    setSession((s) => withNotice(s, spec, now()));
    log(`notice [${spec.key}] ${spec.text}`);
  }

  // ---- reads: outcome bookkeeping -------------------------------------------------------------

  let httpDown: string | undefined;

  function setDegraded(status: number): void {
    const reason = status === 429 ? 'rate limited (429)' : `server unavailable (${status})`;
    setSession((s) => withDegraded(s, { reason }));
  }

  function clearDegraded(): void {
    if (stores.session.getState().degraded !== undefined) setSession((s) => withDegraded(s, undefined));
  }

  /** A read failed: one keyed notice, and the header learns of it. */
  function failed(err: unknown, what: string): void {
    if (stopped) return;
    notify(noticeFor(err, what));
    if (err instanceof ApiError && (err.status === 429 || err.status === 503)) setDegraded(err.status);
    if (err instanceof NetworkError) {
      httpDown = describeClientError(err);
      updateConnection();
    }
  }

  /** A read was answered. */
  function answered(): void {
    clearDegraded();
    if (httpDown !== undefined) {
      httpDown = undefined;
      updateConnection();
    }
  }

  function reportSkipped(page: Page, what: string): void {
    if (page.skipped) notify(skippedRecordsNotice(page.skipped.count, page.skipped.error, what));
  }

  // ---- connection state -----------------------------------------------------------------------

  let socket: RealtimeState = realtime.state;
  let subscribed = false;
  let everLive = false;
  let polling = false;
  let refused: string | undefined;
  let lastCloseCode: number | undefined;

  function updateConnection(): void {
    const next = deriveConnection({
      socket,
      subscribed,
      everLive,
      polling,
      ...(httpDown === undefined ? {} : { httpDown }),
      ...(refused === undefined ? {} : { refused }),
      ...(lastCloseCode === undefined ? {} : { lastCloseCode }),
    });
    const before = stores.session.getState().connection;
    setSession((s) => withConnection(s, next, now()));
    const after = stores.session.getState().connection;
    if (after !== before) {
      log(`connection: ${after.kind}${after.attempt ? ` ${after.attempt}` : ''}${after.detail ? ` (${after.detail})` : ''}`);
    }
  }

  // ---- the batcher: frames and pages into the store -------------------------------------------

  let detail: OpenDetail | undefined;

  function writeWork(work: FlushWork): void {
    const stamp = now();
    const openId = detail?.id;
    const before = openId === undefined ? undefined : stores.transactions.getState().byId.get(openId);
    write(
      stores.transactions,
      (s) => {
        let next = s;
        // Bulk work is list pages only: finished rows are kept slim (store/slim.ts).
        if (work.bulk.length > 0) next = applyTransactions(next, work.bulk, { now: stamp, live: false, slim: true });
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
    if (detail !== undefined && detail.id === openId) {
      const after = stores.transactions.getState().byId.get(openId);
      if (before !== undefined && after !== before && work.live.some((tx) => tx.transactionId === openId)) {
        void fetchDetail(detail, false);
      }
    }
  }

  // The window is an average (1000/window writes a second under a burst); two writes may come
  // 0.85 window apart, so a change after a write rarely waits a whole window (update → screen).
  const windowMs = opts.batchMs ?? 100;
  // Up to 15 changes a second (a busy workspace) each reach the screen at once; beyond that it is
  // a burst, written at most 1000 / windowMs times a second.
  const batcher = createBatcher({
    batchMs: 0.85 * windowMs,
    perSecond: 1000 / windowMs,
    steadyPerSecond: 15,
    steadyGapMs: 40,
    timers,
    write: writeWork,
  });

  // ---- gaps: what changed while no subscription was delivering --------------------------------

  /** Newest `updatedAt` received from the server. */
  let watermark: string | undefined;
  /** Changes since `gapFrom` may have been missed (true until the first list page settles it). */
  let gapOpen = true;
  let gapFrom: string | undefined;
  /** Bumps whenever the subscription starts or stops delivering. */
  let liveEpoch = 0;

  function note(transactions: readonly Transaction[]): void {
    for (const tx of transactions) watermark = newerMillis(watermark, tx.updatedAt);
  }

  function liveLost(why: string): void {
    if (!subscribed) return;
    subscribed = false;
    liveEpoch += 1;
    if (!gapOpen) {
      gapOpen = true;
      gapFrom = watermark;
    }
    // The data was current up to this moment.
    batcher.fresh(now());
    log(`live updates stopped (${why}); what changes meanwhile is fetched on return`);
    armGrace();
  }

  // ---- fallback polling -----------------------------------------------------------------------

  let cancelGrace: (() => void) | undefined;

  function armGrace(): void {
    if (cancelGrace !== undefined || polling || subscribed || stopped) return;
    cancelGrace = timers.after(socketGraceMs, () => {
      cancelGrace = undefined;
      if (subscribed || socket.kind === 'logged-out') return;
      polling = true;
      log(`no live subscription for ${socketGraceMs} ms: polling every ${pollIntervalMs} ms`);
      updateConnection();
      sync('poll');
    });
  }

  function stopPolling(): void {
    cancelGrace?.();
    cancelGrace = undefined;
    if (!polling) return;
    polling = false;
    cancelSync?.();
    cancelSync = undefined;
  }

  // ---- sync: a gap fill after a reconnect, or one poll ----------------------------------------

  let syncRunning = false;
  let syncAgain = false;
  let syncAfterFirstPage = false;
  let syncFailures = 0;
  let cancelSync: (() => void) | undefined;

  function scheduleSync(ms: number): void {
    cancelSync?.();
    cancelSync = timers.after(ms, () => {
      cancelSync = undefined;
      sync(polling ? 'poll' : 'catch-up');
    });
  }

  function sync(why: 'poll' | 'catch-up' | 'refresh'): void {
    if (stopped) return;
    if (!firstPageDone) {
      // The list read after the first page covers everything before it.
      syncAfterFirstPage = true;
      return;
    }
    if (syncRunning) {
      syncAgain = true;
      return;
    }
    cancelSync?.();
    cancelSync = undefined;
    syncRunning = true;
    void runSync(why).finally(() => {
      syncRunning = false;
      if (syncAgain && !stopped) {
        syncAgain = false;
        sync(why);
      }
    });
  }

  async function runSync(why: 'poll' | 'catch-up' | 'refresh'): Promise<void> {
    const epoch = liveEpoch;
    const wasSubscribed = subscribed;
    const base = gapOpen ? gapFrom : watermark;
    const from = base === undefined ? undefined : millisMinus(base, GAP_OVERLAP_MS);
    const what = why === 'poll' ? 'polling for changes' : 'catching up on changes';
    let count = 0;
    try {
      const newest = await readChangedSince(api, from, pageSize, (page) => {
        if (stopped) return;
        reportSkipped(page, what);
        note(page.items);
        batcher.addLive(page.items);
        count += page.items.length;
      });
      if (stopped) return;
      syncFailures = 0;
      answered();
      batcher.fresh(now());
      if (wasSubscribed && subscribed && epoch === liveEpoch) {
        // Read after the subscription was delivering: frames cover everything from here on.
        gapOpen = false;
        gapFrom = undefined;
      } else if (gapOpen && newest !== undefined) {
        gapFrom = newerMillis(gapFrom, newest);
      }
      log(`${why}: ${count} transactions changed since ${from ?? 'the beginning'}`);
      if (polling && !subscribed) scheduleSync(pollIntervalMs);
    } catch (err) {
      if (stopped) return;
      syncFailures += 1;
      failed(err, what);
      if (polling) scheduleSync(Math.max(pollIntervalMs, retryDelay(syncFailures - 1)));
      else if (gapOpen) scheduleSync(retryDelay(syncFailures));
    }
  }

  // ---- the subscription -----------------------------------------------------------------------

  let subscription: Subscription | undefined;
  let subscribeFailures = 0;
  let wakeStart: (() => void) | undefined;

  const handlers: SubscriptionHandlers = {
    onSnapshot(transactions, info) {
      if (stopped) return;
      subscribed = true;
      everLive = true;
      liveEpoch += 1;
      refused = undefined;
      subscribeFailures = 0;
      stopPolling();
      batcher.fresh(now());
      note(transactions);
      batcher.addLive(transactions);
      updateConnection();
      if (!listRequested) {
        // The list is read after this: nothing can fall between the two.
        gapOpen = false;
        gapFrom = undefined;
      } else if (gapOpen || info.reconnect) {
        sync('catch-up');
      }
      wakeStart?.();
    },
    onUpdate(transactions) {
      if (stopped) return;
      batcher.fresh(now());
      note(transactions);
      batcher.addLive(transactions);
    },
    onError(err) {
      if (stopped) return;
      refused = describeClientError(err);
      failed(err, 'live subscription');
      subscription = undefined;
      liveLost('subscription refused');
      armGrace();
      updateConnection();
      subscribeFailures += 1;
      timers.after(retryDelay(subscribeFailures), subscribe);
      wakeStart?.();
    },
    onMalformed(err) {
      if (stopped) return;
      notify(malformedFrameNotice(err));
      // The frame is skipped, but the change it carried is not lost: read what changed lately.
      if (firstPageDone) sync('catch-up');
    },
  };

  function subscribe(): void {
    if (stopped) return;
    try {
      // limit=0: no snapshot rows, live frames only; the list endpoint loads the history.
      subscription = realtime.subscribe({ limit: 0 }, handlers);
    } catch (err) {
      failed(err, 'live subscription');
    }
  }

  function waitForSubscription(ms: number): Promise<void> {
    if (subscribed || stopped) return Promise.resolve();
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

  offs.push(
    realtime.on('state', (state) => {
      if (stopped) return;
      socket = state;
      if (state.kind === 'reconnecting' && state.code !== undefined) lastCloseCode = state.code;
      if (state.kind !== 'open') liveLost(`socket ${state.kind}`);
      if (state.kind === 'logged-out') {
        stopPolling();
        notify({
          level: 'error',
          key: 'logged-out',
          text: 'the server logged this key out (close 4000): live updates stopped; check the key, then restart',
        });
      }
      updateConnection();
      if (state.kind !== 'open' && state.kind !== 'connecting') wakeStart?.();
    }),
    realtime.on('stalled', ({ pongTimeoutMs }) => log(`socket stalled (no pong in ${pongTimeoutMs} ms): reconnecting`)),
    realtime.on('error', (err) => {
      log(`realtime: ${describeClientError(err)}`);
      // The header says only that the socket closed; a proxy in the way is the user's to fix.
      if (err instanceof ProxyError) notify({ level: 'warn', key: 'proxy', text: `live updates: ${err.message}` });
    }),
  );

  // ---- the transaction list: first page now, the rest in the background -----------------------

  let listRequested = false;
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
    listRequested = true;
    const first = !firstPageDone;
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
      answered();
      reportSkipped(page, 'loading transactions');
      note(page.items);
      list.offset += page.rawCount;
      list.loaded += page.items.length;
      list.complete = page.rawCount < limit || list.pages >= MAX_LIST_PAGES;
      const progress = listProgress(!list.complete);
      if (first) {
        const stamp = now();
        write(
          stores.transactions,
          (s) => withProgress(applyTransactions(s, page.items, { now: stamp, live: false, slim: true }), progress),
          'the first page',
        );
        setSession((s) => withFreshAt(s, stamp));
        firstPageDone = true;
        if (gapOpen && gapFrom === undefined) gapFrom = watermark;
        batcher.open();
        if (syncAfterFirstPage) {
          syncAfterFirstPage = false;
          sync(polling ? 'poll' : 'catch-up');
        }
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
      failed(err, 'loading transactions');
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

  // ---- reference data, accounts, addresses, workspace -----------------------------------------

  const tasks = new Map<string, Task>();

  /** Runs a load; on failure, a notice and a retry with backoff (until it succeeds or stop()). */
  async function task(name: string, what: string, load: () => Promise<void>): Promise<void> {
    let t = tasks.get(name);
    if (t === undefined) {
      t = { running: false, failures: 0, done: false };
      tasks.set(name, t);
    }
    if (stopped || t.running) return;
    t.cancel?.();
    t.cancel = undefined;
    t.running = true;
    try {
      await load();
      if (stopped) return;
      t.failures = 0;
      t.done = true;
      answered();
    } catch (err) {
      if (stopped) return;
      t.failures += 1;
      failed(err, what);
      const retry = t;
      retry.cancel = timers.after(retryDelay(retry.failures), () => void task(name, what, load));
    } finally {
      t.running = false;
    }
  }

  /** Every page of a list that pages by limit/offset. */
  async function readAll<T>(read: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
    const all: T[] = [];
    for (let n = 0; n < MAX_LIST_PAGES; n++) {
      const page = await read(pageSize, all.length);
      all.push(...page);
      if (page.length < pageSize) break;
    }
    return all;
  }

  const loads = {
    networks: () =>
      task('networks', 'loading networks', async () => {
        const networks = await api.dictionary.networks();
        write(stores.dictionary, (s) => withDictionary(s, { networks }, now()), 'networks');
      }),
    assets: () =>
      task('assets', 'loading assets', async () => {
        const assets = await readAll((limit, offset) => api.dictionary.assets({ limit, offset }));
        write(stores.dictionary, (s) => withDictionary(s, { assets }, now()), 'assets');
      }),
    symbols: () =>
      task('symbols', 'loading symbols', async () => {
        const symbols = await readAll((limit, offset) => api.dictionary.symbols({ limit, offset }));
        write(stores.dictionary, (s) => withDictionary(s, { symbols }, now()), 'symbols');
      }),
    accounts: () =>
      task('accounts', 'loading accounts', async () => {
        const accounts = await readAll((limit, offset) => api.accounts.list({ limit, offset }));
        write(stores.workspace, (s) => withAccounts(s, accounts, now()), 'accounts');
      }),
    addresses: () =>
      task('addresses', 'loading addresses', async () => {
        const addresses = await readAll((limit, offset) => api.addresses.list({ limit, offset }));
        write(stores.workspace, (s) => withAddresses(s, addresses, now()), 'addresses');
      }),
    workspace: () =>
      task('workspace', 'reading the workspace', async () => {
        const workspace = await api.workspaces.get();
        setSession((s) => withWorkspaceName(s, workspace.name));
      }),
  };

  // ---- prices: their own poller, their own slice ----------------------------------------------

  let pricesRunning = false;
  let pricesFailures = 0;
  let cancelPrices: (() => void) | undefined;

  async function pollPrices(): Promise<void> {
    if (stopped || pricesRunning) return;
    cancelPrices?.();
    cancelPrices = undefined;
    pricesRunning = true;
    let delay = pricePollMs;
    try {
      const prices = await api.dictionary.symbolPrices();
      if (stopped) return;
      write(stores.prices, (s) => applyPrices(s, prices, now()), 'prices');
      pricesFailures = 0;
      answered();
    } catch (err) {
      if (stopped) return;
      pricesFailures += 1;
      failed(err, 'polling prices');
      delay = Math.max(pricePollMs, retryDelay(pricesFailures));
    } finally {
      pricesRunning = false;
      if (!stopped) cancelPrices = timers.after(delay, () => void pollPrices());
    }
  }

  // ---- the open transaction -------------------------------------------------------------------

  /** Ids being read whole by loadTransaction (one request per id at a time). */
  const wholeLoads = new Set<string>();

  async function fetchDetail(d: OpenDetail, withRecord: boolean): Promise<void> {
    if (d.fetching) {
      d.again = true;
      return;
    }
    d.fetching = true;
    try {
      const [record, events] = await Promise.all([
        withRecord ? api.transactions.get(d.id) : Promise.resolve(undefined),
        api.transactions.events(d.id),
      ]);
      if (stopped || detail !== d) return;
      answered();
      if (record !== undefined) note([record]);
      const stamp = now();
      write(stores.transactions, (s) => withEvents(s, d.id, record, events, stamp), 'the detail');
    } catch (err) {
      if (stopped || detail !== d) return;
      failed(err, 'loading the transaction');
      const error = describeClientError(err);
      write(
        stores.transactions,
        (s) => withDetail(s, { id: d.id, status: s.detail?.status === 'ready' ? 'ready' : 'error', error }),
        'the detail',
      );
    } finally {
      d.fetching = false;
      if (d.again && detail === d && !stopped) {
        d.again = false;
        void fetchDetail(d, false);
      }
    }
  }

  /** The detail's events go on the newest version of the transaction we have. */
  function withEvents(
    s: ReturnType<typeof stores.transactions.getState>,
    id: string,
    record: Transaction | undefined,
    events: TransactionEvent[],
    stamp: number,
  ) {
    const held = s.byId.get(id);
    const base =
      record === undefined || (held !== undefined && compareUpdatedAt(held.updatedAt, record.updatedAt) > 0)
        ? held
        : record;
    if (base === undefined) {
      return withDetail(s, { id, status: 'error', error: 'the transaction is not loaded yet' });
    }
    const merged: Transaction = { ...base, embedded: { ...(base.embedded ?? {}), events } };
    const next = applyTransactions(s, [merged], { now: stamp, live: false });
    return withDetail(next, { id, status: 'ready', eventsAt: stamp });
  }

  // ---- the API --------------------------------------------------------------------------------

  function refresh(scope: RefreshScope = 'all'): void {
    if (stopped) return;
    const all = scope === 'all';
    if (all || scope === 'transactions') {
      if (!list.complete) void loadListPage();
      if (firstPageDone) sync('refresh');
      if (detail !== undefined) void fetchDetail(detail, true);
    }
    if (all || scope === 'accounts') void loads.accounts();
    if (all || scope === 'addresses') void loads.addresses();
    if (all || scope === 'prices') void pollPrices();
    if (all) {
      // The dictionary is cached for the session: only what never loaded is asked again.
      for (const name of ['networks', 'assets', 'symbols', 'workspace'] as const) {
        if (tasks.get(name)?.done !== true) void loads[name]();
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
        updateConnection();
        armGrace();
        subscribe();
        // What a row draws comes first (account names, assets, networks), in flight together
        // with the first page; start() settles with them, and only then do the background pages
        // begin (see holdPaging).
        const side = (async () => {
          await Promise.all([
            loads.accounts(),
            loads.assets(),
            loads.networks(),
            loads.workspace(),
            pollPrices(),
            loads.symbols(),
          ]);
          await loads.addresses();
        })();
        try {
          await waitForSubscription(Math.min(socketGraceMs, SUBSCRIBE_WAIT_MS));
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
      wakeStart?.();
      timers.stop();
      batcher.stop();
      try {
        subscription?.unsubscribe();
      } catch {
        // the socket may already be gone
      }
      subscription = undefined;
      for (const off of offs.splice(0)) off();
      detail = undefined;
      log('live engine stopped');
    },

    refresh,

    setPaused(paused) {
      batcher.setPaused(paused);
    },

    openTransaction(id) {
      if (stopped || typeof id !== 'string' || id === '') return;
      if (detail?.id === id) {
        void fetchDetail(detail, true);
        return;
      }
      const d: OpenDetail = { id, fetching: false, again: false };
      detail = d;
      write(stores.transactions, (s) => withDetail(s, { id, status: 'loading' }), 'opening a transaction');
      void fetchDetail(d, true);
      void auditTrail.load(id);
    },

    closeTransaction() {
      if (detail === undefined) return;
      detail = undefined;
      write(stores.transactions, (s) => withDetail(s, undefined), 'closing a transaction');
    },

    loadTransaction(id) {
      if (stopped || typeof id !== 'string' || id === '' || wholeLoads.has(id)) return;
      wholeLoads.add(id);
      void (async () => {
        try {
          const record = await api.transactions.get(id);
          if (stopped) return;
          answered();
          note([record]);
          const stamp = now();
          // Not slim: a whole record fills in the slim row even at the same updatedAt.
          write(stores.transactions, (s) => applyTransactions(s, [record], { now: stamp, live: false }), 'a transaction');
        } catch (err) {
          failed(err, 'loading the transaction');
        } finally {
          wholeLoads.delete(id);
        }
      })();
    },

    ...writes,

    onRequest(info: RequestInfo) {
      if (stopped) return;
      if (info.status === 429 || info.status === 503) setDegraded(info.status);
      else if (info.status !== undefined && info.status < 400) clearDegraded();
    },
  };
}
