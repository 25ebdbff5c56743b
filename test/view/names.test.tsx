// Names where ids stood, through the real App: the detail and the decline/approve dialog say who
// created the transaction, who approved and may approve, whether the destination is in the address
// book and which limit asked for approval; the list names known destinations and `/` finds them.
import { afterEach, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import {
  applyTransactions,
  emptyDirectory,
  type Stores,
  withReferenceState,
  withSelf,
} from '../../src/store/index.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, settle, tx, withEvents } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d'; // waiting, to an address the book has only as a deleted record
const W2 = 'tx-w2-9d1c7e3b5a2f'; // to "Kraken hot" (the book's address in upper case)

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

/** One line per row of the frame, runs of spaces made one: labels and values read as words. */
function words(a: Rendered): string {
  return a
    .lines()
    .map((l) => l.replace(/ +/g, ' ').trim())
    .join('\n');
}

function withDetailEvents(stores: Stores, id: string): Stores {
  stores.transactions.setState(
    applyTransactions(stores.transactions.getState(), [withEvents(tx(id))], { now: NOW, live: false }),
    true,
  );
  return stores;
}

async function detail(id: string, stores: Stores, rows = 60): Promise<Rendered> {
  app = renderApp({ columns: 120, rows, stores: withDetailEvents(stores, id) });
  app.ui.getState().patchList('transactions', { selectedId: id });
  await app.press();
  await app.press(KEYS.enter);
  return app;
}

describe('the detail with names, book and limit', () => {
  it('names the creator, the approvers and who may approve; marks the key as you', async () => {
    const stores = loadedStores();
    stores.directory.setState((s) => withSelf(s, 'k3f9'), true);
    const a = await detail(W1, stores);
    const t = words(a);
    expect(t).toContain('Created by Dana Whitfield (you)');
    expect(t).toContain('Approved 1 of 2 by Dana Whitfield (you)');
    expect(t).toContain('May approve Alice Moreau, Bob Okafor');
    expect(t).not.toMatch(/by k3f9|alice, bob/);
  });

  it('says the destination is not in the address book (a deleted record does not count)', async () => {
    const a = await detail(W1, loadedStores());
    expect(words(a)).toMatch(/To bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9\nnot in address book/);
    expect(words(a)).not.toContain('Retired cold storage');
  });

  it('names a destination the book has, whatever the case of an EVM address', async () => {
    const a = await detail(W2, loadedStores());
    expect(words(a)).toMatch(/To 0x1111111254eeb25477b68fb85ed929f73a960582\nKraken hot \(address book\)/);
  });

  it('the limit that asked for approval: rule, threshold, approvals k of n, approvers, delay', async () => {
    const a = await detail(W1, loadedStores());
    const t = words(a);
    expect(t).toContain('── Limit lim-1 the rule that asked for approval');
    expect(t).toContain('Rule Transaction amount above $100,000.00 · large-btc-payouts');
    expect(t).toContain('Needs 2 of 3 approvers');
    // The rule's approvers differ from who may approve this one: both are said.
    expect(t).toContain('Approvers Dana Whitfield, Alice Moreau, Bob Okafor');
    // The delay is said once, with its countdown, in the Approvals section.
    expect(t.match(/Security delay/g)).toHaveLength(1);
    expect(t).toMatch(/Security delay 4h, ends in 3h 12m/);
  });

  it('a role that may not read members: short ids and one line saying why', async () => {
    const stores = loadedStores();
    stores.directory.setState(withReferenceState(emptyDirectory, 'members', 'forbidden'), true);
    const a = await detail(W1, stores);
    const t = words(a);
    expect(t).toContain('Created by k3f9');
    expect(t).toContain('May approve alice, bob');
    expect(t.match(/ids shown: members the key's role may not read them/g)).toHaveLength(1);
    expect(t).toMatch(/To bc1q\S+\naddress book not read: loading/);
    expect(t).toContain('Rule lim-1 (limits loading)');
  });

  it('names appear when the directory loads after the detail opened', async () => {
    const stores = loadedStores();
    const loaded = stores.directory.getState();
    stores.directory.setState(emptyDirectory, true);
    const a = await detail(W1, stores);
    expect(words(a)).toContain('Created by k3f9');
    stores.directory.setState(loaded, true);
    await settle();
    await a.press();
    expect(words(a)).toContain('Created by Dana Whitfield');
  });

  it('ASCII: names, book words and the rule in ASCII only', async () => {
    app = renderApp({ columns: 120, rows: 60, ascii: true, stores: withDetailEvents(loadedStores(), W1) });
    app.ui.getState().patchList('transactions', { selectedId: W1 });
    await app.press();
    await app.press(KEYS.enter);
    expect(words(app)).toContain('Rule Transaction amount above $100,000.00 - large-btc-payouts');
    expect(app.frame()).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('stays within the frame at 80 columns', async () => {
    app = renderApp({ columns: 80, rows: 24, stores: withDetailEvents(loadedStores(), W1) });
    app.ui.getState().patchList('transactions', { selectedId: W1 });
    await app.press();
    await app.press(KEYS.enter);
    for (const line of app.lines()) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(app.lines().length).toBeLessThanOrEqual(23);
  });
});

describe('the decline and approve dialogs with names, book and limit', () => {
  it.each([
    ['d', 'DECLINE transaction'],
    ['a', 'APPROVE transaction'],
  ])('%s: the destination in full with its book word, the creator, approvals, the rule', async (key, title) => {
    app = renderApp({ columns: 120, rows: 50 });
    app.ui.getState().patchList('transactions', { selectedId: W1 });
    await app.press();
    await app.press(key);
    const t = words(app);
    expect(t).toContain(title);
    expect(t).toMatch(/To bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9\nnot in address book/);
    expect(t).toContain('Created by Dana Whitfield');
    expect(t).toContain('Approvals 1 of 2 by Dana Whitfield');
    expect(t).toContain('May approve Alice Moreau, Bob Okafor');
    expect(t).toContain('Limit Transaction amount above $100,000.00 · large-btc-payouts');
    expect(t).toContain('needs 2 of 3 approvers; security delay 4h');
  });

  it('a known destination is named in the dialog', async () => {
    const stores = loadedStores();
    // The broadcast withdrawal made to wait again, to open the dialog on a known destination.
    stores.transactions.setState(
      applyTransactions(
        stores.transactions.getState(),
        [{ ...tx(W2), status: 'waiting-approval', updatedAt: String(NOW + 1000) }],
        { now: NOW, live: false },
      ),
      true,
    );
    app = renderApp({ columns: 100, rows: 50, stores });
    app.ui.getState().patchList('transactions', { selectedId: W2 });
    await app.press();
    await app.press('d');
    expect(words(app)).toMatch(/To 0x1111111254eeb25477b68fb85ed929f73a960582\nKraken hot \(address book\)/);
  });

  it('ASCII: the names and the rule in ASCII only', async () => {
    app = renderApp({ columns: 100, rows: 50, ascii: true });
    app.ui.getState().patchList('transactions', { selectedId: W1 });
    await app.press();
    await app.press('d');
    expect(words(app)).toContain('Limit Transaction amount above $100,000.00 - large-btc-payouts');
    expect(app.frame()).toMatch(/^[\x20-\x7e\n]*$/);
  });
});

describe('the transactions list names known destinations', () => {
  it('"→ Kraken hot · address" where there is room; the name outlives the address when narrow', async () => {
    app = renderApp({ columns: 160, rows: 30 });
    await settle();
    expect(app.frame()).toMatch(/→ Kraken hot · 0x1\S*…\S*0582 /);
    // Unknown destinations stay addresses.
    expect(app.frame()).toMatch(/→ bc1qar0s\S*/);
    await app.resize(100, 30);
    expect(app.frame()).toMatch(/→ Kraken hot( · 0x\S+)? /);
    await app.resize(80, 24);
    expect(app.frame()).toMatch(/→ Kraken h/);
  });

  it('/ finds a row by its destination\'s name', async () => {
    app = renderApp({ columns: 120, rows: 30 });
    await settle();
    await app.press('/');
    await app.type('kraken');
    expect(app.frame()).toContain('1-1 of 1 matching');
    expect(app.frame()).toContain('Kraken hot');
  });
});
