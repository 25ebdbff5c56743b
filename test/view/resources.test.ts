// The rows of each list resource: filtered and sorted once per change of data or query, never per
// keypress; the selection follows its id through moving rows.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  applyPrices,
  applyTransactions,
  emptyTransactions,
  type TransactionsState,
  txQueryKey,
  withUnfinishedLimit,
  withWindowComplete,
  withWindowPage,
} from '../../src/store/index.js';
import { createUiStore, type ListState, type UiData } from '../../src/store/ui.js';
import { initialUi } from '../../src/store/ui.js';
import { paneHasFilter } from '../../src/view/focus/current.js';
import { createViewModel, type ViewModel } from '../../src/view/model/model.js';
import { accounts } from '../../src/view/resources/accounts/resource.js';
import { addresses } from '../../src/view/resources/addresses/resource.js';
import { makeList, type RefData, textMatcher } from '../../src/view/resources/kit.js';
import { prices } from '../../src/view/resources/prices/resource.js';
import { LIST_PRICES_MAX_AGE_MS } from '../../src/view/resources/balances/held-prices.js';
import {
  serverSort,
  type TransactionQuery,
  transactionRows,
} from '../../src/view/resources/transactions/rows.js';
import { transactions } from '../../src/view/resources/transactions/resource.js';
import { SEARCH_ROW_ID } from '../../src/view/base/search-offer.js';
import { moveSelection, resolveSelection } from '../../src/view/focus/selection.js';
import { fixtures, loadedStores, NOW, recordingActions, tx } from './helpers.js';

function setup() {
  const stores = loadedStores();
  const ref: RefData = { dictionary: stores.dictionary.getState(), workspace: stores.workspace.getState() };
  /** A resource's rows as its pane would derive them with this ui state. */
  const rowsOf = (resource: { rows(vm: ViewModel): { ids: readonly string[]; total: number } }, ui: Partial<UiData>) => {
    const vm = createViewModel(stores, { ui: createUiStore(ui) }, recordingActions({ calls: [], copied: [], quits: 0 }), {
      ascii: false,
      color: false,
      now: () => NOW,
      copy: () => Promise.reject(new Error('no clipboard')),
      quit: () => {},
    });
    return resource.rows(vm);
  };
  const list = (pane: string, patch: Partial<ListState>) => ({
    lists: { [pane]: { cursor: 0, row: 0, filter: '', sort: 0, ...patch } },
  });
  return { stores, ref, derive: { transactions: transactionRows(transactions.columns) }, rowsOf, list };
}

interface Q {
  filter?: string;
  sort?: number;
  statuses?: string[];
  types?: string[];
  accountId?: string;
}

/** A query as the pane builds it: the `/` text, the sort, and the server's filters. */
const q = ({ filter = '', sort = 0, statuses = [], types = [], accountId }: Q = {}): TransactionQuery => ({
  filter,
  sort,
  server: {
    filter: {
      ...(statuses.length > 0 ? { transactionStatuses: statuses } : {}),
      ...(types.length > 0 ? { transactionTypes: types } : {}),
      ...(accountId !== undefined ? { accountId } : {}),
    },
    sort: serverSort(sort),
  },
});

/** The state with view `query`'s history complete (the fixtures are all of it). */
function whole(s: TransactionsState, query: TransactionQuery): TransactionsState {
  return withWindowComplete(s, txQueryKey(query.server));
}

describe('textMatcher', () => {
  it.each<[string, string, boolean | undefined]>([
    ['', 'anything', undefined],
    ['  ', 'anything', undefined],
    ['!', 'anything', undefined],
    ['cold', 'treasury cold', true],
    ['COLD', 'treasury cold', true],
    ['hot', 'treasury cold', false],
    ['!cold', 'treasury cold', false],
    ['! hot', 'treasury cold', true],
  ])('%j on %j', (filter, text, expected) => {
    const m = textMatcher(filter);
    expect(m === undefined ? undefined : m(text)).toBe(expected);
  });
});

