import { describe, expect, it } from 'vitest';
import {
  AccountsQuerySchema,
  AddressesQuerySchema,
  AssetPricesQuerySchema,
  AssetsQuerySchema,
  NetworksQuerySchema,
  SymbolPricesQuerySchema,
  SymbolsQuerySchema,
  TransactionsQuerySchema,
  WorkspaceQuerySchema,
} from '../../src/contract/index.js';
import { issuePaths, mustParse } from './helpers.js';

/** A query as a server receives it. */
const query = (text: string) => Object.fromEntries(new URLSearchParams(text));

describe('query strings', () => {
  it.each([
    [
      'transactions with every kind of filter',
      TransactionsQuerySchema,
      'transactionStatuses=waiting-approval%2Csigning&transactionTypes=withdrawal&isTerminated=False&updatedAtFrom=1747241036052&sortBy=updated&sortDirection=DESC&limit=50&offset=0&includeEvents=True',
      {
        transactionStatuses: ['waiting-approval', 'signing'],
        transactionTypes: ['withdrawal'],
        isTerminated: false,
        updatedAtFrom: '1747241036052',
        sortBy: 'updated',
        sortDirection: 'DESC',
        limit: '50',
        offset: '0',
        includeEvents: true,
      },
    ],
    ['transactions: an empty snapshot', TransactionsQuerySchema, 'limit=0', { limit: '0' }],
    [
      'accounts',
      AccountsQuerySchema,
      'statuses=active%2Carchived&isTestnet=true&accountIds=a1,a2',
      { statuses: ['active', 'archived'], isTestnet: true, accountIds: ['a1', 'a2'] },
    ],
    [
      'addresses',
      AddressesQuerySchema,
      'networkId=ETH&statuses=enabled&address=0xAbC&sortDirection=ASC&limit=50',
      { networkId: 'ETH', statuses: ['enabled'], address: '0xAbC', sortDirection: 'ASC', limit: '50' },
    ],
    [
      'accounts: isDefiVault, as the official clients send it',
      AccountsQuerySchema,
      'isDefiVault=False&isTestnet=TRUE',
      { isDefiVault: false, isTestnet: true },
    ],
    [
      'the workspace',
      WorkspaceQuerySchema,
      'workspaceIds=w1,w2&includeSettings=True&limit=5&offset=0',
      { workspaceIds: ['w1', 'w2'], includeSettings: true, limit: '5', offset: '0' },
    ],
    ['symbol prices by ids', SymbolPricesQuerySchema, 'baseSymbolIds=s1,s2', { baseSymbolIds: ['s1', 's2'] }],
    ['symbol prices used', SymbolPricesQuerySchema, 'used=true', { used: true }],
    ['asset prices', AssetPricesQuerySchema, 'baseAssetIds=1,,2', { baseAssetIds: ['1', '2'] }],
    [
      'unknown status values pass',
      TransactionsQuerySchema,
      'transactionStatuses=brand-new',
      { transactionStatuses: ['brand-new'] },
    ],
    ['unknown parameters are dropped', AccountsQuerySchema, 'foo=bar', {}],
    [
      'transactions: the OpenAPI extras',
      TransactionsQuerySchema,
      'externalId=e1&fromAddress=0xA&toAccountId=a2&address=0xB&accountTypes=vault&terminatedAtFrom=1&terminatedAtTo=2&includeCurrentSigningRequest=true&canSignWithDeviceId=d1&includeAttestationSignature=false',
      {
        externalId: 'e1',
        fromAddress: '0xA',
        toAccountId: 'a2',
        address: '0xB',
        accountTypes: ['vault'],
        terminatedAtFrom: '1',
        terminatedAtTo: '2',
        includeCurrentSigningRequest: true,
        canSignWithDeviceId: 'd1',
        includeAttestationSignature: false,
      },
    ],
    ['the largest page', TransactionsQuerySchema, 'limit=1000', { limit: '1000' }],
    ['networks', NetworksQuerySchema, 'networkIds=ETH,BTC', { networkIds: ['ETH', 'BTC'] }],
    [
      'assets',
      AssetsQuerySchema,
      'assetIds=1,2&networkIds=ETH&symbolIds=s1&contractAddress=0xA&contractIssuer=i&assetType=nft&used=TRUE&search=us&limit=10&offset=5',
      {
        assetIds: ['1', '2'],
        networkIds: ['ETH'],
        symbolIds: ['s1'],
        contractAddress: '0xA',
        contractIssuer: 'i',
        assetType: 'nft',
        used: true,
        search: 'us',
        limit: '10',
        offset: '5',
      },
    ],
    ['symbols', SymbolsQuerySchema, 'symbolIds=s1&assetIds=1&limit=2', { symbolIds: ['s1'], assetIds: ['1'], limit: '2' }],
  ] as const)('reads %s', (_name, schema, text, expected) => {
    expect(mustParse(schema, query(text))).toEqual(expected);
  });

  it.each([
    ['limit not a number', TransactionsQuerySchema, 'limit=ten', ['limit']],
    ['negative offset', AddressesQuerySchema, 'offset=-5', ['offset']],
    ['limit with a fraction', AccountsQuerySchema, 'limit=1.5', ['limit']],
    ['boolean not a boolean', AccountsQuerySchema, 'isTestnet=maybe', ['isTestnet']],
    ['isDefiVault not a boolean', AccountsQuerySchema, 'isDefiVault=1', ['isDefiVault']],
    ['includeSettings not a boolean', WorkspaceQuerySchema, 'includeSettings=yes', ['includeSettings']],
    ['workspace limit not a number', WorkspaceQuerySchema, 'limit=all', ['limit']],
    ['updatedAtFrom as a date', TransactionsQuerySchema, 'updatedAtFrom=2024-01-01', ['updatedAtFrom']],
    ['used with ids', SymbolPricesQuerySchema, 'used=true&baseAssetIds=1', ['used']],
    ['a page over 1000', TransactionsQuerySchema, 'limit=1001', ['limit']],
    ['a page over 1000 (accounts)', AccountsQuerySchema, 'limit=99999', ['limit']],
    ['an asset search of one character', AssetsQuerySchema, 'search=u', ['search']],
    ['symbols limit not a number', SymbolsQuerySchema, 'limit=x', ['limit']],
    ['terminatedAtFrom as a date', TransactionsQuerySchema, 'terminatedAtFrom=2024-01-01', ['terminatedAtFrom']],
  ] as const)('rejects %s', (_name, schema, text, paths) => {
    expect(issuePaths(schema, query(text))).toEqual(paths);
  });
});
