// The one dispatcher, driven the way a person drives it: key sequences on stdin.
import { afterEach, describe, expect, it } from 'vitest';
import type { CopyOutcome } from '../../src/view/base/copy-outcome.js';
import type { ViewEnv } from '../../src/view/model/model.js';
import { withAddresses } from '../../src/store/workspace.js';
import { fixtures, KEYS, manyStores, NOW, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp({ columns: 120, rows: 30, ...options });
  await settle();
  return app;
}

/** The selected row's line (the one with the marker). */
function selected(a: Rendered): string {
  return a.lines().find((l) => l.startsWith('▶')) ?? '';
}

describe('moving', () => {
  it('j/k and the arrows move one row; g/G and Home/End go to the ends', async () => {
    const a = await open();
    expect(selected(a)).toContain('waiting-approval');
    await a.press('j');
    expect(selected(a)).toContain('deposit');
    await a.press(KEYS.down, KEYS.down);
    expect(selected(a)).toContain('swap-aggreg');
    await a.press('k', KEYS.up);
    expect(selected(a)).toContain('deposit');
    await a.press('k', 'k', 'k');
    expect(selected(a)).toContain('waiting-approval');
    await a.press('G');
    expect(selected(a)).toContain('expired');
    await a.press('g');
    expect(selected(a)).toContain('waiting-approval');
    await a.press(KEYS.end);
    expect(selected(a)).toContain('expired');
    await a.press(KEYS.home);
    expect(selected(a)).toContain('waiting-approval');
  });

  it('keys that arrive bunched in one read (fast typing over SSH) each count', async () => {
    const a = await open();
    await a.type('jjj');
    expect(a.ui.getState().lists.transactions!.cursor).toBe(3);
    await a.type('kk');
    expect(a.ui.getState().lists.transactions!.cursor).toBe(1);
    // A mode switch inside the chunk: `/` opens the filter and the rest is typed into it.
    await a.type('/swap\r');
    expect(a.mode()).toBe('normal');
    expect(a.ui.getState().lists.transactions!.filter).toBe('swap');
    expect(selected(a)).toContain('swap-aggreg');
  });

  it('pages with PgDn/PgUp and ctrl-d/ctrl-u; the more indicator counts what is below', async () => {
    const a = await open({ stores: manyStores(60), rows: 24 });
    const table = 24 - 9;
    expect(a.frame()).toContain(`▼ ${68 - table} more`);
    await a.press(KEYS.pageDown);
    expect(a.ui.getState().lists.transactions!.cursor).toBe(table);
    await a.press(KEYS.ctrlD);
    expect(a.ui.getState().lists.transactions!.cursor).toBe(2 * table);
    expect(a.frame()).toMatch(/▲ \d+ above/);
    await a.press(KEYS.ctrlU, KEYS.pageUp);
    expect(a.ui.getState().lists.transactions!.cursor).toBe(0);
    await a.press('G');
    expect(a.frame()).toContain(`${68 - table + 1}-68 of all 68`);
    expect(a.frame()).not.toContain('more');
  });
});