describe('transactions', () => {
  it('no filter, default sort: the store order', () => {
    const { stores, ref, derive } = setup();
    const state = stores.transactions.getState();
    const list = derive.transactions(state, q(), ref, stores.prices.getState());
    expect(list.ids).toEqual(state.order);
    expect(list.total).toBe(8);
    expect(list.history).toEqual({ above: 0, complete: true, loading: false, localSort: false });
  });

  it.each<[string, Q, string[]]>([
    ['status', { statuses: ['waiting-approval', 'expired'] }, ['tx-w1-7f3a9c2e5b1d', 'tx-e1-1c3e5a7b9d0f']],
    ['type', { types: ['deposit', 'teleport'] }, ['tx-d1-2b8e4f6a0c3d', 'tx-u1-0e2f4a6c8b1d']],
    ['account', { accountId: 'acc-cold-0001' }, ['tx-w1-7f3a9c2e5b1d', 'tx-c1-8f0a2c4e6d8b']],
    [
      'text across the columns (account name)',
      { filter: 'testnet' },
      ['tx-u1-0e2f4a6c8b1d', 'tx-e1-1c3e5a7b9d0f'],
    ],
    ['text: a full address shown cut in the table', { filter: 'zwfn5hj9' }, ['tx-w1-7f3a9c2e5b1d']],
    [
      'inverted text',
      { filter: '!withdrawal', types: [] },
      ['tx-d1-2b8e4f6a0c3d', 'tx-s1-4a6c8e0b2d4f', 'tx-u1-0e2f4a6c8b1d', 'tx-f1-6b8d0f2a4c6e'],
    ],
    [
      'everything at once',
      { filter: 'btc', accountId: 'acc-cold-0001', statuses: ['canceled'] },
      ['tx-c1-8f0a2c4e6d8b'],
    ],
  ])('filters by %s', (_name, patch, ids) => {
    const { stores, ref, derive } = setup();
    const query = q(patch);
    const list = derive.transactions(whole(stores.transactions.getState(), query), query, ref, stores.prices.getState());
    expect([...list.ids]).toEqual(ids);
    // `total` counts the view's rows before the `/` text: the server's filters make the view.
    const textOnly = Object.keys(patch).every((k) => k === 'filter');
    if (textOnly) expect(list.total).toBe(8);
    else expect(list.total).toBe(derive.transactions(whole(stores.transactions.getState(), q({ ...patch, filter: '' })), q({ ...patch, filter: '' }), ref, stores.prices.getState()).ids.length);
  });

  it.each<[number, string, string[]]>([
    [1, 'updated ↓', ['tx-w1-7f3a9c2e5b1d', 'tx-d1-2b8e4f6a0c3d', 'tx-w2-9d1c7e3b5a2f']],
    // USD at the prices of the moment: 25 BTC, then 3 ETH swapped... an unknown asset last.
    [2, 'amount (USD) ↓', ['tx-w1-7f3a9c2e5b1d', 'tx-c1-8f0a2c4e6d8b', 'tx-s1-4a6c8e0b2d4f']],
    // Urgency (urgency.ts): waiting for approval first, then work under way, then what stopped.
    [3, 'status', ['tx-w1-7f3a9c2e5b1d', 'tx-w2-9d1c7e3b5a2f', 'tx-u1-0e2f4a6c8b1d']],
  ])('sort %i (%s)', (sort, _label, first) => {
    const { stores, ref, derive } = setup();
    const list = derive.transactions(whole(stores.transactions.getState(), q({ sort })), q({ sort }), ref, stores.prices.getState());
    expect(list.ids.slice(0, 3)).toEqual(first);
    expect(list.ids.length).toBe(8);
    if (sort === 2) expect(list.ids[list.ids.length - 1]).toBe('tx-u1-0e2f4a6c8b1d');
  });

  it('memoizes on data and query: the same list object until one of them changes', () => {
    const { stores, ref, derive } = setup();
    const state = stores.transactions.getState();
    const prices = stores.prices.getState();
    const a = derive.transactions(state, q({ filter: 'ops' }), ref, prices);
    // A new query object with the same content, new ref objects with the same data: a hit.
    expect(derive.transactions(state, q({ filter: 'ops' }), { ...ref }, prices)).toBe(a);
    // A price tick does not re-derive (the table would redraw for nothing).
    expect(derive.transactions(state, q({ filter: 'ops' }), ref, { ...prices, version: 99 })).toBe(a);
    expect(derive.transactions(state, q({ filter: 'hot' }), ref, prices)).not.toBe(a);
    const next = applyTransactions(
      state,
      [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW) }],
      {
        now: NOW,
        live: true,
      },
    );
    expect(derive.transactions(next, q({ filter: 'hot' }), ref, prices)).not.toBe(a);
  });

  it('values the list at prices held for up to a minute, not at every ticker poll', () => {
    const { stores, ref, derive } = setup();
    const state = stores.transactions.getState();
    const first = stores.prices.getState();
    const held = derive.transactions(state, q(), ref, first).prices;
    expect(held).toBe(first.bySymbol);
    const change = (n: number) =>
      applyTransactions(state, [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + n) }], {
        now: NOW + n,
        live: true,
      });
    const tick = (ms: number, price: string) =>
      applyPrices(first, [{ baseSymbolId: 'BTC', quoteSymbolId: 'USD', price }], (first.updatedAt ?? NOW) + ms);
    // A data change 2 s after a tick: the rows keep the held prices (no row rewritten for cents).
    expect(derive.transactions(change(1), q(), ref, tick(2_000, '98000.00')).prices).toBe(held);
    // Once the held prices are a minute old, the next change takes the newest.
    const later = tick(LIST_PRICES_MAX_AGE_MS, '99000.00');
    expect(derive.transactions(change(2), q(), ref, later).prices).toBe(later.bySymbol);
  });
});

