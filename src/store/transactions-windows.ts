// The transactions slice's windows (tx-window.ts) as store reducers: a page read goes into `byId`
// (slim: finished rows keep only what the list reads) and into its window; rows a window lets go
// of are forgotten unless the console holds them for another reason. What the console keeps is
// then bounded by what the workspace is doing and what is near the cursor, never by its age.
import type { Transaction } from '../contract/index.js';
import { isTerminalTransactionStatus } from '../format/index.js';
import { WAITING_APPROVAL } from './approvals.js';
import { inQuery, sortKey, type TxQuery } from './tx-query.js';
import {
  covers,
  cut,
  EMPTY_WINDOW,
  type TxWindow,
  withLoading,
  withPage,
  type WindowPage,
} from './tx-window.js';
import { applyTransactions, type TransactionsState } from './transactions.js';

function setWindow(s: TransactionsState, key: string, w: TxWindow): TransactionsState {
  if (s.windows.get(key) === w) return s;
  const windows = new Map(s.windows);
  windows.set(key, w);
  return { ...s, windows, version: s.version + 1 };
}

/** A page of view `key` read: its rows into the store, and into the window. */
export function withWindowPage(
  s: TransactionsState,
  key: string,
  page: Omit<WindowPage, 'rows'> & { readonly items: readonly Transaction[]; readonly query: Pick<TxQuery, 'sort' | 'oldestFirst'> },
  now: number,
): TransactionsState {
  const next = applyTransactions(s, page.items, { now, live: false, slim: true });
  const rows = page.items.map((tx) => ({ id: tx.transactionId, key: sortKey(tx, page.query) }));
  const current = s.windows.get(key) ?? EMPTY_WINDOW;
  const w = withLoading(withPage(current, { direction: page.direction, rows, rawCount: page.rawCount, limit: page.limit }), undefined);
  return setWindow(next, key, w);
}

/** View `key` is being read (`loading`), or its last read failed (`error`); made if missing. */
export function withWindowLoading(
  s: TransactionsState,
  key: string,
  loading: TxWindow['loading'],
  error?: string,
): TransactionsState {
  return setWindow(s, key, withLoading(s.windows.get(key) ?? EMPTY_WINDOW, loading, error));
}

/** View `key` has no finished history to read (all its statuses are unfinished ones). */
export function withWindowComplete(s: TransactionsState, key: string): TransactionsState {
  const w = s.windows.get(key);
  if (w?.complete === true && w.loading === undefined && w.error === undefined) return s;
  return setWindow(s, key, { ...EMPTY_WINDOW, complete: true });
}

/** The window of view `key` without `count` rows at one end; rows nothing else holds are forgotten. */
export function withWindowCut(s: TransactionsState, key: string, side: 'top' | 'bottom', count: number): TransactionsState {
  const w = s.windows.get(key);
  if (w === undefined) return s;
  const { window, cut: ids } = cut(w, side, count);
  return forgetUnheld(setWindow(s, key, window), ids);
}

/** View `key` dropped entirely (the console keeps few views); its rows as above. */
export function withoutWindow(s: TransactionsState, key: string): TransactionsState {
  const w = s.windows.get(key);
  if (w === undefined) return s;
  const windows = new Map(s.windows);
  windows.delete(key);
  return forgetUnheld({ ...s, windows, version: s.version + 1 }, w.ids);
}

/**
 * Why the console still holds a transaction once no window does: it is unfinished (all live work
 * is kept), it changed while this console watched (its statuses seen), or its detail is open.
 */
function heldOtherwise(s: TransactionsState, id: string, windowed: (id: string) => boolean): boolean {
  const tx = s.byId.get(id);
  if (tx === undefined) return true; // nothing to forget
  if (!isTerminalTransactionStatus(tx.status)) return true;
  if ((s.seen.get(id)?.length ?? 0) > 1) return true;
  if (s.detail?.id === id) return true;
  return windowed(id);
}

