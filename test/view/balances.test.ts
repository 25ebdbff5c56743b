// What balances are worth and how the balances pane and the account detail list them: pure
// functions over the fixtures' balances (three accounts, one asset without a price, one zero).
import { describe, expect, it } from 'vitest';
import type { Balance } from '../../src/contract/index.js';
import { compareDecimal } from '../../src/format/index.js';
import { type BalancesState, emptyBalances, withAllBalances, withBalancesState } from '../../src/store/index.js';
import { createUiStore, type UiData } from '../../src/store/ui.js';
import { createViewModel } from '../../src/view/model/model.js';
import { accountDetailLines } from '../../src/view/resources/accounts/detail-lines.js';
import {
  balancesSummary,
  balanceSymbol,
  balanceUsd,
  totalOf,
  totalsByAccount,
  type UsdTotal,
  usdTotalText,
} from '../../src/view/resources/balances/values.js';
import { BALANCE_SORTS, balanceQuery, balanceRows, balancesEmpty } from '../../src/view/resources/balances/resource.js';
import { priceHolder } from '../../src/view/resources/balances/held-prices.js';
import { balances } from '../../src/view/resources/balances/resource.js';
import { tabSegments } from '../../src/view/shell/tabs.js';
import { PANES, paneKey } from '../../src/view/resources/registry.js';
import { segmentsWidth } from '../../src/view/base/segments.js';
import { fixtures, loadedStores, NOW, recordingActions } from './helpers.js';

const stores = loadedStores();
const ctx = { dictionary: stores.dictionary.getState(), prices: stores.prices.getState().bySymbol };
const ref = { dictionary: stores.dictionary.getState(), workspace: stores.workspace.getState() };
const byId = (id: string): Balance => fixtures.balances.find((b) => b.balanceId === id)!;
const loaded: BalancesState = withAllBalances(emptyBalances, fixtures.balances, NOW);

describe('balanceUsd: total × the ticker price of its symbol, exact', () => {
  it.each<[string, Partial<Balance>, string | undefined]>([
    ['BTC at 97,412.10', { assetId: '1', totalBalance: '25.00000000' }, '2435302.5000000000'],
    ['18 decimals kept', { assetId: '2', totalBalance: '0.000000000000000001' }, '0.00000000000000340255'],
    ['zero', { assetId: '1', totalBalance: '0' }, '0.00'],
    ['an asset the dictionary lacks: the symbol the balance names', { assetId: 'zz', symbol: 'XRP', totalBalance: '2' }, '4.62'],
    ['no price for the symbol', { assetId: 'zz', symbol: 'FOO', totalBalance: '2' }, undefined],
    ['no symbol at all', { assetId: 'zz', symbol: null, totalBalance: '2' }, undefined],
    ['no total', { assetId: '1', totalBalance: null }, undefined],
    ['a total that is not a decimal', { assetId: '1', totalBalance: '1e3' }, undefined],
  ])('%s', (_name, patch, usd) => {
    expect(balanceUsd({ ...byId('bal-01'), ...patch }, ctx)).toBe(usd);
  });
});

