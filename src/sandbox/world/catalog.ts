// The dictionary: networks, assets and symbols of the sandbox, fixed data (the seed does not
// change them, so tests and docs can name them). Asset ids are numeric strings, as the service's
// are (its examples: "11", "20145"), so a console that shows an id where a symbol belongs is caught.

import type { Asset, Network, SymbolRecord } from '../../contract/index.js';

export type AddressKind = 'btc' | 'tbtc' | 'evm' | 'tron' | 'solana' | 'xrp' | 'ton';
export type HashKind = 'hex' | '0xhex' | 'HEX' | 'base58sig';

export interface NetworkInfo {
  readonly networkId: string;
  readonly name: string;
  readonly isTestnet: boolean;
  /** Confirmations needed before a transaction is final. */
  readonly confirmations: number;
  readonly explorerUrl: string;
  readonly addressExplorerUrl: string;
  readonly nativeAssetId: string;
  readonly nativeAssetSymbol: string;
  readonly tags: readonly string[];
  /** World ms between two confirmations (compressed: blocks every few seconds, not minutes). */
  readonly blockMs: number;
  readonly addressKind: AddressKind;
  readonly hashKind: HashKind;
  /** Network fee in native units: [min, max] integer units at `feeScale` fraction digits. */
  readonly fee: readonly [number, number];
  readonly feeScale: number;
}

export interface AssetInfo {
  readonly assetId: string;
  readonly assetType: 'blockchain' | 'fiat' | 'nft';
  readonly symbol: string;
  readonly symbolId: string;
  readonly decimals: number;
  readonly networkId?: string;
  readonly contractAddress?: string;
  readonly standard?: string;
  readonly verified: boolean;
  /** The network's own coin (pays fees; not a token). */
  readonly native: boolean;
  /** NFT collections and lock positions: a swap needs a token id. */
  readonly requiresTokenId: boolean;
}

export interface SymbolInfo {
  readonly symbolId: string;
  readonly symbol: string;
  readonly name: string;
  /** USD price at the start, as text; absent for symbols without a market (testnets). */
  readonly price?: string;
  /** Relative standard deviation of one one-second tick. */
  readonly vol: number;
  /** Stable coins revert to their peg quickly and barely move. */
  readonly stable: boolean;
}

const TAGS_COMMON = ['show-vault', 'supports-fee-levels'];

