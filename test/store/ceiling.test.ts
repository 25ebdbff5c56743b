// The ceiling on the unfinished work held (store/ceiling.ts through applyTransactions): past it the
// most urgent stay (waiting for approval, then the nearest deadline), what was held stays among
// equals, finished rows and the open detail do not count against it, and every count the slice
// keeps (unfinished, awaiting approval, order, statuses seen, change marks) stays true through cuts.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import {
  applyTransactions,
  emptyTransactions,
  type TransactionsState,
  withDetail,
  withinCeiling,
  withoutTransactions,
  withUnfinishedLimit,
} from '../../src/store/index.js';
import { tx } from './helpers.js';

const capped = (limit: number) => withUnfinishedLimit(emptyTransactions, limit);
const apply = (s: TransactionsState, batch: Transaction[], now = 5) => applyTransactions(s, batch, { now, live: true });
const wait = (id: string, expiresAt?: string) =>
  tx(id, { status: 'waiting-approval', ...(expiresAt !== undefined ? { expiresAt } : {}) });
const signing = (id: string) => tx(id, { status: 'signing' });
const done = (id: string) => tx(id, { status: 'completed' });

/** Every count the slice keeps, recomputed from what it holds. */
function invariants(s: TransactionsState): void {
  const all = [...s.byId.values()];
  expect(s.unfinished).toBe(all.filter((t) => !isTerminalTransactionStatus(t.status)).length);
  expect(s.awaitingApproval).toBe(all.filter((t) => t.status === 'waiting-approval').length);
  expect(new Set(s.order)).toEqual(new Set(s.byId.keys()));
  expect(s.order).toHaveLength(s.byId.size);
  for (const id of s.seen.keys()) expect(s.byId.has(id)).toBe(true);
  for (const id of s.changedAt.keys()) expect(s.byId.has(id)).toBe(true);
}

describe('the ceiling keeps the most urgent unfinished work', () => {
  it.each<[string, number, Transaction[][], string[], boolean]>([
    ['under the ceiling: everything held, nothing said', 3, [[wait('a'), signing('b'), wait('c')]], ['a', 'b', 'c'], false],
    ['waiting for approval before work under way', 2, [[signing('s1'), wait('w1'), signing('s2'), wait('w2')]], ['w1', 'w2'], true],
    ['the nearest expiry first, none last', 2, [[wait('none'), wait('late', '9000'), wait('soon', '3000')]], ['late', 'soon'], true],
    ['the end of a security delay counts as a deadline', 1, [[wait('w'), tx('d', { status: 'waiting-approval', extra: { approvers: { securityDelayExpiresAt: '100' } } } as Partial<Transaction>)]], ['d'], true],
    ['among equals, what was held stays (a flood cannot push it out)', 2, [[wait('x'), wait('y')], [wait('a'), wait('b'), wait('c')]], ['x', 'y'], true],
    ['a more urgent newcomer pushes out a held one', 2, [[signing('s1'), signing('s2')], [wait('w')]], ['s1', 'w'], true],
    ['finished rows do not count', 2, [[done('f1'), done('f2'), done('f3'), wait('a'), wait('b')]], ['a', 'b', 'f1', 'f2', 'f3'], false],
    ['work that finishes makes room', 2, [[wait('a'), wait('b')], [tx('a', { status: 'completed', updatedAt: '2000' }), wait('c')]], ['a', 'b', 'c'], false],
    ['one batch with the same id twice counts it once', 2, [[wait('a'), wait('b'), tx('a', { status: 'waiting-approval', updatedAt: '1500' })]], ['a', 'b'], false],
  ])('%s', (_name, limit, batches, held, reached) => {
    let s = capped(limit);
    for (const batch of batches) s = apply(s, batch);
    expect([...s.byId.keys()].sort()).toEqual(held);
    expect(s.ceiling !== undefined).toBe(reached);
    invariants(s);
  });

  it('full, a newcomer no more urgent than the least urgent kept is left out without a new state', () => {
    let s = apply(capped(2), [wait('a', '5000'), wait('b', '6000'), wait('c', '7000')]);
    expect(s.ceiling?.floor).toMatchObject({ rank: 0, deadline: 6000 });
    const before = s;
    s = apply(s, [wait('d', '8000'), wait('e'), signing('f')]);
    expect(s).toBe(before);
    // A more urgent one comes in and the least urgent goes.
    s = apply(s, [wait('g', '1000')]);
    expect([...s.byId.keys()].sort()).toEqual(['a', 'g']);
    expect(s.ceiling).toMatchObject({ since: 5, floor: { deadline: 5000 } });
    invariants(s);
  });

  it('an update of a held one is never left out, whatever its urgency', () => {
    let s = apply(capped(2), [wait('a'), wait('b'), wait('c')]);
    s = apply(s, [tx('a', { status: 'signing', updatedAt: '2000' })]);
    expect(s.byId.get('a')?.status).toBe('signing');
    invariants(s);
  });

  it('the open detail stays, and counts', () => {
    let s = withDetail(capped(2), { id: 'slow', status: 'ready' });
    s = apply(s, [signing('slow')]);
    s = apply(s, [wait('a'), wait('b')]);
    expect([...s.byId.keys()].sort()).toEqual(['a', 'slow']);
    invariants(s);
  });

  it('what was cut is out of the order, the statuses seen, the marks and the arrivals', () => {
    let s = apply(capped(2), [signing('s1'), signing('s2')]);
    s = { ...s, baselineAt: 1 };
    s = apply(s, [wait('w1'), wait('w2'), wait('w3')], 9);
    expect(s.order).toEqual(['w1', 'w2']);
    expect(s.arrivals.count).toBe(2);
    expect(s.arrivals.last).toEqual(['w1', 'w2']);
    expect([...s.changedAt.keys()].sort()).toEqual(['w1', 'w2']);
    invariants(s);
  });

  it('withoutTransactions keeps the unfinished count true', () => {
    const s = withoutTransactions(apply(capped(5), [wait('a'), signing('b'), done('c')]), ['a', 'c']);
    expect(s.unfinished).toBe(1);
    invariants(s);
  });

  it('withinCeiling clears the mark; withUnfinishedLimit keeps the state when unchanged', () => {
    const s = apply(capped(1), [wait('a'), wait('b')]);
    expect(s.ceiling).toBeDefined();
    expect(withinCeiling(s).ceiling).toBeUndefined();
    const cleared = withinCeiling(s);
    expect(withinCeiling(cleared)).toBe(cleared);
    expect(withUnfinishedLimit(s, 1)).toBe(s);
    expect(withUnfinishedLimit(s, 0).unfinishedLimit).toBe(1);
  });

  it('stays within the ceiling and true to its counts through random batches', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >>> 16) % n;
    };
    const statuses = ['waiting-approval', 'signing', 'awaiting-security-policy', 'completed', 'canceled', 'new'];
    let s = capped(20);
    for (let round = 0; round < 60; round++) {
      const batch = Array.from({ length: 1 + rand(15) }, () =>
        tx(`t${rand(80)}`, {
          status: statuses[rand(statuses.length)]!,
          updatedAt: String(1000 + round),
          ...(rand(3) === 0 ? { expiresAt: String(5000 + rand(100)) } : {}),
        }),
      );
      s = apply(s, batch, round);
      expect(s.unfinished).toBeLessThanOrEqual(20);
      invariants(s);
    }
    expect(s.ceiling).toBeDefined();
  });
});
