import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { inQuery, needsHistory, sortKey, type TxQuery, txQueryKey } from '../../src/store/tx-query.js';

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
    expect(sortKey(tx(), 'created')).toBe('1000');
    expect(sortKey(tx(), 'updated')).toBe('2000');
    expect(sortKey(tx({ updatedAt: undefined }), 'updated')).toBe('1000');
  });
});
