// `:account NAME`: an exact name, else the one account the words start; several matches are listed
// (never silently the first), none is said.
import { afterEach, describe, expect, it } from 'vitest';
import type { Account } from '../../src/contract/index.js';
import { withAccounts } from '../../src/store/index.js';
import { matchAccounts } from '../../src/view/resources/accounts/resource.js';
import { fixtures, KEYS, loadedStores, NOW, type Rendered, renderApp, settle } from './helpers.js';

const named = (accountName: string, i: number): Account => ({
  ...fixtures.accounts[0]!,
  accountId: `acc-${i}`,
  accountName,
});
const NAMES = ['Treasury Cold', 'Treasury Hot', 'Trading Desk', 'Testnet Lab', 'Ops Hot', 'ops'];
const accounts = NAMES.map(named);

describe('matchAccounts', () => {
  it.each<[string, string[]]>([
    ['Treasury Cold', ['Treasury Cold']],
    ['treasury cold', ['Treasury Cold']],
    ['  Treasury Cold ', ['Treasury Cold']],
    ['Treasury', ['Treasury Cold', 'Treasury Hot']],
    ['T', ['Testnet Lab', 'Trading Desk', 'Treasury Cold', 'Treasury Hot']],
    // An exact name wins over the names it starts ("ops" is one account, "Ops Hot" another).
    ['ops', ['ops']],
    ['Ops H', ['Ops Hot']],
    ['Cold', []],
  ])('%j → %j', (text, want) => {
    expect(matchAccounts(accounts, text).map((a) => a.accountName)).toEqual(want);
  });
});

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(names: readonly string[], columns = 120): Promise<Rendered> {
  const stores = loadedStores();
  stores.workspace.setState(withAccounts(stores.workspace.getState(), names.map(named), NOW), true);
  app = renderApp({ stores, columns, rows: 30 });
  await settle();
  return app;
}

async function run(a: Rendered, line: string): Promise<void> {
  await a.press(':');
  await a.type(line);
  await a.press(KEYS.enter);
}

const statusLine = (a: Rendered) => a.lines().at(-2) ?? '';

describe(':account on screen', () => {
  it('several matches are listed, and no account is taken', async () => {
    const a = await open(NAMES);
    await run(a, 'account T');
    expect(statusLine(a)).toBe(
      ' ⚠ 4 accounts start with "T": Testnet Lab, Trading Desk, Treasury Cold, Treasury Hot (Tab completes a name)',
    );
    expect(a.ui.getState().accountFilter).toBeUndefined();
    expect(a.frame()).not.toContain('[account:');
  });

  it('more than five: the first five and how many more; m reads the line whole at 80 columns', async () => {
    const many = ['Treasury Cold', 'Treasury Hot', 'Treasury Warm', 'Treasury Lab', 'Treasury Ops', 'Treasury Fees', 'Treasury Old'];
    const a = await open(many, 80);
    await run(a, 'account treasury');
    const said =
      '7 accounts start with "treasury": Treasury Cold, Treasury Fees, Treasury Hot, Treasury Lab, Treasury Old, ' +
      'and 2 more (Tab completes a name)';
    expect(statusLine(a)).toMatch(/^ ⚠ 7 accounts start with "treasury": Treasury Cold, .*… m messages$/);
    expect(a.ui.getState().accountFilter).toBeUndefined();
    await a.press('m');
    const whole = a
      .lines()
      .map((l) => l.replace(/^ \d\d:\d\d:\d\d {2}⚠ /, '').trim())
      .join(' ');
    expect(whole).toContain(said);
  });

  it('one match is taken, and says so in the chip', async () => {
    const a = await open(NAMES);
    await run(a, 'account trad');
    expect(a.ui.getState().accountFilter).toBe('acc-2');
    expect(a.frame()).toContain('[account: Trading Desk]');
  });
});
