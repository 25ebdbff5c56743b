import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { inQuery, keyTime, needsHistory, sortKey, type TxQuery, txQueryKey, windowRead } from '../../src/store/tx-query.js';
import { compareMillis } from '../../src/store/merge.js';

function tx(over: Partial<Transaction> = {}): Transaction {
  return {
    transactionId: 't1',
    externalId: 'e1',
    status: 'completed',
    transactionType: 'withdrawal',
    workspaceId: 'w',
    accountId: 'a1',
    accountType: 'vault',
    createdAt: '1000',
    updatedAt: '2000',
    params: { amount: '1', assetId: '5', networkId: 'ETH', toAddress: '0xAbCd' },
    extra: { fromAddress: 'src1', blockchainDetails: [{ networkId: 'ETH', blockchainTxId: '0xDEAD' }] },
    ...over,
  } as Transaction;
}

const q = (filter: TxQuery['filter'], sort: TxQuery['sort'] = 'created'): TxQuery => ({ filter, sort });

describe('txQueryKey', () => {
  it('is one text per query: order of fields and of list items does not matter, empties are left out', () => {
    expect(txQueryKey(q({ transactionStatuses: ['b', 'a'], accountId: 'x' }))).toBe(
      txQueryKey(q({ accountId: 'x', transactionStatuses: ['a', 'b'], transactionTypes: [], toAddress: '' })),
    );
    expect(txQueryKey(q({}))).not.toBe(txQueryKey(q({}, 'updated')));
    expect(txQueryKey(q({ toAddress: 'x' }))).not.toBe(txQueryKey(q({ fromAddress: 'x' })));
  });
});

describe('needsHistory', () => {
  it.each<[TxQuery['filter'], boolean]>([
    [{}, true],
    [{ transactionStatuses: ['waiting-approval'] }, false],
    [{ transactionStatuses: ['waiting-approval', 'signing'] }, false],
    [{ transactionStatuses: ['waiting-approval', 'completed'] }, true],
    [{ transactionStatuses: ['some-new-status'] }, false],
    [{ transactionTypes: ['withdrawal'] }, true],
  ])('%j → %s', (filter, expected) => expect(needsHistory(q(filter))).toBe(expected));
});

describe('inQuery (the server\'s own predicate, on a held transaction)', () => {
  it.each<[string, TxQuery['filter'], Partial<Transaction>, boolean]>([
    ['no filter', {}, {}, true],
    ['status in', { transactionStatuses: ['completed', 'canceled'] }, {}, true],
    ['status out', { transactionStatuses: ['waiting-approval'] }, {}, false],
    ['type', { transactionTypes: ['deposit'] }, {}, false],
    ['account', { accountId: 'a1' }, {}, true],
    ['asset', { assetIds: ['5'] }, {}, true],
    ['swap: either asset', { assetIds: ['9'] }, { params: { fromAssetId: '5', toAssetId: '9' } as never }, true],
    ['to, EVM case-insensitive', { toAddress: '0xabcd' }, {}, true],
    ['from', { fromAddress: 'src1' }, {}, true],
    ['address: either side', { address: 'src1' }, {}, true],
    ['hash, case-insensitive', { blockchainTxId: '0xdead' }, {}, true],
    ['external id', { externalId: 'e2' }, {}, false],
    ['created range, inclusive', { createdAtFrom: '1000', createdAtTo: '1000' }, {}, true],
    ['updated range', { updatedAtFrom: '2001' }, {}, false],
    ['id', { transactionId: 't1' }, {}, true],
  ])('%s', (_name, filter, over, expected) => expect(inQuery(q(filter), tx(over))).toBe(expected));
});

describe('sortKey', () => {
  it('created, or updated (created when never updated)', () => {
    expect(sortKey(tx(), { sort: 'created' })).toBe('1000');
    expect(sortKey(tx(), { sort: 'updated' })).toBe('2000');
    expect(sortKey(tx({ updatedAt: undefined }), { sort: 'updated' })).toBe('1000');
  });

  it('oldest first: the time turned around, so the older is the larger key; keyTime turns it back', () => {
    const older = sortKey(tx({ createdAt: '1700000000000' }), { sort: 'created', oldestFirst: true });
    const newer = sortKey(tx({ createdAt: '1700000000001' }), { sort: 'created', oldestFirst: true });
    expect(compareMillis(older, newer)).toBeGreaterThan(0);
    expect(older).toHaveLength(16);
    expect(keyTime(older, { oldestFirst: true })).toBe('1700000000000');
    expect(keyTime('1700000000000', {})).toBe('1700000000000');
    // Not a time: kept as it is (never a crash on a malformed record).
    expect(sortKey(tx({ createdAt: 'x' }), { sort: 'created', oldestFirst: true })).toBe('x');
  });
});

describe('windowRead', () => {
  it.each<[string, Parameters<typeof windowRead>[0], 'first' | 'down' | 'up', ReturnType<typeof windowRead>]>([
    ['newest first, on down', { sort: 'created' }, 'down', { sortBy: 'activity', sortDirection: 'DESC', bound: 'createdAtTo', narrow: 'min' }],
    ['newest first, the first page', { sort: 'created' }, 'first', { sortBy: 'activity', sortDirection: 'DESC', bound: 'createdAtTo', narrow: 'min' }],
    ['newest first, back up', { sort: 'created' }, 'up', { sortBy: 'activity', sortDirection: 'ASC', bound: 'createdAtFrom', narrow: 'max' }],
    ['oldest first, on down', { sort: 'created', oldestFirst: true }, 'down', { sortBy: 'activity', sortDirection: 'ASC', bound: 'createdAtFrom', narrow: 'max' }],
    ['oldest first, back up', { sort: 'created', oldestFirst: true }, 'up', { sortBy: 'activity', sortDirection: 'DESC', bound: 'createdAtTo', narrow: 'min' }],
    ['updated, oldest first', { sort: 'updated', oldestFirst: true }, 'first', { sortBy: 'updated', sortDirection: 'ASC', bound: 'updatedAtFrom', narrow: 'max' }],
  ])('%s', (_name, q, direction, expected) => expect(windowRead(q, direction)).toEqual(expected));
});