const NETWORKS: readonly NetworkInfo[] = [
  {
    networkId: 'BTC',
    name: 'Bitcoin',
    isTestnet: false,
    confirmations: 3,
    explorerUrl: 'https://mempool.space/tx/',
    addressExplorerUrl: 'https://mempool.space/address/',
    nativeAssetId: '1',
    nativeAssetSymbol: 'BTC',
    tags: [...TAGS_COMMON, 'supports-rbf', 'supports-rbf-cancel', 'supports-parallel-signing'],
    blockMs: 6000,
    addressKind: 'btc',
    hashKind: 'hex',
    fee: [1200, 9500],
    feeScale: 8,
  },
  {
    networkId: 'ETH',
    name: 'Ethereum',
    isTestnet: false,
    confirmations: 12,
    explorerUrl: 'https://etherscan.io/tx/',
    addressExplorerUrl: 'https://etherscan.io/address/',
    nativeAssetId: '2',
    nativeAssetSymbol: 'ETH',
    tags: [
      ...TAGS_COMMON,
      'evm',
      'swap',
      'bridge',
      'supports-chained-signing',
      'supports-sponsored-transactions',
    ],
    blockMs: 2500,
    addressKind: 'evm',
    hashKind: '0xhex',
    fee: [180, 2600],
    feeScale: 6,
  },
  {
    networkId: 'TRX',
    name: 'Tron',
    isTestnet: false,
    confirmations: 19,
    explorerUrl: 'https://tronscan.org/#/transaction/',
    addressExplorerUrl: 'https://tronscan.org/#/address/',
    nativeAssetId: '3',
    nativeAssetSymbol: 'TRX',
    tags: [...TAGS_COMMON, 'swap', 'bridge', 'has-address-activation'],
    blockMs: 1500,
    addressKind: 'tron',
    hashKind: 'hex',
    fee: [1100, 31000],
    feeScale: 3,
  },
  {
    networkId: 'SOL',
    name: 'Solana',
    isTestnet: false,
    confirmations: 1,
    explorerUrl: 'https://solscan.io/tx/',
    addressExplorerUrl: 'https://solscan.io/account/',
    nativeAssetId: '4',
    nativeAssetSymbol: 'SOL',
    tags: [...TAGS_COMMON, 'swap', 'bridge', 'has-token-activation', 'supports-parallel-signing'],
    blockMs: 2000,
    addressKind: 'solana',
    hashKind: 'base58sig',
    fee: [5000, 80000],
    feeScale: 9,
  },
  {
    networkId: 'XRP',
    name: 'XRP Ledger',
    isTestnet: false,
    confirmations: 1,
    explorerUrl: 'https://xrpscan.com/tx/',
    addressExplorerUrl: 'https://xrpscan.com/account/',
    nativeAssetId: '5',
    nativeAssetSymbol: 'XRP',
    tags: ['show-vault', 'supports-memo', 'has-token-activation', 'has-address-activation'],
    blockMs: 3500,
    addressKind: 'xrp',
    hashKind: 'HEX',
    fee: [10, 40],
    feeScale: 6,
  },
  {
    networkId: 'TON',
    name: 'TON',
    isTestnet: false,
    confirmations: 1,
    explorerUrl: 'https://tonviewer.com/transaction/',
    addressExplorerUrl: 'https://tonviewer.com/',
    nativeAssetId: '6',
    nativeAssetSymbol: 'TON',
    tags: ['show-vault', 'supports-memo'],
    blockMs: 4000,
    addressKind: 'ton',
    hashKind: 'hex',
    fee: [3000, 45000],
    feeScale: 6,
  },
  {
    networkId: 'ETH-SEPOLIA',
    name: 'Ethereum Sepolia',
    isTestnet: true,
    confirmations: 6,
    explorerUrl: 'https://sepolia.etherscan.io/tx/',
    addressExplorerUrl: 'https://sepolia.etherscan.io/address/',
    nativeAssetId: '101',
    nativeAssetSymbol: 'ETH',
    tags: [...TAGS_COMMON, 'evm'],
    blockMs: 2500,
    addressKind: 'evm',
    hashKind: '0xhex',
    fee: [50, 900],
    feeScale: 6,
  },
  {
    networkId: 'BTC-TESTNET',
    name: 'Bitcoin Testnet',
    isTestnet: true,
    confirmations: 2,
    explorerUrl: 'https://mempool.space/testnet/tx/',
    addressExplorerUrl: 'https://mempool.space/testnet/address/',
    nativeAssetId: '103',
    nativeAssetSymbol: 'BTC',
    tags: [...TAGS_COMMON, 'supports-rbf'],
    blockMs: 5000,
    addressKind: 'tbtc',
    hashKind: 'hex',
    fee: [800, 6000],
    feeScale: 8,
  },
];

type AssetDef = Omit<AssetInfo, 'verified' | 'native' | 'requiresTokenId'> & {
  verified?: boolean;
  requiresTokenId?: boolean;
};

function native(
  assetId: string,
  symbol: string,
  symbolId: string,
  decimals: number,
  networkId: string,
): AssetDef {
  return { assetId, assetType: 'blockchain', symbol, symbolId, decimals, networkId };
}

function token(
  assetId: string,
  symbol: string,
  decimals: number,
  networkId: string,
  contractAddress: string,
  standard: string | undefined,
  symbolId = symbol,
): AssetDef {
  return {
    assetId,
    assetType: 'blockchain',
    symbol,
    symbolId,
    decimals,
    networkId,
    contractAddress,
    standard,
  };
}

