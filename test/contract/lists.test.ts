import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountListSchema,
  AddressListSchema,
  AssetListSchema,
  AssetMarketPriceListSchema,
  NetworkListSchema,
  SymbolListSchema,
  SymbolMarketPriceListSchema,
  TransactionEventListSchema,
  TransactionListSchema,
  WorkspaceListSchema,
} from '../../src/contract/index.js';
import * as r from './fixtures/records.js';
import { issuePaths, mustParse } from './helpers.js';

const lists: [string, z.ZodType, string, unknown, unknown][] = [
  ['accounts', AccountListSchema, 'accounts', r.minimalAccount, { ...r.minimalAccount, status: 7 }],
  ['addresses', AddressListSchema, 'addresses', r.fullAddress, { ...r.minimalAddress, createdAt: 'x' }],
  [
    'transactions',
    TransactionListSchema,
    'transactions',
    r.fullTransaction,
    { ...r.minimalTransaction, status: 5 },
  ],
  ['events', TransactionEventListSchema, 'events', r.fullEvent, { ...r.minimalEvent, amount: 1 }],
  ['networks', NetworkListSchema, 'networks', r.fullNetwork, { confirmations: 6 }],
  ['assets', AssetListSchema, 'assets', r.fullAsset, { assetId: 1 }],
  ['symbols', SymbolListSchema, 'symbols', r.minimalSymbol, { ...r.minimalSymbol, name: null }],
  [
    'symbol prices',
    SymbolMarketPriceListSchema,
    'prices',
    r.minimalSymbolPrice,
    { ...r.minimalSymbolPrice, price: 1 },
  ],
  [
    'asset prices',
    AssetMarketPriceListSchema,
    'prices',
    r.minimalAssetPrice,
    { ...r.minimalAssetPrice, price: '1e3' },
  ],
  ['workspaces', WorkspaceListSchema, 'workspaces', r.fullWorkspace, { workspaceId: 'w' }],
];

describe.each(lists)('{%s}', (_name, schema, key, good, bad) => {
  it('parses a page', () => {
    const page = mustParse(schema, { [key]: [good, good] }) as Record<string, unknown[]>;
    expect(page[key]).toHaveLength(2);
  });
  it('parses an empty page', () => {
    mustParse(schema, { [key]: [] });
  });
  it('names the index of the bad record', () => {
    const paths = issuePaths(schema, { [key]: [good, good, good, bad] });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.startsWith(`${key}.3.`) || path === `${key}.3`).toBe(true);
  });
});

describe('required and defaulted arrays', () => {
  it.each([
    ['accounts', AccountListSchema],
    ['transactions', TransactionListSchema],
    ['prices', SymbolMarketPriceListSchema],
  ] as const)('{%s} is required', (key, schema) => {
    expect(issuePaths(schema, {})).toEqual([key]);
  });
  it.each([
    ['networks', NetworkListSchema, {}],
    ['assets', AssetListSchema, { assets: null }],
  ] as const)('{%s} absent or null reads as empty (not required by the OpenAPI)', (key, schema, input) => {
    expect((mustParse(schema, input) as Record<string, unknown>)[key]).toEqual([]);
  });
  it('names the index in a transactions page: transactions.3.status', () => {
    const page = {
      transactions: [
        r.minimalTransaction,
        r.minimalTransaction,
        r.minimalTransaction,
        { ...r.minimalTransaction, status: 5 },
      ],
    };
    expect(issuePaths(TransactionListSchema, page)).toEqual(['transactions.3.status']);
  });
});
