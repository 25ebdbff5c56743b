// The AGE cell of the lists (issue 12: "+58m", ages in the future). Ages are read on the server's
// clock (this machine's corrected by the skew the header warns of); a time still ahead of it by
// more than agreeing clocks differ has no age, and the cell says "skew" instead of one.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions } from '../../src/store/index.js';
import { AGE_TICK_MS, AHEAD_AGE, CLOCKS_AGREE_MS, listAge } from '../../src/view/resources/kit.js';
import { loadedStores, NOW, type Rendered, renderApp, settle, tx } from './helpers.js';

describe('listAge', () => {
  it.each<[string, number, string]>([
    ['a past time: its age', NOW - 12_000, '12s'],
    ['minutes', NOW - 3 * 60_000 - 5_000, '3m'],
    ['the same instant', NOW, '0s'],
    ['arrived since the last tick', NOW + AGE_TICK_MS - 1, '0s'],
    ['a little ahead, clocks that agree', NOW + CLOCKS_AGREE_MS, '0s'],
    ['further ahead: no age, and never "+1m"', NOW + CLOCKS_AGREE_MS + 1_000, AHEAD_AGE],
    ['58 minutes ahead', NOW + 58 * 60_000, AHEAD_AGE],
  ])('%s', (_name, at, expected) => {
    expect(listAge(String(at), NOW)).toBe(expected);
  });

  it('fits the AGE column (4 wide)', () => {
    expect(AHEAD_AGE.length).toBeLessThanOrEqual(4);
  });
});

describe('ages on the server clock', () => {
  let app: Rendered | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  /** A deposit of 4,321 stamped at `at`. */
  function stamped(id: string, at: string): Transaction {
    const params = { amount: '4321', assetId: '11', networkId: 'ETH' };
    return { ...tx('tx-d1-2b8e4f6a0c3d'), transactionId: id, createdAt: at, updatedAt: at, params };
  }

  function rowOf(a: Rendered, amount: string): string {
    return a.lines().find((l) => l.includes(amount)) ?? '';
  }

  it('with the server 58 minutes ahead (the header warns), a new row is seconds old, not "+58m"', async () => {
    const skew = 58 * 60_000;
    const stores = loadedStores();
    stores.session.setState({ clockSkewMs: skew });
    const created = String(NOW + skew - 12_000);
    stores.transactions.setState(
      applyTransactions(
        stores.transactions.getState(),
        [stamped('tx-skewed', created)],
        { now: NOW, live: true },
      ),
      true,
    );
    app = renderApp({ stores, columns: 120, rows: 30 });
    await settle();
    expect(app.lines()[0]).toContain('clock skew');
    expect(rowOf(app, '4,321.000000')).toMatch(/ 12s /);
    expect(app.frame()).not.toContain('+58m');
  });

  it('a row stamped far ahead of a server that agrees with us reads "skew"', async () => {
    const stores = loadedStores();
    const created = String(NOW + 58 * 60_000);
    stores.transactions.setState(
      applyTransactions(
        stores.transactions.getState(),
        [stamped('tx-ahead', created)],
        { now: NOW, live: true },
      ),
      true,
    );
    app = renderApp({ stores, columns: 120, rows: 30 });
    await settle();
    expect(rowOf(app, '4,321.000000')).toMatch(/ skew /);
    expect(app.frame()).not.toContain('+58m');
  });
});
