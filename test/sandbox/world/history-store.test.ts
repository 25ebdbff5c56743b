import { beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../src/sandbox/world/clock.js';
import { Core } from '../../../src/sandbox/world/core.js';
import { compileFilter, testFacts, type WorldTransactionsQuery } from '../../../src/sandbox/world/filter.js';
import { HistoryTable } from '../../../src/sandbox/world/history-table.js';
import { newRecord, type TxRecord } from '../../../src/sandbox/world/records.js';
import { mix, Rng } from '../../../src/sandbox/world/rng.js';
import { START } from './helpers.js';

// The store lists the compact history and the live records as one. Every path it takes (the
// walk along an order, the hash-index lookups, the merge of the two parts, ties across them) is
// checked here against a brute force: testFacts over every record made whole, sorted by
// (key, id). Live records are made to tie with past ones and with each other on purpose.

type Key = 'createdAt' | 'updatedAt';

let core: Core;
let table: HistoryTable;
let all: TxRecord[];
const pick: Record<string, string> = {};

function liveId(k: number): string {
  return new Rng(mix(0x11fe, k)).id();
}

/** A live record shaped like past record `i`, with fields overridden. */
function likePast(i: number, k: number, fields: Partial<TxRecord>): TxRecord {
  const past = table.record(i);
  return newRecord({ ...past, id: liveId(k), externalId: liveId(k + 1000), ...fields });
}

beforeAll(() => {
  core = new Core(5, createManualClock(START), false);
  table = new HistoryTable(core, 4000);
  core.store.loadHistory(table);
  const past = Array.from({ length: table.count }, (_, i) => table.record(i));
  // A one-off counterpart (not an address book record's, which recurs: see bookTo).
  const booked = new Set(core.ref.bookSeeds.map((e) => e.address));
  const external = past.findIndex(
    (r) =>
      r.type === 'withdrawal' &&
      r.toAccountId === undefined &&
      r.toAddress?.startsWith('0x') &&
      !booked.has(r.toAddress),
  );
  const bookTo = past.find((r) => r.toAccountId === undefined && booked.has(r.toAddress))!;
  const deposit = past.findIndex((r) => r.type === 'deposit' && r.fromAddress !== undefined);
  const hashed = past.findIndex((r) => r.txHash !== undefined && r.txHash !== r.txHash.toUpperCase());
  const live: TxRecord[] = [];
  let k = 0;
  // Same createdAt and updatedAt as a past record: ties across the two parts.
  for (let n = 0; n < 25; n++) live.push(likePast((n * 157) % table.count, k++, {}));
  // Unfinished, three created in the same millisecond.
  const tie = past[2000]!.createdAt + 7;
  for (const status of ['waiting-approval', 'signing', 'broadcasted']) {
    live.push(likePast(2000, k++, { status, createdAt: tie, updatedAt: tie + k, terminatedAt: undefined }));
  }
  // Sharing a counterpart address, a chain hash (in other case) and an externalId with the past.
  live.push(likePast(external, k++, { createdAt: START - 5000, updatedAt: START - 4000 }));
  const arriving = { status: 'waiting-confirmations', terminatedAt: undefined, updatedAt: START - 10 };
  live.push(likePast(deposit, k++, arriving));
  live.push(likePast(hashed, k++, { txHash: past[hashed]!.txHash!.toUpperCase(), updatedAt: START - 3 }));
  live.push(likePast(7, k++, { externalId: past[7]!.externalId, createdAt: START - 1, updatedAt: START }));
  for (const rec of live) core.store.insert(rec);
  all = [...past, ...live];

  const vault = core.data.accounts.find((a) => a.role === 'hot')!;
  const swap = past.find((r) => r.type === 'swap-aggregator')!;
  const internal = past.find((r) => r.toAccountId !== undefined)!;
  Object.assign(pick, {
    trading: core.data.accounts.find((a) => a.role === 'trading')!.wire.accountId,
    archive: core.data.accounts.find((a) => a.role === 'archive')!.wire.accountId,
    hotEth: vault.addressOf.get('ETH')!.address,
    toAddress: past[external]!.toAddress!,
    bookTo: bookTo.toAddress!,
    fromAddress: past[deposit]!.fromAddress!,
    hash: past[hashed]!.txHash!,
    externalId: past[7]!.externalId,
    pastId: past[123]!.id,
    liveId: live[3]!.id,
    swapTo: swap.asset2!,
    toAccountId: internal.toAccountId!,
    tie: String(tie),
    crossTie: String(past[157]!.createdAt),
    crossTieUpdated: String(past[157]!.updatedAt),
    mid: String(past[2500]!.createdAt),
    late: String(past[3500]!.createdAt),
    updatedMid: String(past[3000]!.updatedAt),
  });
});

function brute(q: WorldTransactionsQuery, sortBy: Key, descending: boolean, offset: number, limit: number) {
  const f = compileFilter(q);
  const sign = descending ? -1 : 1;
  return all
    .filter((r) => testFacts(f, r))
    .sort((a, b) => sign * (a[sortBy] - b[sortBy] || (a.id < b.id ? -1 : 1)))
    .slice(offset, offset + limit)
    .map((r) => r.id);
}

function page(q: WorldTransactionsQuery, sortBy: Key, descending: boolean, offset: number, limit: number) {
  return core.store
    .page({ filter: compileFilter(q), sortBy, descending, offset, limit })
    .map((r) => r.id);
}

const CASES: [string, () => WorldTransactionsQuery][] = [
  ['everything', () => ({})],
  ['isTerminated true', () => ({ isTerminated: true })],
  ['isTerminated false', () => ({ isTerminated: false })],
  ['statuses, terminal', () => ({ transactionStatuses: ['completed', 'expired'] })],
  ['statuses, live and terminal', () => ({ transactionStatuses: ['signing', 'canceled'] })],
  ['statuses, none in the past', () => ({ transactionStatuses: ['waiting-approval'] })],
  ['statuses unknown', () => ({ transactionStatuses: ['no-such-status'] })],
  ['statusNotIn', () => ({ transactionStatusNotIn: ['completed'] })],
  [
    'statuses and notIn',
    () => ({ transactionStatuses: ['completed', 'error'], transactionStatusNotIn: ['error'] }),
  ],
  ['types', () => ({ transactionTypes: ['swap-aggregator', 'bridge'] })],
  ['accountId', () => ({ accountId: pick.trading })],
  ['accountIds with an unknown one', () => ({ accountIds: [pick.archive!, 'nobody'] })],
  ['accountId unknown', () => ({ accountId: 'nobody' })],
  ['assetIds, a swap destination too', () => ({ assetIds: [pick.swapTo!] })],
  ['assetIds unknown', () => ({ assetIds: ['99999'] })],
  ['toAccountId', () => ({ toAccountId: pick.toAccountId })],
  ['toAccountId unknown', () => ({ toAccountId: 'nobody' })],
  ['toAddress, a counterpart (past and live)', () => ({ toAddress: pick.toAddress })],
  ['toAddress, an address book destination (many past records)', () => ({ toAddress: pick.bookTo })],
  ['toAddress, checksum case', () => ({ toAddress: `0x${pick.toAddress!.slice(2).toUpperCase()}` })],
  ['toAddress, a vault address', () => ({ toAddress: pick.hotEth })],
  ['fromAddress, a counterpart', () => ({ fromAddress: pick.fromAddress })],
  ['fromAddress, a vault address', () => ({ fromAddress: pick.hotEth })],
  ['address, a counterpart on either side', () => ({ address: pick.fromAddress })],
  ['address, a vault address', () => ({ address: pick.hotEth })],
  ['address unknown', () => ({ address: 'bc1qnothing' })],
  ['blockchainTxId (past and live, any case)', () => ({ blockchainTxId: pick.hash!.toUpperCase() })],
  ['externalId (past and live)', () => ({ externalId: pick.externalId })],
  ['transactionId, past', () => ({ transactionId: pick.pastId })],
  ['transactionIds, past, live and unknown', () => ({ transactionIds: [pick.pastId!, pick.liveId!, 'x'] })],
  ['createdAt: one millisecond, three live', () => ({ createdAtFrom: pick.tie, createdAtTo: pick.tie })],
  [
    'createdAt: one millisecond, past and live',
    () => ({ createdAtFrom: pick.crossTie, createdAtTo: pick.crossTie }),
  ],
  ['createdAtFrom', () => ({ createdAtFrom: pick.mid })],
  ['createdAtTo', () => ({ createdAtTo: pick.mid })],
  ['createdAt range', () => ({ createdAtFrom: pick.mid, createdAtTo: pick.late })],
  [
    'updatedAt: one millisecond',
    () => ({ updatedAtFrom: pick.crossTieUpdated, updatedAtTo: pick.crossTieUpdated }),
  ],
  ['updatedAtTo + createdAtFrom', () => ({ updatedAtTo: pick.updatedMid, createdAtFrom: pick.mid })],
  ['terminatedAt range', () => ({ terminatedAtFrom: pick.mid, terminatedAtTo: pick.late })],
  ['terminatedAtFrom + isTerminated', () => ({ terminatedAtFrom: pick.late, isTerminated: true })],
  ['reversed range', () => ({ createdAtFrom: pick.late, createdAtTo: pick.mid })],
  [
    'status + type + account + asset',
    () => ({
      transactionStatuses: ['completed', 'canceled'],
      transactionTypes: ['withdrawal', 'deposit'],
      accountId: pick.trading,
      assetIds: ['11', '2'],
    }),
  ],
  [
    'counterpart + a status it has not',
    () => ({ toAddress: pick.toAddress, transactionStatuses: ['error'] }),
  ],
  ['counterpart + vault address', () => ({ address: pick.fromAddress, toAddress: pick.hotEth })],
  ['hash + createdAtTo', () => ({ blockchainTxId: pick.hash, createdAtTo: pick.late })],
  ['accountTypes other', () => ({ accountTypes: ['exchange'] })],
];

const ORDERS: [Key, boolean][] = [
  ['createdAt', true],
  ['createdAt', false],
  ['updatedAt', true],
  ['updatedAt', false],
];

describe('the store against a brute force', () => {
  it('has past and live records, and ties across them', () => {
    expect(core.store.size).toBe(all.length);
    const times = all.map((r) => r.createdAt);
    expect(times.length - new Set(times).size).toBeGreaterThanOrEqual(27);
  });

  it.each(CASES)('%s', (_name, make) => {
    const q = make();
    for (const [sortBy, descending] of ORDERS) {
      for (const [offset, limit] of [
        [0, 10_000],
        [0, 5],
        [3, 20],
        [1000, 7],
      ] as const) {
        expect(page(q, sortBy, descending, offset, limit), `${sortBy} ${descending} ${offset}`).toEqual(
          brute(q, sortBy, descending, offset, limit),
        );
      }
    }
  });

  it('every case but the empty ones matches something', () => {
    const none = CASES.filter(([, make]) => brute(make(), 'createdAt', true, 0, 1).length === 0);
    expect(none.map(([name]) => name)).toEqual([
      'statuses unknown',
      'accountId unknown',
      'assetIds unknown',
      'toAccountId unknown',
      'address unknown',
      'reversed range',
      'counterpart + a status it has not',
      'counterpart + vault address',
      'accountTypes other',
    ]);
  });

  it('a past record is found by id, a new object each time; an unknown id is not', () => {
    const a = core.store.get(pick.pastId!)!;
    const b = core.store.get(pick.pastId!)!;
    expect(a).not.toBe(b);
    expect(a).toStrictEqual(b);
    expect(core.store.get('no-such-id')).toBeUndefined();
    expect(core.store.has(pick.pastId!)).toBe(true);
    expect(core.store.has(pick.liveId!)).toBe(true);
    expect(core.store.has('no-such-id')).toBe(false);
  });

  it('refuses to change a past record', () => {
    const rec = core.store.get(pick.pastId!)!;
    expect(() => core.store.update(rec, () => undefined)).toThrow(/not a live record/);
  });
});

// The console's keyset paging: the next page asks from the last record held (the bound is
// inclusive), and drops what comes before it in the page's order (same millisecond, id already
// passed). Walked this way with small pages, every record comes exactly once, in order.
const PARAMS: Record<Key, [string, string]> = {
  createdAt: ['createdAtFrom', 'createdAtTo'],
  updatedAt: ['updatedAtFrom', 'updatedAtTo'],
};

function keysetWalk(base: WorldTransactionsQuery, sortBy: Key, descending: boolean, limit: number): string[] {
  const seen: TxRecord[] = [];
  let last: TxRecord | undefined;
  const after = (r: TxRecord, c: TxRecord) => {
    const order = r[sortBy] - c[sortBy] || (r.id < c.id ? -1 : r.id > c.id ? 1 : 0);
    return descending ? order < 0 : order > 0;
  };
  for (let guard = 0; guard < 10_000; guard++) {
    const bound = last === undefined ? {} : { [PARAMS[sortBy][descending ? 1 : 0]]: String(last[sortBy]) };
    const q: WorldTransactionsQuery = { ...base, ...bound };
    const got = core.store.page({ filter: compileFilter(q), sortBy, descending, offset: 0, limit });
    const fresh = got.filter((r) => last === undefined || after(r, last));
    if (got.length === limit && fresh.length === 0) throw new Error('stuck: a page of one millisecond');
    seen.push(...fresh);
    if (got.length < limit) return seen.map((r) => r.id);
    last = got[got.length - 1];
  }
  throw new Error('no end');
}

describe('keyset paging over past and live records', () => {
  const WALKS: [string, WorldTransactionsQuery][] = [
    ['finished', { isTerminated: true }],
    ['everything', {}],
    ['one vault', { accountIds: ['@trading'] }],
    ['completed, since the middle', { transactionStatuses: ['completed'], createdAtFrom: '@mid' }],
  ];
  it.each(WALKS)('%s: down and up, by createdAt and by updatedAt, limit 4', (_name, shape) => {
    const named = JSON.stringify(shape).replace(/"@(\w+)"/g, (_m, k: string) => JSON.stringify(pick[k]));
    const base = JSON.parse(named) as WorldTransactionsQuery;
    for (const [sortBy, descending] of ORDERS) {
      const walked = keysetWalk(base, sortBy, descending, 4);
      const expected = brute(base, sortBy, descending, 0, 1_000_000);
      expect(walked.length).toBeGreaterThan(0);
      expect(walked).toEqual(expected);
    }
  });
});
