import { describe, expect, it } from 'vitest';
import {
  AccountListSchema,
  AddressListSchema,
  AssetListSchema,
  AssetMarketPriceListSchema,
  NetworkListSchema,
  parseWire,
  SymbolListSchema,
  SymbolMarketPriceListSchema,
  WorkspaceSchema,
} from '../../../src/contract/index.js';
import { compareDecimal } from '../../../src/format/index.js';
import { harness } from './helpers.js';

const { world } = harness({ history: 300 });

describe('dictionary', () => {
  it('has the networks of sandbox.md, with explorers, confirmations and tags', () => {
    const networks = parseWire(NetworkListSchema, { networks: world.networks() }, 'networks').networks;
    expect(networks.map((n) => n.networkId)).toEqual([
      'BTC',
      'ETH',
      'TRX',
      'SOL',
      'XRP',
      'TON',
      'ETH-SEPOLIA',
      'BTC-TESTNET',
    ]);
    for (const n of networks) {
      expect(n.explorerUrl).toMatch(/^https:\/\//);
      expect(n.addressExplorerUrl).toMatch(/^https:\/\//);
      expect(Number(n.confirmations)).toBeGreaterThanOrEqual(1);
      expect(world.asset(n.nativeAssetId!)?.networkId).toBe(n.networkId);
    }
    expect(networks.filter((n) => n.isTestnet).length).toBe(2);
    expect(world.network('XRP')?.tags).toContain('supports-memo');
    expect(world.network('TON')?.tags).toContain('supports-memo');
    expect(world.network('ETH')?.tags).toEqual(expect.arrayContaining(['evm', 'swap', 'bridge']));
    expect(world.network('SOL')?.tags).toContain('has-token-activation');
    expect(world.network('NOPE')).toBeUndefined();
    expect(world.networks({ networkIds: ['TRX', 'SOL'] }).map((n) => n.networkId)).toEqual(['TRX', 'SOL']);
  });

  it('has about 25 assets: natives, stable coins on several networks, WBTC, an NFT, a lock asset, fiat, testnets', () => {
    const assets = parseWire(AssetListSchema, { assets: world.assets() }, 'assets').assets;
    expect(assets.length).toBeGreaterThanOrEqual(22);
    const find = (symbol: string, networkId?: string) =>
      assets.find((a) => a.symbol === symbol && a.networkId === networkId);
    expect(find('BTC', 'BTC')?.decimals).toBe('8');
    expect(find('ETH', 'ETH')?.decimals).toBe('18');
    expect(find('USDT', 'ETH')?.contractInformation?.contractAddress).toBe(
      '0xdac17f958d2ee523a2206206994597c13d831ec7',
    );
    for (const n of ['ETH', 'TRX', 'SOL']) expect(find('USDT', n)?.decimals).toBe('6');
    expect(find('USDC', 'ETH')).toBeDefined();
    expect(find('USDC', 'SOL')).toBeDefined();
    expect(find('WBTC', 'ETH')).toBeDefined();
    expect(assets.filter((a) => a.assetType === 'nft')).toHaveLength(1);
    expect(
      assets
        .filter((a) => a.assetType === 'fiat')
        .map((a) => a.symbol)
        .sort(),
    ).toEqual(['EUR', 'USD']);
    for (const fiat of assets.filter((a) => a.assetType === 'fiat')) expect(fiat.networkId).toBeUndefined();
    expect(
      assets.filter((a) => a.networkId === 'ETH-SEPOLIA' || a.networkId === 'BTC-TESTNET').length,
    ).toBeGreaterThanOrEqual(2);
    const symbols = new Set(world.symbols().map((s) => s.symbolId));
    for (const a of assets) expect(symbols.has(a.symbolId!)).toBe(true);
  });

  it.each([
    ['assetIds', { assetIds: ['1', '11'] }, ['1', '11']],
    ['networkIds', { networkIds: ['TRX'] }, ['3', '21']],
    ['symbolIds', { symbolIds: ['USDC'] }, ['12', '32']],
    ['assetType', { assetType: 'fiat' }, ['7', '8']],
    [
      'contractAddress (case-insensitive)',
      { contractAddress: '0xDAC17F958D2EE523A2206206994597C13D831EC7' },
      ['11'],
    ],
    ['contractIssuer', { contractIssuer: 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De' }, ['41']],
    ['search by name', { search: 'tether' }, ['11', '21', '31', '51']],
    ['search by symbol', { search: 'wbt' }, ['13']],
    ['paging', { limit: '2', offset: '1' }, ['2', '3']],
    ['combined', { networkIds: ['ETH'], symbolIds: ['USDT', 'USDC'] }, ['11', '12']],
  ])('assets filter: %s', (_name, filter, ids) => {
    expect(world.assets(filter).map((a) => a.assetId)).toEqual(ids);
  });

  it('used assets are those in the workspace transactions', () => {
    const used = world.assets({ used: true }).map((a) => a.assetId);
    const inTxs = new Set(
      world
        .transactions({ limit: '100000' })
        .flatMap((t) => [
          t.params?.assetId,
          t.params?.fromAssetId,
          t.params?.sourceAssetId,
          t.params?.toAssetId,
        ]),
    );
    expect(used.length).toBeGreaterThan(3);
    for (const id of used) expect(inTxs.has(id)).toBe(true);
    expect(used).not.toContain('7');
  });

  it('symbols filter by ids and by assets', () => {
    const all = parseWire(SymbolListSchema, { symbols: world.symbols() }, 'symbols').symbols;
    expect(all.find((s) => s.symbolId === 'BTC')?.name).toBe('Bitcoin');
    expect(world.symbols({ assetIds: ['11', '21'] }).map((s) => s.symbolId)).toEqual(['USDT']);
    expect(world.symbols({ symbolIds: ['ETH', 'SOL'] }).map((s) => s.symbolId)).toEqual(['ETH', 'SOL']);
    expect(world.symbols({ limit: '3' })).toHaveLength(3);
  });

  it('prices in USD, near their starting levels, for symbols with a market', () => {
    const prices = parseWire(SymbolMarketPriceListSchema, { prices: world.symbolPrices() }, 'prices').prices;
    const price = (id: string) => prices.find((p) => p.baseSymbolId === id)?.price;
    expect(prices.every((p) => p.quoteSymbolId === 'USD')).toBe(true);
    expect(Number(price('BTC'))).toBeGreaterThan(80_000);
    expect(Number(price('ETH'))).toBeGreaterThan(2_800);
    expect(price('USD')).toBe('1');
    expect(compareDecimal(price('USDT')!, '0.99')).toBe(1);
    expect(price('SEPOLIA-ETH')).toBeUndefined();
    expect(world.symbolPrices({ baseSymbolIds: ['BTC'] }).map((p) => p.baseSymbolId)).toEqual(['BTC']);
    expect(world.symbolPrices({ baseAssetIds: ['21'] }).map((p) => p.baseSymbolId)).toEqual(['USDT']);
    const used = world.symbolPrices({ used: true }).map((p) => p.baseSymbolId);
    expect(used.length).toBeGreaterThan(2);
    expect(used).not.toContain('EUR');
    const assetPrices = parseWire(
      AssetMarketPriceListSchema,
      { prices: world.assetPrices() },
      'asset prices',
    ).prices;
    expect(assetPrices.find((p) => p.baseAssetId === '21')).toMatchObject({
      baseSymbolId: 'USDT',
      quoteAssetId: '7',
      quoteSymbolId: 'USD',
    });
    expect(world.assetPrices({ baseAssetIds: ['1', '101'] }).map((p) => p.baseAssetId)).toEqual(['1']);
  });
});

describe('workspace', () => {
  it('has a workspace and members; the owner first', () => {
    parseWire(WorkspaceSchema, world.workspace, 'workspace');
    expect(world.members.length).toBeGreaterThanOrEqual(3);
    expect(new Set(world.members.map((m) => m.userId)).size).toBe(world.members.length);
  });

  it('has 6-8 vaults: archived, testnet, shard-generating, one sending only to its address book', () => {
    const accounts = parseWire(AccountListSchema, { accounts: world.accounts({}) }, 'accounts').accounts;
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    expect(accounts.length).toBeLessThanOrEqual(8);
    expect(
      accounts.every((a) => a.accountType === 'vault' && a.workspaceId === world.workspace.workspaceId),
    ).toBe(true);
    expect(accounts.filter((a) => a.status === 'archived')).toHaveLength(1);
    expect(accounts.filter((a) => a.status === 'shard-generating')).toHaveLength(1);
    expect(accounts.filter((a) => a.isTestnet)).toHaveLength(1);
    expect(accounts.filter((a) => a.extra?.onlyAddressBookWithdrawals)).toHaveLength(1);
    const members = new Set(world.members.map((m) => m.userId));
    for (const a of accounts) expect(members.has(a.createdBy!)).toBe(true);
  });

  it.each([
    ['statuses', { statuses: ['archived'] }, 1],
    ['isTestnet true', { isTestnet: true }, 1],
    ['isTestnet false', { isTestnet: false }, 7],
    ['isDefiVault true (the DeFi Strategies vault)', { isDefiVault: true }, 1],
    ['isDefiVault false', { isDefiVault: false }, 7],
    ['isDefiVault and isTestnet', { isDefiVault: true, isTestnet: true }, 0],
    ['accountTypes vault', { accountTypes: ['vault'] }, 8],
    ['excludedAccountTypes vault', { excludedAccountTypes: ['vault'] }, 0],
    ['limit', { limit: '3' }, 3],
    ['offset', { offset: '6' }, 2],
  ])('accounts filter: %s', (_name, q, count) => {
    expect(world.accounts(q as never)).toHaveLength(count);
  });

  it('isDefiVault: true is the DeFi Strategies vault alone, false every other one', () => {
    const defi = world.accounts({ isDefiVault: true });
    expect(defi.map((a) => a.accountName)).toEqual(['DeFi Strategies']);
    const ids = new Set(world.accounts({ isDefiVault: false }).map((a) => a.accountId));
    expect(ids.has(defi[0]!.accountId)).toBe(false);
    expect(ids.size + defi.length).toBe(world.accounts({}).length);
  });

  it('one account by id', () => {
    const first = world.accounts({})[0]!;
    expect(world.account(first.accountId)).toEqual(first);
    expect(world.accounts({ accountIds: [first.accountId] })).toEqual([first]);
    expect(world.account('nope')).toBeUndefined();
  });

  it('addresses look right per network, with memos, activations and a spread of statuses', () => {
    const addresses = parseWire(AddressListSchema, { addresses: world.addresses({}) }, 'addresses').addresses;
    const formats: Record<string, RegExp> = {
      BTC: /^bc1q[02-9ac-hj-np-z]{38}$/,
      ETH: /^0x[0-9a-f]{40}$/,
      TRX: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
      SOL: /^[1-9A-HJ-NP-Za-km-z]{44}$/,
      XRP: /^r[1-9A-HJ-NP-Za-km-z]{33}$/,
      TON: /^EQ[A-Za-z0-9_-]{46}$/,
      'ETH-SEPOLIA': /^0x[0-9a-f]{40}$/,
      'BTC-TESTNET': /^tb1q[02-9ac-hj-np-z]{38}$/,
    };
    for (const a of addresses) {
      if (a.address != null) expect(a.address).toMatch(formats[a.networkId]!);
      if (a.networkId === 'XRP' || a.networkId === 'TON') expect(a.memo).toBeTruthy();
      if (a.requiresAssetsActivation) expect(a.activatedAssets?.length).toBeGreaterThan(0);
    }
    const statuses = new Set(addresses.map((a) => a.status));
    for (const s of [
      'enabled',
      'disabled',
      'new',
      'pending',
      'address-activation-required',
      'account-archived',
      'address-creation-required',
    ]) {
      expect(statuses.has(s)).toBe(true);
    }
    expect(addresses.filter((a) => a.status === 'enabled').length).toBeGreaterThan(addresses.length / 2);
  });

  it.each([
    [
      'networkId',
      (q: Record<string, unknown>) => ({ ...q, networkId: 'SOL' }),
      (a: { networkId: string }) => a.networkId === 'SOL',
    ],
    [
      'statuses',
      (q: Record<string, unknown>) => ({ ...q, statuses: ['disabled', 'new'] }),
      (a: { status: string }) => ['disabled', 'new'].includes(a.status),
    ],
  ])('addresses filter: %s', (_name, make, pred) => {
    const all = world.addresses({});
    const got = world.addresses(make({}) as never);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(all.filter(pred as never));
  });

  it('addresses filter by account, id, address (case-insensitive), and page in both directions', () => {
    const all = world.addresses({});
    const eth = all.find((a) => a.networkId === 'ETH')!;
    expect(world.addresses({ accountId: eth.accountId! }).every((a) => a.accountId === eth.accountId)).toBe(
      true,
    );
    expect(world.addresses({ addressIds: [eth.addressId] })).toEqual([eth]);
    expect(world.addresses({ externalId: eth.externalId })).toEqual([eth]);
    expect(world.addresses({ address: eth.address!.toUpperCase().replace('0X', '0x') })).toEqual([eth]);
    const desc = world.addresses({ sortDirection: 'DESC' });
    expect(desc).toEqual([...all].reverse());
    expect(world.addresses({ limit: '5', offset: '5' })).toEqual(all.slice(5, 10));
  });
});
