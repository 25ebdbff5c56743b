// Dictionary lookups, merge helpers, workspace lists and the store set.
import { describe, expect, it } from 'vitest';
import type { Account, Asset, Network, SymbolRecord } from '../../src/contract/index.js';
import {
  assetInfo,
  compareMillis,
  compareUpdatedAt,
  createStores,
  emptyDictionary,
  emptyWorkspace,
  explorerUrl,
  newerMillis,
  supersedes,
  withAccounts,
  withAddresses,
  withAsset,
  withDictionary,
} from '../../src/store/index.js';

const networks = [
  { networkId: 'ETH', explorerUrl: 'https://etherscan.io/tx/' },
  { networkId: 'XRP' },
  { name: 'no id: skipped' },
] as Network[];
const assets = [
  { assetId: '2', symbol: 'ETH', decimals: '18', networkId: 'ETH', symbolId: 'ETH' },
  { assetId: '7', symbolId: 'USDT', networkId: 'TRX' },
  { assetId: '9', decimals: 'x' },
] as unknown as Asset[];
const symbols = [{ symbolId: 'USDT', symbol: 'USDT', name: 'Tether' }] as SymbolRecord[];
const dict = withDictionary(emptyDictionary, { networks, assets, symbols }, 5);

describe('assetInfo', () => {
  it.each<[string, string | null | undefined, ReturnType<typeof assetInfo>]>([
    ['a known asset', '2', { symbol: 'ETH', decimals: 18, networkId: 'ETH', symbolId: 'ETH' }],
    ['symbol through the symbol dictionary', '7', { symbol: 'USDT', networkId: 'TRX', symbolId: 'USDT' }],
    ['bad decimals are left out, the id shows', '9', { symbol: '9' }],
    ['an unknown id passes through as text', 'NOPE-1', { symbol: 'NOPE-1' }],
    ['null', null, { symbol: '' }],
    ['undefined', undefined, { symbol: '' }],
  ])('%s', (_name, id, want) => {
    expect(assetInfo(dict, id)).toEqual(want);
  });
});

describe('withDictionary / withAsset / explorerUrl', () => {
  it('indexes by id, skips networks without one, replaces only what is given', () => {
    expect([...dict.networks.keys()]).toEqual(['ETH', 'XRP']);
    expect(dict.loadedAt).toBe(5);
    const more = withDictionary(dict, { symbols: [] }, 6);
    expect(more.networks).toBe(dict.networks);
    expect(more.assets).toBe(dict.assets);
    expect(more.symbols.size).toBe(0);
  });

  it('withAsset adds one without touching the rest', () => {
    const next = withAsset(dict, { assetId: '42', symbol: 'NEW' } as Asset);
    expect(assetInfo(next, '42').symbol).toBe('NEW');
    expect(dict.assets.has('42')).toBe(false);
  });

  it.each<[string, string | null | undefined, string, string | undefined]>([
    ['known prefix', 'ETH', '0xabc', 'https://etherscan.io/tx/0xabc'],
    ['no prefix', 'XRP', 'abc', undefined],
    ['unknown network', 'NOPE', 'abc', undefined],
    ['no network', undefined, 'abc', undefined],
    ['empty id', 'ETH', '', undefined],
    ['an id cannot change the path', 'ETH', '../../evil?x=1', 'https://etherscan.io/tx/..%2F..%2Fevil%3Fx%3D1'],
  ])('explorerUrl: %s', (_name, network, txId, want) => {
    expect(explorerUrl(dict, network, txId)).toBe(want);
  });
});

describe('merge helpers', () => {
  it.each<[string | null | undefined, string | null | undefined, number]>([
    ['1', '2', -1],
    ['10', '9', 1],
    ['1747241036052', '1747241036052', 0],
    ['0010', '10', 0],
    [undefined, '1', -1],
    ['1', null, 1],
    [null, undefined, 0],
  ])('compareUpdatedAt(%s, %s) = %d', (a, b, want) => {
    expect(Math.sign(compareUpdatedAt(a, b))).toBe(want);
  });

  it('compareMillis falls back to decimals for non-digit text', () => {
    expect(compareMillis('1.5', '1.25')).toBe(1);
  });

  it('supersedes: newer or equal replaces, older does not', () => {
    expect(supersedes(undefined, { updatedAt: '1' })).toBe(true);
    expect(supersedes({ updatedAt: '1' }, { updatedAt: '1' })).toBe(true);
    expect(supersedes({ updatedAt: '2' }, { updatedAt: '1' })).toBe(false);
    expect(supersedes({ updatedAt: '2' }, {})).toBe(false);
  });

  it('newerMillis', () => {
    expect(newerMillis(undefined, '5')).toBe('5');
    expect(newerMillis('5', null)).toBe('5');
    expect(newerMillis('50', '9')).toBe('50');
    expect(newerMillis(undefined, undefined)).toBeUndefined();
  });
});

describe('workspace and createStores', () => {
  it('withAccounts indexes by id; withAddresses stamps its own time', () => {
    const accounts = [{ accountId: 'a1' }, { accountId: 'a2' }] as Account[];
    const s = withAddresses(withAccounts(emptyWorkspace, accounts, 3), [], 4);
    expect(s.accountsById.get('a2')).toBe(accounts[1]);
    expect([s.accountsLoadedAt, s.addressesLoadedAt]).toEqual([3, 4]);
  });

  it('creates one store per slice, each independent', () => {
    const stores = createStores({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0, demo: true });
    let woken = 0;
    stores.transactions.subscribe(() => woken++);
    stores.prices.setState((s) => ({ ...s, version: s.version + 1 }));
    expect(woken).toBe(0);
    expect(stores.session.getState().demo).toBe(true);
  });
});