describe('totals', () => {
  it('the workspace: every priced balance; the one without a price counted, not guessed', () => {
    const t = totalOf(fixtures.balances, ctx);
    expect(t.usd).toBe('4262238.09789745395678667890');
    expect(t).toMatchObject({ priced: 7, unpriced: 1 });
  });

  it('per account', () => {
    const t = totalsByAccount(fixtures.balances, ctx);
    expect(t.get('acc-cold-0001')?.usd).toBe('4146345.06789745395678667890');
    expect(compareDecimal(t.get('acc-hot-0002')!.usd, '115893.03')).toBe(0);
    // A zero BTC and an unpriced FOO: nothing priced.
    expect(t.get('acc-lab-0003')).toEqual({ usd: '0', priced: 0, unpriced: 1 });
    expect(t.has('acc-nobody')).toBe(false);
  });

  it.each<[string, UsdTotal, boolean, string]>([
    ['all priced', { usd: '115893.03000000000000000000', priced: 4, unpriced: 0 }, false, '$115,893.03'],
    ['some unpriced: a lower bound', { usd: '12.5', priced: 1, unpriced: 2 }, false, '≥ $12.50'],
    ['some unpriced, ASCII', { usd: '12.5', priced: 1, unpriced: 2 }, true, '>= $12.50'],
    ['none priced', { usd: '0', priced: 0, unpriced: 1 }, false, 'no price'],
    ['nothing held', { usd: '0', priced: 0, unpriced: 0 }, false, '$0.00'],
  ])('usdTotalText: %s', (_name, total, ascii, text) => {
    expect(usdTotalText(total, ascii)).toBe(text);
  });

  const total: UsdTotal = { usd: '4262238.0978', priced: 7, unpriced: 1 };
  it.each<[string, BalancesState, string]>([
    ['loaded', loaded, '$4,262,238.10 total, 1 unpriced'],
    ['not read yet', emptyBalances, 'balances loading…'],
    ['the role may not read them', withBalancesState(emptyBalances, 'forbidden'), 'balances not readable by this role'],
    ['the first read failed', withBalancesState(emptyBalances, 'failed'), 'balances could not be read'],
    ['a later read failed: what was read stands', withBalancesState(loaded, 'failed'), '$4,262,238.10 total, 1 unpriced'],
  ])('balancesSummary: %s', (_name, state, text) => {
    expect(balancesSummary(state, total, false)).toBe(text);
  });
});

describe('balanceSymbol', () => {
  it.each<[string, Partial<Balance>, string]>([
    ['the dictionary symbol', { assetId: '11' }, 'USDT'],
    ['the balance symbol for an asset the dictionary lacks', { assetId: 'zz', symbol: 'FOO' }, 'FOO'],
    ['the asset id when neither says', { assetId: 'zz', symbol: null }, 'zz'],
  ])('%s', (_name, patch, symbol) => {
    expect(balanceSymbol({ ...byId('bal-01'), ...patch }, ctx.dictionary)).toBe(symbol);
  });
});

describe('balanceRows', () => {
  const rows = (ui: Partial<UiData>, state: BalancesState = loaded) =>
    balanceRows()(state, balanceQuery({ lists: {}, ...ui }), ref, ctx.prices).list.ids;
  const sort = (id: string) => BALANCE_SORTS.findIndex((s) => s.id === id);
  const list = (patch: { filter?: string; sort?: number }) => ({
    lists: { balances: { cursor: 0, row: 0, filter: '', sort: 0, ...patch } },
  });

  it.each<[string, Partial<UiData>, string[]]>([
    [
      'USD ↓ first (the default); unpriced last',
      {},
      ['bal-01', 'bal-02', 'bal-03', 'bal-05', 'bal-04', 'bal-06', 'bal-07', 'bal-09', 'bal-08'],
    ],
    [
      'by account name, then USD ↓',
      list({ sort: sort('account') }),
      ['bal-05', 'bal-04', 'bal-06', 'bal-07', 'bal-09', 'bal-08', 'bal-01', 'bal-02', 'bal-03'],
    ],
    [
      'by asset symbol, then USD ↓',
      list({ sort: sort('asset') }),
      ['bal-01', 'bal-09', 'bal-03', 'bal-04', 'bal-08', 'bal-07', 'bal-02', 'bal-05', 'bal-06'],
    ],
    ['the account chip', { accountFilter: 'acc-hot-0002' }, ['bal-05', 'bal-04', 'bal-06', 'bal-07']],
    ['`/` over names, symbols and networks', list({ filter: 'usdt' }), ['bal-02', 'bal-05']],
    ['`/` over the account name', list({ filter: 'testnet' }), ['bal-09', 'bal-08']],
    ['`!` inverts', list({ filter: '!treasury' }), ['bal-05', 'bal-04', 'bal-06', 'bal-07', 'bal-09', 'bal-08']],
    ['the chip and `/` together', { accountFilter: 'acc-hot-0002', ...list({ filter: 'tron' }) }, ['bal-05', 'bal-07']],
  ])('%s', (_name, ui, ids) => {
    expect(rows(ui)).toEqual(ids);
  });

  it('nothing read yet: no rows', () => {
    expect(rows({}, emptyBalances)).toEqual([]);
  });

  it('the same inputs give the same list (memoized); a new balance gives a new one', () => {
    const derive = balanceRows();
    const q = balanceQuery({ lists: {} });
    const a = derive(loaded, q, ref, ctx.prices);
    expect(derive(loaded, q, ref, ctx.prices)).toBe(a);
    const moved = withAllBalances(loaded, [...fixtures.balances, { ...byId('bal-07'), balanceId: 'bal-10' }], NOW);
    expect(derive(moved, q, ref, ctx.prices).list.ids).toContain('bal-10');
  });

  it('the total of the rows shown', () => {
    const t = balanceRows()(loaded, balanceQuery({ lists: {}, accountFilter: 'acc-hot-0002' }), ref, ctx.prices).total;
    expect(compareDecimal(t.usd, '115893.03')).toBe(0);
  });
});

