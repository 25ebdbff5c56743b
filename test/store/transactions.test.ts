// applyTransactions and the small reducers of the transactions slice, as tables.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import {
  applyTransactions,
  compareNewestFirst,
  createTransactionsStore,
  emptyTransactions,
  expireChangeMarks,
  type TransactionsState,
  withDetail,
  withHeld,
} from '../../src/store/index.js';
import { tx, withEvents } from './helpers.js';

const load = (batch: Transaction[], now = 1) => applyTransactions(emptyTransactions, batch, { now, live: false });
const live = (state: TransactionsState, batch: Transaction[], now = 2) =>
  applyTransactions(state, batch, { now, live: true });

describe('applyTransactions: merge by id keeping the newest updatedAt', () => {
  const base = load([tx('a', { status: 'signing', updatedAt: '2000' })]);

  it.each<[string, Transaction, { status: string; updatedAt: string; changed: boolean }]>([
    ['a new id is added', tx('b', { updatedAt: '1500' }), { status: 'new', updatedAt: '1500', changed: true }],
    ['a newer version replaces', tx('a', { status: 'signed', updatedAt: '2001' }), { status: 'signed', updatedAt: '2001', changed: true }],
    ['an older version is ignored', tx('a', { status: 'new', updatedAt: '1999' }), { status: 'signing', updatedAt: '2000', changed: false }],
    ['an equal replay is ignored', tx('a', { status: 'signing', updatedAt: '2000' }), { status: 'signing', updatedAt: '2000', changed: false }],
    ['equal updatedAt, other status applies', tx('a', { status: 'signed', updatedAt: '2000' }), { status: 'signed', updatedAt: '2000', changed: true }],
    ['a newer one without updatedAt is older', tx('a', { status: 'signed', updatedAt: undefined }), { status: 'signing', updatedAt: '2000', changed: false }],
    ['a longer timestamp is newer', tx('a', { status: 'signed', updatedAt: '10000' }), { status: 'signed', updatedAt: '10000', changed: true }],
  ])('%s', (_name, incoming, want) => {
    const next = live(base, [incoming]);
    const got = next.byId.get(incoming.transactionId)!;
    expect(got.status).toBe(want.status);
    expect(got.updatedAt).toBe(want.updatedAt);
    expect(next !== base).toBe(want.changed);
    if (!want.changed) expect(next).toBe(base); // same object: subscribers are not woken
    if (want.changed) expect(next.version).toBe(base.version + 1);
  });

  it('keeps the newest when one batch carries the same id twice, in any order', () => {
    for (const batch of [
      [tx('a', { updatedAt: '3000', status: 'signed' }), tx('a', { updatedAt: '2500', status: 'new' })],
      [tx('a', { updatedAt: '2500', status: 'new' }), tx('a', { updatedAt: '3000', status: 'signed' })],
    ]) {
      const next = live(base, batch);
      expect(next.byId.get('a')!.status).toBe('signed');
      expect(next.order).toEqual(['a']);
    }
  });

  it('a replayed snapshot of everything returns the same state object', () => {
    const state = load([tx('a', { updatedAt: '5' }), tx('b', { updatedAt: '6' }), tx('c', { updatedAt: '7' })]);
    expect(live(state, [...state.byId.values()])).toBe(state);
    expect(live(state, [])).toBe(state);
  });
});

describe('applyTransactions: events', () => {
  const plain = load([tx('t1', { updatedAt: '2000' })]);
  const one = live(plain, [withEvents(tx('t1', { updatedAt: '2000' }), ['e1'])]);

  it.each<[string, TransactionsState, Transaction, string[] | undefined, boolean]>([
    ['equal updatedAt with events added applies', plain, withEvents(tx('t1', { updatedAt: '2000' }), ['e1']), ['e1'], true],
    ['equal updatedAt with a new event applies', one, withEvents(tx('t1', { updatedAt: '2000' }), ['e1', 'e2']), ['e1', 'e2'], true],
    ['equal updatedAt with other events applies', one, withEvents(tx('t1', { updatedAt: '2000' }), ['e9']), ['e9'], true],
    ['equal updatedAt with the same events is a replay', one, withEvents(tx('t1', { updatedAt: '2000' }), ['e1']), ['e1'], false],
    ['equal updatedAt without events keeps them (replay)', one, tx('t1', { updatedAt: '2000' }), ['e1'], false],
    ['a newer row without events keeps the events held', one, tx('t1', { updatedAt: '2001', status: 'signed' }), ['e1'], true],
    ['a newer row with events replaces them', one, withEvents(tx('t1', { updatedAt: '2001' }), ['e1', 'e2']), ['e1', 'e2'], true],
    ['an older row with more events is still older', one, withEvents(tx('t1', { updatedAt: '1999' }), ['e1', 'e2']), ['e1'], false],
  ])('%s', (_name, state, incoming, events, changed) => {
    const next = live(state, [incoming]);
    expect(next.byId.get('t1')!.embedded?.events?.map((e) => e.eventId)).toEqual(events);
    expect(next !== state).toBe(changed);
  });

  it('keeping events does not lose the other embedded fields of the newer row', () => {
    const incoming = { ...tx('t1', { updatedAt: '2001' }), embedded: { quoteDetails: { quoteId: 'q' } } } as Transaction;
    const got = live(one, [incoming]).byId.get('t1')!;
    expect(got.embedded?.quoteDetails).toEqual({ quoteId: 'q' });
    expect(got.embedded?.events?.map((e) => e.eventId)).toEqual(['e1']);
  });
});

