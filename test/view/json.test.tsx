// J on a finished history row: the store holds it slim (store/slim.ts), the pane promises the
// raw JSON of the whole record, so it asks the live engine for it and says so until it arrives.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, isSlim } from '../../src/store/index.js';
import { slimTransaction } from '../../src/store/slim.js';
import { KEYS, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

describe('J on a slim row', () => {
  it('shows loading, asks for the whole record once, then shows it', async () => {
    const a = (app = renderApp({ columns: 120, rows: 30 }));
    await settle();
    await a.press('j', 'y'); // the second row: a finished deposit
    const id = a.rec.copied[0]!;
    const whole = a.stores.transactions.getState().byId.get(id)!;
    const slim = slimTransaction({ ...whole, embedded: undefined } as Transaction);
    expect(isSlim(slim)).toBe(true);
    a.stores.transactions.setState((s) => ({ ...s, byId: new Map(s.byId).set(id, slim) }));
    await settle();

    await a.press('J');
    expect(a.mode()).toBe('json');
    expect(a.frame()).toContain('loading the whole record…');
    expect(a.frame()).not.toContain('"transactionId"');
    expect(a.rec.calls.filter((c) => c === `load ${id}`)).toHaveLength(1);

    // The engine's answer: the whole record replaces the slim one.
    a.stores.transactions.setState((s) => applyTransactions(s, [whole], { now: 1, live: false }));
    await settle();
    expect(a.frame()).toContain(`"transactionId": "${id}"`);
    expect(a.frame()).not.toContain('loading the whole record');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
  });

  it('a whole record shows at once, without a read', async () => {
    const a = (app = renderApp({ columns: 120, rows: 30 }));
    await settle();
    await a.press('j', 'J');
    expect(a.frame()).toContain('"transactionId"');
    expect(a.rec.calls.some((c) => c.startsWith('load '))).toBe(false);
  });
});
