// Reference data (networks, assets, symbols): loaded once per session and looked up by id.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Asset, Network, SymbolRecord } from '../contract/index.js';

export interface DictionaryState {
  readonly networks: ReadonlyMap<string, Network>;
  readonly assets: ReadonlyMap<string, Asset>;
  readonly symbols: ReadonlyMap<string, SymbolRecord>;
  readonly loadedAt?: number;
}

export const emptyDictionary: DictionaryState = { networks: new Map(), assets: new Map(), symbols: new Map() };

export function withDictionary(
  state: DictionaryState,
  data: { networks?: readonly Network[]; assets?: readonly Asset[]; symbols?: readonly SymbolRecord[] },
  now: number,
): DictionaryState {
  const networks = data.networks
    ? new Map(data.networks.flatMap((n) => (n.networkId ? [[n.networkId, n] as const] : [])))
    : state.networks;
  const assets = data.assets ? new Map(data.assets.map((a) => [a.assetId, a] as const)) : state.assets;
  const symbols = data.symbols ? new Map(data.symbols.map((s) => [s.symbolId, s] as const)) : state.symbols;
  return { networks, assets, symbols, loadedAt: now };
}

/** Adds one asset fetched on demand (an id the list did not carry). */
export function withAsset(state: DictionaryState, asset: Asset): DictionaryState {
  const assets = new Map(state.assets);
  assets.set(asset.assetId, asset);
  return { ...state, assets };
}

// Who an asset is (symbol, decimals) is a domain rule: its home is src/domain/asset.ts.
export { type AssetInfo, assetInfo } from '../domain/asset.js';

/** Explorer link of a blockchain transaction on a network, when the network declares a prefix. */
export function explorerUrl(state: DictionaryState, networkId: string | null | undefined, txId: string): string | undefined {
  const prefix = networkId == null ? undefined : state.networks.get(networkId)?.explorerUrl;
  // The id is the server's text: encoded so it cannot change the link's host or path.
  return prefix && txId ? `${prefix}${encodeURIComponent(txId)}` : undefined;
}

/** Explorer link of an address on a network, when the network declares an address prefix. */
export function addressExplorerUrl(
  state: DictionaryState,
  networkId: string | null | undefined,
  address: string | null | undefined,
): string | undefined {
  const prefix = networkId == null ? undefined : state.networks.get(networkId)?.addressExplorerUrl;
  return prefix && address ? `${prefix}${encodeURIComponent(address)}` : undefined;
}

export type DictionaryStore = StoreApi<DictionaryState>;

export function createDictionaryStore(): DictionaryStore {
  return createStore<DictionaryState>()(() => emptyDictionary);
}