describe('applyTransactions: statuses seen and awaiting approval', () => {
  it('records the trail of distinct statuses, oldest first, with the local time', () => {
    let s = load([tx('a', { status: 'new', updatedAt: '1' })], 10);
    s = live(s, [tx('a', { status: 'waiting-approval', updatedAt: '2' })], 20);
    s = live(s, [tx('a', { status: 'waiting-approval', updatedAt: '3' })], 30); // same status: no new entry
    s = live(s, [tx('a', { status: 'approved', updatedAt: '4' })], 40);
    s = live(s, [tx('a', { status: 'new', updatedAt: '3' })], 50); // older: ignored
    expect(s.seen.get('a')).toEqual([
      { status: 'new', at: 10 },
      { status: 'waiting-approval', at: 20 },
      { status: 'approved', at: 40 },
    ]);
  });

  it('keeps at most 32 statuses per transaction', () => {
    let s = load([tx('a', { status: 's0', updatedAt: '0' })]);
    for (let i = 1; i <= 40; i++) s = live(s, [tx('a', { status: `s${i}`, updatedAt: String(i) })]);
    const trail = s.seen.get('a')!;
    expect(trail).toHaveLength(32);
    expect(trail.at(-1)!.status).toBe('s40');
  });

  // [step, batch, awaiting after]
  const steps: [string, Transaction[], number][] = [
    ['load: two waiting, one not', [tx('a', { status: 'waiting-approval', updatedAt: '1' }), tx('b', { status: 'waiting-approval', updatedAt: '1' }), tx('c', { updatedAt: '1' })], 2],
    ['a replay changes nothing', [tx('a', { status: 'waiting-approval', updatedAt: '1' })], 2],
    ['a waiting one is approved', [tx('a', { status: 'approved', updatedAt: '2' })], 1],
    ['an older waiting version of it is ignored', [tx('a', { status: 'waiting-approval', updatedAt: '1' })], 1],
    ['c starts waiting', [tx('c', { status: 'waiting-approval', updatedAt: '2' })], 2],
    ['c stays waiting (newer, same status)', [tx('c', { status: 'waiting-approval', updatedAt: '3' })], 2],
    ['a new one arrives waiting', [tx('d', { status: 'waiting-approval', updatedAt: '3' })], 3],
    ['b and d are declined in one batch', [tx('b', { status: 'canceled', updatedAt: '4' }), tx('d', { status: 'canceled', updatedAt: '4' })], 1],
    ['c goes through twice in one batch', [tx('c', { status: 'approved', updatedAt: '5' }), tx('c', { status: 'waiting-approval', updatedAt: '6' })], 1],
    ['c is approved', [tx('c', { status: 'approved', updatedAt: '7' })], 0],
  ];
  it('counts waiting-approval through every transition', () => {
    let s = emptyTransactions;
    for (const [step, batch, awaiting] of steps) {
      s = applyTransactions(s, batch, { now: 1, live: true });
      expect(s.awaitingApproval, step).toBe(awaiting);
      const actual = [...s.byId.values()].filter((t) => t.status === 'waiting-approval').length;
      expect(actual, step).toBe(awaiting);
    }
  });
});

