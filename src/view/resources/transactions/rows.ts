// The rows of the transactions pane: the view's window of the history as the server ordered it
// plus the live work and this session's changes its query takes, then the `/` text over the rows
// held and the sorts done locally (USD value, status). Memoized on what it reads.
import type { Transaction } from '../../../contract/index.js';
import {
  compareUrgency,
  covers,
  inQuery,
  needsHistory,
  type PricesState,
  sortKey,
  type TransactionsState,
  type TxQuery,
  txQueryKey,
  type TxWindow,
  type UrgencyKey,
  urgencyKey,
} from '../../../store/index.js';
import { listState, type UiData } from '../../../store/ui.js';
import type { Column } from '../../draw/columns.js';
import { transactionAmount, usdValue } from '../../draw/context.js';
import { SEARCH_ROW_ID, searchOffer } from '../../base/search-offer.js';
import {
  columnSorts,
  compareText,
  type DerivedList,
  fixed8,
  type HistoryHeld,
  type ListQuery,
  makeList,
  memo,
  type RefData,
  searchCache,
  type SortSpec,
  sortByColumn,
  sortOf,
  textFilter,
} from '../kit.js';
import type { RenderCtx } from '../../draw/context.js';
import { ALL_TRANSACTION_COLUMNS } from './columns.js';
import { priceHolder } from '../balances/held-prices.js';

/** The sorts of its own; then one per other column (kit.ts columnSorts), over the loaded rows. */
const OWN_SORTS: readonly SortSpec[] = [
  // Read the other way (`S`), the server reads the history oldest first.
  { id: 'created', label: 'created ↓', reversed: 'created ↑, oldest first' },
  { id: 'updated', label: 'updated ↓', reversed: 'updated ↑, oldest first' },
  { id: 'usd', label: 'amount (USD) ↓, loaded rows' },
  // Urgency (store/urgency.ts). All unfinished work is held, so its top is whole; finished rows are the loaded ones.
  { id: 'status', label: 'status: urgent first, loaded rows' },
];

export const TRANSACTION_SORTS: readonly SortSpec[] = columnSorts(OWN_SORTS, ALL_TRANSACTION_COLUMNS, ', loaded rows');

/** The server's own orders, either way (`S`: it reads them oldest first). */
const SERVER_ORDERS = new Set(['created', 'updated']);

export interface TransactionQuery extends ListQuery {
  /** The sort read the other way (`S`). */
  readonly reverse?: boolean;
  /** What the server is asked for (filters and its sort): the view's window. */
  readonly server: TxQuery;
}

/** The server's sort behind a sort of the pane (the USD and status sorts reorder created ↓). */
export function serverSort(sortIndex: number): TxQuery['sort'] {
  return sortOf(TRANSACTION_SORTS, sortIndex).id === 'updated' ? 'updated' : 'created';
}

/** The query of the transactions pane, from the ui state. */
export function transactionQuery(ui: Pick<UiData, 'accountFilter' | 'txFilter' | 'lists'>): TransactionQuery {
  const own = listState(ui, 'transactions');
  return {
    filter: own.filter,
    sort: own.sort,
    reverse: own.reverse === true,
    server: {
      filter: ui.accountFilter !== undefined ? { ...ui.txFilter, accountId: ui.accountFilter } : ui.txFilter,
      sort: serverSort(own.sort),
      ...(own.reverse === true && SERVER_ORDERS.has(sortOf(TRANSACTION_SORTS, own.sort).id) ? { oldestFirst: true } : {}),
    },
  };
}

/** Epoch-ms texts as numbers (the longer is larger; equal lengths compare as text). */
function compareMillisText(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : compareText(a, b);
}

/** Rows of the view held, in the server's order: its window, and what else its query takes. */
function viewRowsOf(state: TransactionsState, server: TxQuery, w: TxWindow | undefined): readonly string[] {
  const { byId, order } = state;
  // Without finished history to read (`:tx waiting-approval`), all of it is held already.
  const everything = w === undefined && !needsHistory(server);
  if (w === undefined && !everything) return [];
  const ids = order.filter((id) => {
    const tx = byId.get(id);
    if (tx === undefined) return false;
    if (w !== undefined && !covers(w, sortKey(tx, server))) return false;
    // The server put a window's rows there; others (live work, this session's changes) are in it
    // by the server's own rule.
    return w?.keys.has(id) === true || inQuery(server, tx);
  });
  const oldest = server.oldestFirst === true;
  // `order` is newest created first.
  if (server.sort === 'created') return oldest ? [...ids].reverse() : ids;
  const newest = ids
    .map((id) => ({ id, key: byId.get(id)!.updatedAt ?? byId.get(id)!.createdAt }))
    .sort((a, b) => compareMillisText(b.key, a.key) || compareText(b.id, a.id))
    .map((r) => r.id);
  return oldest ? newest.reverse() : newest;
}

