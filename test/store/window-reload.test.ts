// `r` on the transactions (issue 12, a sandbox restarted with a new world): what the server no
// longer has goes, within what the console holds (store/transactions-windows.ts).
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  ALL_TRANSACTIONS,
  applyTransactions,
  emptyTransactions,
  type TransactionsState,
  type TxWindow,
  withoutTransactions,
  withWindowPage,
  withWindowReloaded,
} from '../../src/store/index.js';

function tx(id: string, createdAt: number, status = 'completed', updatedAt = createdAt): Transaction {
  return {
    transactionId: id,
    externalId: `e-${id}`,
    status,
    transactionType: 'withdrawal',
    workspaceId: 'w',
    accountId: 'a',
    accountType: 'vault',
    createdAt: String(createdAt),
    updatedAt: String(updatedAt),
    params: { amount: '1', assetId: '5' },
  } as Transaction;
}

const K = 'k';

/** A window of the view holding these rows (newest first), as the server ordered them. */
function held(items: Transaction[], limit = 10): TransactionsState {
  return withWindowPage(emptyTransactions, K, { direction: 'first', items, rawCount: items.length, limit, query: { sort: 'created' } }, 1);
}

function windowOf(items: Transaction[], complete: boolean, extra: Partial<TxWindow> = {}): TxWindow {
  return {
    ids: items.map((t) => t.transactionId),
    keys: new Map(items.map((t) => [t.transactionId, t.createdAt])),
    droppedAbove: 0,
    complete,
    ...extra,
  };
}

describe('withoutTransactions', () => {
  it('drops them from the store and every window; the awaiting count follows', () => {
    let s = held([tx('c', 30), tx('b', 20), tx('a', 10)]);
    s = applyTransactions(s, [tx('w', 40, 'waiting-approval'), tx('n', 35, 'new')], { now: 2, live: true });
    const before = s.awaitingApproval;
    const next = withoutTransactions(s, ['b', 'w', 'nope']);
    expect([...next.byId.keys()].sort()).toEqual(['a', 'c', 'n']);
    expect(next.order).toEqual(['n', 'c', 'a']);
    expect(next.windows.get(K)!.ids).toEqual(['c', 'a']);
    expect(next.windows.get(K)!.keys.has('b')).toBe(false);
    expect(next.seen.has('w')).toBe(false);
    expect(next.changedAt.has('w')).toBe(false);
    expect(next.awaitingApproval).toBe(before - 1);
  });

  it('ids it does not hold change nothing', () => {
    const s = held([tx('a', 10)]);
    expect(withoutTransactions(s, ['x'])).toBe(s);
  });
});

describe('withWindowReloaded', () => {
  const old = [tx('e', 50), tx('d', 40), tx('c', 30), tx('b', 20), tx('a', 10)];

  it.each<[string, (s: TransactionsState) => TransactionsState, Transaction[], boolean, string[], string[]]>([
    [
      'rows the server no longer lists leave; new ones come in',
      (s) => s,
      [tx('e', 50), tx('c', 30), tx('x', 25), tx('a', 10)],
      true,
      ['e', 'c', 'x', 'a'],
      ['a', 'c', 'e', 'x'],
    ],
    [
      'a row held for another reason (it changed while watched) goes too: the server does not have it',
      (s) => applyTransactions(s, [tx('d', 40, 'canceled', 45)], { now: 2, live: true }),
      [tx('e', 50), tx('c', 30), tx('b', 20), tx('a', 10)],
      true,
      ['e', 'c', 'b', 'a'],
      ['a', 'b', 'c', 'e'],
    ],
    [
      'a row that finished after the reading began stays (the pages may have passed it while it was live)',
      (s) => applyTransactions(s, [tx('f', 45, 'completed', 150)], { now: 2, live: true }),
      [tx('e', 50), tx('d', 40), tx('c', 30), tx('b', 20), tx('a', 10)],
      true,
      ['e', 'd', 'c', 'b', 'a'],
      ['a', 'b', 'c', 'd', 'e', 'f'],
    ],
    [
      'unfinished work is not the history read: it stays (the unfinished read checks it)',
      (s) => applyTransactions(s, [tx('n', 45, 'new')], { now: 2, live: true }),
      [tx('e', 50), tx('d', 40), tx('c', 30), tx('b', 20), tx('a', 10)],
      true,
      ['e', 'd', 'c', 'b', 'a'],
      ['a', 'b', 'c', 'd', 'e', 'n'],
    ],
    [
      'below what was read (the history goes on) nothing is judged: rows there leave the window only',
      (s) => applyTransactions(s, [tx('old', 5, 'completed', 6)], { now: 2, live: true }),
      [tx('e', 50), tx('c', 30)],
      false,
      ['e', 'c'],
      ['c', 'e', 'old'],
    ],
  ])('%s', (_name, prepare, answered, complete, windowIds, heldIds) => {
    const s = prepare(held(old));
    const next = withWindowReloaded(
      s,
      K,
      { window: windowOf(answered, complete), items: answered, query: ALL_TRANSACTIONS, before: 100 },
      3,
    );
    expect(next.windows.get(K)!.ids).toEqual(windowIds);
    expect([...next.byId.keys()].sort()).toEqual(heldIds);
  });

  it('a finished row outside the view, never in its window, is not the view\'s to judge', () => {
    let s = held(old);
    s = applyTransactions(s, [{ ...tx('other', 35, 'completed', 36), accountId: 'elsewhere' }], { now: 2, live: true });
    const query = { filter: { accountId: 'a' }, sort: 'created' as const };
    const next = withWindowReloaded(s, K, { window: windowOf(old, true), items: old, query, before: 100 }, 3);
    expect(next.byId.has('other')).toBe(true);
  });
});
