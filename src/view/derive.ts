// The rows a pane shows: its records filtered and sorted, derived once per change of the data or
// of the query and memoized, so a keypress (which changes neither) costs the same at 100,000
// transactions as at 1,000. Selection is by id; finding an id's row starts at the last known
// index and only builds an id → index map when the row moved far.
import type { Account, Address, Transaction } from '../contract/index.js';
import {
  covers,
  type DictionaryState,
  inQuery,
  needsHistory,
  type PricePoint,
  type PricesState,
  sortKey,
  type TransactionsState,
  type TxQuery,
  txQueryKey,
  type TxWindow,
  type WorkspaceState,
} from '../store/index.js';
import type { ListPaneId, UiData } from '../store/ui.js';
import { type Renderer, searchText } from './renderers/columns.js';
import { accountRenderer } from './renderers/accounts.js';
import { addressRenderer } from './renderers/addresses.js';
import type { RenderCtx } from './renderers/context.js';
import { transactionAmount, usdValue } from './renderers/context.js';
import { priceRenderer } from './renderers/prices.js';
import { SEARCH_ROW_ID, searchOffer } from './search-offer.js';
import { transactionRenderer } from './renderers/transactions.js';

export interface DerivedList<R> {
  readonly ids: readonly string[];
  get(id: string): R | undefined;
  /** Row of an id, or -1; `hint` is where it was last (a near hit costs O(1)). */
  indexOf(id: string, hint?: number): number;
  /** Records before any filter. */
  readonly total: number;
  /** Prices the list was derived with (USD column and sort), so values and order agree. */
  readonly prices: ReadonlyMap<string, PricePoint>;
  /** Deposit addresses per account (accounts pane). */
  readonly addressCounts?: ReadonlyMap<string, number>;
  /** Transactions: how much of the view's history is held (see store/tx-window.ts). */
  readonly history?: HistoryHeld;
  /** A row that is not a record (the server-search offer): its text, drawn across the table. */
  note?(id: string): string | undefined;
}

/** What a transactions view holds of its history, for the title ("1-40 of 3,000+"). */
export interface HistoryHeld {
  /** Rows of the view above the first one held (cut off far from the cursor). */
  readonly above: number;
  /** The oldest row of the view is held. */
  readonly complete: boolean;
  readonly loading: boolean;
  readonly error?: string;
  /** The sort is done on the rows held, not by the server (USD value, status). */
  readonly localSort: boolean;
}

const NEAR = 64;

export function makeList<R>(
  ids: readonly string[],
  get: (id: string) => R | undefined,
  total: number,
  prices: ReadonlyMap<string, PricePoint>,
  addressCounts?: ReadonlyMap<string, number>,
  history?: HistoryHeld,
  note?: (id: string) => string | undefined,
): DerivedList<R> {
  let index: Map<string, number> | undefined;
  return {
    ids,
    get,
    total,
    prices,
    ...(addressCounts ? { addressCounts } : {}),
    ...(history ? { history } : {}),
    ...(note ? { note } : {}),
    indexOf(id, hint) {
      if (hint !== undefined && hint >= 0) {
        if (ids[hint] === id) return hint;
        // New rows arrive a few at a time: look near the old place before building a map.
        for (let d = 1; d <= NEAR; d++) {
          if (ids[hint + d] === id) return hint + d;
          if (ids[hint - d] === id) return hint - d;
        }
      }
      if (index === undefined) {
        index = new Map();
        for (let i = 0; i < ids.length; i++) index.set(ids[i]!, i);
      }
      return index.get(id) ?? -1;
    },
  };
}

/** `/` text: case-insensitive substring; a leading `!` keeps the rows that do not match. */
export function textMatcher(filter: string): ((text: string) => boolean) | undefined {
  const trimmed = filter.trim();
  const invert = trimmed.startsWith('!');
  const needle = (invert ? trimmed.slice(1) : trimmed).trim().toLowerCase();
  if (needle === '') return undefined;
  return invert ? (t) => !t.includes(needle) : (t) => t.includes(needle);
}

export interface RefData {
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
}

