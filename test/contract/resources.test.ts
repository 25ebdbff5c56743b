import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountSchema,
  AddressSchema,
  AssetMarketPriceSchema,
  AssetSchema,
  DryRunTransactionSchema,
  ErrorEnvelopeSchema,
  NetworkSchema,
  QuoteDetailsSchema,
  SigningRequestSchema,
  SymbolMarketPriceSchema,
  SymbolRecordSchema,
  TransactionEstimationSchema,
  TransactionEventSchema,
  TransactionExtraSchema,
  TransactionSchema,
  WorkspaceSchema,
} from '../../src/contract/index.js';
import * as r from './fixtures/records.js';
import { issuePaths, mustParse } from './helpers.js';

interface Case {
  schema: z.ZodType;
  minimal: Record<string, unknown>;
  full: Record<string, unknown>;
  /** [description, input, the exact dotted paths of the issues] */
  invalid: [string, unknown, string[]][];
}

const cases: Record<string, Case> = {
  Account: {
    schema: AccountSchema,
    minimal: r.minimalAccount,
    full: r.fullAccount,
    invalid: [
      ['createdAt as a date', { ...r.minimalAccount, createdAt: '2024-01-01' }, ['createdAt']],
      ['missing accountName', { ...r.minimalAccount, accountName: undefined }, ['accountName']],
      [
        'extra flag as text',
        { ...r.fullAccount, extra: { onlyAddressBookWithdrawals: 'yes' } },
        ['extra.onlyAddressBookWithdrawals'],
      ],
      ['status as a number', { ...r.minimalAccount, status: 1 }, ['status']],
      ['not an object', [], ['']],
    ],
  },
  Address: {
    schema: AddressSchema,
    minimal: r.minimalAddress,
    full: r.fullAddress,
    invalid: [
      ['updatedAt as a number', { ...r.minimalAddress, updatedAt: 1744369415583 }, ['updatedAt']],
      [
        'activated asset status as a number',
        { ...r.fullAddress, activatedAssets: [{ status: 2 }] },
        ['activatedAssets.0.status'],
      ],
      [
        'flags missing',
        { ...r.minimalAddress, acceptsAllAssets: undefined, requiresAssetsActivation: 'no' },
        ['acceptsAllAssets', 'requiresAssetsActivation'],
      ],
      ['metadata as a string', { ...r.minimalAddress, metadata: 'x' }, ['metadata']],
    ],
  },
  Asset: {
    schema: AssetSchema,
    minimal: r.minimalAsset,
    full: r.fullAsset,
    invalid: [
      ['decimals as a number', { ...r.fullAsset, decimals: 18 }, ['decimals']],
      ['decimals with a fraction', { ...r.fullAsset, decimals: '1.5' }, ['decimals']],
      [
        'contract address as a number',
        { ...r.fullAsset, contractInformation: { contractAddress: 1 } },
        ['contractInformation.contractAddress'],
      ],
      ['no assetId', {}, ['assetId']],
    ],
  },
  Network: {
    schema: NetworkSchema,
    minimal: r.minimalNetwork,
    full: r.fullNetwork,
    invalid: [
      ['confirmations as a number', { confirmations: 6 }, ['confirmations']],
      ['a tag as a number', { tags: ['evm', 7] }, ['tags.1']],
    ],
  },
  SymbolRecord: {
    schema: SymbolRecordSchema,
    minimal: r.minimalSymbol,
    full: r.minimalSymbol,
    invalid: [['no name', { symbolId: 's1', symbol: 'BTC' }, ['name']]],
  },
  Workspace: {
    schema: WorkspaceSchema,
    minimal: r.minimalWorkspace,
    full: r.fullWorkspace,
    invalid: [['no tag', { workspaceId: 'w', name: 'n' }, ['tag']]],
  },
  SymbolMarketPrice: {
    schema: SymbolMarketPriceSchema,
    minimal: r.minimalSymbolPrice,
    full: r.minimalSymbolPrice,
    invalid: [
      ['price as a float', { ...r.minimalSymbolPrice, price: 97412.1 }, ['price']],
      ['price with an exponent', { ...r.minimalSymbolPrice, price: '9.7e4' }, ['price']],
    ],
  },
  AssetMarketPrice: {
    schema: AssetMarketPriceSchema,
    minimal: r.minimalAssetPrice,
    full: r.minimalAssetPrice,
    invalid: [['no quoteAssetId', { ...r.minimalAssetPrice, quoteAssetId: undefined }, ['quoteAssetId']]],
  },
  ErrorEnvelope: {
    schema: ErrorEnvelopeSchema,
    minimal: { error: 'conflict', message: 'already approved' },
    full: { error: 'too-many-requests', message: 'slow down' },
    invalid: [['no message', { error: 'conflict' }, ['message']]],
  },
  QuoteDetails: {
    schema: QuoteDetailsSchema,
    minimal: {},
    full: r.fullQuoteDetails,
    invalid: [
      ['expiresAt as a number', { expiresAt: 1747241066052 }, ['expiresAt']],
      ['toAmountMin as a float', { toAmountMin: 0.5 }, ['toAmountMin']],
    ],
  },
  SigningRequest: {
    schema: SigningRequestSchema,
    minimal: {},
    full: r.fullSigningRequest,
    invalid: [
      ['nonce as a number', { blockchainNonce: 42 }, ['blockchainNonce']],
      ['signature v as a number', { signed: { signatures: [{ v: 27 }] } }, ['signed.signatures.0.v']],
      [
        'primitivesVersion out of int32',
        { messagesForSigning: { primitivesVersion: '4294967296' } },
        ['messagesForSigning.primitivesVersion'],
      ],
    ],
  },
  TransactionEvent: {
    schema: TransactionEventSchema,
    minimal: r.minimalEvent,
    full: r.fullEvent,
    invalid: [
      ['amount as a float', { ...r.minimalEvent, amount: 0.5 }, ['amount']],
      [
        'in amount as a float',
        { ...r.minimalEvent, extra: { in: [{ amount: 1.5 }] } },
        ['extra.in.0.amount'],
      ],
      [
        'signing message without message',
        { ...r.minimalEvent, extra: { signingMessage: {} } },
        ['extra.signingMessage.message'],
      ],
      [
        'missing eventId and createdAt',
        { ...r.minimalEvent, eventId: undefined, createdAt: undefined },
        ['eventId', 'createdAt'],
      ],
    ],
  },
  TransactionEstimation: {
    schema: TransactionEstimationSchema,
    minimal: r.minimalEstimation,
    full: {
      ...r.minimalEstimation,
      amount: '1',
      networkId: 'ETH',
      symbol: 'ETH',
      usdAmount: '3402.55',
      extra: {},
    },
    invalid: [['usdAmount as a float', { ...r.minimalEstimation, usdAmount: 1.1 }, ['usdAmount']]],
  },
  TransactionExtra: {
    schema: TransactionExtraSchema,
    minimal: {},
    full: r.fullTransactionExtra,
    invalid: [
      ['approvals required as a number', { approvers: { number: 2 } }, ['approvers.number']],
      [
        'security delay end as a date',
        { approvers: { securityDelayExpiresAt: '2024-01-01' } },
        ['approvers.securityDelayExpiresAt'],
      ],
      ['confirmations as a number', { confirmations: 12 }, ['confirmations']],
      [
        'fiat amount as a float',
        { fiatRamp: { fiatInReceived: { fiatAmount: 9.5 } } },
        ['fiatRamp.fiatInReceived.fiatAmount'],
      ],
      [
        'bank address as a string',
        { fiatRamp: { bankDetails: { bankAddress: 'x' } } },
        ['fiatRamp.bankDetails.bankAddress'],
      ],
      ['quote slippage as a float', { quoteDetails: { slippage: 0.005 } }, ['quoteDetails.slippage']],
    ],
  },
  Transaction: {
    schema: TransactionSchema,
    minimal: r.minimalTransaction,
    full: r.fullTransaction,
    invalid: [
      ['params.amount as a number', { ...r.minimalTransaction, params: { amount: 1.5 } }, ['params.amount']],
      ['createdAt as a date', { ...r.minimalTransaction, createdAt: '2024-01-01' }, ['createdAt']],
      [
        'gas limit with a fraction',
        { ...r.minimalTransaction, params: { networkFees: { gasLimit: '1.5' } } },
        ['params.networkFees.gasLimit'],
      ],
      [
        'an embedded event without eventId',
        { ...r.minimalTransaction, _embedded: { events: [{ ...r.minimalEvent, eventId: undefined }] } },
        ['embedded.events.0.eventId'],
      ],
      ['updatedAt negative', { ...r.minimalTransaction, updatedAt: '-1' }, ['updatedAt']],
    ],
  },
  DryRunTransaction: {
    schema: DryRunTransactionSchema,
    minimal: r.minimalDryRun,
    full: r.fullDryRun,
    invalid: [
      ['warning without message', { ...r.minimalDryRun, warning: { code: 'x' } }, ['warning.message']],
      [
        'estimation createdAt as a number',
        { ...r.minimalDryRun, estimations: [{ ...r.minimalEstimation, createdAt: 1 }] },
        ['estimations.0.createdAt'],
      ],
      ['no accountId', { transactionType: 'bridge' }, ['accountId']],
    ],
  },
};

