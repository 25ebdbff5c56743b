import { describe, expect, it } from 'vitest';
import {
  AccountSchema,
  AddressSchema,
  AssetMarketPriceSchema,
  AssetSchema,
  DryRunTransactionSchema,
  NetworkSchema,
  parseWire,
  SymbolMarketPriceSchema,
  SymbolRecordSchema,
  type Transaction,
  TransactionEventListSchema,
  TransactionListSchema,
  TransactionSchema,
  toWireDryRunTransaction,
  toWireTransaction,
  toWireTransactionList,
  WorkspaceSchema,
} from '../../../src/contract/index.js';
import { isDecimalString } from '../../../src/format/index.js';
import { BTC_ADDRESS, expectOk, externalId, harness } from './helpers.js';

/** Parses with the contract and checks the value survives JSON as it is (no undefined, no BigInt). */
function wire<T>(schema: Parameters<typeof parseWire>[0], value: T, what: string): void {
  parseWire(schema, value, what);
  expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
}

/** Every money field in a transaction is decimal text. */
function decimalsOf(tx: Transaction): void {
  const check = (v: unknown) => v == null || expect(isDecimalString(v)).toBe(true);
  check(tx.params?.amount);
  for (const e of tx.embedded?.events ?? []) {
    check(e.amount);
    check(e.usdAmount);
  }
  const q = tx.extra?.quoteDetails;
  if (q != null)
    for (const f of [
      'fromAmount',
      'toAmount',
      'toAmountMin',
      'fromAmountUSD',
      'toAmountUSD',
      'networkFee',
      'networkFeeUSD',
      'serviceFeeUSD',
    ] as const)
      check(q[f]);
}

describe('every answer parses with the contract', () => {
  const h = harness({ history: 1500, generator: true });
  const changed: Transaction[] = [];
  h.world.onChange((tx) => changed.push(tx));
  h.run(10 * 60_000, 1_000);

  it('dictionary and workspace', () => {
    wire(WorkspaceSchema, h.world.workspace, 'workspace');
    for (const n of h.world.networks()) wire(NetworkSchema, n, 'network');
    wire(NetworkSchema, h.world.network('ETH'), 'network');
    for (const a of h.world.assets()) wire(AssetSchema, a, 'asset');
    wire(AssetSchema, h.world.asset('17'), 'asset');
    for (const s of h.world.symbols()) wire(SymbolRecordSchema, s, 'symbol');
    for (const p of h.world.symbolPrices()) wire(SymbolMarketPriceSchema, p, 'symbol price');
    for (const p of h.world.assetPrices()) wire(AssetMarketPriceSchema, p, 'asset price');
    for (const a of h.world.accounts({})) wire(AccountSchema, a, 'account');
    for (const a of h.world.addresses({})) wire(AddressSchema, a, 'address');
  });

  it('transactions, in every form, and their wire form reads back the same', () => {
    const all = h.world.transactions({
      limit: '100000',
      includeEvents: true,
      includeCurrentSigningRequest: true,
    });
    expect(new Set(all.map((t) => t.transactionType)).size).toBeGreaterThan(6);
    for (const tx of all) {
      wire(TransactionSchema, tx, 'transaction');
      decimalsOf(tx);
      expect(parseWire(TransactionSchema, toWireTransaction(tx), 'wire transaction')).toEqual(tx);
    }
    const list = { transactions: h.world.transactions({ limit: '500' }) };
    expect(parseWire(TransactionListSchema, toWireTransactionList(list), 'wire list').transactions).toEqual(
      list.transactions,
    );
    for (const t of all.slice(0, 300)) {
      wire(TransactionSchema, h.world.transaction(t.transactionId), 'one transaction');
      wire(TransactionEventListSchema, { events: h.world.events(t.transactionId) }, 'events');
      wire(
        TransactionSchema,
        h.world.transactionAs(t.transactionId, { includeEvents: true }),
        'transaction as listed',
      );
    }
    for (const t of all.filter((x) => x.status.startsWith('sign'))) {
      expect(h.world.transaction(t.transactionId)?.embedded?.currentSigningRequest).toBeDefined();
    }
  });

  it('onChange payloads', () => {
    expect(changed.length).toBeGreaterThan(100);
    for (const tx of changed) wire(TransactionSchema, tx, 'change');
  });

  it('swap routes of every kind and the results of actions', () => {
    const trading = h.accountId('Trading');
    for (const [from, to] of [
      ['12', '2'],
      ['11', '21'],
      ['1', '2'],
    ]) {
      const dry = expectOk(
        h.world.swapRoute({ accountId: trading, fromAssetId: from!, toAssetId: to!, fromAmount: '1' }),
      );
      wire(DryRunTransactionSchema, dry, 'dry run');
      expect(parseWire(DryRunTransactionSchema, toWireDryRunTransaction(dry), 'wire dry run')).toEqual(dry);
    }
    const created = h.world.create(
      {
        accountId: h.accountId('Ops Hot'),
        externalId: externalId(),
        transactionType: 'withdrawal',
        params: { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS },
      },
      h.owner,
    );
    wire(TransactionSchema, expectOk(created), 'created');
    h.run(5_000);
    const waiting = h.world.transactions({ transactionStatuses: ['waiting-approval'] });
    wire(TransactionSchema, expectOk(h.world.approve(waiting[0]!.transactionId, h.owner)), 'approved');
    wire(TransactionSchema, expectOk(h.world.decline(waiting[1]!.transactionId, h.owner)), 'declined');
    wire(TransactionSchema, expectOk(h.world.cancel(waiting[2]!.transactionId, h.owner)), 'canceled');
  });
});
