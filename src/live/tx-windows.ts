// The windowed transaction loader: what the console holds of a workspace's transactions does not
// grow with its age. All unfinished work is read at start (`isTerminated=false`: bounded by what
// the workspace is doing) and kept current by the live feed; the finished history of each view on
// screen is read page by page by key, ahead of the cursor, and let go far from it under a budget
// (store/tx-window.ts). A view is a server query (`:tx` words, the account chip, a server search);
// the few most recent views are kept, so going back to one is instant. A page whose answer is over
// the size limit is asked smaller (reads.ts); a single record too large ends that read with what
// was read, a notice and no retry loop (`r` asks again).
import { AnswerTooLargeError, describeClientError, sizeText, type TransactionsListQuery } from '../client/index.js';
import {
  ALL_TRANSACTIONS,
  applyTransactions,
  compareMillis,
  EMPTY_WINDOW,
  needsHistory,
  nextPage,
  keyTime,
  sortKey,
  windowRead,
  type TransactionsState,
  type TxQuery,
  txQueryKey,
  type TxWindow,
  withoutWindow,
  withWindowComplete,
  withWindowCut,
  withWindowLoading,
  withWindowPage,
  withWindowReloaded,
} from '../store/index.js';
import type { EngineContext } from './engine-context.js';
import { createLoop, type Loop } from './loop.js';
import { sizeCause, skippedRecordsNotice, tooLargeNotice } from './notices.js';
import { type Page, readTransactionsPageShrinking } from './reads.js';
import { dropVanishedWork, reloadWindow } from './tx-refresh.js';

/** The server's largest page (wire notes: a bigger `limit` is refused). */
const MAX_PAGE = 1000;

export interface TxWindowsOptions {
  /** Rows of a page of history after the first; default 250. */
  readonly pageSize?: number;
  /** Rows of the first page of the view the console opens on (about two screens); default pageSize. */
  readonly firstPageSize?: number;
  /** History rows held per view before the far end is let go; default 4,000. */
  readonly budget?: number;
  /** Views kept (the default one always among them); default 3. */
  readonly keep?: number;
  /**
   * Told after every read of the unfinished work (the first one is the feed's baseline) with how
   * many it read; `whole` false when the server's answers were refused before the end (size).
   */
  readonly onLiveRead?: (read: { readonly count: number; readonly whole: boolean }) => void;
}

export interface TxWindows {
  /** Reads every unfinished transaction (live work), page by page; settles once read or failed (then retried). */
  readLive(): Promise<void>;
  /** The view on screen: its first page is read unless it is held already. */
  show(query: TxQuery): void;
  /** Where the cursor rests in view `key`: read ahead of it, let go far from it. */
  viewport(v: { readonly key: string; readonly anchorId?: string; readonly visibleRows: number }): void;
  /** Settles once the first read of the view on screen settled (success or a reported failure). */
  settled(): Promise<void>;
  /** Read again whatever failed. */
  retry(): void;
  /**
   * `r`: retry, and check what is held against the server: the unfinished work read whole again
   * (what it no longer has goes), the view on screen read again over the range its window holds.
   */
  refresh(): void;
  stop(): void;
}

interface ViewState {
  readonly query: TxQuery;
  /** The read the loop makes next. */
  want: 'first' | 'down' | 'up';
  /** `r` asked for the held range to be read again: the loop's next run does that first. */
  reload?: boolean;
  readonly loop: Loop;
  /** Settles once the first page was read or failed. */
  readonly first: Promise<void>;
  firstDone?: () => void;
}

