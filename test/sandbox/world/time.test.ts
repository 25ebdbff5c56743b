import { describe, expect, it } from 'vitest';
import { isTerminalStatus } from '../../../src/contract/index.js';
import { compareDecimal } from '../../../src/format/index.js';
import { createManualClock, createWorld, MIN_WAITING } from '../../../src/sandbox/world/index.js';
import { harness, START } from './helpers.js';

describe('market', () => {
  it('prices stay positive over 10,000 one-second ticks; stable coins barely move', () => {
    const h = harness({ history: 0 });
    const start = new Map(h.world.symbolPrices().map((p) => [p.baseSymbolId, p.price]));
    let moved = 0;
    for (let i = 0; i < 10_000; i++) {
      h.clock.advance(1000);
      h.world.advance();
      if (i % 250 !== 0) continue;
      for (const p of h.world.symbolPrices()) {
        expect(p.price).toMatch(/^\d+(\.\d+)?$/);
        expect(compareDecimal(p.price, '0')).toBe(1);
        if (p.price !== start.get(p.baseSymbolId)) moved += 1;
      }
    }
    expect(moved).toBeGreaterThan(100);
    for (const p of h.world.symbolPrices({ baseSymbolIds: ['USDT', 'USDC', 'DAI'] })) {
      expect(Math.abs(Number(p.price) - 1)).toBeLessThan(0.005);
    }
    expect(h.world.symbolPrices({ baseSymbolIds: ['USD'] })[0]!.price).toBe('1');
    const btc = Number(h.world.symbolPrices({ baseSymbolIds: ['BTC'] })[0]!.price);
    expect(btc).toBeGreaterThan(50_000);
    expect(btc).toBeLessThan(200_000);
  });

  it('ticks once per second of world time, whatever the advance cadence', () => {
    const a = harness({ history: 0 });
    const b = harness({ history: 0 });
    for (let i = 0; i < 40; i++) {
      a.clock.advance(250);
      a.world.advance();
    }
    b.clock.advance(10_000);
    b.world.advance();
    expect(a.world.symbolPrices()).toEqual(b.world.symbolPrices());
  });
});

describe('generator', () => {
  it('new transactions appear every few seconds, of many kinds', () => {
    const h = harness({ history: 0, generator: true });
    const created = new Set<string>();
    const kinds = new Set<string>();
    const before = new Set(h.world.transactions({ limit: '1000' }).map((t) => t.transactionId));
    h.world.onChange((tx) => {
      if (!before.has(tx.transactionId)) {
        created.add(tx.transactionId);
        kinds.add(tx.transactionType);
      }
    });
    h.run(10 * 60_000, 1_000);
    expect(created.size).toBeGreaterThan(60);
    expect(created.size).toBeLessThan(250);
    for (const k of ['deposit', 'withdrawal', 'swap-aggregator']) expect(kinds.has(k)).toBe(true);
    const statuses = new Set(h.world.transactions({ limit: '10000' }).map((t) => t.status));
    expect(statuses.has('completed')).toBe(true);
  });

  it('keeps at least three transactions waiting for approval over an hour', () => {
    const h = harness({ history: 0, generator: true });
    let declined = 0;
    for (let t = 0; t < 3_600_000; t += 5_000) {
      h.clock.advance(5_000);
      h.world.advance();
      const waiting = h.world.transactions({ transactionStatuses: ['waiting-approval'] });
      expect(waiting.length).toBeGreaterThanOrEqual(MIN_WAITING);
      for (const w of waiting) expect(w.extra?.approvers?.availableApprovers).toContain(h.owner);
      // A user declining now and then does not starve the queue either.
      if (t % 300_000 === 0 && h.world.decline(waiting.at(-1)!.transactionId, h.owner).ok) declined += 1;
    }
    expect(declined).toBeGreaterThan(5);
    const approvedByOthers = h.world
      .transactions({ transactionTypes: ['withdrawal'], limit: '10000' })
      .filter((t) => (t.extra?.approvers?.approvedBy ?? []).some((m) => m !== h.owner));
    expect(approvedByOthers.length).toBeGreaterThan(0);
  });

  it('without the generator nothing new appears', () => {
    const h = harness({ history: 0, generator: false });
    const before = h.world.stats().transactions;
    h.run(10 * 60_000, 5_000);
    // Only the deposit of the start-up transfer between own vaults appears.
    expect(h.world.stats().transactions - before).toBeLessThanOrEqual(1);
  });
});

describe('clock jumps', () => {
  it('a jump of a day finishes and leaves a consistent world', () => {
    const h = harness({ history: 500, generator: true });
    const changes: { id: string; updatedAt: number }[] = [];
    h.world.onChange((tx) => changes.push({ id: tx.transactionId, updatedAt: Number(tx.updatedAt) }));
    h.clock.advance(86_400_000);
    h.world.advance();
    const now = h.clock.now();
    const all = h.world.transactions({ limit: '100000' });
    const live = all.filter((t) => !isTerminalStatus(t.status));
    expect(live.filter((t) => t.status === 'waiting-approval').length).toBeGreaterThanOrEqual(MIN_WAITING);
    // Generated work is capped: about a minute of it, not a day.
    expect(h.world.stats().transactions).toBeLessThan(500 + 20 + 100);
    for (const t of all) {
      if (isTerminalStatus(t.status)) expect(Number(t.terminatedAt)).toBeLessThanOrEqual(Number(t.updatedAt));
      // Anything left in flight was created within the last minutes (the rest finished), but
      // for what still waits for approval before its expiry (the start's week-long one).
      else if (t.status === 'waiting-approval') expect(Number(t.expiresAt)).toBeGreaterThan(now);
      else expect(now - Number(t.createdAt)).toBeLessThan(120_000);
    }
    const last = new Map<string, number>();
    for (const c of changes) {
      expect(c.updatedAt).toBeGreaterThan(last.get(c.id) ?? 0);
      last.set(c.id, c.updatedAt);
    }
    // And life goes on.
    h.run(60_000, 1_000);
    expect(h.world.stats().transactions).toBeGreaterThan(all.length);
    const sorted = h.world.transactions({ sortBy: 'updated', limit: '100000' });
    for (let i = 1; i < sorted.length; i++)
      expect(Number(sorted[i - 1]!.updatedAt)).toBeGreaterThanOrEqual(Number(sorted[i]!.updatedAt));
  });

  it('advance is idempotent: a second call at the same time changes nothing', () => {
    const h = harness({ generator: true });
    h.run(30_000, 1_000);
    let changes = 0;
    h.world.onChange(() => changes++);
    h.world.advance();
    h.world.advance();
    expect(changes).toBe(0);
  });
});

