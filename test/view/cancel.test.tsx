// Cancel from the keyboard, through the real App: `c` exists where decline does and applies before
// signing starts; the dialog asks for a reason and the same confirmation as a decline, sends once,
// and tells the outcome in the dialog and on the status line.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { appliesTo, DECISIONS, notApplicable } from '../../src/domain/actions.js';
import { CANCELABLE } from '../../src/sandbox/world/records.js';
import { applyTransactions, type Stores } from '../../src/store/index.js';
import type { ActionOutcome } from '../../src/view/dialog/outcome.js';
import {
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
const BROADCASTED = 'tx-w2-9d1c7e3b5a2f';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

let version = 0;
function put(stores: Stores, ...records: Transaction[]): void {
  version += 1;
  const newer = records.map((r) => ({ ...r, updatedAt: String(NOW + version * 1000) }));
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), newer, { now: NOW, live: false }), true);
}

/** W1 at 0.5 BTC (below the $100,000 threshold: y/n), in the given status. */
function small(status = 'waiting-approval', options: RenderOptions = {}): Stores {
  const stores = loadedStores(options);
  put(stores, { ...tx(W1), status, params: { ...tx(W1).params, amount: '0.5' } });
  return stores;
}

async function on(id: string, options: RenderOptions = {}): Promise<Rendered> {
  app = renderApp(options);
  app.ui.getState().patchList('transactions', { selectedId: id });
  await app.press();
  await app.type('');
  return app;
}

const footer = (a: Rendered) => a.lines().at(-1) ?? '';
const statusLine = (a: Rendered) => a.lines().at(-2) ?? '';
const sends = (a: Rendered) => a.rec.calls.filter((c) => /^(cancel|decline|approve) /.test(c));
const done = (status = 'canceled'): ActionOutcome => ({ kind: 'done', transaction: { ...tx(W1), status } });

describe('the rule: which statuses can be canceled', () => {
  it('is the sandbox rule, status for status', () => {
    expect([...DECISIONS.cancel.statuses].sort()).toEqual([...CANCELABLE].sort());
  });

  it.each([
    ['new', true],
    ['waiting-approval', true],
    ['approved', true],
    ['awaiting-security-policy', true],
    ['signing-required', true],
    ['signing', false],
    ['broadcasted', false],
    ['completed', false],
    ['canceled', false],
    ['some-future-status', false],
  ])('%s: %s', (status, applies) => {
    expect(appliesTo('cancel', { ...tx(W1), status })).toBe(applies);
    expect(notApplicable('cancel', { ...tx(W1), status }) === undefined).toBe(applies);
  });

  it('says why in words', () => {
    expect(notApplicable('cancel', { ...tx(W1), status: 'signing' })).toBe(
      'only a transaction that has not started signing can be canceled ' +
        '(this one is signing; those: new, waiting-approval, approved, awaiting-security-policy, signing-required)',
    );
  });
});