/** Sorts of each pane, in the order `s` cycles through them. */
export const SORTS: Readonly<Record<ListPaneId, readonly { id: string; label: string }[]>> = {
  transactions: [
    { id: 'created', label: 'created ↓' },
    { id: 'updated', label: 'updated ↓' },
    { id: 'usd', label: 'amount (USD) ↓, loaded rows' },
    { id: 'status', label: 'status, loaded rows' },
  ],
  accounts: [
    { id: 'name', label: 'name' },
    { id: 'created', label: 'created ↓' },
    { id: 'status', label: 'status' },
  ],
  addresses: [
    { id: 'created', label: 'created ↓' },
    { id: 'account', label: 'account' },
    { id: 'network', label: 'network' },
    { id: 'status', label: 'status' },
  ],
  prices: [
    { id: 'market', label: 'market' },
    { id: 'change', label: 'change ↓' },
    { id: 'symbol', label: 'symbol' },
  ],
};

export function sortOf(pane: ListPaneId, index: number): { id: string; label: string } {
  const sorts = SORTS[pane];
  return sorts[((index % sorts.length) + sorts.length) % sorts.length]!;
}

export function sortLabel(pane: ListPaneId, index: number, ascii: boolean): string {
  const label = sortOf(pane, index).label;
  return ascii ? label.replace('↓', 'desc') : label;
}

/** One search text per record, reused until the names it was made with change. */
class SearchCache {
  private texts = new WeakMap<object, string>();
  private ref: RefData | undefined;

  text<R extends object>(renderer: Renderer<R>, record: R, ref: RefData): string {
    if (
      this.ref === undefined ||
      this.ref.dictionary !== ref.dictionary ||
      this.ref.workspace !== ref.workspace
    ) {
      this.texts = new WeakMap();
      this.ref = ref;
    }
    let t = this.texts.get(record);
    if (t === undefined) {
      const ctx: RenderCtx = { ascii: false, now: 0, prices: new Map(), ...ref };
      t = searchText(renderer, record, ctx);
      this.texts.set(record, t);
    }
    return t;
  }
}

