import { beforeAll, describe, expect, it } from 'vitest';
import { isTerminalStatus, type Transaction } from '../../../src/contract/index.js';
import type { WorldTransactionsQuery } from '../../../src/sandbox/world/index.js';
import { type Harness, harness } from './helpers.js';

// A reference filter written from wire notes §5 (and the OpenAPI's parameter descriptions),
// independent of the world's own compiled filter, checked against every transaction.
function reference(tx: Transaction, q: WorldTransactionsQuery): boolean {
  const params = tx.params ?? {};
  const extra = tx.extra ?? {};
  const inList = (list: readonly string[] | undefined, value: unknown) =>
    list === undefined || list.includes(value as string);
  const within = (from: string | undefined, to: string | undefined, value: string | null | undefined) =>
    (from === undefined && to === undefined) ||
    (value != null &&
      (from === undefined || Number(value) >= Number(from)) &&
      (to === undefined || Number(value) <= Number(to)));
  const assets = [params.assetId, params.fromAssetId, params.sourceAssetId, params.toAssetId].filter(
    (a) => a != null,
  );
  const hashes = (extra.blockchainDetails ?? []).map((d) => d.blockchainTxId?.toLowerCase());
  const toAddress = (extra.toAddress ?? params.toAddress) as string | undefined;
  const fromAddress = extra.fromAddress ?? undefined;
  const sameAddress = (a: string | undefined, b: string | null | undefined) =>
    a !== undefined && b != null && (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b);
  return (
    (q.transactionId === undefined || tx.transactionId === q.transactionId) &&
    inList(q.transactionIds, tx.transactionId) &&
    inList(q.transactionTypes, tx.transactionType) &&
    (q.accountId === undefined || tx.accountId === q.accountId) &&
    inList(q.accountIds, tx.accountId) &&
    inList(q.transactionStatuses, tx.status) &&
    (q.transactionStatusNotIn === undefined || !q.transactionStatusNotIn.includes(tx.status)) &&
    (q.assetIds === undefined || assets.some((a) => q.assetIds!.includes(a as string))) &&
    (q.blockchainTxId === undefined || hashes.includes(q.blockchainTxId.toLowerCase())) &&
    (q.toAddress === undefined || sameAddress(q.toAddress, toAddress)) &&
    (q.fromAddress === undefined || sameAddress(q.fromAddress, fromAddress)) &&
    (q.address === undefined || sameAddress(q.address, toAddress) || sameAddress(q.address, fromAddress)) &&
    (q.toAccountId === undefined || (extra.toAccountId ?? params.toAccountId) === q.toAccountId) &&
    (q.externalId === undefined || tx.externalId === q.externalId) &&
    (q.isTerminated === undefined || isTerminalStatus(tx.status) === q.isTerminated) &&
    inList(q.accountTypes, tx.accountType) &&
    within(q.createdAtFrom, q.createdAtTo, tx.createdAt) &&
    within(q.updatedAtFrom, q.updatedAtTo, tx.updatedAt) &&
    within(q.terminatedAtFrom, q.terminatedAtTo, tx.terminatedAt)
  );
}

const ALL: WorldTransactionsQuery = { limit: '1000000' };
let h: Harness;
let all: Transaction[];
const pick: Record<string, string> = {};

beforeAll(() => {
  h = harness({ history: 1500, generator: true });
  h.run(90_000, 500);
  all = h.world.transactions(ALL);
  const withdrawal = all.find(
    (t) =>
      t.transactionType === 'withdrawal' && t.status === 'completed' && t.extra?.toAddress?.startsWith('0x'),
  )!;
  const internal = all.find((t) => t.extra?.toAccountId != null)!;
  const terminated = all
    .filter((t) => t.terminatedAt != null)
    .map((t) => Number(t.terminatedAt))
    .sort((a, b) => a - b);
  Object.assign(pick, {
    id1: all[3]!.transactionId,
    id2: all[40]!.transactionId,
    hash: withdrawal.extra!.blockchainDetails![0]!.blockchainTxId!,
    hashAccount: withdrawal.accountId,
    toAddress: withdrawal.extra!.toAddress!,
    fromAddress: withdrawal.extra!.fromAddress!,
    externalId: all[7]!.externalId,
    toAccountId: internal.extra!.toAccountId!,
    trading: h.accountId('Trading'),
    payroll: h.accountId('Payroll'),
    cold: h.accountId('Treasury Cold'),
    mid: all[Math.floor(all.length / 2)]!.createdAt,
    late: all[Math.floor(all.length / 10)]!.createdAt,
    updatedMid: [...all].sort((a, b) => Number(a.updatedAt) - Number(b.updatedAt))[
      Math.floor(all.length / 3)
    ]!.updatedAt!,
    terminatedFrom: String(terminated[Math.floor(terminated.length / 4)]),
    terminatedTo: String(terminated[Math.floor(terminated.length / 2)]),
  });
});