describe('applyTransactions: order newest createdAt first', () => {
  it.each<[string, Transaction[][], string[]]>([
    ['one batch', [[tx('a', { createdAt: '1' }), tx('b', { createdAt: '3' }), tx('c', { createdAt: '2' })]], ['b', 'c', 'a']],
    ['ties go by id', [[tx('z', { createdAt: '5' }), tx('m', { createdAt: '5' }), tx('a', { createdAt: '5' })]], ['a', 'm', 'z']],
    ['batches interleave', [[tx('a', { createdAt: '10' }), tx('b', { createdAt: '30' })], [tx('c', { createdAt: '20' }), tx('d', { createdAt: '40' }), tx('e', { createdAt: '5' })]], ['d', 'b', 'c', 'a', 'e']],
    ['a tie with an existing row', [[tx('b', { createdAt: '5' }), tx('d', { createdAt: '5' })], [tx('c', { createdAt: '5' }), tx('a', { createdAt: '5' })]], ['a', 'b', 'c', 'd']],
    ['digits compare as numbers', [[tx('a', { createdAt: '999' }), tx('b', { createdAt: '1000' }), tx('c', { createdAt: '99' })]], ['b', 'a', 'c']],
    ['an update does not move a row', [[tx('a', { createdAt: '1', updatedAt: '1' }), tx('b', { createdAt: '2', updatedAt: '2' })], [tx('a', { createdAt: '1', updatedAt: '9' })]], ['b', 'a']],
    ['a changed createdAt moves it', [[tx('a', { createdAt: '1', updatedAt: '1' }), tx('b', { createdAt: '2', updatedAt: '2' })], [tx('a', { createdAt: '3', updatedAt: '9' })]], ['a', 'b']],
  ])('%s', (_name, batches, order) => {
    let s = emptyTransactions;
    for (const batch of batches) s = applyTransactions(s, batch, { now: 1, live: false });
    expect(s.order).toEqual(order);
    expect(s.order).toHaveLength(s.byId.size);
  });

  it('stays sorted and complete through random batches', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let s = emptyTransactions;
    for (let round = 0; round < 30; round++) {
      const batch = Array.from({ length: 1 + rand(40) }, () => {
        const id = `t${rand(300)}`;
        return tx(id, { createdAt: String(1000 + (Number(id.slice(1)) % 37)), updatedAt: String(round * 10 + rand(10)) });
      });
      s = applyTransactions(s, batch, { now: round, live: true });
    }
    const sorted = [...s.byId.values()].sort(compareNewestFirst).map((t) => t.transactionId);
    expect(s.order).toEqual(sorted);
  });
});

describe('applyTransactions: change marks', () => {
  it.each<[string, boolean, Transaction, boolean]>([
    ['a live update marks the row', true, tx('a', { updatedAt: '2', status: 'signed' }), true],
    ['a live new row is marked', true, tx('n', { updatedAt: '2' }), true],
    ['a page load does not mark', false, tx('a', { updatedAt: '2', status: 'signed' }), false],
    ['a live replay does not mark', true, tx('a', { updatedAt: '1' }), false],
  ])('%s', (_name, isLive, incoming, marked) => {
    const state = load([tx('a', { updatedAt: '1' })]);
    const next = applyTransactions(state, [incoming], { now: 42, live: isLive });
    expect(next.changedAt.get(incoming.transactionId)).toBe(marked ? 42 : undefined);
  });

  it('expireChangeMarks drops old marks and keeps the state when none expire', () => {
    let s = load([tx('a'), tx('b')]);
    s = live(s, [tx('a', { updatedAt: '2000' })], 100);
    s = live(s, [tx('b', { updatedAt: '2000' })], 900);
    expect(expireChangeMarks(s, 1000, 2000)).toBe(s);
    const later = expireChangeMarks(s, 2500, 2000);
    expect([...later.changedAt.keys()]).toEqual(['b']);
  });
});

describe('small reducers', () => {
  it('withHeld counts what is held, and the same state when nothing changed', () => {
    expect(withHeld(emptyTransactions, 0, [])).toBe(emptyTransactions);
    const s = withHeld(emptyTransactions, 3, [tx('a'), tx('b'), tx('c')]);
    expect(s.held).toBe(3);
    expect(withHeld(s, 3, [tx('a'), tx('b'), tx('c')])).toBe(s);
  });

  it('withDetail sets, keeps and clears', () => {
    const s = withDetail(emptyTransactions, { id: 't1', status: 'loading' });
    expect(s.detail).toEqual({ id: 't1', status: 'loading' });
    expect(withDetail(s, { id: 't1', status: 'loading' })).toBe(s);
    const ready = withDetail(s, { id: 't1', status: 'ready', eventsAt: 5 });
    expect(ready.detail?.status).toBe('ready');
    const closed = withDetail(ready, undefined);
    expect(closed.detail).toBeUndefined();
    // Through a real store too: setState merges, so the key must be there, set to undefined.
    const store = createTransactionsStore();
    store.setState((st) => withDetail(st, { id: 't1', status: 'loading' }));
    store.setState((st) => withDetail(st, undefined));
    expect(store.getState().detail).toBeUndefined();
    expect(withDetail(closed, undefined)).toBe(closed);
  });
});
