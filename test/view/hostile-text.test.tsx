// Text from the server is data, never control, through the real App: an address with a zero-width
// space shows a mark in the list, the detail and the decline dialog, and is evidence there; a
// negative amount is flagged in all three and has no USD value; `y` copies the address as sent and
// warns; a 50,000-character name and a million-character one are cut, never laid out whole.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { displayWidth } from '../../src/format/index.js';
import { applyTransactions, type Stores, withAccounts } from '../../src/store/index.js';
import { fixtures, KEYS, loadedStores, NOW, type Rendered, renderApp, settle, tx } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9';
const HIDDEN = `bc1qar\u200b0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9`;
const MARK = '\u2039U+200B\u203a';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function put(stores: Stores, record: Transaction): void {
  const newer = { ...record, updatedAt: String(NOW + 1_000) };
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), [newer], { now: NOW, live: false }), true);
}

async function on(stores: Stores): Promise<Rendered> {
  app = renderApp({ stores, columns: 140, rows: 60 });
  app.ui.getState().patchList('transactions', { selectedId: W1 });
  await settle();
  return app;
}

function row(a: Rendered): string {
  return a.lines().find((l) => l.startsWith('▶')) ?? '';
}

describe('an address with an invisible character', () => {
  function stores(): Stores {
    const s = loadedStores();
    put(s, { ...tx(W1), params: { ...tx(W1).params, toAddress: HIDDEN } });
    return s;
  }

  it('shows a mark in the list, the detail and the dialog, and is evidence in both', async () => {
    const a = await on(stores());
    expect(row(a)).toContain('\u2039U+');
    await a.press(KEYS.enter);
    const detail = a.frame();
    expect(detail).toContain(`bc1qar${MARK}0srrr7`);
    expect(detail).toContain('the destination address contains invisible characters');
    await a.press('d');
    const dialog = a.frame();
    expect(dialog).toContain(`bc1qar${MARK}0srrr7`);
    expect(dialog).toContain('the destination address contains invisible characters');
    expect(dialog).toContain('U+200B: shown as marks; y copies the text as the server sent it');
  });

  it('the same address without it looks different', async () => {
    const clean = loadedStores();
    const a = await on(clean);
    expect(row(a)).not.toContain('\u2039U+');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain(ADDRESS);
  });
});

describe('a negative amount', () => {
  it('is flagged in the list, the detail and the dialog, and has no USD value', async () => {
    const s = loadedStores();
    put(s, { ...tx(W1), params: { ...tx(W1).params, amount: '-36415' } });
    const a = await on(s);
    expect(row(a)).toContain('⚠ -36,415.00000000');
    expect(row(a)).not.toContain('-$');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/Amount +⚠ -36,415\.00000000 BTC +\(negative: not an amount that can be moved\)/);
    expect(a.frame()).toContain('the amount is negative');
    await a.press('d');
    expect(a.frame()).toMatch(/Amount +⚠ -36,415\.00000000 BTC \(negative\)/);
    expect(a.frame()).toContain('USD value    not computed: the amount is not one that can be moved');
    // No USD value: the safe side, the typed confirmation.
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('Type the last 4 characters of the transaction id');
  });
});

describe('y on an identifier with an invisible character', () => {
  it('copies it as sent and warns', async () => {
    const s = loadedStores();
    const [first, ...rest] = fixtures.addresses;
    const address = { ...first!, address: `${first!.address!.slice(0, 5)}\u200b${first!.address!.slice(5)}` };
    s.workspace.setState((w) => ({ ...w, addresses: [address, ...rest] }));
    app = renderApp({ stores: s, columns: 200, rows: 40 });
    await settle();
    await app.press('2', 'y', 'a');
    await settle();
    expect(app.rec.copied).toEqual([address.address]);
    expect(app.lines().at(-2)).toContain('it contains invisible characters');
    await app.press('m');
    expect(app.frame()).toContain('it contains invisible characters (U+200B), copied as sent');
  });
});

describe('names of any length', () => {
  it('a 50,000-character name and a 1,000,000-character one are cut to their cells', async () => {
    const s = loadedStores();
    const ws = s.workspace.getState();
    const long = (n: number) => `Treasury ${'é日'.repeat(n / 2)}`;
    const accounts = [...ws.accountsById.values()].map((acc, i) => ({ ...acc, accountName: long(i === 0 ? 1_000_000 : 50_000) }));
    s.workspace.setState(withAccounts(ws, accounts, NOW), true);
    s.session.setState({ workspaceName: long(50_000) });
    const a = await on(s);
    for (const line of a.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(140);
    expect(a.lines()[0]).toContain('Treasury é日');
    await a.press('1');
    expect(a.frame()).toContain('Treasury é日');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/Name +Treasury/);
    await a.press('G');
    expect(a.frame()).toMatch(/\(\d{1,3}(,\d{3})* more characters\)/);
    for (const line of a.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(140);
  });
});