describe('balancesEmpty', () => {
  it.each<[string, BalancesState, { filtered?: boolean; unreachable?: string }, string]>([
    ['the role may not read them', withBalancesState(emptyBalances, 'forbidden'), {}, "this key's role cannot read balances"],
    ['loading', emptyBalances, {}, 'loading balances…'],
    ['offline while loading', emptyBalances, { unreachable: 'connection refused' }, 'cannot read balances: connection refused (retrying; r retries now)'],
    [
      'the first read failed',
      withBalancesState(emptyBalances, 'failed'),
      {},
      'cannot read balances: the last read failed (retrying; r retries now, m shows why)',
    ],
    ['nothing at all', withAllBalances(emptyBalances, [], NOW), {}, 'no balances: every account is empty'],
    ['nothing matches', loaded, { filtered: true }, 'no balance matches (esc clears the filter)'],
  ])('%s', (_name, state, words, text) => {
    expect(balancesEmpty(state, { filtered: false, ascii: false, ...words })).toBe(text);
  });
});

describe('priceHolder: the prices the values are computed with', () => {
  const at = (updatedAt: number, size = 1) => ({
    bySymbol: new Map(Array.from({ length: size }, (_, i) => [`S${i}`, { price: String(updatedAt) }] as const)) as never,
    updatedAt,
    version: 0,
  });
  it('holds a minute, takes new symbols, and a clock set back', () => {
    const hold = priceHolder(60_000);
    const first = at(1_000);
    expect(hold(first)).toBe(first.bySymbol);
    expect(hold(at(30_000))).toBe(first.bySymbol);
    const more = at(30_000, 2);
    expect(hold(more)).toBe(more.bySymbol);
    const minute = at(90_000, 2);
    expect(hold(minute)).toBe(minute.bySymbol);
    const back = at(10_000, 2);
    expect(hold(back)).toBe(back.bySymbol);
  });
});