describe('when c exists', () => {
  it('on a waiting transaction: in the footer beside decline and approve, and c opens the CANCEL dialog', async () => {
    const a = await on(W1, { stores: small() });
    expect(footer(a)).toContain('d decline  a approve  c cancel');
    await a.press('c');
    expect(a.mode()).toBe('dialog');
    expect(a.frame()).toContain('CANCEL transaction');
    expect(a.frame()).toContain(W1);
    expect(a.frame()).toContain('Reason (optional, up to 200 characters)');
  });

  it('on an approved one, where decline and approve do not apply', async () => {
    const a = await on(W1, { stores: small('approved') });
    expect(footer(a)).not.toContain('d decline');
    expect(footer(a)).toContain('c cancel');
    await a.press('c');
    expect(a.frame()).toContain('CANCEL transaction');
  });

  it.each<[string, string, RenderOptions, string]>([
    ['a completed one', COMPLETED, {}, 'cancel: only a transaction that has not started signing can be canceled'],
    ['a broadcasted one', BROADCASTED, {}, '(this one is broadcasted;'],
    ['the view-only role', W1, { role: 'view-only' }, 'cancel: a key with the view-only role cannot cancel'],
  ])('not on %s: c says why on the status line and opens nothing', async (_n, id, options, why) => {
    const a = await on(id, { ...options, rows: 90 });
    expect(footer(a)).not.toContain('c cancel');
    await a.press('c');
    expect(a.mode()).toBe('normal');
    expect(a.frame()).not.toContain('CANCEL transaction');
    expect(statusLine(a)).toContain(why);
  });

  it('after a 403 on cancel: hidden, and c says so; decline stays', async () => {
    const stores = small();
    stores.session.setState({ forbidden: new Set(['cancel'] as const) });
    const a = await on(W1, { stores });
    expect(footer(a)).not.toContain('c cancel');
    expect(footer(a)).toContain('d decline');
    await a.press('c');
    expect(statusLine(a)).toContain('the server refused to let this key cancel earlier in this session (403)');
  });

  it('read-only: not in the footer or the help, and c says read-only turned it off', async () => {
    const a = await on(W1, { readOnly: true, stores: small('waiting-approval', { readOnly: true }) });
    expect(footer(a)).not.toContain('cancel');
    await a.press('c');
    expect(statusLine(a)).toContain('c (cancel): read-only: decisions are turned off');
    expect(sends(a)).toEqual([]);
    expect(a.mode()).toBe('normal');
    expect(a.rec.calls).not.toContain('setPaused true');
    await a.press('?');
    // Every page of the help, read whole: neither cancel nor its siblings are there.
    let help = a.frame();
    for (let page = 0; page < 8; page++) {
      await a.press(KEYS.pageDown);
      help += a.frame();
    }
    expect(help).toContain('Read-only: keys that change anything are hidden.');
    expect(help).not.toMatch(/cancel the transaction/);
  });

  it('the help lists it with the rule', async () => {
    const a = await on(W1);
    await a.press('?');
    for (let page = 0; page < 6 && !a.frame().includes('cancel the transaction'); page++) await a.press(KEYS.pageDown);
    expect(a.frame()).toContain('cancel the transaction (before signing starts)');
  });
});

describe('canceling', () => {
  it('reason, enter, y: sends once with the reason, "canceling…", then the outcome and the notice', async () => {
    const pending = deferred<ActionOutcome>();
    const a = await on(W1, { stores: small(), script: { cancel: () => pending.promise } });
    await a.press('c');
    await a.type('created by mistake');
    await a.press(KEYS.enter);
    expect(a.frame()).toMatch(/Reason +created by mistake/);
    expect(a.frame()).toMatch(/Cancel this transaction\? +y cancels +n or esc keeps it \(the default\)/);
    expect(sends(a)).toEqual([]);
    await a.decide('y');
    expect(sends(a)).toEqual([`cancel ${W1} created by mistake`]);
    expect(a.frame()).toContain('canceling…');
    await a.press('y', KEYS.enter, 'c');
    pending.resolve(done());
    await settle();
    expect(a.frame()).toContain('✓ canceled');
    await a.press(KEYS.enter);
    expect(a.mode()).toBe('normal');
    expect(statusLine(a)).toContain(`${W1}: canceled`);
    expect(sends(a)).toHaveLength(1);
  });

  it('esc keeps it and sends nothing', async () => {
    const a = await on(W1, { stores: small() });
    await a.press('c', 'x', KEYS.esc);
    expect(sends(a)).toEqual([]);
    expect(statusLine(a)).toContain('kept as it was, nothing was sent');
  });

  it('above the threshold: the typed confirmation, as for a decline', async () => {
    const a = await on(W1, { script: { cancel: () => Promise.resolve(done()) } });
    await a.press('c', KEYS.enter);
    expect(a.frame()).toContain('The amount is at or above $100,000.00.');
    await a.press('y');
    expect(sends(a)).toEqual([]);
    await a.press(KEYS.ctrlU);
    await a.type(LAST4);
    await a.decide(KEYS.enter);
    expect(sends(a)).toEqual([`cancel ${W1}`]);
  });

  it('a conflict is told with the action it is about', async () => {
    const conflict: ActionOutcome = { kind: 'conflict', message: 'the server refused (409: …); it is now signing', status: 'signing' };
    const a = await on(W1, { stores: small('approved'), script: { cancel: () => Promise.resolve(conflict) } });
    await a.press('c', KEYS.enter);
    await a.decide('y');
    await settle();
    expect(a.frame()).toContain('⚠ not canceled: the server refused (409: …); it is now signing');
  });

  it('never sends a decline or an approve', async () => {
    const a = await on(W1, { stores: small(), script: { cancel: () => Promise.resolve(done()) } });
    await a.press('c', KEYS.enter);
    await a.decide('y');
    await settle();
    expect(sends(a)).toEqual([`cancel ${W1}`]);
  });
});
