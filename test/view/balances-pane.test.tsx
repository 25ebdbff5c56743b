// The balances pane, the accounts pane's USD column and total, and the account detail on screen
// (ink): what they show, how they sort and filter, `:balances`, Enter, and redrawing when the
// live engine writes new balances.
import { describe, expect, it } from 'vitest';
import {
  emptyBalances,
  withAllBalances,
  withBalancesState,
  withChangedBalances,
} from '../../src/store/index.js';
import { fixtures, KEYS, NOW, type Rendered, renderApp, settle } from './helpers.js';
import { resourceOf } from '../../src/view/resources/registry.js';

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  const a = renderApp({ columns: 120, rows: 30, ...options });
  await settle();
  return a;
}

async function run(a: Rendered, line: string): Promise<void> {
  await a.press(':');
  await a.type(line);
  await a.press(KEYS.enter);
}

const selected = (a: Rendered) => a.lines().find((l) => l.startsWith('▶')) ?? '';
/** The table's rows (not its column titles). */
const rowsOf = (a: Rendered) => a.lines().filter((l) => /^[▶ ] {2}\S/.test(l) && !/ACCOUNT +ASSET|NAME +STATUS/.test(l));

describe('the balances pane', () => {
  it('6: account × asset, largest USD first, with the total in the title', async () => {
    const a = await open();
    await a.press('6');
    const f = a.frame();
    expect(f).toContain('Balances │ USD ↓ · $4,262,238.10 total, 1 unpriced');
    expect(f).toMatch(/ACCOUNT +ASSET +NAME +NETWORK +TOTAL +WITHDRAWABLE +USD +UPDATED/);
    expect(selected(a)).toMatch(/Treasury Cold +BTC +Bitcoin +Bitcoin +25\.00000000 +24\.50000000 +\$2,435,302\.50 +3m/);
    // 18 decimals: the list's digits and the marker that more follow, as in the transactions list.
    expect(f).toContain('150.12345678…');
    // No price: no USD, and last.
    expect(rowsOf(a).at(-1)).toMatch(/Testnet Lab +FOO +Ethereum +42\.5 +42\.5 +1h/);
    expect(f).toContain('1/9');
  });

  it('s sorts by account, then by asset, then by each column; S reverses', async () => {
    const a = await open();
    await a.press('6', 's');
    expect(a.frame()).toContain('Balances │ account');
    expect(rowsOf(a)[0]).toMatch(/Ops Hot +USDT/);
    await a.press('s');
    expect(a.frame()).toContain('Balances │ asset');
    expect(rowsOf(a)[0]).toMatch(/Treasury Cold +BTC/);
    // After the pane's own orders, one per column (A to Z), then back to the first.
    await a.press('s');
    expect(a.frame()).toMatch(/Balances │ [a-z /]+ ↑/);
    const ascending = rowsOf(a);
    await a.press('S');
    expect(a.frame()).toMatch(/Balances │ [a-z /]+ ↓/);
    expect(rowsOf(a)).not.toEqual(ascending);
    const sorts = resourceOf('balances')!.sorts.length;
    for (let i = 0; i < sorts - 3; i++) await a.press('s');
    expect(a.frame()).toContain('Balances │ USD ↑'); // the first again, still reversed
  });

  it('/ filters; the title total is of the rows shown', async () => {
    const a = await open();
    await a.press('6', '/');
    await a.type('usdt');
    await a.press(KEYS.enter);
    expect(rowsOf(a)).toHaveLength(2);
    expect(a.frame()).toContain('[/usdt]');
    expect(a.frame()).toContain('$1,250,250.00 total');
  });

  it(':balances <account> shows that account; Esc takes the chip off', async () => {
    const a = await open();
    await run(a, 'balances ops');
    expect(a.ui.getState().pane).toBe('balances');
    expect(a.frame()).toContain('[account: Ops Hot]');
    expect(a.frame()).toContain('$115,893.03 total');
    expect(rowsOf(a).every((r) => r.includes('Ops Hot'))).toBe(true);
    expect(rowsOf(a)).toHaveLength(4);
    await a.press(KEYS.esc);
    expect(a.frame()).not.toContain('[account:');
    expect(rowsOf(a)).toHaveLength(9);
  });

  it(':balances with a name that matches none or several says so and keeps the pane', async () => {
    const a = await open();
    await run(a, 'balances zzz');
    expect(a.lines().at(-2)).toContain('no account name starts with "zzz"');
    await run(a, 'balances t');
    expect(a.lines().at(-2)).toContain('2 accounts start with "t": Testnet Lab, Treasury Cold');
    expect(a.ui.getState().accountFilter).toBeUndefined();
  });

  it('Enter: the transactions of that account in that asset', async () => {
    const a = await open();
    await a.press('6', KEYS.enter);
    expect(a.ui.getState().pane).toBe('transactions');
    const f = a.frame();
    expect(f).toContain('[account: Treasury Cold]');
    expect(f).toContain('[asset: BTC on Bitcoin]');
    expect(a.ui.getState().txFilter).toEqual({ assetIds: ['1'] });
  });

  it('redraws when the engine writes changed balances (a completion, a poll)', async () => {
    const a = await open();
    await a.press('6');
    const changed = { ...fixtures.balances[0]!, totalBalance: '20.00000000', withdrawableBalance: '20.00000000', updatedAt: String(NOW) };
    a.stores.balances.setState((s) => withChangedBalances(s, [changed], NOW));
    await settle();
    expect(selected(a)).toMatch(/Treasury Cold +BTC +Bitcoin +Bitcoin +20\.00000000 +20\.00000000 +\$1,948,242\.00 +0s/);
    expect(a.frame()).toContain('$3,775,177.60 total');
    await a.press('1');
    expect(a.frame()).toContain('Accounts │ name · $3,775,177.60 total, 1 unpriced');
  });

  it.each<[string, (s: typeof emptyBalances) => typeof emptyBalances, string, string]>([
    ['before the first read', (s) => s, 'loading balances…', 'balances loading…'],
    [
      'a role that may not read them',
      (s) => withBalancesState(s, 'forbidden'),
      "this key's role cannot read balances",
      'balances not readable by this role',
    ],
    ['an empty workspace', (s) => withAllBalances(s, [], NOW), 'no balances: every account is empty', '$0.00 total'],
  ])('%s', async (_name, state, empty, title) => {
    const a = await open();
    a.stores.balances.setState(state(emptyBalances), true);
    await a.press('6');
    expect(a.frame()).toContain(empty);
    expect(a.frame()).toContain(`Balances │ USD ↓ · ${title}`);
  });

  it('r asks the engine for the balances again', async () => {
    const a = await open();
    await a.press('6', 'r');
    expect(a.rec.calls).toContain('refresh balances');
  });

  it('80x24: the tabs fit and the sums are whole', async () => {
    const a = await open({ columns: 80, rows: 24 });
    await a.press('6');
    expect(a.lines()[1]).toBe(' 1 Acct 2 Addr 3 Tx 4 Prices 5 Swap  6 Balances  7 Act 8 Book 9 Mem 0 Lim');
    expect(selected(a)).toContain('$2,435,302.50');
    expect(a.frame()).not.toMatch(/\$[\d,.]+…/);
  });
});