/** Forgets those of `ids` the console no longer holds for any reason. */
export function forgetUnheld(s: TransactionsState, ids: readonly string[]): TransactionsState {
  if (ids.length === 0) return s;
  const windowed = (id: string) => [...s.windows.values()].some((w) => w.keys.has(id));
  const gone = new Set(ids.filter((id) => !heldOtherwise(s, id, windowed)));
  if (gone.size === 0) return s;
  const byId = new Map(s.byId);
  const seen = new Map(s.seen);
  let changedAt: Map<string, number> | undefined;
  for (const id of gone) {
    byId.delete(id);
    seen.delete(id);
    if (s.changedAt.has(id)) (changedAt ??= new Map(s.changedAt)).delete(id);
  }
  return {
    ...s,
    byId,
    seen,
    order: s.order.filter((id) => !gone.has(id)),
    changedAt: changedAt ?? s.changedAt,
    version: s.version + 1,
  };
}

/**
 * Transactions the server no longer has (it answered 404, or left them out of a range it was asked
 * for whole): gone from the store and from every window, whatever else held them.
 */
export function withoutTransactions(s: TransactionsState, ids: Iterable<string>): TransactionsState {
  const gone = new Set([...ids].filter((id) => s.byId.has(id)));
  if (gone.size === 0) return s;
  const byId = new Map(s.byId);
  const seen = new Map(s.seen);
  const changedAt = new Map(s.changedAt);
  let waiting = 0;
  let open = 0;
  for (const id of gone) {
    const tx = byId.get(id)!;
    if (tx.status === WAITING_APPROVAL) waiting++;
    if (!isTerminalTransactionStatus(tx.status)) open++;
    byId.delete(id);
    seen.delete(id);
    changedAt.delete(id);
  }
  const windows = new Map<string, TxWindow>();
  for (const [key, w] of s.windows) {
    if (!w.ids.some((id) => gone.has(id))) {
      windows.set(key, w);
      continue;
    }
    const keys = new Map(w.keys);
    for (const id of gone) keys.delete(id);
    windows.set(key, { ...w, ids: w.ids.filter((id) => !gone.has(id)), keys });
  }
  return {
    ...s,
    byId,
    seen,
    changedAt,
    order: s.order.filter((id) => !gone.has(id)),
    windows,
    awaitingApproval: Math.max(0, s.awaitingApproval - waiting),
    unfinished: Math.max(0, s.unfinished - open),
    version: s.version + 1,
  };
}

/** View `key` read again over the range it held (`r`): what the server answered, and when it was asked. */
export interface WindowReload {
  /** The window as read again: the same top, as far down as the old one reached (or further). */
  readonly window: TxWindow;
  readonly items: readonly Transaction[];
  readonly query: TxQuery;
  /** Epoch ms, on the server's clock, when the reading began. */
  readonly before: number;
}

/**
 * View `key` replaced by what the server answered for the range it held: rows it no longer lists
 * leave the window, and a finished transaction of the view in that range that the server left out
 * is gone (a sandbox that restarted with a new world, a record removed) unless it changed after the
 * reading began (it finished meanwhile: the server's pages may have passed it while it was live).
 * Nothing outside the range is touched, so memory stays what the window holds.
 */
export function withWindowReloaded(
  s: TransactionsState,
  key: string,
  reload: WindowReload,
  now: number,
): TransactionsState {
  const old = s.windows.get(key);
  let next = applyTransactions(s, reload.items, { now, live: false, slim: true });
  const w = reload.window;
  const gone: string[] = [];
  for (const [id, tx] of next.byId) {
    if (w.keys.has(id) || !isTerminalTransactionStatus(tx.status)) continue;
    if (!covers(w, sortKey(tx, reload.query))) continue;
    if (old?.keys.has(id) !== true && !inQuery(reload.query, tx)) continue;
    if (Number(tx.updatedAt ?? tx.createdAt) >= reload.before) continue;
    gone.push(id);
  }
  next = setWindow(withoutTransactions(next, gone), key, withLoading(w, undefined));
  return forgetUnheld(next, (old?.ids ?? []).filter((id) => !w.keys.has(id)));
}
