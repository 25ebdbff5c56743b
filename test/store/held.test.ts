// Updates held by a pause: the rows wait, the approval queue does not. The pure rules of
// store/held.ts as tables, and the transactions slice counting a held arrival once.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  awaitingWithHeld,
  type HeldApprovals,
  heldChanges,
  NO_HELD_APPROVALS,
  withApplied,
  withHeldChanges,
} from '../../src/store/held.js';
import {
  applyTransactions,
  awaitingNow,
  emptyTransactions,
  type TransactionsState,
  withBaseline,
  withHeld,
} from '../../src/store/index.js';
import { tx } from './helpers.js';

const W = 'waiting-approval';

describe('heldChanges: held versions against what the store holds', () => {
  const store = new Map<string, Transaction>([
    ['known', tx('known', { status: 'new', updatedAt: '2000' })],
    ['waits', tx('waits', { status: W, updatedAt: '2000' })],
  ]);
  it.each<[string, Transaction, 'entering' | 'leaving' | 'neither']>([
    ['a new one that waits enters', tx('fresh', { status: W }), 'entering'],
    ['a new one that does not wait: neither', tx('fresh', { status: 'new' }), 'neither'],
    ['a known one now waiting enters', tx('known', { status: W, updatedAt: '2001' }), 'entering'],
    ['a waiting one approved leaves', tx('waits', { status: 'approved', updatedAt: '2001' }), 'leaving'],
    ['a waiting one still waiting: neither', tx('waits', { status: W, updatedAt: '2001' }), 'neither'],
    ['an older version changes nothing', tx('known', { status: W, updatedAt: '1999' }), 'neither'],
    ['an older leaving version changes nothing', tx('waits', { status: 'approved', updatedAt: '1999' }), 'neither'],
  ])('%s', (_name, held, want) => {
    const { entering, leaving } = heldChanges((id) => store.get(id), [held]);
    const got = entering.has(held.transactionId) ? 'entering' : leaving.has(held.transactionId) ? 'leaving' : 'neither';
    expect(got).toBe(want);
  });
});

describe('withHeldChanges: who is announced, and when', () => {
  const a = tx('a', { status: W });
  const b = tx('b', { status: W });
  const held = (ids: string[], announced: string[]): HeldApprovals => ({
    entering: new Map(ids.map((id) => [id, tx(id, { status: W })])),
    leaving: new Set(),
    announced: new Set(announced),
  });
  it.each<[string, HeldApprovals, Transaction[], boolean, string[], string[]]>([
    ['nothing held', NO_HELD_APPROVALS, [], true, [], []],
    ['one enters after the baseline: an arrival', NO_HELD_APPROVALS, [a], true, ['a'], ['a']],
    ['before the baseline: counted, not announced', NO_HELD_APPROVALS, [a], false, [], []],
    ['announced already: not again', held(['a'], ['a']), [a], true, [], ['a']],
    ['a second one joins', held(['a'], ['a']), [a, b], true, ['b'], ['a', 'b']],
    ['one that stopped entering is forgotten', held(['a'], ['a']), [], true, [], []],
  ])('%s', (_name, before, entering, counting, arrived, announced) => {
    const next = withHeldChanges(
      before,
      { entering: new Map(entering.map((t) => [t.transactionId, t])), leaving: new Set() },
      counting,
    );
    expect(next.arrived).toEqual(arrived);
    expect([...next.held.announced].sort()).toEqual(announced);
  });

  it('the same object when nothing changed', () => {
    const once = withHeldChanges(NO_HELD_APPROVALS, { entering: new Map([['a', a]]), leaving: new Set() }, true).held;
    expect(withHeldChanges(once, { entering: new Map([['a', a]]), leaving: new Set() }, true).held).toBe(once);
    expect(withHeldChanges(NO_HELD_APPROVALS, { entering: new Map(), leaving: new Set() }, true).held).toBe(
      NO_HELD_APPROVALS,
    );
  });
});

describe('awaitingWithHeld: the header count with what is held', () => {
  const status = (id: string) => (id === 'waits' || id === 'both' ? W : undefined);
  it.each<[string, string[], string[], number]>([
    ['nothing held', [], [], 5],
    ['one enters', ['new1'], [], 6],
    ['one leaves', [], ['waits'], 4],
    ['an entering one the rows already hold waiting is not counted twice', ['both'], [], 5],
    ['a leaving one the rows no longer hold waiting is not taken twice', [], ['gone'], 5],
  ])('%s', (_name, entering, leaving, want) => {
    const held = { entering: new Map(entering.map((id) => [id, tx(id, { status: W })])), leaving: new Set(leaving) };
    expect(awaitingWithHeld(5, held, status)).toBe(want);
  });
});

describe('withApplied', () => {
  it.each<[string, string[], string[], string[]]>([
    ['nothing announced', [], ['a'], []],
    ['an applied one is forgotten', ['a', 'b'], ['a'], ['b']],
    ['others stay', ['b'], ['a'], ['b']],
  ])('%s', (_name, announced, applied, want) => {
    const held = { ...NO_HELD_APPROVALS, announced: new Set(announced) };
    expect([...withApplied(held, applied).announced]).toEqual(want);
  });
});

describe('the slice: a held arrival counts and calls at once, and once', () => {
  const base = (): TransactionsState => {
    const loaded = applyTransactions(emptyTransactions, [tx('old', { status: W }), tx('x', { status: 'new' })], {
      now: 1,
      live: false,
    });
    return withBaseline(loaded, 1);
  };

  it('held: the count and the arrivals move, the rows do not; applied: nothing counted twice', () => {
    const s0 = base();
    expect([s0.awaitingApproval, s0.arrivals.count]).toEqual([1, 0]);
    const entering = tx('x', { status: W, updatedAt: '2000' });
    const held = withHeld(s0, 1, [entering]);
    expect(held.byId).toBe(s0.byId); // the rows wait
    expect(held.held).toBe(1);
    expect(awaitingNow(held)).toBe(2);
    expect(held.arrivals).toEqual({ count: 1, last: ['x'] });
    // Another flush while still held: the same one is not news again.
    expect(withHeld(held, 1, [entering]).arrivals.count).toBe(1);
    // Resume: applied, then nothing held.
    const applied = withHeld(applyTransactions(held, [entering], { now: 3, live: true }), 0, []);
    expect(applied.byId.get('x')?.status).toBe(W);
    expect(applied.arrivals.count).toBe(1);
    expect(awaitingNow(applied)).toBe(2);
    expect(applied.heldApprovals.announced.size).toBe(0);
  });

  it('held and left again before resume: counted once, gone from the count', () => {
    const held = withHeld(base(), 1, [tx('x', { status: W, updatedAt: '2000' })]);
    const left = withHeld(held, 1, [tx('x', { status: 'approved', updatedAt: '3000' })]);
    expect(left.arrivals.count).toBe(1);
    expect(awaitingNow(left)).toBe(1);
  });

  it('one the old waiting leaves while held: the count drops at once', () => {
    const held = withHeld(base(), 1, [tx('old', { status: 'approved', updatedAt: '2000' })]);
    expect(held.byId.get('old')?.status).toBe(W);
    expect(awaitingNow(held)).toBe(0);
  });

  it('before the baseline a held one is not an arrival (the queue the person opens on)', () => {
    const loaded = applyTransactions(emptyTransactions, [tx('x')], { now: 1, live: false });
    const held = withHeld(loaded, 1, [tx('x', { status: W, updatedAt: '2000' })]);
    expect(held.arrivals.count).toBe(0);
  });
});
