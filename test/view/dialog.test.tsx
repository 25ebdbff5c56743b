// Decline and approve from the keyboard, through the real App: when the keys exist at all, the
// dialog's steps, exactly one request per dialog whatever the keys do, each outcome in words, the
// pause around the dialog and a target that live updates cannot change.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { displayWidth } from '../../src/format/index.js';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { type ActionName, applyTransactions, type Stores, withSelf } from '../../src/store/index.js';
import type { ActionOutcome } from '../../src/view/dialog/outcome.js';
import {
  type ActionScript,
  deferred,
  KEYS,
  loadedStores,
  NOW,
  type Rendered,
  renderApp,
  type RenderOptions,
  settle,
  tx,
} from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';
const LAST4 = '5b1d';
const COMPLETED = 'tx-d1-2b8e4f6a0c3d';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

let version = 0;
/** Replaces records in the store: each call is newer than everything before it. */
function put(stores: Stores, ...records: Transaction[]): void {
  version += 1;
  const newer = records.map((r) => ({ ...r, updatedAt: String(NOW + version * 1000) }));
  stores.transactions.setState(
    applyTransactions(stores.transactions.getState(), newer, { now: NOW, live: false }),
    true,
  );
}

/** The waiting withdrawal at 0.5 BTC (about $48,706): below the threshold, so y/n. */
function smallStores(options: RenderOptions = {}): Stores {
  const stores = loadedStores(options);
  put(stores, { ...tx(W1), params: { ...tx(W1).params, amount: '0.5' } });
  return stores;
}

async function on(id: string, options: RenderOptions = {}): Promise<Rendered> {
  app = renderApp(options);
  app.ui.getState().patchList('transactions', { selectedId: id });
  await app.press(); // let the selection render
  await app.type('');
  return app;
}

function footer(a: Rendered): string {
  return a.lines().at(-1) ?? '';
}

/**
 * The footer after the next render. The footer widget re-renders when the ui, session or data
 * stores change; a step of the dialog changes only the dialog store, so (until the footer widget
 * subscribes to it too) a render at the same size is forced here.
 */
async function footerNow(a: Rendered): Promise<string> {
  await a.resize(a.stdout.columns, a.stdout.rows);
  return footer(a);
}

function statusLine(a: Rendered): string {
  return a.lines().at(-2) ?? '';
}

function sends(a: Rendered): string[] {
  return a.rec.calls.filter((c) => c.startsWith('decline') || c.startsWith('approve'));
}

function answer(outcome: ActionOutcome): ActionScript {
  return { decline: () => Promise.resolve(outcome), approve: () => Promise.resolve(outcome) };
}

const canceled = (): ActionOutcome => ({ kind: 'done', transaction: { ...tx(W1), status: 'canceled' } });

