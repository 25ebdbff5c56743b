// Which transactions call the operator: those entering waiting-approval after the unfinished work
// was read whole. The rule as a table, then through the slice's reducer, batch by batch.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  applyTransactions,
  arrivalsOf,
  emptyTransactions,
  entersApproval,
  MAX_LAST,
  NO_ARRIVALS,
  type TransactionsState,
  withArrivals,
  withBaseline,
} from '../../src/store/index.js';
import { tx } from './helpers.js';

describe('entersApproval', () => {
  it.each<[string | undefined, string, boolean]>([
    [undefined, 'waiting-approval', true], // new to the console, waiting
    ['new', 'waiting-approval', true],
    ['approved', 'waiting-approval', true], // sent back to the queue
    ['waiting-approval', 'waiting-approval', false], // seen waiting before: a replay, a gap fill
    [undefined, 'signing', false],
    ['new', 'signing', false],
    ['waiting-approval', 'approved', false],
    ['waiting-approval', 'expired', false],
  ])('%s -> %s: %s', (before, after, entered) => {
    expect(entersApproval(before, after)).toBe(entered);
  });
});

describe('arrivalsOf and withArrivals', () => {
  const before = new Map([
    ['held-new', 'new'],
    ['held-waiting', 'waiting-approval'],
  ]);
  it.each<[string, [string, string][], string[]]>([
    ['nothing', [], []],
    ['a new one waiting', [['fresh', 'waiting-approval']], ['fresh']],
    ['one held as new, now waiting', [['held-new', 'waiting-approval']], ['held-new']],
    ['one held waiting, still waiting', [['held-waiting', 'waiting-approval']], []],
    ['one held waiting, approved', [['held-waiting', 'approved']], []],
    [
      'several in the batch order',
      [
        ['b', 'waiting-approval'],
        ['held-waiting', 'waiting-approval'],
        ['a', 'waiting-approval'],
        ['c', 'signing'],
      ],
      ['b', 'a'],
    ],
  ])('%s', (_name, after, ids) => {
    const got = arrivalsOf(
      after.map(([id, status]) => [id, { status }] as const),
      (id) => before.get(id),
    );
    expect(got).toEqual(ids);
  });

  it('counts every arrival; keeps the ids of the last batch that brought any, at most MAX_LAST', () => {
    expect(withArrivals(NO_ARRIVALS, [])).toBe(NO_ARRIVALS);
    const one = withArrivals(NO_ARRIVALS, ['a', 'b']);
    expect(one).toEqual({ count: 2, last: ['a', 'b'] });
    const many = Array.from({ length: MAX_LAST + 5 }, (_, i) => `t${i}`);
    const two = withArrivals(one, many);
    expect(two.count).toBe(2 + MAX_LAST + 5);
    expect(two.last).toEqual(many.slice(0, MAX_LAST));
  });
});

describe('applyTransactions: arrivals through the reducer', () => {
  const load = (s: TransactionsState, batch: Transaction[]) => applyTransactions(s, batch, { now: 1, live: false });
  const live = (s: TransactionsState, batch: Transaction[]) => applyTransactions(s, batch, { now: 2, live: true });
  const atStart = load(emptyTransactions, [
    tx('w1', { status: 'waiting-approval', updatedAt: '100' }),
    tx('w2', { status: 'waiting-approval', updatedAt: '100' }),
    tx('s1', { status: 'signing', updatedAt: '100' }),
    tx('n1', { status: 'new', updatedAt: '100' }),
  ]);
  const watching = withBaseline(atStart, 5);

  it('before the baseline nothing arrives, and the awaiting count is not known yet', () => {
    expect(atStart.baselineAt).toBeUndefined();
    expect(atStart.arrivals).toEqual(NO_ARRIVALS);
    // Live changes before the baseline (held by the batcher) do not count either.
    const next = live(atStart, [tx('x', { status: 'waiting-approval', updatedAt: '200' })]);
    expect(next.arrivals.count).toBe(0);
    expect(next.awaitingApproval).toBe(3);
  });

  it('the baseline is set once; what waited then is the queue, not news', () => {
    expect(watching.baselineAt).toBe(5);
    expect(withBaseline(watching, 9)).toBe(watching);
    expect(watching.awaitingApproval).toBe(2);
    expect(watching.arrivals.count).toBe(0);
  });

  it.each<[string, Transaction[][], { count: number; last: string[]; awaiting: number }]>([
    ['a replay of the ones waiting at start', [[tx('w1', { status: 'waiting-approval', updatedAt: '100' })]], { count: 0, last: [], awaiting: 2 }],
    ['a newer version of one waiting at start (a gap fill)', [[tx('w1', { status: 'waiting-approval', updatedAt: '300' })]], { count: 0, last: [], awaiting: 2 }],
    ['a known one enters', [[tx('n1', { status: 'waiting-approval', updatedAt: '200' })]], { count: 1, last: ['n1'], awaiting: 3 }],
    ['a new one enters', [[tx('x', { status: 'waiting-approval', updatedAt: '200' })]], { count: 1, last: ['x'], awaiting: 3 }],
    ['one new, not waiting', [[tx('x', { status: 'signing', updatedAt: '200' })]], { count: 0, last: [], awaiting: 2 }],
    [
      'enters and leaves within one batch',
      [[tx('n1', { status: 'waiting-approval', updatedAt: '200' }), tx('n1', { status: 'approved', updatedAt: '201' })]],
      { count: 0, last: [], awaiting: 2 },
    ],
    [
      'a burst in one batch (a reconnect gap fill)',
      [[tx('x', { status: 'waiting-approval', updatedAt: '200' }), tx('y', { status: 'waiting-approval', updatedAt: '200' }), tx('w2', { status: 'waiting-approval', updatedAt: '250' })]],
      { count: 2, last: ['x', 'y'], awaiting: 4 },
    ],
    [
      'two batches: the last names only its own',
      [[tx('x', { status: 'waiting-approval', updatedAt: '200' })], [tx('y', { status: 'waiting-approval', updatedAt: '200' })]],
      { count: 2, last: ['y'], awaiting: 4 },
    ],
    [
      'approved, then sent back to the queue',
      [[tx('w1', { status: 'approved', updatedAt: '200' })], [tx('w1', { status: 'waiting-approval', updatedAt: '300' })]],
      { count: 1, last: ['w1'], awaiting: 2 },
    ],
  ])('%s', (_name, batches, want) => {
    let s = watching;
    for (const batch of batches) s = live(s, batch);
    expect(s.arrivals.count).toBe(want.count);
    expect([...s.arrivals.last]).toEqual(want.last);
    expect(s.awaitingApproval).toBe(want.awaiting);
  });

  it('counts whichever way the record came once the baseline is there (a page, a detail, a write)', () => {
    const next = load(watching, [tx('p', { status: 'waiting-approval', updatedAt: '200' })]);
    expect(next.arrivals).toEqual({ count: 1, last: ['p'] });
  });
});
