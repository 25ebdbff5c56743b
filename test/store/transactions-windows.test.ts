import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  applyTransactions,
  emptyTransactions,
  forgetUnheld,
  isSlim,
  type TransactionsState,
  withoutWindow,
  withWindowComplete,
  withWindowCut,
  withWindowLoading,
  withWindowPage,
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

function page(s: TransactionsState, key: string, items: Transaction[], direction: 'first' | 'down' | 'up' = 'first', limit = 3) {
  return withWindowPage(s, key, { direction, items, rawCount: items.length, limit, query: { sort: 'created' } }, 1);
}

describe('window reducers', () => {
  it('a page goes into byId (slim) and into its window, newest first', () => {
    const s = page(emptyTransactions, 'k', [tx('c', 30), tx('b', 20), tx('a', 10)]);
    expect(s.windows.get('k')!.ids).toEqual(['c', 'b', 'a']);
    expect(s.order).toEqual(['c', 'b', 'a']);
    expect(isSlim(s.byId.get('a')!)).toBe(true);
    expect(s.windows.get('k')!.complete).toBe(false);
  });

  it('loading and errors on a window that does not exist yet make it', () => {
    const s = withWindowLoading(emptyTransactions, 'k', 'first');
    expect(s.windows.get('k')!.loading).toBe('first');
    const failed = withWindowLoading(s, 'k', undefined, 'offline');
    expect(failed.windows.get('k')!.error).toBe('offline');
    expect(page(failed, 'k', [tx('a', 1)]).windows.get('k')!.error).toBeUndefined();
  });

  it('a view with no history to read is complete at once', () => {
    const s = withWindowComplete(emptyTransactions, 'k');
    expect(s.windows.get('k')).toMatchObject({ ids: [], complete: true });
    expect(withWindowComplete(s, 'k')).toBe(s);
  });

  it('a cut forgets the rows nothing else holds, and keeps live work, changed rows and the open detail', () => {
    let s = page(emptyTransactions, 'k', [tx('e', 50), tx('d', 40), tx('c', 30)], 'first', 3);
    s = page(s, 'k', [tx('b', 20), tx('a', 10)], 'down', 3);
    // e is live work now (a frame), d changed while watched, c is open in the detail.
    s = applyTransactions(s, [tx('e', 50, 'signing', 60), tx('d', 40, 'canceled', 61)], { now: 2, live: true });
    s = { ...s, detail: { id: 'c', status: 'ready' } };
    const cutTop = withWindowCut(s, 'k', 'top', 4);
    expect(cutTop.windows.get('k')!.ids).toEqual(['a']);
    expect([...cutTop.byId.keys()].sort()).toEqual(['a', 'c', 'd', 'e']);
    expect(cutTop.order).toEqual(['e', 'd', 'c', 'a']);
    expect(cutTop.seen.has('b')).toBe(false);
  });

  it('a row another window holds stays', () => {
    let s = page(emptyTransactions, 'k1', [tx('b', 20), tx('a', 10)]);
    s = page(s, 'k2', [tx('a', 10)]);
    s = withoutWindow(s, 'k1');
    expect(s.windows.has('k1')).toBe(false);
    expect([...s.byId.keys()]).toEqual(['a']);
    expect(s.order).toEqual(['a']);
  });

  it('forgetting nothing changes nothing', () => {
    const s = page(emptyTransactions, 'k', [tx('a', 1)]);
    expect(forgetUnheld(s, [])).toBe(s);
    expect(forgetUnheld(s, ['a'])).toBe(s); // still in its window
  });
});