describe.each(Object.entries(cases))('%s', (_name, { schema, minimal, full, invalid }) => {
  it('parses the minimal record', () => {
    mustParse(schema, minimal);
  });
  it('parses the full record', () => {
    mustParse(schema, full);
  });
  it('keeps unknown fields', () => {
    const parsed = mustParse(schema, { ...full, addedLater: { nested: [1, 'two'] } }) as Record<
      string,
      unknown
    >;
    expect(parsed.addedLater).toEqual({ nested: [1, 'two'] });
  });
  it('accepts null for every optional field of the full record', () => {
    const required = Object.keys(minimal);
    const nulled = Object.fromEntries(
      Object.entries(full).map(([key, value]) => [key, required.includes(key) ? value : null]),
    );
    mustParse(schema, nulled);
  });
  it.each(invalid)('rejects %s at the exact path', (_what, input, paths) => {
    expect(issuePaths(schema, input)).toEqual(paths);
  });
});

describe('values are kept as they came', () => {
  it('keeps decimals, unknown enum values and nested unknown fields untouched', () => {
    const input = {
      ...r.minimalTransaction,
      status: 'awaiting-quantum-finality',
      transactionType: 'teleport',
      params: { amount: '0.000000000000000001', somethingNew: true },
      extra: { approvers: { number: '2', approverNotes: 'x' } },
    };
    const tx = mustParse(TransactionSchema, input);
    expect(tx.status).toBe('awaiting-quantum-finality');
    expect(tx.transactionType).toBe('teleport');
    expect(tx.params?.amount).toBe('0.000000000000000001');
    expect(tx.params?.somethingNew).toBe(true);
    expect(tx.extra?.approvers?.approverNotes).toBe('x');
  });
  it('accepts includeFee as the string of the document and the boolean of the OpenAPI', () => {
    for (const includeFee of ['false', true]) {
      expect(
        mustParse(TransactionSchema, { ...r.minimalTransaction, params: { includeFee } }).params?.includeFee,
      ).toBe(includeFee);
    }
    expect(issuePaths(TransactionSchema, { ...r.minimalTransaction, params: { includeFee: 1 } })).toEqual([
      'params.includeFee',
    ]);
  });
  it('accepts a null activatedAssets (OpenAPI: "otherwise set as null")', () => {
    expect(
      mustParse(AddressSchema, { ...r.minimalAddress, activatedAssets: null }).activatedAssets,
    ).toBeNull();
  });
});