/** The rows sorted on what is held: USD value (largest first, unpriced last) or status (urgency.ts). */
function sortLocally(
  ids: readonly string[],
  sort: string,
  byId: TransactionsState['byId'],
  value: (tx: Transaction) => bigint | undefined,
): readonly string[] {
  // Decorate once, then sort: the keys are read n times, not n log n times. Ties keep the
  // server's order, so the sort is stable and total.
  const keyed = ids.map((id, i) => {
    const tx = byId.get(id)!;
    return { id, i, key: sort === 'usd' ? value(tx) : urgencyKey(tx) };
  });
  keyed.sort((a, b) => {
    if (sort === 'status') return compareUrgency(a.key as UrgencyKey, b.key as UrgencyKey) || a.i - b.i;
    const x = a.key as bigint | undefined;
    const y = b.key as bigint | undefined;
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.i - b.i;
    return x > y ? -1 : x < y ? 1 : a.i - b.i;
  });
  return keyed.map((k) => k.id);
}

export type TransactionRows = (
  state: TransactionsState,
  q: TransactionQuery,
  ref: RefData,
  prices: PricesState,
) => DerivedList<Transaction>;

export function transactionRows(columns: readonly Column<Transaction>[]): TransactionRows {
  const search = searchCache(columns, (tx: Transaction) => tx.transactionId);
  // Per text, over the rows held: `/` filters as each key is typed.
  const filterText = textFilter<string>();
  /** The prices the list values with: the held ones until they are a minute old. */
  const pricesForList = priceHolder();

  const viewRows = memo(
    viewRowsOf,
    (a, b) => a[0].byId === b[0].byId && a[0].order === b[0].order && txQueryKey(a[1]) === txQueryKey(b[1]) && a[2] === b[2],
  );

  return memo(
    (state, q, ref, prices): DerivedList<Transaction> => {
      const { byId } = state;
      const bySymbol = pricesForList(prices);
      const w = state.windows.get(txQueryKey(q.server));
      const held = viewRows(state, q.server, w);
      let ids = filterText(held, q.filter, (id) => search(byId.get(id)!, ref), [
        ref.dictionary,
        ref.workspace,
        ref.directory,
      ]);
      const sort = sortOf(TRANSACTION_SORTS, q.sort).id;
      const reverse = q.reverse === true;
      const local = !SERVER_ORDERS.has(sort);
      if (sort === 'usd' || sort === 'status') {
        ids = sortLocally(ids, sort, byId, (tx) => {
          const { amount, assetId } = transactionAmount(tx);
          return fixed8(usdValue({ dictionary: ref.dictionary, prices: bySymbol }, amount, assetId));
        });
        if (reverse) ids = [...ids].reverse();
      } else if (!SERVER_ORDERS.has(sort)) {
        const column = ALL_TRANSACTION_COLUMNS.find((c) => c.id === sort)!;
        // Columns that read the clock (age, time left) sort by their sortKey, not by it.
        const ctx: RenderCtx = { ascii: false, now: 0, prices: bySymbol, ...ref };
        ids = sortByColumn(ids, (id) => byId.get(id), column, ctx, reverse);
      }
      const everything = w === undefined && !needsHistory(q.server);
      const history: HistoryHeld = {
        above: w?.droppedAbove ?? 0,
        complete: everything || w?.complete === true,
        loading: w === undefined ? !everything : w.loading !== undefined,
        ...(w?.error !== undefined ? { error: w.error } : {}),
        localSort: local,
      };
      const get = (id: string) => byId.get(id);
      // A text the server can find by itself (an id, an address, a hash) is offered as a last row:
      // the history may hold more than is loaded. Not for a transaction already held.
      const offer = searchOffer(q.filter);
      if (offer === undefined || (offer.filter.transactionId !== undefined && byId.has(offer.filter.transactionId))) {
        return makeList(ids, get, held.length, { prices: bySymbol, history });
      }
      const text = `search the server for the ${offer.kind} ${offer.text} (enter)`;
      return makeList([...ids, SEARCH_ROW_ID], get, held.length, {
        prices: bySymbol,
        history,
        note: (id) => (id === SEARCH_ROW_ID ? text : undefined),
      });
    },
    (a, b) =>
      a[0].byId === b[0].byId &&
      a[0].order === b[0].order &&
      a[0].windows === b[0].windows &&
      a[1].filter === b[1].filter &&
      sortOf(TRANSACTION_SORTS, a[1].sort).id === sortOf(TRANSACTION_SORTS, b[1].sort).id &&
      (a[1].reverse === true) === (b[1].reverse === true) &&
      txQueryKey(a[1].server) === txQueryKey(b[1].server) &&
      a[2].dictionary === b[2].dictionary &&
      a[2].workspace.accountsById === b[2].workspace.accountsById &&
      a[2].workspace.addresses === b[2].workspace.addresses &&
      a[2].directory === b[2].directory,
  );
}