describe('when d and a exist', () => {
  it('on a transaction waiting for approval: in the footer, and d opens the dialog', async () => {
    const a = await on(W1);
    expect(footer(a)).toContain('d decline');
    expect(footer(a)).toContain('a approve');
    await a.press('d');
    expect(a.mode()).toBe('dialog');
    expect(a.frame()).toContain('DECLINE transaction');
    expect(a.frame()).toContain(W1);
    expect(footer(a)).toMatch(/enter next/);
    expect(footer(a)).toMatch(/esc keep/);
  });

  it('in the open detail too', async () => {
    const a = await on(W1, { ui: { detail: { pane: 'transactions', id: W1, scroll: 0 } } });
    expect(footer(a)).toContain('d decline');
    await a.press('a');
    expect(a.frame()).toContain('APPROVE transaction');
  });

  it('not in read-only mode: not in the footer or the help, and the keys say read-only turned them off', async () => {
    const a = await on(W1, { readOnly: true });
    expect(footer(a)).not.toContain('decline');
    expect(footer(a)).not.toContain('approve');
    await a.press('d');
    expect(statusLine(a)).toContain('d (decline): read-only: decisions are turned off');
    expect(statusLine(a)).not.toContain('not a key of the console');
    await a.press('a');
    expect(statusLine(a)).toContain('a (approve): read-only: decisions are turned off');
    expect(a.mode()).toBe('normal');
    expect(a.frame()).not.toContain('DECLINE');
    expect(a.rec.calls).not.toContain('setPaused true');
    expect(a.rec.calls.filter((c) => /^(decline|approve) /.test(c))).toEqual([]);
    await a.press('?');
    expect(a.frame()).not.toMatch(/decline the transaction/);
    expect(a.frame()).not.toMatch(/approve the transaction/);
  });

  it.each<[string, RenderOptions, string, ActionName[], string]>([
    ['another status', {}, COMPLETED, [], 'decline: only a transaction waiting for approval can be declined (this one is completed)'],
    ['the view-only role', { role: 'view-only' }, W1, [], 'decline: a key with the view-only role cannot decline'],
    [
      'a 403 earlier in the session',
      {},
      W1,
      ['decline', 'approve'],
      'decline: the server refused to let this key decline earlier in this session (403)',
    ],
  ])('not with %s: not in the footer, and d says why on the status line', async (_n, options, id, forbidden, why) => {
    const stores = loadedStores(options);
    if (forbidden.length > 0) stores.session.setState({ forbidden: new Set(forbidden) });
    const a = await on(id, { ...options, stores, rows: 90 });
    expect(footer(a)).not.toContain('decline');
    expect(footer(a)).not.toContain('approve');
    await a.press('d');
    expect(a.mode()).toBe('normal');
    expect(a.frame()).not.toContain('DECLINE');
    expect(a.rec.calls).not.toContain('setPaused true');
    expect(statusLine(a)).toContain(why);
    await a.press('a');
    expect(a.frame()).not.toContain('APPROVE transaction');
    if (id === W1) {
      // The help keeps the key, and says why it is not this session's.
      await a.press('?');
      const help = a.lines().join(' ').replace(/\s+/g, ' ');
      expect(help).toMatch(/decline the transaction .*\((a key with the view-only role|the server refused)/);
    }
  });

  it('a on a transaction this key already approved: not in the footer, and a says so', async () => {
    const stores = loadedStores();
    // W1's approvals so far: k3f9; the key acts as that member.
    stores.directory.setState((d) => withSelf(d, 'k3f9'));
    const a = await on(W1, { stores });
    expect(footer(a)).not.toContain('a approve');
    expect(footer(a)).toContain('d decline');
    await a.press('a');
    expect(a.mode()).toBe('normal');
    expect(a.frame()).not.toContain('APPROVE transaction');
    expect(statusLine(a)).toContain('approve: you already approved this');
    expect(a.rec.calls.filter((c) => c.startsWith('approve '))).toEqual([]);
  });

  it('a another member approved stays: the key is not that member', async () => {
    const stores = loadedStores();
    stores.directory.setState((d) => withSelf(d, 'someone-else'));
    const a = await on(W1, { stores });
    expect(footer(a)).toContain('a approve');
  });

  it('only a 403 on decline hides d; a stays', async () => {
    const stores = loadedStores();
    stores.session.setState({ forbidden: new Set<ActionName>(['decline']) });
    const a = await on(W1, { stores });
    expect(footer(a)).not.toContain('decline');
    expect(footer(a)).toContain('a approve');
  });

  it('the header says READ-ONLY in read-only mode, and the help says why keys are missing', async () => {
    const a = await on(W1, { readOnly: true });
    expect(a.lines()[0]).toContain('READ-ONLY');
    await a.press('?', 'G');
    expect(a.frame()).toContain('Read-only: keys that change anything are hidden.');
  });

  it('the help lists decline and approve when they are permitted', async () => {
    const a = await on(W1);
    await a.press('?');
    // The help is longer than the screen: page down until the Actions group is in sight.
    for (let page = 0; page < 6 && !a.frame().includes('decline the transaction'); page++) await a.press(KEYS.pageDown);
    expect(a.frame()).toContain('decline the transaction (waiting for approval only)');
  });
});

describe('declining', () => {
  it('reason typed and edited, enter, y: sends once with the reason, then the outcome and a notice', async () => {
    const pending = deferred<ActionOutcome>();
    const a = await on(W1, { stores: smallStores(), script: { decline: () => pending.promise } });
    await a.press('d');
    await a.type('dup payoutX');
    await a.press(KEYS.backspace);
    expect(a.frame()).toContain('> dup payout█');
    await a.press(KEYS.ctrlU);
    expect(a.frame()).not.toContain('dup payout');
    await a.type('duplicate payout');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/Reason +duplicate payout/);
    expect(a.frame()).toMatch(/y declines +n or esc keeps it \(the default\)/);
    expect(sends(a)).toEqual([]);
    await a.decide('y');
    expect(sends(a)).toEqual([`decline ${W1} duplicate payout`]);
    expect(a.frame()).toContain('declining…');
    // While sending, keys but esc do nothing.
    await a.press('y', KEYS.enter, 'n', 'd');
    expect(a.frame()).toContain('declining…');
    pending.resolve(canceled());
    await settle();
    expect(a.frame()).toContain('✓ declined: now canceled');
    expect(a.mode()).toBe('dialog');
    await a.press(KEYS.enter);
    expect(a.mode()).toBe('normal');
    expect(statusLine(a)).toContain(`${W1}: declined: now canceled`);
    expect(sends(a)).toHaveLength(1);
  });

  it('no reason: the request carries none', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.press('d', KEYS.enter);
    await a.decide('y');
    expect(sends(a)).toEqual([`decline ${W1}`]);
  });

  it.each([
    ['esc in the reason', ['d', 'x', KEYS.esc]],
    ['esc at the confirmation', ['d', KEYS.enter, KEYS.esc]],
    ['n at the confirmation', ['d', KEYS.enter, 'n']],
    ['n in the reason is text, then esc', ['d', 'n', KEYS.esc]],
  ])('%s sends nothing and says so', async (_n, keys) => {
    const a = await on(W1, { stores: smallStores() });
    await a.press(...keys);
    expect(a.mode()).toBe('normal');
    expect(sends(a)).toEqual([]);
    expect(statusLine(a)).toContain('kept as it was, nothing was sent');
  });

  it.each([
    ['a second d (it is text in the reason)', ['d', 'd', KEYS.enter], []],
    ['enter twice, then y', ['d', KEYS.enter, KEYS.enter], []],
    ['y held down (key repeat)', ['d', KEYS.enter], ['y', 'y', 'y']],
  ])('%s: exactly one request', async (_n, before, after) => {
    const pending = deferred<ActionOutcome>();
    const a = await on(W1, { stores: smallStores(), script: { decline: () => pending.promise } });
    await a.press(...before);
    await a.decide('y');
    await a.press(...after);
    expect(sends(a)).toHaveLength(1);
    pending.resolve(canceled());
    await a.press('y', 'y');
    expect(sends(a)).toHaveLength(1);
  });

  it('yy in one read decides nothing: the dialog says why, and a y of its own then declines', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.press('d', KEYS.enter);
    a.later(1_000);
    await a.type('yy');
    expect(sends(a)).toEqual([]);
    expect(a.mode()).toBe('dialog');
    expect(a.frame()).toContain('keys arrived too fast to be typed: press y again');
    await a.decide('y');
    expect(sends(a)).toEqual([`decline ${W1}`]);
  });

  it('y the moment the question appears decides nothing; a moment later it does', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.press('d', KEYS.enter, 'y');
    expect(sends(a)).toEqual([]);
    expect(a.frame()).toContain('y came before the question could be read: press y again');
    a.later(DECISION_DELAY_MS - 1);
    await a.press('y');
    expect(sends(a)).toEqual([]);
    a.later(1);
    await a.press('y');
    expect(sends(a)).toEqual([`decline ${W1}`]);
  });

  it('everything in one burst: d opens the dialog and the rest of the burst is dropped, said so', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.type('d\ryyy\r\r');
    expect(sends(a)).toEqual([]);
    expect(a.mode()).toBe('dialog');
    expect(a.frame()).toContain('> █');
    expect(statusLine(a)).toContain('6 keys after d dropped: they came in one burst with it');
  });

  it.each([
    ['a paste on the list', [], 'cd /tmp\ryes\r'],
    ['a paste into the reason', ['d'], 'cd /tmp\ryes\r'],
    ['a paste at the confirmation', ['d', KEYS.enter], 'y'],
  ])('%s is text, never keys: nothing is sent', async (_n, before, text) => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.press(...before);
    a.later(1_000);
    await a.paste(text);
    expect(sends(a)).toEqual([]);
  });

  it('a paste into the reason is one line of text, and enter is still a key of its own', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer(canceled()) });
    await a.press('d');
    await a.paste('cd /tmp\ryes\r');
    expect(a.frame()).toContain('> cd /tmp yes█');
    expect(a.mode()).toBe('dialog');
    await a.press(KEYS.enter);
    await a.decide('y');
    expect(sends(a)).toEqual([`decline ${W1} cd /tmp yes`]);
  });

  it('a paste on the list says it was ignored', async () => {
    const a = await on(W1, { stores: smallStores() });
    await a.paste('cd /tmp\ryes\r');
    expect(a.mode()).toBe('normal');
    expect(statusLine(a)).toContain('a paste is not a key here: 12 characters ignored');
  });

  it('above the threshold: y is text, a wrong end of the id keeps the dialog with a hint, the right one sends', async () => {
    const a = await on(W1, { script: answer(canceled()) });
    await a.press('d', KEYS.enter);
    expect(a.frame()).toContain('The amount is at or above $100,000.00.');
    expect(a.frame()).toContain('Type the last 4 characters of the transaction id');
    expect(await footerNow(a)).toMatch(/enter decline +esc keep/);
    await a.press('y');
    expect(sends(a)).toEqual([]);
    expect(a.frame()).toContain('> y█');
    await a.press(KEYS.ctrlU);
    await a.type('5B1D');
    await a.decide(KEYS.enter);
    expect(sends(a)).toEqual([]);
    expect(a.frame()).toContain('"5B1D" is not the end of the id');
    await a.decide(KEYS.enter);
    expect(a.frame()).toContain('type the last 4 characters of the id first');
    await a.type(LAST4);
    await a.decide(KEYS.enter);
    await a.press(KEYS.enter);
    expect(sends(a)).toEqual([`decline ${W1}`]);
  });

  it('a lower configured threshold asks for the typed confirmation on the small amount too', async () => {
    const a = await on(W1, { stores: smallStores(), confirmThresholdUsd: '1000' });
    await a.press('d', KEYS.enter);
    expect(a.frame()).toContain('The amount is at or above $1,000.00.');
  });

  it('no price for the asset: the typed confirmation, the safe side', async () => {
    const stores = loadedStores();
    put(stores, { ...tx(W1), params: { ...tx(W1).params, assetId: '999', amount: '1' } });
    const a = await on(W1, { stores });
    await a.press('d', KEYS.enter);
    expect(a.frame()).toContain('The USD value is unknown');
  });

  it('esc while sending closes the view; the outcome arrives as a notice', async () => {
    const pending = deferred<ActionOutcome>();
    const a = await on(W1, { stores: smallStores(), script: { decline: () => pending.promise } });
    await a.press('d', KEYS.enter);
    await a.decide('y');
    expect(await footerNow(a)).toContain('esc close');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    expect(a.rec.calls).toContain('setPaused false');
    pending.resolve(canceled());
    await settle();
    expect(statusLine(a)).toContain(`${W1}: declined: now canceled`);
    expect(a.mode()).toBe('normal');
  });
});