describe('panes', () => {
  it('1-9, 0 and Tab/Shift-Tab switch panes', async () => {
    const a = await open();
    const pane = () => a.ui.getState().pane;
    await a.press('1');
    expect(pane()).toBe('accounts');
    await a.press('5');
    expect(pane()).toBe('swap');
    await a.press(KEYS.tab);
    expect(pane()).toBe('balances');
    await a.press('0', KEYS.tab);
    expect(pane()).toBe('accounts');
    await a.press(KEYS.shiftTab, KEYS.shiftTab);
    expect(pane()).toBe('members');
    await a.press('3');
    expect(pane()).toBe('transactions');
    expect(a.frame()).toContain('Transactions │');
  });

  it('each pane keeps its own cursor', async () => {
    const a = await open();
    await a.press('j', 'j', '1', 'j', '3');
    expect(selected(a)).toContain('broadcasted');
    await a.press('1');
    expect(selected(a)).toContain('Testnet Lab');
  });

  it('Enter opens a transaction (the live engine is asked for it), Esc goes back', async () => {
    const a = await open();
    await a.press('j', 'j', KEYS.enter);
    expect(a.rec.calls).toContain('open tx-w2-9d1c7e3b5a2f');
    expect(a.frame()).toContain('Transaction tx-w2-9d');
    expect(a.frame()).toContain('Amount');
    await a.press(KEYS.esc);
    expect(a.rec.calls).toContain('close');
    expect(a.frame()).toContain('Transactions │');
    expect(selected(a)).toContain('broadcasted');
  });

  it('Enter on an account opens its detail and filters addresses and transactions to it; Esc clears the chip', async () => {
    const a = await open();
    await a.press('1', KEYS.enter);
    expect(a.ui.getState().pane).toBe('accounts');
    expect(a.frame()).toContain('Account acc-hot');
    await a.press('3');
    expect(a.frame()).toContain('[account: Ops Hot]');
    expect(a.frame()).toContain('1-4 of all 4');
    expect(a.frame()).not.toContain('Treasury Cold');
    await a.press('2');
    expect(a.frame()).toContain('[account: Ops Hot]');
    expect(a.frame()).not.toContain('Treasury Cold');
    await a.press('3', KEYS.esc);
    expect(a.frame()).not.toContain('[account:');
    expect(a.frame()).toContain('Treasury Cold');
  });

  it('r refreshes what the pane shows', async () => {
    const a = await open();
    await a.press('r', '1', 'r', '2', 'r', '4', 'r', '5', 'r', '6', 'r', '7', 'r');
    expect(a.rec.calls).toEqual([
      'refresh transactions',
      // The accounts' USD column is the balances'.
      'refresh accounts',
      'refresh balances',
      'refresh addresses',
      'refresh prices',
      'refresh all',
      'refresh balances',
      // The activity pane reads its feed itself: the first page as it opens, again on r.
      'activities 0',
      'activities 0',
    ]);
  });
});

describe('/ filter', () => {
  it('types, applies on Enter, inverts with !, cancels with Esc', async () => {
    const a = await open();
    await a.press('/');
    expect(a.mode()).toBe('filter');
    expect(a.frame()).toContain('enter apply  esc cancel');
    await a.type('cold');
    expect(a.frame()).toContain(' /cold');
    // Applied while typing (test/view/filter-typing.test.tsx has the rest).
    expect(a.frame()).not.toContain('teleport');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('[/cold]');
    expect(a.frame()).not.toContain('teleport');
    expect(a.frame()).toContain('1-2 of 2 matching, in 8 held');
    await a.press('/', KEYS.ctrlU);
    await a.type('!withdrawal');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('[/!withdrawal]');
    expect(a.frame()).toContain('teleport');
    expect(a.frame()).not.toContain('⊘ canceled');
    await a.press('/');
    await a.type('zzz');
    await a.press(KEYS.esc);
    expect(a.ui.getState().lists.transactions!.filter).toBe('!withdrawal');
    await a.press(KEYS.esc);
    expect(a.ui.getState().lists.transactions!.filter).toBe('');
  });

  it('editing: backspace, ctrl-w, ctrl-u; backspace on an empty line leaves it', async () => {
    const a = await open();
    await a.press('/');
    await a.type('ops hot');
    await a.press(KEYS.backspace);
    expect(a.ui.getState().input).toBe('ops ho');
    await a.press(KEYS.ctrlW);
    expect(a.ui.getState().input).toBe('ops ');
    await a.press(KEYS.ctrlU);
    expect(a.ui.getState().input).toBe('');
    await a.press(KEYS.backspace);
    expect(a.mode()).toBe('normal');
  });

  it('letters are text in the line, not keys (q does not quit)', async () => {
    const a = await open();
    await a.press('/', 'q', 'j', 'G');
    expect(a.ui.getState().input).toBe('qjG');
    expect(a.rec.quits).toBe(0);
    // Ctrl-C leaves the line (issue 19); a second one quits.
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(1);
  });

  it('the selection stays on its transaction when the filter keeps it', async () => {
    const a = await open();
    await a.press('j', 'j');
    await a.press('/');
    await a.type('ops');
    await a.press(KEYS.enter);
    expect(selected(a)).toContain('broadcasted');
  });
});