/** A decimal string as an integer of 10^-8 units, for exact ordering without floats. */
function fixed8(s: string | undefined): bigint | undefined {
  if (s === undefined || !/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  const negative = s.startsWith('-');
  const [int, frac = ''] = (negative ? s.slice(1) : s).split('.');
  const units = BigInt(int! + frac.slice(0, 8).padEnd(8, '0'));
  return negative ? -units : units;
}

/** Epoch-ms texts as numbers (the longer is larger; equal lengths compare as text). */
function compareMillisText(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export interface TransactionQuery {
  /** The `/` text, over the rows held. */
  readonly filter: string;
  readonly sort: number;
  /** What the server is asked for (filters and its sort): the view's window. */
  readonly server: TxQuery;
}

/** The server's sort behind a sort of the pane (the USD and status sorts reorder created ↓). */
export function serverSort(sortIndex: number): TxQuery['sort'] {
  return sortOf('transactions', sortIndex).id === 'updated' ? 'updated' : 'created';
}

export interface AddressQuery {
  readonly filter: string;
  readonly sort: number;
  readonly accountId?: string;
  readonly networks: readonly string[];
  readonly statuses: readonly string[];
}

export interface SimpleQuery {
  readonly filter: string;
  readonly sort: number;
}

/** One memo slot: the last inputs and what they gave. */
function memo<A extends readonly unknown[], T>(compute: (...args: A) => T, same: (a: A, b: A) => boolean) {
  let last: { args: A; value: T } | undefined;
  return (...args: A): T => {
    if (last !== undefined && same(last.args, args)) return last.value;
    const value = compute(...args);
    last = { args, value };
    return value;
  };
}

export interface Derivations {
  transactions(
    state: TransactionsState,
    q: TransactionQuery,
    ref: RefData,
    prices: PricesState,
  ): DerivedList<Transaction>;
  accounts(state: WorkspaceState, q: SimpleQuery, ref: RefData): DerivedList<Account>;
  addresses(state: WorkspaceState, q: AddressQuery, ref: RefData): DerivedList<Address>;
  prices(state: PricesState, q: SimpleQuery, ref: RefData): DerivedList<PricePoint>;
}

/** Symbols most people look for first; the rest follow alphabetically. */
const MARKET_ORDER = ['BTC', 'ETH', 'SOL', 'USDT', 'USDC', 'XRP', 'TRX', 'TON'];

export function marketRank(symbol: string): number {
  const i = MARKET_ORDER.indexOf(symbol);
  return i < 0 ? MARKET_ORDER.length : i;
}

/**
 * How long the transactions list keeps the prices it values its USD column with. Re-pricing every
 * visible row on each 2 s ticker poll rewrote every row of the screen (bytes over SSH) for cents;
 * the list takes newer prices at its next change once these are a minute old. The ticker, the
 * prices pane and the detail stay live.
 */
export const LIST_PRICES_MAX_AGE_MS = 60_000;

export function createDerivations(): Derivations {
  const search = new SearchCache();
  let listPrices: PricesState | undefined;

  /** The prices the transactions list values with: the held ones until they are a minute old. */
  function pricesForList(prices: PricesState): ReadonlyMap<string, PricePoint> {
    const held = listPrices;
    const due =
      held === undefined ||
      held.bySymbol.size < prices.bySymbol.size ||
      (prices.updatedAt ?? 0) - (held.updatedAt ?? 0) >= LIST_PRICES_MAX_AGE_MS ||
      (prices.updatedAt ?? 0) < (held.updatedAt ?? 0);
    if (due) listPrices = prices;
    return listPrices!.bySymbol;
  }

  /** The rows of the view held, in the server's order: its window, and what else matches. */
  const viewRows = memo(
    (state: TransactionsState, server: TxQuery, w: TxWindow | undefined): readonly string[] => {
      const { byId, order } = state;
      // Without finished history to read (`:tx waiting-approval`), all of it is held already.
      const everything = w === undefined && !needsHistory(server);
      if (w === undefined && !everything) return [];
      const ids = order.filter((id) => {
        const tx = byId.get(id);
        if (tx === undefined) return false;
        if (w !== undefined && !covers(w, sortKey(tx, server.sort))) return false;
        // The server put a window's rows there; others (live work, this session's changes) are
        // in it by the server's own rule.
        return w?.keys.has(id) === true || inQuery(server, tx);
      });
      if (server.sort === 'created') return ids; // `order` is newest created first
      return ids
        .map((id) => ({ id, key: byId.get(id)!.updatedAt ?? byId.get(id)!.createdAt }))
        .sort((a, b) => {
          const byKey = compareMillisText(b.key, a.key);
          return byKey !== 0 ? byKey : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
        })
        .map((r) => r.id);
    },
    (a, b) => a[0].byId === b[0].byId && a[0].order === b[0].order && txQueryKey(a[1]) === txQueryKey(b[1]) && a[2] === b[2],
  );

  const transactions = memo(
    (
      state: TransactionsState,
      q: TransactionQuery,
      ref: RefData,
      prices: PricesState,
    ): DerivedList<Transaction> => {
      const { byId } = state;
      const bySymbol = pricesForList(prices);
      const w = state.windows.get(txQueryKey(q.server));
      const held = viewRows(state, q.server, w);
      const match = textMatcher(q.filter);
      let ids: readonly string[] = held;
      if (match) ids = held.filter((id) => match(search.text(transactionRenderer, byId.get(id)!, ref)));
      const sort = sortOf('transactions', q.sort).id;
      if (sort === 'usd' || sort === 'status') {
        // Decorate once, then sort: the keys are read n times, not n log n times. Ties keep the
        // server's order, so the sort is stable and total.
        const keyed = ids.map((id, i) => {
          const tx = byId.get(id)!;
          let key: bigint | string | undefined;
          if (sort === 'usd') {
            const { amount, assetId } = transactionAmount(tx);
            key = fixed8(usdValue({ dictionary: ref.dictionary, prices: bySymbol }, amount, assetId));
          } else key = tx.status;
          return { id, i, key };
        });
        keyed.sort((a, b) => {
          if (sort === 'status') return compareText(a.key as string, b.key as string) || a.i - b.i;
          const x = a.key as bigint | undefined;
          const y = b.key as bigint | undefined;
          if (x === undefined || y === undefined)
            return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a.i - b.i;
          return x > y ? -1 : x < y ? 1 : a.i - b.i;
        });
        ids = keyed.map((k) => k.id);
      }
      const everything = w === undefined && !needsHistory(q.server);
      const history: HistoryHeld = {
        above: w?.droppedAbove ?? 0,
        complete: everything || w?.complete === true,
        loading: w === undefined ? !everything : w.loading !== undefined,
        ...(w?.error !== undefined ? { error: w.error } : {}),
        localSort: sort === 'usd' || sort === 'status',
      };
      // A text the server can find by itself (an id, an address, a hash) is offered as a last row:
      // the history may hold more than is loaded. Not for a transaction already held.
      const offer = searchOffer(q.filter);
      if (offer === undefined || (offer.filter.transactionId !== undefined && byId.has(offer.filter.transactionId))) {
        return makeList(ids, (id) => byId.get(id), held.length, bySymbol, undefined, history);
      }
      const text = `search the server for the ${offer.kind} ${offer.text} (enter)`;
      return makeList([...ids, SEARCH_ROW_ID], (id) => byId.get(id), held.length, bySymbol, undefined, history, (id) =>
        id === SEARCH_ROW_ID ? text : undefined,
      );
    },
    (a, b) =>
      a[0].byId === b[0].byId &&
      a[0].order === b[0].order &&
      a[0].windows === b[0].windows &&
      a[1].filter === b[1].filter &&
      sortOf('transactions', a[1].sort).id === sortOf('transactions', b[1].sort).id &&
      txQueryKey(a[1].server) === txQueryKey(b[1].server) &&
      a[2].dictionary === b[2].dictionary &&
      a[2].workspace.accountsById === b[2].workspace.accountsById,
  );

  const addressCounts = memo(
    (addresses: readonly Address[]) => {
      const counts = new Map<string, number>();
      for (const a of addresses)
        if (a.accountId != null) counts.set(a.accountId, (counts.get(a.accountId) ?? 0) + 1);
      return counts;
    },
    (a, b) => a[0] === b[0],
  );

  const accounts = memo(
    (state: WorkspaceState, q: SimpleQuery, ref: RefData): DerivedList<Account> => {
      const match = textMatcher(q.filter);
      let rows = match
        ? state.accounts.filter((a) => match(search.text(accountRenderer, a, ref)))
        : [...state.accounts];
      const sort = sortOf('accounts', q.sort).id;
      rows = rows.sort((a, b) =>
        sort === 'created'
          ? compareText(b.createdAt.padStart(20, '0'), a.createdAt.padStart(20, '0'))
          : sort === 'status'
            ? compareText(a.status, b.status) || a.accountName.localeCompare(b.accountName)
            : a.accountName.localeCompare(b.accountName),
      );
      return makeList(
        rows.map((a) => a.accountId),
        (id) => state.accountsById.get(id),
        state.accounts.length,
        new Map(),
        addressCounts(state.addresses),
      );
    },
    (a, b) =>
      a[0].accounts === b[0].accounts &&
      a[0].addresses === b[0].addresses &&
      a[1].filter === b[1].filter &&
      a[1].sort === b[1].sort &&
      a[2].dictionary === b[2].dictionary,
  );

  const addresses = memo(
    (state: WorkspaceState, q: AddressQuery, ref: RefData): DerivedList<Address> => {
      const match = textMatcher(q.filter);
      const networks = q.networks.map((n) => n.toLowerCase());
      const statuses = new Set(q.statuses);
      const networkMatches = (networkId: string) => {
        const name = ref.dictionary.networks.get(networkId)?.name?.toLowerCase();
        return networks.includes(networkId.toLowerCase()) || (name !== undefined && networks.includes(name));
      };
      let rows = state.addresses.filter(
        (a) =>
          (q.accountId === undefined || a.accountId === q.accountId) &&
          (networks.length === 0 || networkMatches(a.networkId)) &&
          (statuses.size === 0 || statuses.has(a.status)) &&
          (match === undefined || match(search.text(addressRenderer, a, ref))),
      );
      const sort = sortOf('addresses', q.sort).id;
      const name = (id: string | null | undefined) =>
        id == null ? '' : (state.accountsById.get(id)?.accountName ?? id);
      rows = rows.sort((a, b) =>
        sort === 'account'
          ? name(a.accountId).localeCompare(name(b.accountId)) || compareText(a.networkId, b.networkId)
          : sort === 'network'
            ? compareText(a.networkId, b.networkId) || name(a.accountId).localeCompare(name(b.accountId))
            : sort === 'status'
              ? compareText(a.status, b.status)
              : compareText(b.createdAt.padStart(20, '0'), a.createdAt.padStart(20, '0')),
      );
      const byId = new Map(state.addresses.map((a) => [a.addressId, a]));
      return makeList(
        rows.map((a) => a.addressId),
        (id) => byId.get(id),
        state.addresses.length,
        new Map(),
      );
    },
    (a, b) =>
      a[0].addresses === b[0].addresses &&
      a[0].accountsById === b[0].accountsById &&
      a[1].filter === b[1].filter &&
      a[1].sort === b[1].sort &&
      a[1].accountId === b[1].accountId &&
      sameList(a[1].networks, b[1].networks) &&
      sameList(a[1].statuses, b[1].statuses) &&
      a[2].dictionary === b[2].dictionary,
  );

  const prices = memo(
    (state: PricesState, q: SimpleQuery, ref: RefData): DerivedList<PricePoint> => {
      const match = textMatcher(q.filter);
      const symbol = (p: PricePoint) => ref.dictionary.symbols.get(p.baseSymbolId)?.symbol ?? p.baseSymbolId;
      // The quote currency against itself says nothing.
      const quoted = [...state.bySymbol.values()].filter((p) => p.baseSymbolId !== p.quoteSymbolId);
      let rows =
        match === undefined ? quoted : quoted.filter((p) => match(search.text(priceRenderer, p, ref)));
      const sort = sortOf('prices', q.sort).id;
      const change = (p: PricePoint) => {
        const open = fixed8(p.sessionOpen);
        const now = fixed8(p.price);
        if (open === undefined || now === undefined || open === 0n) return 0n;
        return ((now - open) * 1_000_000_000n) / (open < 0n ? -open : open);
      };
      rows = rows.sort((a, b) => {
        if (sort === 'change') {
          const x = change(a);
          const y = change(b);
          return x > y ? -1 : x < y ? 1 : compareText(symbol(a), symbol(b));
        }
        if (sort === 'symbol') return compareText(symbol(a), symbol(b));
        return marketRank(symbol(a)) - marketRank(symbol(b)) || compareText(symbol(a), symbol(b));
      });
      return makeList(
        rows.map((p) => p.baseSymbolId),
        (id) => state.bySymbol.get(id),
        quoted.length,
        state.bySymbol,
      );
    },
    (a, b) =>
      a[0].bySymbol === b[0].bySymbol &&
      a[1].filter === b[1].filter &&
      a[1].sort === b[1].sort &&
      a[2].dictionary === b[2].dictionary,
  );

  return { transactions, accounts, addresses, prices };
}

/** The query of the transactions pane, from the ui state. */
export function transactionQuery(
  ui: Pick<UiData, 'accountFilter' | 'txFilter'> & { lists: Pick<UiData['lists'], 'transactions'> },
): TransactionQuery {
  const l = ui.lists.transactions;
  return {
    filter: l.filter,
    sort: l.sort,
    server: {
      filter: ui.accountFilter !== undefined ? { ...ui.txFilter, accountId: ui.accountFilter } : ui.txFilter,
      sort: serverSort(l.sort),
    },
  };
}

export function addressQuery(
  ui: Pick<UiData, 'accountFilter' | 'addrNetworks' | 'addrStatuses'> & {
    lists: Pick<UiData['lists'], 'addresses'>;
  },
): AddressQuery {
  const l = ui.lists.addresses;
  return {
    filter: l.filter,
    sort: l.sort,
    ...(ui.accountFilter !== undefined ? { accountId: ui.accountFilter } : {}),
    networks: ui.addrNetworks,
    statuses: ui.addrStatuses,
  };
}

/** Whether Esc has something to clear on this pane (its filter, command filters or the chip). */
export function paneHasFilter(ui: UiData, pane: ListPaneId): boolean {
  if (ui.lists[pane].filter !== '') return true;
  if (pane === 'transactions') return ui.accountFilter !== undefined || ui.txChips.length > 0;
  if (pane === 'addresses')
    return ui.accountFilter !== undefined || ui.addrNetworks.length + ui.addrStatuses.length > 0;
  return false;
}