describe('transactions: the history held (windows)', () => {
  const row = (id: string, createdAt: number, status = 'completed'): Transaction => ({
    ...fixtures.transactions[1]!,
    transactionId: id,
    externalId: `e-${id}`,
    status,
    createdAt: String(createdAt),
    updatedAt: String(createdAt),
  });

  it('before the first page of a view with history: nothing, loading', () => {
    const { stores, ref, derive } = setup();
    const query = q({ statuses: ['completed'] });
    const list = derive.transactions(stores.transactions.getState(), query, ref, stores.prices.getState());
    expect(list.ids).toEqual([]);
    expect(list.history?.loading).toBe(true);
  });

  it('a view of unfinished statuses only needs no window: the live work is all of it', () => {
    const { stores, ref, derive } = setup();
    const query = q({ statuses: ['waiting-approval'] });
    const list = derive.transactions(stores.transactions.getState(), query, ref, stores.prices.getState());
    expect(list.ids).toEqual(['tx-w1-7f3a9c2e5b1d']);
    expect(list.history).toMatchObject({ complete: true, loading: false });
  });

  it('shows only what the window covers: live work below the oldest history row waits for it', () => {
    const { ref, derive, stores } = setup();
    let s = applyTransactions(emptyTransactions, [row('live-old', 50, 'signing'), row('live-new', 500, 'signing')], { now: NOW, live: false });
    s = withWindowPage(s, txQueryKey(q().server), { direction: 'first', items: [row('h3', 400), row('h2', 300)], rawCount: 2, limit: 2, query: { sort: 'created' } }, NOW);
    const list = derive.transactions(s, q(), ref, stores.prices.getState());
    expect([...list.ids]).toEqual(['live-new', 'h3', 'h2']);
    expect(list.history).toEqual({ above: 0, complete: false, loading: false, localSort: false });
    s = withWindowPage(s, txQueryKey(q().server), { direction: 'down', items: [row('h1', 40)], rawCount: 1, limit: 2, query: { sort: 'created' } }, NOW);
    expect([...derive.transactions(s, q(), ref, stores.prices.getState()).ids]).toEqual(['live-new', 'h3', 'h2', 'live-old', 'h1']);
  });

  it('a filtered view: the window\'s rows, and held rows by the server\'s rule', () => {
    const { ref, derive, stores } = setup();
    const query = q({ statuses: ['canceled', 'signing'] });
    let s = applyTransactions(emptyTransactions, [row('live', 900, 'signing'), row('done', 800, 'completed')], { now: NOW, live: false });
    s = withWindowPage(s, txQueryKey(query.server), { direction: 'first', items: [row('c1', 700, 'canceled')], rawCount: 1, limit: 5, query: { sort: 'created' } }, NOW);
    expect([...derive.transactions(s, query, ref, stores.prices.getState()).ids]).toEqual(['live', 'c1']);
  });

  it('a / text that the server can find by itself is offered as a last row (not for an id held)', () => {
    const { stores, ref, derive } = setup();
    const s = stores.transactions.getState();
    const prices = stores.prices.getState();
    expect(derive.transactions(s, q({ filter: 'tx-w1-7f3a9c2e5b1' }), ref, prices).ids).not.toContain(SEARCH_ROW_ID);
    const id = derive.transactions(s, q({ filter: '0kylofwu7ea41rkrv700melm' }), ref, prices);
    expect([...id.ids]).toEqual([SEARCH_ROW_ID]);
    expect(id.note?.(SEARCH_ROW_ID)).toBe('search the server for the transaction id 0kylofwu7ea41rkrv700melm (enter)');
    const held = { ...s.byId.get('tx-w1-7f3a9c2e5b1d')!, transactionId: '0kylofwu7ea41rkrv700melm' };
    const withIt = applyTransactions(s, [held], { now: NOW, live: false });
    expect(derive.transactions(withIt, q({ filter: '0kylofwu7ea41rkrv700melm' }), ref, prices).ids).toEqual(['0kylofwu7ea41rkrv700melm']);
    const address = derive.transactions(s, q({ filter: '0x39Aa4d1C7e6A2fC1B0e4E29f3b1d6a9C8e7F9B80' }), ref, prices);
    expect(address.ids.at(-1)).toBe(SEARCH_ROW_ID);
  });

  it('USD and status sorts say they order the rows held', () => {
    const { stores, ref, derive } = setup();
    const list = derive.transactions(stores.transactions.getState(), q({ sort: 2 }), ref, stores.prices.getState());
    expect(list.history?.localSort).toBe(true);
  });
});