describe('the accounts pane', () => {
  it('each account\'s USD and the workspace total in the title', async () => {
    const a = await open();
    await a.press('1');
    const f = a.frame();
    expect(f).toContain('Accounts │ name · $4,262,238.10 total, 1 unpriced');
    expect(f).toMatch(/Ops Hot \[book\] +● active +\$115,893\.03/);
    expect(f).toMatch(/Treasury Cold +● active +\$4,146,345\.07/);
    // A zero BTC and FOO, which has no price.
    expect(f).toMatch(/Testnet Lab +\? frozen-by-policy +no price/);
  });

  it('sorts by USD', async () => {
    const a = await open();
    await a.press('1', 's', 's', 's');
    expect(a.frame()).toContain('Accounts │ USD ↓');
    expect(rowsOf(a).map((r) => r.slice(3, 16))).toEqual(['Treasury Cold', 'Ops Hot [book', 'Testnet Lab  ']);
  });

  it('balances not read yet: blank, and the title says so', async () => {
    const a = await open();
    a.stores.balances.setState(emptyBalances, true);
    await a.press('1');
    expect(a.frame()).toContain('Accounts │ name · balances loading…');
    expect(a.frame()).not.toContain('$0.00');
  });

  it('Enter opens the account with its balances; the chip then shows its balances in 6', async () => {
    const a = await open();
    await a.press('1', 'j', 'j', KEYS.enter);
    const f = a.frame();
    expect(f).toContain('Account acc-cold');
    expect(f).toContain('Treasury Cold  ● active');
    expect(f).toContain('Worth           $4,146,345.07 at the ticker\'s prices');
    expect(f).toContain('Balances (3, largest first)');
    expect(f).toMatch(/BTC +Bitcoin +25\.00000000 +24\.50000000 +\$2,435,302\.50 +3m/);
    await a.press(KEYS.esc);
    expect(a.frame()).toContain('Accounts │');
    await a.press('6');
    expect(a.frame()).toContain('[account: Treasury Cold]');
    expect(rowsOf(a)).toHaveLength(3);
  });
});

describe('help and commands', () => {
  it('the help lists the panes 1-9 0 and the commands', async () => {
    const a = await open({ rows: 80 });
    await a.press('?');
    expect(a.frame()).toContain('1-9 0              accounts, addresses, transactions, prices, swap, balances, activity, address book, members, limits');
    await a.press('G');
    const f = a.frame();
    expect(f).toContain(':balances [account]');
    expect(f).toContain(':activity [type|text ...]');
  });
});