export function createTxWindows(ctx: EngineContext, opts: TxWindowsOptions = {}): TxWindows {
  const { api, stores, timers, now } = ctx;
  const pageSize = clampPage(opts.pageSize ?? 250);
  const firstPageSize = clampPage(opts.firstPageSize ?? pageSize);
  const budget = Math.max(pageSize * 4, opts.budget ?? 4_000);
  const keep = Math.max(2, opts.keep ?? 3);
  const defaultKey = txQueryKey(ALL_TRANSACTIONS);
  const views = new Map<string, ViewState>();
  /** Most recently shown last. */
  const recent: string[] = [];
  let active: string | undefined;
  /** History pages are asked at most this large: less after answers over the size limit, growing back after. */
  let historySize = pageSize;

  const windowOf = (key: string): TxWindow | undefined => stores.transactions.getState().windows.get(key);
  const write = (fn: (s: TransactionsState) => TransactionsState, what: string) => ctx.write(stores.transactions, fn, what);

  // ---- one page of a view ---------------------------------------------------------------------

  function request(view: ViewState, w: TxWindow, direction: 'first' | 'down' | 'up', limit: number): TransactionsListQuery {
    const { query } = view;
    const read = windowRead(query, direction);
    const q: TransactionsListQuery & Record<string, unknown> = {
      ...query.filter,
      isTerminated: true,
      sortBy: read.sortBy,
      sortDirection: read.sortDirection,
      limit,
    };
    if (direction === 'first') return q;
    const next = nextPage(w, direction, limit);
    if (next === undefined) return q;
    const key = next.to ?? next.from;
    if (key !== undefined) {
      // The key bound narrows the view's own range (created:…, updated:…), never widens it.
      const time = keyTime(key, query);
      const own = q[read.bound] as string | undefined;
      q[read.bound] = read.narrow === 'min' ? minMillis(time, own) : maxMillis(time, own);
    }
    if (next.offset > 0) q.offset = next.offset;
    return q;
  }

  /** `r` on view `key`: the range its window holds read again, and put in its place. */
  async function reloadView(key: string, view: ViewState): Promise<void> {
    const held = windowOf(key);
    if (held === undefined || held.ids.length === 0) return;
    try {
      const reload = await reloadWindow(ctx, view.query, held);
      if (reload === undefined || ctx.stopped() || views.get(key) !== view) return;
      const stamp = now();
      write((s) => withWindowReloaded(s, key, reload, stamp), 'a view read again');
    } catch (err) {
      if (ctx.stopped() || views.get(key) !== view) return;
      if (err instanceof AnswerTooLargeError) {
        // The check cannot be made whole: what is held stays as it was, and the notice says why.
        ctx.answered();
        ctx.notify(tooLargeNotice('reading transactions again', held.ids.length, 'held transactions', err));
        return;
      }
      ctx.failed(err, 'reading transactions');
      write((s) => withWindowLoading(s, key, undefined, describeClientError(err)), 'a failed page');
      view.reload = true;
      throw err; // the loop retries while the view is on screen
    }
  }

  /** One read of view `key` (the loop's run: a rejection is retried with backoff). */
  async function readPage(key: string, view: ViewState): Promise<void> {
    if (view.reload === true) {
      view.reload = false;
      return reloadView(key, view);
    }
    const direction = view.want;
    const w = windowOf(key) ?? EMPTY_WINDOW;
    if (direction !== 'first' && nextPage(w, direction, pageSize) === undefined) return;
    const asked = direction === 'first' ? (key === defaultKey ? firstPageSize : pageSize) : pageSize;
    const what = 'reading transactions';
    write((s) => withWindowLoading(s, key, direction), 'a page request');
    try {
      const q = request(view, w, direction, Math.min(asked, historySize));
      const page = await readTransactionsPageShrinking(api, q);
      if (ctx.stopped() || views.get(key) !== view) return;
      const { limit } = page;
      historySize = limit < Math.min(asked, historySize) ? limit : Math.min(pageSize, historySize * 2);
      ctx.answered(what);
      ctx.clear([sizeCause(what)]);
      if (page.skipped) ctx.notify(skippedRecordsNotice(page.skipped.count, page.skipped.error, what));
      ctx.note(page.items);
      const stamp = now();
      write(
        (s) =>
          withWindowPage(s, key, { direction, items: page.items, rawCount: page.rawCount, limit, query: view.query }, stamp),
        'a page',
      );
    } catch (err) {
      if (ctx.stopped() || views.get(key) !== view) return;
      if (err instanceof AnswerTooLargeError) {
        // Even one row is over the limit: the rows held stay, the pane says why the rest is not
        // there, and nothing asks again until `r` (the same answer would come).
        historySize = 1;
        ctx.answered(what);
        ctx.notify(tooLargeNotice(what, w.ids.length, 'transactions', err));
        const why =
          `a transaction is over the ${sizeText(err.limitBytes)} answer limit: ` + 'the rows after it were refused';
        write((s) => withWindowLoading(s, key, undefined, why), 'a refused page');
        return;
      }
      ctx.failed(err, what);
      write((s) => withWindowLoading(s, key, undefined, describeClientError(err)), 'a failed page');
      throw err; // the loop retries while the view is on screen
    } finally {
      if (direction === 'first') {
        view.firstDone?.();
        view.firstDone = undefined;
      }
    }
  }

  /** Reads `direction` of view `key` (one read at a time per view: the loop folds the rest). */
  function read(key: string, direction: ViewState['want']): void {
    const view = views.get(key);
    if (view === undefined || view.loop.running) return;
    view.want = direction;
    void view.loop.trigger();
  }

  // ---- views ----------------------------------------------------------------------------------

  function viewFor(query: TxQuery, key: string): ViewState {
    let view = views.get(key);
    if (view === undefined) {
      let done: () => void = () => undefined;
      const first = new Promise<void>((resolve) => {
        done = resolve;
      });
      const made: ViewState = {
        query,
        want: 'first',
        first,
        firstDone: done,
        loop: createLoop({
          run: () => readPage(key, made),
          timers,
          retryBaseMs: ctx.retryBaseMs,
          retryMaxMs: ctx.retryMaxMs,
          // A view off screen waits until it is shown again.
          retryWhile: () => key === active && views.get(key) === made,
        }),
      };
      view = made;
      views.set(key, view);
    }
    const at = recent.indexOf(key);
    if (at >= 0) recent.splice(at, 1);
    recent.push(key);
    return view;
  }

  /** More views than `keep`: the least recently shown goes (never the default view, nor the active). */
  function forgetOldViews(): void {
    while (recent.length > keep) {
      const at = recent.findIndex((k) => k !== defaultKey && k !== active);
      if (at < 0) return;
      const [key] = recent.splice(at, 1);
      const view = views.get(key!);
      view?.loop.stop();
      view?.firstDone?.();
      views.delete(key!);
      write((s) => withoutWindow(s, key!), 'forgetting a view');
    }
  }

  function show(query: TxQuery): void {
    if (ctx.stopped()) return;
    const key = txQueryKey(query);
    const reopened = key !== active;
    active = key;
    const view = viewFor(query, key);
    forgetOldViews();
    if (!needsHistory(query)) {
      write((s) => withWindowComplete(s, key), 'a view without history');
      view.firstDone?.();
      view.firstDone = undefined;
      return;
    }
    let w = windowOf(key);
    // A view opens at its first row (the view's lists/first-row.ts): one kept from before whose
    // newest rows were let go (the cursor was deep in it) starts over from its first page.
    if (reopened && w?.top !== undefined && !view.loop.running) {
      write((s) => withoutWindow(s, key), 'a view opened again at its first row');
      w = undefined;
    }
    if (w === undefined || (w.ids.length === 0 && !w.complete && w.loading === undefined)) read(key, 'first');
  }
  /** Index in the window at which a row with this sort key would stand (keys newest first). */
  function positionOf(w: TxWindow, key: string): number {
    let lo = 0;
    let hi = w.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareMillis(w.keys.get(w.ids[mid]!)!, key) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function viewport(v: { readonly key: string; readonly anchorId?: string; readonly visibleRows: number }): void {
    if (ctx.stopped() || v.key !== active) return;
    const view = views.get(v.key);
    const w = windowOf(v.key);
    if (view === undefined || w === undefined || view.loop.running || w.error !== undefined) return;
    let index = 0;
    if (v.anchorId !== undefined) {
      if (w.keys.has(v.anchorId)) index = w.ids.indexOf(v.anchorId);
      else {
        const tx = stores.transactions.getState().byId.get(v.anchorId);
        if (tx !== undefined) index = positionOf(w, sortKey(tx, view.query));
      }
    }
    const ahead = Math.max(2 * v.visibleRows, Math.ceil(pageSize / 2));
    const below = w.ids.length - 1 - index;
    // Over budget: let go of the far end first, never within reach of the cursor.
    const excess = w.ids.length - budget;
    if (excess > 0) {
      if (index > below) {
        const count = Math.min(excess + pageSize, index - ahead);
        if (count > 0) write((s) => withWindowCut(s, v.key, 'top', count), 'letting go of rows above');
      } else {
        const count = Math.min(excess + pageSize, below - ahead);
        if (count > 0) write((s) => withWindowCut(s, v.key, 'bottom', count), 'letting go of rows below');
      }
    }
    if (below < ahead && !w.complete) read(v.key, 'down');
    else if (w.top !== undefined && index < ahead) read(v.key, 'up');
  }

  // ---- live work --------------------------------------------------------------------------------

  /** `r` asked for the unfinished work held to be checked against a complete read. */
  let verifyLive = false;

  /** Every unfinished transaction, by key (work that finishes meanwhile leaves without shifting a page). */
  async function readAllLive(): Promise<void> {
    const what = 'reading unfinished transactions';
    const verify = verifyLive;
    verifyLive = false;
    // Ids are kept only to check what is held against them (`r`): a read of a flood holds none.
    const read = verify ? new Set<string>() : undefined;
    let count = 0;
    let to: string | undefined;
    let offset = 0;
    let size = MAX_PAGE;
    for (let n = 0; n < 10_000 && !ctx.stopped(); n++) {
      const q: TransactionsListQuery = {
        isTerminated: false,
        sortBy: 'activity',
        sortDirection: 'DESC',
        limit: size,
      };
      if (to !== undefined) q.createdAtTo = to;
      if (offset > 0) q.offset = offset;
      let page: Page & { readonly limit: number };
      try {
        page = await readTransactionsPageShrinking(api, q);
      } catch (err) {
        if (err instanceof AnswerTooLargeError && !ctx.stopped()) {
          // What was read is held and the console goes on; `r` reads it again (not a retry loop).
          ctx.answered(what);
          ctx.notify(tooLargeNotice(what, count, 'unfinished transactions', err));
          opts.onLiveRead?.({ count, whole: false });
          return;
        }
        ctx.failed(err, what);
        verifyLive ||= verify; // the retry checks instead
        throw err;
      }
      if (ctx.stopped()) return;
      size = page.limit;
      ctx.answered(what);
      if (page.skipped) ctx.notify(skippedRecordsNotice(page.skipped.count, page.skipped.error, what));
      ctx.note(page.items);
      const stamp = now();
      const items = page.items;
      if (read !== undefined) for (const tx of items) read.add(tx.transactionId);
      count += items.length;
      write((s) => applyTransactions(s, items, { now: stamp, live: false }), 'unfinished transactions');
      if (page.rawCount < size) break;
      const last = items.at(-1)?.createdAt;
      if (last === undefined) break;
      offset = last === to ? offset + items.length : items.filter((t) => t.createdAt === last).length;
      to = last;
    }
    if (ctx.stopped()) return;
    ctx.clear([sizeCause(what)]);
    opts.onLiveRead?.({ count, whole: true });
    if (read !== undefined) await dropVanishedWork(ctx, read);
  }

  const live = createLoop({ run: readAllLive, timers, retryBaseMs: ctx.retryBaseMs, retryMaxMs: ctx.retryMaxMs });

  function retry(): void {
    if (!live.succeeded) void live.trigger();
    if (active === undefined) return;
    const w = windowOf(active);
    if (w?.error !== undefined) read(active, w.ids.length === 0 ? 'first' : views.get(active)!.want);
  }

  return {
    readLive: () => live.trigger(),
    show,
    viewport,
    settled() {
      return active === undefined ? Promise.resolve() : (views.get(active)?.first ?? Promise.resolve());
    },
    retry,
    refresh() {
      if (ctx.stopped()) return;
      retry();
      verifyLive = true;
      void live.trigger();
      if (active === undefined) return;
      const view = views.get(active);
      const w = windowOf(active);
      if (view === undefined || w === undefined || w.error !== undefined || w.ids.length === 0) return;
      view.reload = true;
      void view.loop.trigger();
    },
    stop() {
      live.stop();
      for (const view of views.values()) {
        view.loop.stop();
        view.firstDone?.();
      }
    },
  };
}

function clampPage(n: number): number {
  return Math.max(1, Math.min(Math.floor(n), MAX_PAGE));
}

function minMillis(a: string, b: string | undefined): string {
  return b === undefined || compareMillis(a, b) <= 0 ? a : b;
}

function maxMillis(a: string, b: string | undefined): string {
  return b === undefined || compareMillis(a, b) >= 0 ? a : b;
}