describe('other panes', () => {
  it('accounts by name, created, status', () => {
    const { rowsOf, list } = setup();
    expect(rowsOf(accounts, list('accounts', {})).ids).toEqual(['acc-hot-0002', 'acc-lab-0003', 'acc-cold-0001']);
    expect(rowsOf(accounts, list('accounts', { sort: 1 })).ids).toEqual([
      'acc-cold-0001',
      'acc-hot-0002',
      'acc-lab-0003',
    ]);
    expect(rowsOf(accounts, list('accounts', { filter: 'testnet' })).ids).toEqual(['acc-lab-0003']);
  });

  it.each<[string, Partial<UiData>, string[]]>([
    ['account chip', { accountFilter: 'acc-hot-0002' }, ['addr-eth-hot', 'addr-xrp-hot']],
    ['network id', { addrNetworks: ['eth'] }, ['addr-eth-hot']],
    ['network name', { addrNetworks: ['XRP Ledger'] }, ['addr-xrp-hot']],
    ['status', { addrStatuses: ['melting'] }, ['addr-trx-lab']],
    ['text', { lists: { addresses: { cursor: 0, row: 0, filter: 'rPT1', sort: 0 } } }, ['addr-xrp-hot']],
  ])('addresses by %s', (_name, ui, ids) => {
    const { rowsOf } = setup();
    expect(rowsOf(addresses, ui).ids).toEqual(ids);
  });

  it('prices: market order, the quote currency left out', () => {
    const { rowsOf, list } = setup();
    const rows = rowsOf(prices, {});
    expect(rows.ids).toEqual(['BTC', 'ETH', 'USDT', 'XRP', 'TRX']);
    expect(rows.total).toBe(5);
    expect(rowsOf(prices, list('prices', { sort: 1 })).ids[0]).toBe('TRX');
  });

  it('paneHasFilter', () => {
    const ui = initialUi();
    expect(paneHasFilter(ui, 'transactions')).toBe(false);
    expect(paneHasFilter({ ...ui, accountFilter: 'a' }, 'transactions')).toBe(true);
    expect(paneHasFilter({ ...ui, accountFilter: 'a' }, 'prices')).toBe(false);
    expect(paneHasFilter({ ...ui, addrNetworks: ['ETH'] }, 'addresses')).toBe(true);
  });
});

