// Ctrl-C and Ctrl-Z through the real App (issue 19): Ctrl-C leaves a text field or a dialog and a
// second one quits; elsewhere it quits at once. Ctrl-Z asks the terminal layer to suspend, says on
// the status line why it cannot, and after `fg` an open confirmation counts its delay again.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, type Stores } from '../../src/store/index.js';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { KEYS, loadedStores, NOW, type Rendered, renderApp, type RenderOptions, tx } from './helpers.js';

const W1 = 'tx-w1-7f3a9c2e5b1d';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

/** The waiting withdrawal at 0.5 BTC: below the threshold, so its confirmation is y/n. */
function smallStores(): Stores {
  const stores = loadedStores();
  const record: Transaction = { ...tx(W1), params: { ...tx(W1).params, amount: '0.5' }, updatedAt: String(NOW + 1000) };
  stores.transactions.setState(applyTransactions(stores.transactions.getState(), [record], { now: NOW, live: false }), true);
  return stores;
}

async function onW1(options: RenderOptions = {}): Promise<Rendered> {
  app = renderApp({ stores: smallStores(), ...options });
  app.ui.getState().patchList('transactions', { selectedId: W1 });
  await app.press();
  return app;
}

const statusLine = (a: Rendered) => a.lines().at(-2) ?? '';
const declines = (a: Rendered) => a.rec.calls.filter((c) => c.startsWith('decline'));

describe('Ctrl-C', () => {
  it.each([
    ['the filter', ['/', 'a', 'b'], 'filter', 'ctrl-c left the filter; ctrl-c again quits'],
    ['the command line', [':', 't', 'x'], 'command', 'ctrl-c left the command line; ctrl-c again quits'],
    ['a decline reason', ['d', 'x', 'y'], 'dialog', 'kept as it was, nothing was sent'],
    ['a decline confirmation', ['d', KEYS.enter], 'dialog', 'kept as it was, nothing was sent'],
  ])('in %s: leaves it; a second ctrl-c quits', async (_where, keys, mode, said) => {
    const a = await onW1();
    await a.press(...keys);
    expect(a.mode()).toBe(mode);
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
    expect(statusLine(a)).toContain(said);
    expect(declines(a)).toEqual([]);
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(1);
  });

  it('in the swap form: leaves it', async () => {
    const a = await onW1();
    await a.press('5', 'i');
    expect(a.mode()).toBe('form');
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('normal');
    expect(a.rec.quits).toBe(0);
  });

  it.each([
    ['the list', []],
    ['the help', ['?']],
    ['a detail', [KEYS.enter]],
  ])('in %s: quits at once', async (_where, keys) => {
    const a = await onW1();
    await a.press(...keys);
    await a.press(KEYS.ctrlC);
    expect(a.rec.quits).toBe(1);
  });
});

describe('Ctrl-Z', () => {
  it('says why when nothing can resume the console, and keeps running', async () => {
    const a = await onW1({ suspend: () => 'no shell here can resume the console (no job control)' });
    await a.press('\x1a');
    expect(statusLine(a)).toContain('ctrl-z: no shell here can resume the console (no job control); q quits');
    expect(a.rec.quits).toBe(0);
    expect(a.mode()).toBe('normal');
  });

  it('without a terminal layer that can suspend: says so', async () => {
    const a = await onW1();
    await a.press('\x1a');
    expect(statusLine(a)).toContain('ctrl-z: nothing here can suspend the console; q quits');
  });

  it('after fg, the open confirmation is still open and its delay starts again', async () => {
    let stopped = 0;
    const a = await onW1({
      // The terminal layer stops the process and, after `fg`, calls back: here at once, having
      // been away longer than the delay.
      suspend: (onResume) => {
        stopped += 1;
        a.later(60_000);
        onResume();
        return undefined;
      },
    });
    await a.press('d', KEYS.enter);
    a.later(DECISION_DELAY_MS); // the question was read before ctrl-z
    await a.press('\x1a');
    expect(stopped).toBe(1);
    expect(a.mode()).toBe('dialog');
    // Right after fg: the question was not on screen long enough since it came back.
    await a.press('y');
    expect(declines(a)).toEqual([]);
    expect(a.frame()).toContain('came before the question could be read');
    await a.decide('y');
    expect(declines(a)).toEqual([`decline ${W1}`]);
  });
});