type Case = [string, () => WorldTransactionsQuery];
const CASES: Case[] = [
  ['transactionId', () => ({ transactionId: pick.id1 })],
  ['transactionIds', () => ({ transactionIds: [pick.id1!, pick.id2!] })],
  ['transactionTypes', () => ({ transactionTypes: ['deposit'] })],
  ['transactionTypes, several', () => ({ transactionTypes: ['swap-aggregator', 'bridge'] })],
  ['accountId', () => ({ accountId: pick.trading })],
  ['accountIds', () => ({ accountIds: [pick.trading!, pick.payroll!] })],
  ['transactionStatuses', () => ({ transactionStatuses: ['completed'] })],
  [
    'transactionStatuses, live',
    () => ({ transactionStatuses: ['waiting-approval', 'signing', 'waiting-confirmations'] }),
  ],
  ['transactionStatusNotIn', () => ({ transactionStatusNotIn: ['completed', 'canceled'] })],
  ['assetIds', () => ({ assetIds: ['11'] })],
  ['assetIds, a swap destination', () => ({ assetIds: ['2'] })],
  ['blockchainTxId', () => ({ blockchainTxId: pick.hash })],
  ['blockchainTxId, other case', () => ({ blockchainTxId: pick.hash!.toUpperCase().replace(/^0X/, '0x') })],
  ['toAddress', () => ({ toAddress: pick.toAddress })],
  ['toAddress, checksum case', () => ({ toAddress: `0x${pick.toAddress!.slice(2).toUpperCase()}` })],
  ['fromAddress', () => ({ fromAddress: pick.fromAddress })],
  ['address (either side)', () => ({ address: pick.fromAddress })],
  ['toAccountId', () => ({ toAccountId: pick.toAccountId })],
  ['externalId', () => ({ externalId: pick.externalId })],
  ['isTerminated true', () => ({ isTerminated: true })],
  ['isTerminated false', () => ({ isTerminated: false })],
  ['createdAtFrom', () => ({ createdAtFrom: pick.mid })],
  ['createdAtTo (inclusive)', () => ({ createdAtTo: pick.mid })],
  ['createdAt range', () => ({ createdAtFrom: pick.mid, createdAtTo: pick.late })],
  ['updatedAtFrom', () => ({ updatedAtFrom: pick.updatedMid })],
  ['updatedAtTo', () => ({ updatedAtTo: pick.updatedMid })],
  [
    'terminatedAt range',
    () => ({ terminatedAtFrom: pick.terminatedFrom, terminatedAtTo: pick.terminatedTo }),
  ],
  ['accountTypes vault', () => ({ accountTypes: ['vault'] })],
  ['accountTypes other', () => ({ accountTypes: ['exchange'] })],
  ['status + account', () => ({ transactionStatuses: ['completed'], accountId: pick.payroll })],
  [
    'rare status + account',
    () => ({ transactionStatuses: ['failed-on-blockchain', 'error'], accountId: pick.trading }),
  ],
  [
    'type + asset + not terminated',
    () => ({ transactionTypes: ['withdrawal', 'deposit'], assetIds: ['1', '21'], isTerminated: false }),
  ],
  [
    'accountId and accountIds that disagree',
    () => ({ accountId: pick.trading, accountIds: [pick.payroll!] }),
  ],
  [
    'accountId and accountIds that agree',
    () => ({ accountId: pick.trading, accountIds: [pick.trading!, pick.payroll!] }),
  ],
  [
    'transactionId and transactionIds',
    () => ({ transactionId: pick.id1, transactionIds: [pick.id1!, pick.id2!] }),
  ],
  [
    'statuses and notIn',
    () => ({ transactionStatuses: ['completed', 'expired'], transactionStatusNotIn: ['expired'] }),
  ],
  [
    'account + created range, sorted by updated',
    () => ({ accountId: pick.cold, createdAtFrom: pick.mid, sortBy: 'updated' }),
  ],
  ['hash + account', () => ({ blockchainTxId: pick.hash, accountIds: [pick.hashAccount!, pick.cold!] })],
  [
    'updated range + status, ascending',
    () => ({ updatedAtFrom: pick.updatedMid, transactionStatuses: ['completed'], sortDirection: 'ASC' }),
  ],
];