describe('history', () => {
  it('20,000 past transactions build and list; types, statuses and events as expected', () => {
    const clock = createManualClock(START);
    const world = createWorld({ seed: 9, clock, history: 20_000, generator: false });
    expect(world.stats().transactions).toBeGreaterThanOrEqual(20_000);
    const page = world.transactions({
      transactionStatuses: ['completed'],
      accountId: world.accounts({ statuses: ['active'] })[0]!.accountId,
      limit: '100',
    });
    expect(page).toHaveLength(100);
    const all = world.transactions({ limit: '100000', sortBy: 'activity', sortDirection: 'ASC' });
    const past = all.filter((t) => isTerminalStatus(t.status));
    expect(past.length).toBeGreaterThanOrEqual(20_000 - 5);
    const count = (pred: (t: (typeof all)[number]) => boolean) => past.filter(pred).length;
    const types = new Set(past.map((t) => t.transactionType));
    for (const type of [
      'deposit',
      'withdrawal',
      'swap-aggregator',
      'bridge',
      'allowance',
      'stake-delegation',
      'fiat-in',
      'fiat-out',
    ])
      expect(types.has(type)).toBe(true);
    expect(
      count((t) => t.transactionType === 'deposit' || t.transactionType === 'withdrawal'),
    ).toBeGreaterThan(past.length * 0.7);
    for (const status of ['completed', 'canceled', 'expired', 'failed-on-blockchain', 'error'])
      expect(count((t) => t.status === status)).toBeGreaterThan(0);
    expect(count((t) => t.status === 'completed')).toBeGreaterThan(past.length * 0.8);
    // Spread over the past weeks (and the archived vault's older ones), all before now.
    const created = past.map((t) => Number(t.createdAt));
    expect(START - Math.min(...created)).toBeGreaterThan(60 * 86_400_000);
    expect(past.every((t) => Number(t.updatedAt) <= START)).toBe(true);
    expect(count((t) => START - Number(t.createdAt) < 7 * 86_400_000)).toBeGreaterThan(past.length * 0.15);

    const withdrawal = past.find(
      (t) =>
        t.transactionType === 'withdrawal' && t.status === 'completed' && t.extra?.approvers?.number === '1',
    )!;
    expect(withdrawal.extra?.approvers?.approvedBy).toHaveLength(1);
    const events = world.events(withdrawal.transactionId)!;
    expect(events.map((e) => e.eventType)).toEqual(['out', 'fee']);
    expect(Number(events[0]!.usdAmount)).toBeGreaterThanOrEqual(5_000);
    const declined = past.find((t) => t.status === 'expired')!;
    expect(Number(declined.extra?.approvers?.approvedBy?.length)).toBeLessThan(
      Number(declined.extra?.approvers?.number),
    );
    const swap = world.transaction(
      past.find((t) => t.transactionType === 'swap-aggregator' && t.status === 'completed')!.transactionId,
    )!;
    expect(swap.extra?.quoteDetails?.quoteId).toBe(swap.params?.quoteId);
    expect(swap.embedded!.events!.map((e) => e.eventType)).toEqual(['out', 'fee', 'in']);
    const deposit = world.transaction(past.find((t) => t.transactionType === 'deposit')!.transactionId)!;
    expect(deposit.embedded!.events!.map((e) => e.eventType)).toEqual(['in']);
    const failed = world.events(past.find((t) => t.status === 'failed-on-blockchain')!.transactionId)!;
    expect(failed.map((e) => [e.eventType, e.extra?.transactionFailed])).toEqual([['fee', true]]);
    expect(world.events(past.find((t) => t.status === 'canceled')!.transactionId)).toEqual([]);
    // A transaction reads the same every time (details are derived, not stored).
    expect(world.transaction(swap.transactionId)).toEqual(swap);
  });
});

describe('no record is made in the future', () => {
  it.each([1, 2, 3, 7, 42])('seed %i: accounts, addresses and transactions are dated at or before now', (seed) => {
    const clock = createManualClock(START);
    const world = createWorld({ seed, clock, history: 300, generator: false });
    const dated = [
      ...world.accounts({}),
      ...world.addresses({}),
      ...world.transactions({ limit: '1000' }),
    ] as Array<{ createdAt: string; updatedAt?: string | null }>;
    for (const record of dated) {
      expect(Number(record.createdAt)).toBeLessThanOrEqual(START);
      if (record.updatedAt != null) expect(Number(record.updatedAt)).toBeGreaterThanOrEqual(Number(record.createdAt));
    }
  });
});
