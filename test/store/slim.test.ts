// Slim history rows: what a finished list row keeps (a memory check that is not a timed test),
// and how slim and whole records merge.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions, emptyTransactions } from '../../src/store/index.js';
import { isSlim, SLIM_EXTRA, SLIM_FIELDS, SLIM_PARAMS, slimTransaction } from '../../src/store/slim.js';
import { tx, withEvents } from './helpers.js';

/** A finished withdrawal as a list page carries it: far more than the list reads. */
function wireRow(id: string, fields: Partial<Transaction> = {}): Transaction {
  return tx(id, {
    status: 'completed',
    createdBy: 'user-1',
    expiresAt: '5000',
    terminatedAt: '3000',
    params: { amount: '2000', assetId: '5', networkId: 'XRP', toAddress: 'rDest', memo: '42', feeLevel: 'medium' },
    extra: {
      fromAddress: 'rSource',
      toAddress: 'rDest',
      signingRequestId: 'sr-1',
      confirmations: '12',
      blockchainDetails: [{ blockchainTxId: '0xhash', networkId: 'XRP' }],
      quoteDetails: { provider: 'uniswap' },
    },
    unknownField: { big: 'x'.repeat(100) },
    ...fields,
  } as Partial<Transaction>);
}

const page = (rows: Transaction[]) => applyTransactions(emptyTransactions, rows, { now: 1, live: false, slim: true });

describe('slimTransaction', () => {
  it('keeps only the listed fields', () => {
    const slim = slimTransaction(wireRow('a'));
    for (const key of Object.keys(slim)) expect(SLIM_FIELDS).toContain(key);
    for (const key of Object.keys(slim.params ?? {})) expect(SLIM_PARAMS).toContain(key);
    for (const key of Object.keys(slim.extra ?? {})) expect([...SLIM_EXTRA, 'blockchainDetails']).toContain(key);
    expect(slim).toEqual({
      transactionId: 'a',
      externalId: 'ext-a',
      status: 'completed',
      transactionType: 'withdrawal',
      workspaceId: 'ws1',
      accountId: 'acc1',
      accountType: 'vault',
      createdAt: '1000',
      updatedAt: '1000',
      params: { amount: '2000', assetId: '5', networkId: 'XRP', toAddress: 'rDest', memo: '42' },
      // extra's destination is the one params names (readers take params first): not held twice.
      extra: { fromAddress: 'rSource' },
    });
    expect(isSlim(slim)).toBe(true);
    expect(slimTransaction(slim)).toBe(slim);
  });

  it('keeps extra destination and memo when params name other ones or none', () => {
    const slim = slimTransaction(wireRow('a', { params: { amount: '1', assetId: '5', networkId: 'XRP', toAddress: 'rOther' } }));
    expect(slim.extra).toEqual({ fromAddress: 'rSource', toAddress: 'rDest' });
  });

  it('every slim row has one shape; an extra of shared values is shared', () => {
    const a = slimTransaction(wireRow('a'));
    const b = slimTransaction(wireRow('b', { updatedAt: undefined, params: undefined }));
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(b.extra).toEqual({ fromAddress: 'rSource', toAddress: 'rDest', blockchainDetails: [{ networkId: 'XRP' }] });
    const c = slimTransaction(wireRow('c'));
    expect(c.extra).toBe(a.extra);
    expect(Object.isFrozen(a.extra)).toBe(true);
  });

  it('keeps the chain network only when params name none (the list network column falls back to it)', () => {
    const row = wireRow('a');
    const slim = slimTransaction({ ...row, params: { amount: '1', assetId: '5' } });
    expect(slim.extra?.blockchainDetails).toEqual([{ networkId: 'XRP' }]);
  });

  it('shares repeating values between rows', () => {
    const a = slimTransaction(JSON.parse(JSON.stringify(wireRow('a'))) as Transaction);
    const b = slimTransaction(JSON.parse(JSON.stringify(wireRow('b'))) as Transaction);
    expect(a.accountId).toBe(b.accountId);
    expect(a.params?.assetId).toBe(b.params?.assetId);
  });
});

describe('applyTransactions with slim list pages', () => {
  it('keeps finished rows slim and open ones whole', () => {
    const s = page([wireRow('done'), wireRow('open', { status: 'waiting-approval' })]);
    expect(isSlim(s.byId.get('done')!)).toBe(true);
    expect(s.byId.get('done')!.extra?.signingRequestId).toBeUndefined();
    expect(isSlim(s.byId.get('open')!)).toBe(false);
    expect(s.byId.get('open')!.extra?.signingRequestId).toBe('sr-1');
    expect(s.awaitingApproval).toBe(1);
    expect(s.seen.get('done')).toEqual([{ status: 'completed', at: 1 }]);
  });

  it('a whole record of the same version fills in a slim one; a page never slims a whole one', () => {
    const s = page([wireRow('a')]);
    const whole = wireRow('a');
    const filled = applyTransactions(s, [whole], { now: 2, live: false });
    expect(filled).not.toBe(s);
    expect(filled.byId.get('a')).toBe(whole);
    // The same page again: the whole record stays.
    expect(applyTransactions(filled, [wireRow('a')], { now: 3, live: false, slim: true })).toBe(filled);
    // A replayed page row over a slim one changes nothing.
    expect(applyTransactions(s, [wireRow('a')], { now: 3, live: false, slim: true })).toBe(s);
  });

  it('a row with events is never slimmed', () => {
    const s = page([withEvents(wireRow('a'), ['e1'])]);
    expect(isSlim(s.byId.get('a')!)).toBe(false);
    expect(s.byId.get('a')!.embedded?.events).toHaveLength(1);
  });
});