describe('transaction filters against a brute-force reference', () => {
  it('the world has something of everything to filter', () => {
    expect(all.length).toBeGreaterThan(1500);
    expect(new Set(all.map((t) => t.status)).size).toBeGreaterThan(6);
  });

  it.each(CASES)('%s', (_name, make) => {
    const q = make();
    const expected = all.filter((t) => reference(t, q)).map((t) => t.transactionId);
    const got = h.world.transactions({ ...q, limit: '1000000' });
    expect(new Set(got.map((t) => t.transactionId))).toEqual(new Set(expected));
    for (const tx of all) expect(h.world.matches(tx, q)).toBe(expected.includes(tx.transactionId));
    // With the default page size, the first 100 of the same order.
    const page = h.world.transactions(q).map((t) => t.transactionId);
    const full = got.map((t) => t.transactionId);
    expect(page).toEqual(full.slice(0, 100));
  });

  it('every case but the contradictory ones matches something', () => {
    const counts = CASES.map(
      ([name, make]) => [name, all.filter((t) => reference(t, make())).length] as const,
    );
    const empty = counts.filter(([, n]) => n === 0).map(([name]) => name);
    expect(empty).toEqual(['accountTypes other', 'accountId and accountIds that disagree']);
  });

  it('limit 0 gives an empty page; events only with includeEvents; signing requests only when asked', () => {
    expect(h.world.transactions({ limit: '0' })).toEqual([]);
    expect(h.world.transactions({ limit: '50' }).every((t) => t.embedded?.events === undefined)).toBe(true);
    expect(
      h.world
        .transactions({ limit: '50', includeEvents: true })
        .every((t) => Array.isArray(t.embedded?.events)),
    ).toBe(true);
    const signing = { transactionStatuses: ['signing-required', 'signing', 'signed'] };
    const bare = h.world.transactions(signing);
    const withRequest = h.world.transactions({ ...signing, includeCurrentSigningRequest: true });
    expect(bare.every((t) => t.embedded?.currentSigningRequest === undefined)).toBe(true);
    for (const tx of withRequest)
      expect(tx.embedded?.currentSigningRequest?.signingRequestId).toBe(tx.extra?.signingRequestId);
  });
});

type SortCase = ['updated' | 'activity', 'ASC' | 'DESC', WorldTransactionsQuery];
const SORTS: SortCase[] = [];
for (const sortBy of ['updated', 'activity'] as const) {
  for (const sortDirection of ['ASC', 'DESC'] as const) {
    SORTS.push([sortBy, sortDirection, {}]);
    SORTS.push([sortBy, sortDirection, { transactionStatuses: ['completed'] }]);
    SORTS.push([
      sortBy,
      sortDirection,
      { accountIds: ['@trading'], transactionTypes: ['deposit', 'withdrawal'] },
    ]);
  }
}

describe('sorting and paging', () => {
  it.each(SORTS)(
    'sortBy %s %s %j: pages of 7 cover the set without overlap or gap',
    (sortBy, sortDirection, base) => {
      const filters = { ...base, accountIds: base.accountIds?.map(() => pick.trading!) };
      if (filters.accountIds === undefined) delete filters.accountIds;
      const q: WorldTransactionsQuery = { ...filters, sortBy, sortDirection };
      const full = h.world.transactions({ ...q, limit: '1000000' });
      const key = (t: Transaction) => Number(sortBy === 'updated' ? t.updatedAt : t.createdAt);
      const sign = sortDirection === 'ASC' ? 1 : -1;
      for (let i = 1; i < full.length; i++) {
        const a = full[i - 1]!;
        const b = full[i]!;
        const order = sign * (key(a) - key(b)) || sign * (a.transactionId < b.transactionId ? -1 : 1);
        expect(order).toBeLessThan(0);
      }
      const seen: string[] = [];
      for (let offset = 0; ; offset += 7) {
        const pageIds = h.world
          .transactions({ ...q, limit: '7', offset: String(offset) })
          .map((t) => t.transactionId);
        seen.push(...pageIds);
        if (pageIds.length < 7) break;
      }
      expect(seen).toEqual(full.map((t) => t.transactionId));
      expect(new Set(seen).size).toBe(seen.length);
      const again = h.world.transactions({ ...q, limit: '7', offset: '14' }).map((t) => t.transactionId);
      expect(again).toEqual(seen.slice(14, 21));
    },
  );

  it('defaults: activity (createdAt) descending, 100 per page', () => {
    const page = h.world.transactions({});
    expect(page).toHaveLength(100);
    expect(page).toEqual(h.world.transactions({ sortBy: 'activity', sortDirection: 'DESC', limit: '100' }));
  });
});