describe('indexOf', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
  const list = makeList(ids, () => ({}), ids.length);

  it('finds ids at the hint, near it, or anywhere', () => {
    expect(list.indexOf('id-500', 500)).toBe(500);
    expect(list.indexOf('id-503', 500)).toBe(503);
    expect(list.indexOf('id-490', 500)).toBe(490);
    expect(list.indexOf('id-3', 900)).toBe(3);
    expect(list.indexOf('nope', 0)).toBe(-1);
  });
});

function state(patch: Partial<ListState>): ListState {
  return { cursor: 0, row: 0, filter: '', sort: 0, ...patch };
}

// The selection and the window as rows arrive: test/view/selection.test.ts.

describe('scale', () => {
  it('a keypress at 100,000 rows neither re-derives nor scans the list', () => {
    const many: Transaction[] = Array.from({ length: 100_000 }, (_, i) => ({
      ...fixtures.transactions[0]!,
      transactionId: `t-${String(i).padStart(6, '0')}`,
      createdAt: String(NOW - i * 1000),
    }));
    // Unfinished rows, all held: the ceiling on unfinished work (store/ceiling.ts) raised past them.
    const roomy = withUnfinishedLimit(emptyTransactions, 2 * many.length);
    const txs: TransactionsState = whole(applyTransactions(roomy, many, { now: NOW, live: false }), q());
    const { stores, ref, derive } = setup();
    const prices = stores.prices.getState();
    const list = derive.transactions(txs, q(), ref, prices);
    let s = state({ selectedId: 't-050000', cursor: 50_000, row: 5 });
    // Two lookups a key (the selection, the window's first row), each near its hint: no map built.
    let gets = 0;
    let far = 0;
    const counting = {
      ...list,
      indexOf: (id: string, hint?: number) => {
        gets++;
        const at = list.indexOf(id, hint);
        if (hint === undefined || Math.abs(at - hint) > 64) far++;
        return at;
      },
    };
    for (let i = 0; i < 1000; i++) {
      expect(derive.transactions(txs, q(), ref, prices)).toBe(list);
      s = { ...s, ...moveSelection(s, counting, 30, 1) };
    }
    expect(s.selectedId).toBe('t-051000');
    expect(gets).toBeLessThanOrEqual(2000);
    expect(far).toBe(0);
    // New rows above: the selection is found again near its old index without a full map.
    const more = applyTransactions(
      txs,
      [{ ...many[0]!, transactionId: 'new-1', createdAt: String(NOW + 5000) }],
      { now: NOW, live: true },
    );
    const next = derive.transactions(more, q(), ref, prices);
    expect(resolveSelection(s, next, 30).index).toBe(51_001);
  });
});
