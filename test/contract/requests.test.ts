import { describe, expect, it } from 'vitest';
import {
  ApproveRequestSchema,
  CancelRequestSchema,
  CreateTransactionRequestSchema,
  DeclineRequestSchema,
  PARAMS_SCHEMA_BY_TYPE,
  parseWire,
  SwapRouteRequestSchema,
  TRANSACTION_TYPES,
} from '../../src/contract/index.js';
import { issuePaths, mustParse } from './helpers.js';

const route = { accountId: 'acc1', fromAssetId: '5', toAssetId: '1' };

describe('swap route body: exactly one amount', () => {
  it.each([
    ['fromAmount only', { ...route, fromAmount: '100' }],
    ['toAmount only', { ...route, toAmount: '0.5' }],
    [
      'with token ids and externalId',
      { ...route, fromAmount: '1', fromTokenId: '7', toTokenId: '8', externalId: 'q1' },
    ],
  ])('accepts %s', (_name, body) => {
    mustParse(SwapRouteRequestSchema, body);
  });

  it.each([
    ['neither amount', route, ['fromAmount'], /missing: expected exactly one of fromAmount or toAmount/],
    [
      'both amounts',
      { ...route, fromAmount: '1', toAmount: '2' },
      ['toAmount'],
      /exactly one of .* not both/,
    ],
    ['a zero amount', { ...route, fromAmount: '0' }, ['fromAmount'], /positive decimal/],
    ['a negative amount', { ...route, toAmount: '-1' }, ['toAmount'], /positive decimal/],
    ['an amount as a number', { ...route, fromAmount: 100 }, ['fromAmount'], /positive decimal/],
    ['no accountId', { fromAssetId: '5', toAssetId: '1', fromAmount: '1' }, ['accountId'], /missing/],
  ])('rejects %s, naming the field', (_name, body, paths, message) => {
    expect(issuePaths(SwapRouteRequestSchema, body)).toEqual(paths);
    expect(() => parseWire(SwapRouteRequestSchema, body, 'swap route body')).toThrow(message);
  });
});

describe('transaction action bodies', () => {
  it.each([
    ['decline with a reason', DeclineRequestSchema, { reason: 'wrong address' }],
    ['decline without a reason', DeclineRequestSchema, {}],
    ['approve', ApproveRequestSchema, {}],
    ['cancel with a reason', CancelRequestSchema, { reason: 'duplicate' }],
  ] as const)('accepts %s', (_name, schema, body) => {
    mustParse(schema, body);
  });
  it.each([
    ['decline reason as a number', DeclineRequestSchema, { reason: 5 }, ['reason']],
    ['cancel with a null body', CancelRequestSchema, null, ['']],
  ] as const)('rejects %s', (_name, schema, body, paths) => {
    expect(issuePaths(schema, body)).toEqual(paths);
  });
});

const create = { accountId: 'acc1', externalId: 'ext-1' };

describe('create transaction body', () => {
  it.each([
    [
      'a withdrawal',
      {
        ...create,
        transactionType: 'withdrawal',
        params: { amount: '1.5', assetId: '1', toAddress: 'bc1q' },
      },
    ],
    [
      'a swap from a quote',
      {
        ...create,
        transactionType: 'swap-aggregator',
        params: { fromAssetId: '5', toAssetId: '1', quoteId: 'q1' },
      },
    ],
    [
      'a bridge',
      {
        ...create,
        transactionType: 'bridge',
        params: { sourceAssetId: '11', amount: '0.5', feeLevel: 'medium' },
      },
    ],
    ['an unknown type with any params', { ...create, transactionType: 'teleport', params: { anything: 1 } }],
    ['a type without a family and no params', { ...create, transactionType: 'stake-take-reward' }],
    [
      'with description and expiresAt',
      {
        ...create,
        transactionType: 'deposit',
        params: { amount: '1', assetId: '1', networkId: 'BTC' },
        description: 'd',
        expiresAt: '1753370264978',
      },
    ],
  ])('accepts %s', (_name, body) => {
    mustParse(CreateTransactionRequestSchema, body);
  });

  it.each([
    [
      'withdrawal amount as a number',
      { ...create, transactionType: 'withdrawal', params: { amount: 1.5 } },
      ['params.amount'],
    ],
    [
      'withdrawal without amount',
      { ...create, transactionType: 'withdrawal', params: { assetId: '1' } },
      ['params.amount'],
    ],
    [
      'swap without quoteId',
      { ...create, transactionType: 'swap-aggregator', params: { fromAssetId: '5', toAssetId: '1' } },
      ['params.quoteId'],
    ],
    ['bridge without params', { ...create, transactionType: 'bridge' }, ['params']],
    [
      'expiresAt as a date',
      { ...create, transactionType: 'teleport', expiresAt: '2025-07-24' },
      ['expiresAt'],
    ],
    [
      'no externalId',
      { accountId: 'acc1', transactionType: 'withdrawal', params: { amount: '1' } },
      ['externalId'],
    ],
  ])('rejects %s', (_name, body, paths) => {
    expect(issuePaths(CreateTransactionRequestSchema, body)).toEqual(paths);
  });

  it('maps only known transaction types to families', () => {
    for (const type of Object.keys(PARAMS_SCHEMA_BY_TYPE)) {
      expect(TRANSACTION_TYPES as readonly string[]).toContain(type);
    }
  });
});