describe('/ and the server', () => {
  it('a text the server can find (an address) is offered as a last row; enter on it asks the server', async () => {
    const a = await open();
    const address = '0x39Aa4d1C7e6A2fC1B0e4E29f3b1d6a9C8e7F9B80';
    await a.press('/');
    await a.type(address);
    await a.press(KEYS.enter);
    expect(a.frame()).toContain(`search the server for the address ${address} (enter)`);
    expect(a.frame()).toContain('enter search the server');
    await a.press(KEYS.enter);
    expect(a.ui.getState().txFilter).toEqual({ address });
    expect(a.frame()).toContain(`[address: ${address}]`);
    expect(a.frame()).not.toContain(`[/${address}]`);
    expect(a.frame()).not.toContain('search the server for');
  });
});

describe(': command line', () => {
  async function run(a: Rendered, line: string) {
    await a.press(':');
    await a.type(line);
    await a.press(KEYS.enter);
  }

  it(':tx filters by status and type; :tx alone clears', async () => {
    const a = await open();
    await run(a, 'tx waiting-approval expired');
    expect(a.frame()).toContain('[status: waiting-approval,expired]');
    // A `:tx` filter is a server query: its rows are the whole view.
    expect(a.frame()).toContain('1-2 of all 2');
    await run(a, 'tx withdrawal');
    expect(a.frame()).toContain('[type: withdrawal]');
    expect(a.frame()).toContain('1-4 of all 4');
    await run(a, 'tx');
    expect(a.frame()).not.toContain('[type:');
    expect(a.frame()).toContain('1-8 of all 8');
  });

  it(':tx with key:value words, and a word that means nothing is refused, naming it', async () => {
    const a = await open();
    await run(a, 'tx asset:BTC account:"Treasury Cold"');
    expect(a.frame()).toContain('[account: Treasury Cold] [asset: BTC]');
    expect(a.ui.getState().txFilter.assetIds?.length).toBeGreaterThan(0);
    await run(a, 'tx colour:red');
    expect(a.frame()).toContain('unknown key "colour"');
    expect(a.frame()).toContain('[asset: BTC]');
  });

  it(':tx from another pane switches to transactions and closes a detail', async () => {
    const a = await open();
    await a.press(KEYS.enter, '1');
    await run(a, 'tx completed');
    expect(a.ui.getState().pane).toBe('transactions');
    expect(a.ui.getState().detail).toBeUndefined();
    expect(a.rec.calls).toContain('close');
  });

  it(':account by name prefix, any case; unknown names say so', async () => {
    const a = await open();
    await run(a, 'account treas');
    expect(a.frame()).toContain('[account: Treasury Cold]');
    await run(a, 'account nobody');
    expect(a.frame()).toContain('no account name starts with "nobody"');
    expect(a.frame()).toContain('[account: Treasury Cold]');
    await run(a, 'account');
    expect(a.frame()).not.toContain('[account:');
  });

  it(':addr by network (and status) on the addresses pane', async () => {
    const a = await open();
    await run(a, 'addr ETH');
    expect(a.ui.getState().pane).toBe('addresses');
    expect(a.frame()).toContain('[network: ETH]');
    expect(a.frame()).toContain('1/1 of 4');
    await run(a, 'addr enabled');
    expect(a.frame()).toContain('[status: enabled]');
    expect(a.frame()).toMatch(/[12]\/2 of 4/);
  });

  it(':prices, :swap, :accounts, :help, :q; unknown commands say so', async () => {
    const a = await open();
    await run(a, 'prices');
    expect(a.ui.getState().pane).toBe('prices');
    await run(a, 'swap');
    expect(a.ui.getState().pane).toBe('swap');
    await run(a, 'accounts');
    expect(a.ui.getState().pane).toBe('accounts');
    await run(a, 'launch');
    expect(a.frame()).toContain('unknown command :launch');
    await run(a, 'help');
    expect(a.mode()).toBe('help');
    await a.press(KEYS.esc);
    await run(a, 'q');
    expect(a.rec.quits).toBe(1);
  });

  it('Tab completes and cycles, shows the candidates; a single one gets a space', async () => {
    const a = await open();
    await a.press(':');
    await a.type('tx waiting-');
    await a.press(KEYS.tab);
    const first = a.ui.getState().input;
    expect(['tx waiting-approval', 'tx waiting-confirmations']).toContain(first);
    expect(a.frame()).toMatch(
      /waiting-confirmations +waiting-approval|waiting-approval +waiting-confirmations/,
    );
    await a.press(KEYS.tab);
    expect(a.ui.getState().input).not.toBe(first);
    expect(a.ui.getState().input).toMatch(/^tx waiting-/);
    await a.press(KEYS.tab);
    expect(a.ui.getState().input).toBe(first);
    await a.press(KEYS.ctrlU);
    await a.type('pri');
    await a.press(KEYS.tab);
    expect(a.ui.getState().input).toBe('prices ');
    await a.press(KEYS.ctrlU);
    await a.type('tx tele');
    await a.press(KEYS.tab);
    expect(a.ui.getState().input).toBe('tx teleport ');
    await a.press(KEYS.ctrlU);
    await a.type('account o');
    await a.press(KEYS.tab);
    expect(a.ui.getState().input).toBe('account Ops Hot ');
  });

  it('↑/↓ walk the history; ↓ past the newest returns to the line being typed', async () => {
    const a = await open();
    await run(a, 'tx completed');
    await run(a, 'account ops');
    await a.press(':');
    await a.type('draft');
    await a.press(KEYS.up);
    expect(a.ui.getState().input).toBe('account ops');
    await a.press(KEYS.up);
    expect(a.ui.getState().input).toBe('tx completed');
    await a.press(KEYS.up);
    expect(a.ui.getState().input).toBe('tx completed');
    await a.press(KEYS.down, KEYS.down);
    expect(a.ui.getState().input).toBe('draft');
  });
});

