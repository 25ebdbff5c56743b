import { describe, expect, it } from 'vitest';
import { parseRange, parseTxWords, splitWords, txWordCandidates, type TxWordsRef } from '../../src/view/query/tx-words.js';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const ref: TxWordsRef = {
  statuses: ['waiting-approval', 'completed', 'canceled', 'signing'],
  types: ['withdrawal', 'deposit', 'swap-aggregator'],
  accounts: [
    { accountId: 'a1', accountName: 'Treasury Cold' },
    { accountId: 'a2', accountName: 'Trading' },
    { accountId: 'a3', accountName: 'Ops Hot' },
  ],
  assets: [
    { assetId: '21', symbol: 'USDT', networkId: 'TRX' },
    { assetId: '22', symbol: 'USDT', networkId: 'ETH' },
    { assetId: '5', symbol: 'ETH', networkId: 'ETH' },
  ],
  now: NOW,
  tzOffsetMinutes: 0,
};

describe('parseTxWords', () => {
  it.each([
    [[], {}, []],
    [['waiting-approval'], { transactionStatuses: ['waiting-approval'] }, ['status']],
    [['Completed', 'canceled', 'withdrawal'], { transactionStatuses: ['completed', 'canceled'], transactionTypes: ['withdrawal'] }, ['status', 'type']],
    // A word this version does not know goes as given only when asked so.
    [['type:stake-delegation'], { transactionTypes: ['stake-delegation'] }, ['type']],
    [['status:held-by-bank', 'waiting-approval'], { transactionStatuses: ['held-by-bank', 'waiting-approval'] }, ['status']],
    [['type:Deposit', 'withdrawal'], { transactionTypes: ['deposit', 'withdrawal'] }, ['type']],
    [['asset:usdt'], { assetIds: ['21', '22'] }, ['asset']],
    [['asset:5'], { assetIds: ['5'] }, ['asset']],
    [['account:tre'], { accountId: 'a1' }, ['account']],
    [['account:Treasury Cold'], { accountId: 'a1' }, ['account']],
    [['to:0xAbC'], { toAddress: '0xAbC' }, ['to']],
    [['from:bc1q'], { fromAddress: 'bc1q' }, ['from']],
    [['address:T9'], { address: 'T9' }, ['address']],
    [['addr:T9'], { address: 'T9' }, ['address']],
    [['hash:5e1c'], { blockchainTxId: '5e1c' }, ['hash']],
    [['txid:5e1c'], { blockchainTxId: '5e1c' }, ['hash']],
    [['ext:payroll-1'], { externalId: 'payroll-1' }, ['ext']],
    [['id:abc'], { transactionId: 'abc' }, ['id']],
    [['created:24h'], { createdAtFrom: String(NOW - 86_400_000) }, ['created']],
    [['updated:30m'], { updatedAtFrom: String(NOW - 1_800_000) }, ['updated']],
    [['created:2026-11-01'], { createdAtFrom: String(Date.UTC(2026, 10, 1)), createdAtTo: String(Date.UTC(2026, 10, 2) - 1) }, ['created']],
    [['created:..2026-11-01'], { createdAtTo: String(Date.UTC(2026, 10, 2) - 1) }, ['created']],
    [['created:2026-11-01..'], { createdAtFrom: String(Date.UTC(2026, 10, 1)) }, ['created']],
    [['created:2026-11-01..2026-11-03'], { createdAtFrom: String(Date.UTC(2026, 10, 1)), createdAtTo: String(Date.UTC(2026, 10, 4) - 1) }, ['created']],
    [['created:1d', 'created:7d'], { createdAtFrom: String(NOW - 7 * 86_400_000) }, ['created']],
  ])('%j → %j', (words, filter, chips) => {
    const r = parseTxWords(words, ref);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.filter).toEqual(filter);
    expect(r.chips.map((c) => c.label)).toEqual(chips);
  });

  it.each([
    [['Wa!t'], /^unknown word 'Wa!t': did you mean waiting-approval\?$/],
    [['x!y'], /^unknown word 'x!y' \(a status, a type, or status: type: account:/],
    // A typo is refused by name, with the known word it was likely meant to be.
    [['waitng'], /^unknown word 'waitng': did you mean waiting-approval\?$/],
    [['withdrawl'], /^unknown word 'withdrawl': did you mean withdrawal\?$/],
    [['completed', 'swap-agregator'], /^unknown word 'swap-agregator': did you mean swap-aggregator\?$/],
    [['pending'], /^unknown word 'pending' \(a status, a type/],
    [['foobar'], /^unknown word 'foobar' \(a status, a type/],
    [['stake-delegation'], /^unknown word 'stake-delegation'/],
    [['type:'], /type: needs a value/],
    [['colour:red'], /unknown key "colour"/],
    [['to:'], /to: needs a value/],
    [['account:T'], /2 accounts match \(Treasury Cold, Trading\); type more/],
    [['account:Nope'], /no account name starts with "Nope"/],
    [['asset:DOGE'], /no asset with that symbol or id/],
    [['created:yesterday'], /not a range/],
    [['created:2026-02-30'], /not a range/],
    [['created:2026-11-03..2026-11-01'], /ends before it starts/],
    [['created:..'], /not a range/],
    [['created:0h'], /longer than nothing/],
  ])('%j is refused, naming why', (words, error) => {
    const r = parseTxWords(words, ref);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it('chips read in a fixed order with the resolved names', () => {
    const r = parseTxWords(['asset:USDT', 'account:ops', 'completed', 'withdrawal'], ref);
    expect(r.ok && r.chips).toEqual([
      { label: 'status', value: 'completed' },
      { label: 'type', value: 'withdrawal' },
      { label: 'account', value: 'Ops Hot' },
      { label: 'asset', value: 'USDT' },
    ]);
  });
});

describe('parseRange', () => {
  it('a minute of a day, in the given zone', () => {
    const r = parseRange('2026-11-01 14:30', { ...ref, tzOffsetMinutes: 60 });
    expect(r).toEqual({ from: Date.UTC(2026, 10, 1, 13, 30), to: Date.UTC(2026, 10, 1, 13, 31) - 1 });
  });
});

describe('splitWords', () => {
  it.each([
    ['completed  withdrawal', ['completed', 'withdrawal']],
    ['account:"Treasury Cold" asset:ETH', ['account:Treasury Cold', 'asset:ETH']],
    ['"a b" c', ['a b', 'c']],
    ['', []],
    ['  x  ', ['x']],
  ])('%j', (text, words) => expect(splitWords(text)).toEqual(words));
});

describe('txWordCandidates', () => {
  it.each([
    ['wa', ['waiting-approval']],
    ['with', ['withdrawal']],
    ['as', ['asset:']],
    ['c', ['completed', 'canceled', 'created:']],
    ['asset:u', ['asset:USDT']],
    ['account:t', ['account:"Treasury Cold"', 'account:Trading']],
    ['account:"tr', ['account:"Treasury Cold"', 'account:Trading']],
    ['created:2', ['created:24h']],
    ['hash:', []],
    ['status:w', ['status:waiting-approval']],
    ['type:d', ['type:deposit']],
  ])('%j → %j', (word, candidates) => expect(txWordCandidates(word, ref)).toEqual(candidates));
});