describe('accountDetailLines', () => {
  const text = (state: BalancesState, width = 100, id = 'acc-hot-0002') =>
    accountDetailLines(
      ref.workspace.accountsById.get(id)!,
      state,
      { ascii: false, now: NOW, ...ref, prices: ctx.prices },
      width,
    )
      .map((l) => l.map((s) => s.text).join(''))
      .join('\n');

  it('what it is worth, its facts, and its balances largest first', () => {
    const t = text(loaded);
    expect(t).toContain('Worth           $115,893.03 at the ticker\'s prices');
    expect(t).toContain('only to address-book destinations');
    expect(t).toContain('Addresses       2 deposit addresses');
    expect(t).toContain('Balances (4, largest first)');
    expect(t).toMatch(/ASSET +NETWORK +TOTAL +WITHDRAWABLE +USD +UPDATED/);
    const order = ['50,000.000000', '12.50000000', '10,000.500000', '1,000.000000'].map((s) => t.indexOf(s));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(t).toMatch(/ETH +Ethereum +12\.50000000 +10\.00000000 +\$42,531\.88 +1m/);
    expect(t).toContain('Addresses, transactions and balances now show only Ops Hot');
  });

  it('who created it, by name', () => {
    const account = { ...ref.workspace.accountsById.get('acc-hot-0002')!, createdBy: 'alice' };
    const c = { ascii: false, now: NOW, ...ref, prices: ctx.prices, directory: stores.directory.getState() };
    const t = accountDetailLines(account, loaded, c, 100).map((l) => l.map((x) => x.text).join('')).join('\n');
    expect(t).toContain('Created by      Alice Moreau');
  });

  it('a balance without a price is said, and left out of the worth', () => {
    const t = text(loaded, 100, 'acc-lab-0003');
    expect(t).toContain('Worth           $0.00 at the ticker\'s prices');
    expect(t).toContain('1 balance without a price left out');
    expect(t).toMatch(/FOO +Ethereum +42\.5 +42\.5 +no price/);
  });

  it('narrow: the columns least needed go first', () => {
    const t = text(loaded, 50);
    expect(t).toMatch(/ASSET +TOTAL +WITHDRAWABLE +USD/);
    expect(t).not.toContain('UPDATED');
    expect(t).not.toContain('NETWORK');
  });

  it.each<[string, BalancesState, string]>([
    ['loading', emptyBalances, 'loading balances…'],
    ['forbidden', withBalancesState(emptyBalances, 'forbidden'), "this key's role cannot read balances"],
    ['failed', withBalancesState(emptyBalances, 'failed'), 'balances could not be read (r retries)'],
    ['an account that holds nothing', withAllBalances(emptyBalances, [], NOW), 'none: this account holds nothing'],
  ])('balances %s', (_name, state, words) => {
    expect(text(state)).toContain(words);
  });
});

describe('the tabs', () => {
  it.each(PANES.flatMap((p) => [60, 80, 100, 120].map((w) => [p.id, w] as const)))(
    '%s in front at %i columns: fits, and says the pane in front whole',
    (pane, width) => {
      const segments = tabSegments(pane, width);
      expect(segmentsWidth(segments)).toBeLessThanOrEqual(width);
      const i = PANES.findIndex((p) => p.id === pane);
      expect(segments.find((s) => s.token === 'selection')?.text).toBe(` ${paneKey(pane)} ${PANES[i]!.title} `);
    },
  );

  it.each<[number, RegExp]>([
    [140, /^ {2}1 Accounts {3}2 Addresses {3}3 Transactions {3}4 Prices {3}5 Swap {3}6 Balances {3}7 Activity {3}8 Address book {3}9 Members {3}0 Limits $/],
    [120, /^ 1 Accounts 2 Addresses {2}3 Transactions {2}4 Prices 5 Swap 6 Balances 7 Activity 8 Address book 9 Members 0 Limits$/],
    [80, /^ 1 Acct 2 Addr {2}3 Transactions {2}4 Prices 5 Swap 6 Bal 7 Act 8 Book 9 Mem 0 Lim$/],
    [60, /^ 1 2 {2}3 Transactions {2}4 5 6 7 8 9 0$/],
  ])('at %i columns', (width, shape) => {
    expect(tabSegments('transactions', width).map((s) => s.text).join('')).toMatch(shape);
  });
});

describe('the balances resource', () => {
  it('find reads the store, also a balance the chip leaves out', () => {
    const vm = createViewModel(
      stores,
      { ui: createUiStore({ accountFilter: 'acc-hot-0002' }) },
      recordingActions({ calls: [], copied: [], quits: 0 }),
      { ascii: false, color: false, now: () => NOW, copy: () => Promise.reject(new Error('none')), quit: () => {} },
    );
    expect(balances.find(vm, 'bal-01')?.accountId).toBe('acc-cold-0001');
    expect(balances.rows(vm).ids).not.toContain('bal-01');
    expect(balances.hasFilters?.(vm.ui.getState())).toBe(true);
    expect(balances.clearFilter?.(vm)).toBe(true);
    expect(balances.rows(vm).ids).toContain('bal-01');
  });
});