describe('the footer follows the step', () => {
  it('reason, y/n, sending, outcome; typed confirmation', async () => {
    const pending = deferred<ActionOutcome>();
    const a = await on(W1, { stores: smallStores(), script: { decline: () => pending.promise } });
    await a.press('d');
    expect(footer(a)).toMatch(/^ enter next +esc keep +ctrl-u clear/);
    await a.press(KEYS.enter);
    expect(await footerNow(a)).toMatch(/^ y decline +n keep/);
    await a.decide('y');
    expect(await footerNow(a)).toMatch(/^ esc close/);
    pending.resolve(canceled());
    await settle();
    expect(await footerNow(a)).toMatch(/^ enter close/);
    await a.press(KEYS.enter);
    expect(footer(a)).toContain('d decline');
  });
});

describe('approving', () => {
  it('always the typed confirmation, straight away', async () => {
    const a = await on(W1, { stores: smallStores(), script: answer({ kind: 'done', transaction: { ...tx(W1), status: 'approved' } }) });
    await a.press('a');
    expect(a.frame()).toContain('Approving moves funds.');
    expect(a.frame()).not.toContain('Reason');
    await a.decide('y', KEYS.enter);
    expect(sends(a)).toEqual([]);
    await a.type(LAST4);
    await a.decide(KEYS.enter);
    expect(sends(a)).toEqual([`approve ${W1}`]);
    // The new status is the verb's own word: said once.
    expect(a.frame()).toMatch(/✓ approved(?!:)/);
    expect(a.frame()).not.toContain('approved: now approved');
  });
});