const ASSET_DEFS: AssetDef[] = [
  native('1', 'BTC', 'BTC', 8, 'BTC'),
  native('2', 'ETH', 'ETH', 18, 'ETH'),
  native('3', 'TRX', 'TRX', 6, 'TRX'),
  native('4', 'SOL', 'SOL', 9, 'SOL'),
  native('5', 'XRP', 'XRP', 6, 'XRP'),
  native('6', 'TON', 'TON', 9, 'TON'),
  { assetId: '7', assetType: 'fiat', symbol: 'USD', symbolId: 'USD', decimals: 2 },
  { assetId: '8', assetType: 'fiat', symbol: 'EUR', symbolId: 'EUR', decimals: 2 },
  token('11', 'USDT', 6, 'ETH', '0xdac17f958d2ee523a2206206994597c13d831ec7', 'erc20'),
  token('12', 'USDC', 6, 'ETH', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'erc20'),
  token('13', 'WBTC', 8, 'ETH', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 'erc20'),
  token('14', 'DAI', 18, 'ETH', '0x6b175474e89094c44da98b954eedeac495271d0f', 'erc20'),
  token('15', 'LINK', 18, 'ETH', '0x514910771af9ca656af840dff83e8264ecf986ca', 'erc20'),
  token('16', 'WETH', 18, 'ETH', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'erc20'),
  {
    ...token('17', 'BAYC', 0, 'ETH', '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d', 'erc721'),
    assetType: 'nft',
    requiresTokenId: true,
  },
  {
    // A lock position: each lock is a token id of one ERC-1155 contract, so it needs a token id.
    ...token('18', 'VLOCK', 8, 'ETH', '0x7a1e3b5c9d0f2468ace13579bdf02468ace1357b', 'erc1155'),
    requiresTokenId: true,
  },
  token('21', 'USDT', 6, 'TRX', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'trc20'),
  token('31', 'USDT', 6, 'SOL', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'spl'),
  token('32', 'USDC', 6, 'SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'spl'),
  token('33', 'JUP', 6, 'SOL', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'spl'),
  // An XRP Ledger token: the "contract address" is its issuer account.
  token('41', 'RLUSD', 15, 'XRP', 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De', undefined),
  token('51', 'USDT', 6, 'TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', undefined),
  native('101', 'ETH', 'SEPOLIA-ETH', 18, 'ETH-SEPOLIA'),
  token(
    '102',
    'USDC',
    6,
    'ETH-SEPOLIA',
    '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238',
    'erc20',
    'SEPOLIA-USDC',
  ),
  native('103', 'BTC', 'TEST-BTC', 8, 'BTC-TESTNET'),
];

export const ASSETS: readonly AssetInfo[] = ASSET_DEFS.map((a) => ({
  ...a,
  verified: a.verified ?? true,
  native: a.assetType === 'blockchain' && a.contractAddress === undefined,
  requiresTokenId: a.requiresTokenId ?? false,
}));

const SYMBOLS: readonly SymbolInfo[] = [
  { symbolId: 'BTC', symbol: 'BTC', name: 'Bitcoin', price: '97000.00', vol: 0.00022, stable: false },
  { symbolId: 'ETH', symbol: 'ETH', name: 'Ether', price: '3400.00', vol: 0.0003, stable: false },
  { symbolId: 'TRX', symbol: 'TRX', name: 'TRON', price: '0.245000', vol: 0.0003, stable: false },
  { symbolId: 'SOL', symbol: 'SOL', name: 'Solana', price: '180.000', vol: 0.0004, stable: false },
  { symbolId: 'XRP', symbol: 'XRP', name: 'XRP', price: '2.35000', vol: 0.0004, stable: false },
  { symbolId: 'TON', symbol: 'TON', name: 'Toncoin', price: '5.40000', vol: 0.0004, stable: false },
  { symbolId: 'USD', symbol: 'USD', name: 'US Dollar', price: '1', vol: 0, stable: true },
  { symbolId: 'EUR', symbol: 'EUR', name: 'Euro', price: '1.080000', vol: 0.00002, stable: true },
  { symbolId: 'USDT', symbol: 'USDT', name: 'Tether USD', price: '1.000200', vol: 0.00002, stable: true },
  { symbolId: 'USDC', symbol: 'USDC', name: 'USD Coin', price: '0.999800', vol: 0.00002, stable: true },
  {
    symbolId: 'WBTC',
    symbol: 'WBTC',
    name: 'Wrapped Bitcoin',
    price: '96950.00',
    vol: 0.00022,
    stable: false,
  },
  { symbolId: 'DAI', symbol: 'DAI', name: 'Dai', price: '1.000100', vol: 0.00002, stable: true },
  { symbolId: 'LINK', symbol: 'LINK', name: 'Chainlink', price: '23.5000', vol: 0.0005, stable: false },
  { symbolId: 'WETH', symbol: 'WETH', name: 'Wrapped Ether', price: '3399.00', vol: 0.0003, stable: false },
  {
    symbolId: 'BAYC',
    symbol: 'BAYC',
    name: 'Bored Ape Yacht Club',
    price: '42000.00',
    vol: 0.0005,
    stable: false,
  },
  {
    symbolId: 'VLOCK',
    symbol: 'VLOCK',
    name: 'Vault Lock Position',
    price: '12.5000',
    vol: 0.0002,
    stable: false,
  },
  { symbolId: 'JUP', symbol: 'JUP', name: 'Jupiter', price: '1.05000', vol: 0.0006, stable: false },
  { symbolId: 'RLUSD', symbol: 'RLUSD', name: 'Ripple USD', price: '1.000000', vol: 0.00002, stable: true },
  { symbolId: 'SEPOLIA-ETH', symbol: 'ETH', name: 'Sepolia Ether', vol: 0, stable: false },
  { symbolId: 'SEPOLIA-USDC', symbol: 'USDC', name: 'Sepolia USD Coin', vol: 0, stable: false },
  { symbolId: 'TEST-BTC', symbol: 'BTC', name: 'Bitcoin Testnet', vol: 0, stable: false },
];

/** Prices are quoted in USD: the fiat asset USD and its symbol. */
export const QUOTE_ASSET_ID = '7';
export const QUOTE_SYMBOL_ID = 'USD';

/** Symbols that trade across networks through intents (sandbox.md: "major pairs"). */
export const MAJOR_SYMBOLS: ReadonlySet<string> = new Set([
  'BTC',
  'ETH',
  'SOL',
  'USDT',
  'USDC',
  'WBTC',
  'WETH',
]);

export class Catalog {
  readonly networkById = new Map<string, NetworkInfo>();
  readonly assetById = new Map<string, AssetInfo>();
  readonly symbolById = new Map<string, SymbolInfo>();
  readonly assetsByNetwork = new Map<string, AssetInfo[]>();

  constructor() {
    for (const n of NETWORKS) this.networkById.set(n.networkId, n);
    for (const s of SYMBOLS) this.symbolById.set(s.symbolId, s);
    for (const a of ASSETS) {
      this.assetById.set(a.assetId, a);
      if (a.networkId !== undefined) {
        const list = this.assetsByNetwork.get(a.networkId) ?? [];
        list.push(a);
        this.assetsByNetwork.set(a.networkId, list);
      }
    }
  }

  network(id: string | undefined): NetworkInfo | undefined {
    return id === undefined ? undefined : this.networkById.get(id);
  }

  asset(id: string | undefined): AssetInfo | undefined {
    return id === undefined ? undefined : this.assetById.get(id);
  }

  /** The network an asset lives on; fiat assets have none. */
  networkOf(asset: AssetInfo): NetworkInfo | undefined {
    return this.network(asset.networkId);
  }

  isTestnetAsset(asset: AssetInfo): boolean {
    return this.networkOf(asset)?.isTestnet ?? false;
  }

  nativeOf(networkId: string): AssetInfo {
    const n = this.networkById.get(networkId);
    const a = n && this.assetById.get(n.nativeAssetId);
    if (a === undefined) throw new Error(`no native asset for ${networkId}`);
    return a;
  }
}

export function networkToWire(n: NetworkInfo): Network {
  return {
    networkId: n.networkId,
    name: n.name,
    isTestnet: n.isTestnet,
    confirmations: String(n.confirmations),
    explorerUrl: n.explorerUrl,
    addressExplorerUrl: n.addressExplorerUrl,
    nativeAssetId: n.nativeAssetId,
    nativeAssetSymbol: n.nativeAssetSymbol,
    tags: [...n.tags],
  };
}

export function assetToWire(a: AssetInfo): Asset {
  const out: Asset = {
    assetId: a.assetId,
    assetType: a.assetType,
    symbol: a.symbol,
    symbolId: a.symbolId,
    decimals: String(a.decimals),
    verified: a.verified,
  };
  if (a.networkId !== undefined) out.networkId = a.networkId;
  if (a.contractAddress !== undefined) {
    out.contractInformation =
      a.standard === undefined
        ? { contractAddress: a.contractAddress }
        : { contractAddress: a.contractAddress, standard: a.standard };
  }
  return out;
}

export function symbolToWire(s: SymbolInfo): SymbolRecord {
  return { symbolId: s.symbolId, symbol: s.symbol, name: s.name };
}