describe('view keys', () => {
  it('s cycles the sort and the title says it', async () => {
    const a = await open();
    await a.press('s');
    expect(a.frame()).toContain('updated ↓');
    await a.press('s');
    expect(a.frame()).toContain('amount (USD) ↓');
    await a.press('s');
    expect(a.frame()).toContain('Transactions │ status');
    // Then one sort per column, over the rows held.
    await a.press('s');
    expect(a.frame()).toContain('loaded rows');
  });

  it('p pauses and resumes live updates, the header says PAUSED', async () => {
    const a = await open();
    await a.press('p');
    expect(a.rec.calls).toEqual(['setPaused true']);
    expect(a.lines()[0]).toContain('PAUSED');
    expect(a.frame()).toContain('p resume');
    await a.press('p');
    expect(a.rec.calls).toEqual(['setPaused true', 'setPaused false']);
    expect(a.lines()[0]).not.toContain('PAUSED');
  });

  it('yy copies the id of a transaction or account; ya the address of an address', async () => {
    const a = await open();
    await a.press('y', 'y');
    expect(a.rec.copied).toEqual(['tx-w1-7f3a9c2e5b1d']);
    expect(a.frame()).toContain("sent id tx-w1-7f3a9c2e5b1d to the terminal's clipboard (OSC 52)");
    await a.press('2', 'y', 'a', '1', 'y', 'y');
    expect(a.rec.copied.slice(1)).toEqual(['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', 'acc-hot-0002']);
    await a.press('3', 'j', KEYS.enter, 'y', 'y');
    expect(a.rec.copied[3]).toBe('tx-d1-2b8e4f6a0c3d');
  });

  it.each<[CopyOutcome, string]>([
    [{ to: 'tmux', clipboard: true }, 'copied id tx-w1-7f3a9c2e5b1d to the tmux buffer and clipboard'],
    [
      { to: 'tmux', clipboard: false, why: 'tmux set-clipboard is off' },
      'copied id tx-w1-7f3a9c2e5b1d to a tmux buffer (tmux set-clipboard is off)',
    ],
    [
      { to: 'osc52', via: 'tmux', why: 'tmux not found' },
      "sent id tx-w1-7f3a9c2e5b1d to the terminal's clipboard (OSC 52 through tmux passthrough: tmux not found)",
    ],
  ])('y says on the status line where the text went: %j', async (outcome, line) => {
    const a = await open();
    (a.env as { copy: ViewEnv['copy'] }).copy = () => Promise.resolve(outcome);
    await a.press('y', 'y');
    expect(a.frame()).toContain(line);
  });

  it('y does not hold the console while the copy runs; the answer shows when it comes', async () => {
    const a = await open();
    let answer!: (outcome: CopyOutcome) => void;
    (a.env as { copy: ViewEnv['copy'] }).copy = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    await a.press('y', 'y', 'j');
    expect(selected(a)).toContain('deposit');
    expect(a.frame()).not.toContain('tx-w1-7f3a9c2e5b1d to');
    answer({ to: 'tmux', clipboard: true });
    await settle();
    // Named by what was copied, not by the row now under the cursor.
    expect(a.frame()).toContain('copied id tx-w1-7f3a9c2e5b1d to the tmux buffer and clipboard');
  });

  it('an address with no address yet: its menu has no address; yy copies its id and says "id"', async () => {
    const a = await open();
    const ws = a.stores.workspace.getState();
    const bare = fixtures.addresses.map((x) => ({ ...x, address: null }));
    a.stores.workspace.setState(withAddresses(ws, bare, NOW), true);
    await a.press('2', 'y');
    expect(a.frame()).not.toMatch(/ a +address /);
    await a.press('y');
    expect(a.rec.copied).toEqual(['addr-btc-cold']);
    expect(a.frame()).toContain("sent id addr-btc-cold to the terminal's clipboard");
  });

  it('a copy that fails says so', async () => {
    const a = await open();
    (a.env as { copy: ViewEnv['copy'] }).copy = () => Promise.reject(new Error('write EPIPE'));
    await a.press('y', 'y');
    expect(a.frame()).toContain('copy failed: write EPIPE (id tx-w1-7f3a9c2e5b1d)');
  });

  it('J shows the raw JSON of the record under the cursor, scrollable; J or Esc closes', async () => {
    const a = await open({ rows: 20 });
    await a.press('J');
    expect(a.mode()).toBe('json');
    expect(a.frame()).toContain('"transactionId": "tx-w1-7f3a9c2e5b1d"');
    expect(a.frame()).toContain('esc close');
    await a.press('G');
    expect(a.frame()).toContain('}');
    expect(a.frame()).not.toContain('"transactionId"');
    await a.press('g', 'J');
    expect(a.mode()).toBe('normal');
    await a.press('1', 'J');
    expect(a.frame()).toContain('"accountName": "Ops Hot"');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
  });

  it('? shows the help from the keymap, scrolls, closes', async () => {
    const a = await open({ rows: 20 });
    await a.press('?');
    expect(a.frame()).toContain('Help');
    expect(a.frame()).toContain('move down one row');
    await a.press('G');
    expect(a.frame()).toContain('Marks before a row'); // the legend ends the help
    await a.press('?');
    expect(a.mode()).toBe('normal');
    await a.press('?', 'q');
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
  });

  it('the detail scrolls with j/k and stops at its end', async () => {
    const a = await open({ rows: 20 });
    await a.press('j', 'j', KEYS.enter);
    const scroll = () => a.ui.getState().detail!.scroll;
    await a.press('j', 'j');
    expect(scroll()).toBe(2);
    await a.press('G');
    const max = scroll();
    expect(max).toBeGreaterThan(0);
    await a.press('j', 'j', 'j');
    expect(scroll()).toBe(max);
    await a.press('k');
    expect(scroll()).toBe(max - 1);
    expect(a.frame()).toContain('Statuses seen');
  });

  it('q and ctrl-c quit', async () => {
    const a = await open();
    await a.press('q');
    expect(a.rec.quits).toBe(1);
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(2);
  });

  it('a key whose work fails reports it and leaves the console running', async () => {
    const a = await open();
    (a.env as { copy: (text: string) => void }).copy = () => {
      throw new Error('clipboard unavailable');
    };
    await a.press('y', 'y');
    expect(a.frame()).toContain('copy failed: clipboard unavailable');
    await a.press('j');
    expect(selected(a)).toContain('deposit');
  });

  it('unbound keys say so on the status line and change nothing else; Alt chords do nothing', async () => {
    const a = await open();
    const before = a.lines();
    await a.press('\u001bj', '\u001bq');
    expect(a.lines()).toEqual(before);
    await a.press('x', 'Z');
    const after = a.lines();
    const status = after.length - 2;
    expect(after[status]).toContain('Z is not a key of the console (? lists them)');
    expect([...after.slice(0, status), after[status + 1]]).toEqual([...before.slice(0, status), before[status + 1]]);
    expect(a.rec.quits).toBe(0);
  });
});