describe('outcomes', () => {
  it.each<[string, ActionOutcome, RegExp[], boolean]>([
    ['done', canceled(), [/✓ declined: now canceled/], false],
    [
      'conflict',
      { kind: 'conflict', message: 'it is now approved, no longer waiting for approval', status: 'approved' },
      [/⚠ not declined: it is now approved, no longer waiting for approval/],
      false,
    ],
    [
      'forbidden',
      {
        kind: 'forbidden',
        message: 'the server refused this key (403: role view-only cannot decline transactions); decline is hidden for the rest of this session',
      },
      [/✗ not declined: the server refused this key \(403: role view-only/],
      true,
    ],
    [
      'network, nothing changed',
      { kind: 'network', message: 'nothing was sent (connection refused); try again', changed: 'no' },
      [/✗ not declined: nothing was sent \(connection refused\); try again/],
      false,
    ],
    [
      'network, unknown',
      {
        kind: 'network',
        message: 'no answer (socket hang up): it may or may not have been declined; it is now waiting-approval',
        changed: 'unknown',
      },
      [/no answer \(socket hang up\): it may or may not have been declined/],
      false,
    ],
    [
      'refused',
      { kind: 'refused', status: 400, code: 'bad-request', message: 'reason: too long', field: 'reason' },
      [/not declined: reason: too long/, /400 bad-request \(field reason\)/],
      false,
    ],
  ])('%s: in the dialog, then on the status line', async (_n, outcome, shown, forbid) => {
    const stores = smallStores();
    const script: ActionScript = {
      decline: () => {
        // The live side hides the action for the session on a 403.
        if (forbid) stores.session.setState({ forbidden: new Set<ActionName>(['decline']) });
        return Promise.resolve(outcome);
      },
    };
    const a = await on(W1, { stores, script });
    await a.press('d', KEYS.enter);
    await a.decide('y');
    await settle();
    for (const re of shown) expect(a.frame()).toMatch(re);
    const headline = a
      .lines()
      .find((l) => shown[0]!.test(l))
      ?.replace(/^ *[✓⚠✗] /, '')
      .trim();
    expect(await footerNow(a)).toContain('enter close');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    // The status line keeps the headline, with the id it is about.
    expect(statusLine(a)).toContain(`${W1}: ${headline!.slice(0, 40)}`);
    if (forbid) {
      expect(footer(a)).not.toContain('decline');
      await a.press('d');
      expect(a.mode()).toBe('normal');
    }
  });
});

describe('around the dialog', () => {
  it('pauses the live model while open and resumes it on close', async () => {
    const a = await on(W1, { stores: smallStores() });
    await a.press('d');
    expect(a.rec.calls).toEqual(['setPaused true']);
    // The decision's reason, not the person's: `p` would not resume it.
    expect([...a.ui.getState().pause]).toEqual(['decision']);
    await a.press(KEYS.esc);
    expect(a.rec.calls).toEqual(['setPaused true', 'setPaused false']);
  });

  it('an earlier pause of the person stays: nothing resumed on close', async () => {
    const a = await on(W1, { stores: smallStores(), ui: { pause: new Set(['person']) } });
    await a.press('d', KEYS.esc);
    // Told once, at the start: the dialog changes nothing of the hold.
    expect(a.rec.calls.filter((c) => c.startsWith('setPaused'))).toEqual(['setPaused true']);
    expect([...a.ui.getState().pause]).toEqual(['person']);
  });

  it('a live update of the target does not change what is being confirmed', async () => {
    const a = await on(W1, { script: answer(canceled()) });
    await a.press('d');
    put(a.stores, {
      ...tx(W1),
      status: 'approved',
      params: { ...tx(W1).params, amount: '0.01', toAddress: 'bc1qchangedaddress' },
    });
    expect(a.stores.transactions.getState().byId.get(W1)?.status).toBe('approved');
    await a.press(KEYS.enter);
    const f = a.frame();
    expect(f).toContain('25.00000000 BTC');
    expect(f).toContain('⚠ waiting-approval');
    expect(f).toContain('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9');
    expect(f).not.toContain('changedaddress');
    // Still the typed confirmation chosen at opening, for the frozen amount.
    expect(f).toContain('Type the last 4 characters');
  });

  it.each([
    [80, 24, true],
    [120, 40, true],
    [80, 24, false],
    [60, 16, false],
  ])('%ix%i (color %s): every line fits, the step is on screen, statuses are words', async (columns, rows, color) => {
    const stores = loadedStores();
    put(stores, {
      ...tx(W1),
      params: { ...tx(W1).params, toAddress: `bc1q${'z'.repeat(90)}end`, memo: 'payroll batch 47 for november' },
    });
    const a = await on(W1, { stores, columns, rows, color });
    await a.press('d');
    for (const l of a.lines()) expect(displayWidth(l)).toBeLessThanOrEqual(columns);
    expect(a.lines().length).toBeLessThanOrEqual(rows - 1);
    expect(a.frame()).toContain('> █');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('> █');
    expect(a.frame()).toContain('Type the last 4');
    if (rows >= 24) {
      expect(a.frame()).toContain('⚠ waiting-approval');
      const joined = a.lines().map((l) => l.trim()).join('');
      expect(joined).toContain(`bc1q${'z'.repeat(90)}end`);
    } else {
      // The smallest screen: the target scrolls under the step.
      expect(a.frame()).toMatch(/more \(↓\)/);
      await a.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
      expect(a.frame()).toMatch(/above \(↑\)/);
      expect(a.frame()).toContain('> █');
    }
  });

  it('ASCII: the dialog draws only ASCII', async () => {
    const a = await on(W1, { stores: smallStores(), ascii: true });
    await a.press('d', KEYS.enter);
    expect(a.frame()).toContain('[!] waiting-approval');
    const body = a.lines().slice(2, -3).join('\n');
    expect(body).toMatch(/^[\x20-\x7e\n]*$/);
  });
});

describe('the audit entries in the detail', () => {
  it('a section lists what this console did to the transaction; none without entries', async () => {
    const stores = loadedStores();
    const a = await on(W1, { stores, ui: { detail: { pane: 'transactions', id: W1, scroll: 0 } }, rows: 80 });
    expect(a.frame()).not.toContain('Audit (this console)');
    stores.audit.setState({
      byTx: new Map([
        [
          W1,
          [
            { time: '2025-11-21T11:59:50.000Z', action: 'decline', result: 'forbidden', keyId: 'k3f9a8b7', reason: 'dup' },
            { time: '2025-11-21T11:59:59.000Z', action: 'decline', result: 'canceled', keyId: 'k3f9a8b7', reason: 'duplicate payout' },
          ],
        ],
      ]),
    });
    await settle();
    const f = a.frame();
    expect(f).toContain('Audit (this console)');
    expect(f).toMatch(/2025-11-21 \d\d:59:50 +decline +✗ forbidden +key k3f9a8b7/);
    expect(f).toMatch(/2025-11-21 \d\d:59:59 +decline +⊘ canceled +key k3f9a8b7/);
    expect(f).toContain('reason: duplicate payout');
  });
});
