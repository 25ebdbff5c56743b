import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/contract/index.js';
import { createManualClock } from '../../../src/sandbox/world/clock.js';
import { Core } from '../../../src/sandbox/world/core.js';
import { HashIndex } from '../../../src/sandbox/world/hash-index.js';
import { HistoryTable } from '../../../src/sandbox/world/history-table.js';
import { createWorld, type World } from '../../../src/sandbox/world/index.js';
import { START } from './helpers.js';

function table(seed: number, count: number): HistoryTable {
  return new HistoryTable(new Core(seed, createManualClock(START), false), count);
}

describe('HashIndex', () => {
  it('keeps every value of a hash, tells hashes apart, and grows', () => {
    const index = new HashIndex();
    for (let v = 0; v < 5000; v++) index.add(v % 1700, v);
    expect(index.size).toBe(5000);
    expect(index.find(3).sort((a, b) => a - b)).toEqual([3, 1703, 3403]);
    expect(index.find(1699).sort((a, b) => a - b)).toEqual([1699, 3399]);
    expect(index.find(1700)).toEqual([]);
    index.add(0xffffffff, 0);
    index.add(-1, 7);
    expect(index.find(0xffffffff).sort()).toEqual([0, 7]);
  });
});

describe('the history table', () => {
  it('makes the same records from the same seed, each time it is asked', () => {
    const a = table(9, 600);
    const b = table(9, 600);
    for (let i = 0; i < a.count; i += 37) {
      expect(a.record(i)).toStrictEqual(b.record(i));
      expect(a.record(i)).toStrictEqual(a.record(i));
      expect(a.idOf(i)).toBe(a.record(i).id);
    }
    expect(a.byCreated).toEqual(b.byCreated);
    expect(a.byUpdated).toEqual(b.byUpdated);
  });

  it('columns say what the records say', () => {
    const t = table(4, 800);
    for (let i = 0; i < t.count; i++) {
      const r = t.record(i);
      expect([t.created[i], t.updated[i]]).toEqual([r.createdAt, r.updatedAt]);
      expect(r.terminatedAt).toBe(r.updatedAt);
      expect(t.statuses.texts[t.status[i]!]).toBe(r.status);
      expect(t.types.texts[t.type[i]!]).toBe(r.type);
      expect(t.accounts.texts[t.account[i]!]).toBe(r.accountId);
      expect(t.assets.texts[t.asset[i]!]).toBe(r.assetId);
      expect(t.asset2[i] === 0 ? undefined : t.assets.texts[t.asset2[i]!]).toBe(r.asset2);
      expect(t.toAccount[i] === 0 ? undefined : t.accounts.texts[t.toAccount[i]!]).toBe(r.toAccountId);
      expect(t.indexOf(r.id)).toBe(i);
    }
  });

  it('redraws a past record whose stream would repeat another one (ids stay unique)', () => {
    // Seed 30970 at 4000 records: an archived record's stream is one draw behind a recent
    // record's, so both would draw the same id, externalId, addresses and hash.
    const t = table(30970, 4000);
    const ids = new Set(Array.from({ length: t.count }, (_, i) => t.idOf(i)));
    expect(ids.size).toBe(t.count);
    const again = table(30970, 4000);
    expect(again.record(456)).toStrictEqual(t.record(456));
  });
});

describe('ties in a dense history (seed 2, 100,000 records)', () => {
  let world: World;
  let t: HistoryTable;
  beforeAll(() => {
    t = table(2, 100_000);
    world = createWorld({ seed: 2, clock: createManualClock(START), history: 100_000, generator: false });
  });

  function ties(order: Uint32Array, keys: Float64Array): number[] {
    const out: number[] = [];
    for (let k = 1; k < order.length; k++) {
      if (keys[order[k]!] === keys[order[k - 1]!]) out.push(keys[order[k]!]!);
    }
    return out;
  }

  it('orders by time, then id', () => {
    for (const [order, keys] of [
      [t.byCreated, t.created],
      [t.byUpdated, t.updated],
    ] as const) {
      for (let k = 1; k < order.length; k++) {
        const a = order[k - 1]!;
        const b = order[k]!;
        expect(keys[a]! < keys[b]! || (keys[a] === keys[b] && t.idOf(a) < t.idOf(b))).toBe(true);
      }
    }
    expect(ties(t.byCreated, t.created).length).toBeGreaterThanOrEqual(2);
    expect(ties(t.byUpdated, t.updated).length).toBeGreaterThanOrEqual(1);
  });

  // Around every tie, walk pages of 3 by the inclusive bound (dropping what was already held):
  // the tied records come once each, in id order, as a full list of the window says.
  it.each([
    ['activity', 'DESC'],
    ['activity', 'ASC'],
    ['updated', 'DESC'],
    ['updated', 'ASC'],
  ] as const)('keyset pages of 3 across the ties, sortBy %s %s', (sortBy, sortDirection) => {
    const created = sortBy === 'activity';
    const field = created ? 'createdAt' : 'updatedAt';
    const [fromParam, toParam] = created
      ? ['createdAtFrom', 'createdAtTo']
      : ['updatedAtFrom', 'updatedAtTo'];
    const tied = created ? ties(t.byCreated, t.created) : ties(t.byUpdated, t.updated);
    for (const at of tied) {
      const window = {
        isTerminated: true,
        sortBy,
        sortDirection,
        [fromParam]: String(at - 600_000),
        [toParam]: String(at + 600_000),
      };
      const full = world.transactions({ ...window, limit: '1000' });
      expect(full.filter((tx) => Number(tx[field]) === at).length).toBeGreaterThanOrEqual(2);
      const key = (tx: Transaction) => [Number(tx[field]), tx.transactionId] as const;
      const desc = sortDirection === 'DESC';
      const seen: Transaction[] = [];
      let last: Transaction | undefined;
      for (let guard = 0; guard < 1000; guard++) {
        const bound = last === undefined ? {} : { [desc ? toParam : fromParam]: last[field] };
        const got = world.transactions({ ...window, ...bound, limit: '3' });
        const fresh = got.filter((tx) => {
          if (last === undefined) return true;
          const [k, id] = key(tx);
          const [lk, lid] = key(last);
          return desc ? k < lk || (k === lk && id < lid) : k > lk || (k === lk && id > lid);
        });
        if (got.length === 3 && fresh.length === 0) throw new Error('stuck: a page of one millisecond');
        seen.push(...fresh);
        if (got.length < 3) break;
        last = got[2];
      }
      expect(seen.map((tx) => tx.transactionId)).toEqual(full.map((tx) => tx.transactionId));
    }
  });
});
