// The dictionary as the world serves it: networks, assets and symbols (with the OpenAPI's filters
// and pages) and market prices in USD, read from the catalog and the market.
import type { Asset, AssetMarketPrice, Network, SymbolMarketPrice, SymbolRecord } from '../../contract/index.js';
import { type AssetInfo, assetToWire, networkToWire, QUOTE_ASSET_ID, QUOTE_SYMBOL_ID, symbolToWire } from './catalog.js';
import type { Core } from './core.js';
import { DEFAULT_LIST_LIMIT, has, lower, page } from './paging.js';

export interface AssetsFilter {
  assetIds?: readonly string[];
  networkIds?: readonly string[];
  symbolIds?: readonly string[];
  assetType?: string;
  contractAddress?: string;
  contractIssuer?: string;
  /** Symbol, name or contract address, case-insensitive; shorter than 2 characters is ignored. */
  search?: string;
  used?: boolean;
  limit?: string | number;
  offset?: string | number;
}

export interface SymbolsFilter {
  symbolIds?: readonly string[];
  assetIds?: readonly string[];
  limit?: string | number;
  offset?: string | number;
}

export interface SymbolPricesFilter {
  baseSymbolIds?: readonly string[];
  baseAssetIds?: readonly string[];
  used?: boolean;
}

export function networks(core: Core, filter: { networkIds?: readonly string[] } = {}): Network[] {
  return [...core.catalog.networkById.values()]
    .filter((n) => has(filter.networkIds, n.networkId))
    .map(networkToWire);
}

export function network(core: Core, id: string): Network | undefined {
  const n = core.catalog.network(id);
  return n === undefined ? undefined : networkToWire(n);
}

export function assets(core: Core, filter: AssetsFilter = {}): Asset[] {
  const { catalog } = core;
  const used = core.store.usedAssets;
  const search =
    filter.search !== undefined && filter.search.trim().length >= 2
      ? filter.search.trim().toLowerCase()
      : undefined;
  const matches = (a: AssetInfo): boolean => {
    if (
      !has(filter.assetIds, a.assetId) ||
      !has(filter.networkIds, a.networkId) ||
      !has(filter.symbolIds, a.symbolId)
    )
      return false;
    if (filter.assetType !== undefined && a.assetType !== filter.assetType) return false;
    if (filter.contractAddress !== undefined && lower(a.contractAddress) !== lower(filter.contractAddress))
      return false;
    // An issued token's "contract" is its issuer account (XRP Ledger).
    if (filter.contractIssuer !== undefined && lower(a.contractAddress) !== lower(filter.contractIssuer))
      return false;
    if (filter.used === true && !used.has(a.assetId)) return false;
    if (filter.used === false && used.has(a.assetId)) return false;
    if (search !== undefined) {
      const name = catalog.symbolById.get(a.symbolId)?.name;
      if (![a.symbol, name, a.contractAddress].some((t) => lower(t).includes(search))) return false;
    }
    return true;
  };
  const list = [...catalog.assetById.values()].filter(matches);
  return page(list, filter.limit, filter.offset, DEFAULT_LIST_LIMIT).map(assetToWire);
}

export function asset(core: Core, id: string): Asset | undefined {
  const a = core.catalog.asset(id);
  return a === undefined ? undefined : assetToWire(a);
}

export function symbols(core: Core, filter: SymbolsFilter = {}): SymbolRecord[] {
  const { catalog } = core;
  const ofAssets =
    filter.assetIds === undefined || filter.assetIds.length === 0
      ? undefined
      : filter.assetIds.flatMap((id) => catalog.asset(id)?.symbolId ?? []);
  const list = [...catalog.symbolById.values()].filter(
    (s) => has(filter.symbolIds, s.symbolId) && (ofAssets === undefined || ofAssets.includes(s.symbolId)),
  );
  return page(list, filter.limit, filter.offset, DEFAULT_LIST_LIMIT).map(symbolToWire);
}

/** Prices in USD. `used` = symbols of assets in this workspace's transactions; ids lists are a union. */
export function symbolPrices(core: Core, filter: SymbolPricesFilter = {}): SymbolMarketPrice[] {
  const { catalog, market } = core;
  let wanted: Set<string> | undefined;
  const bySymbol = filter.baseSymbolIds ?? [];
  const byAsset = (filter.baseAssetIds ?? []).flatMap((id) => catalog.asset(id)?.symbolId ?? []);
  if (bySymbol.length > 0 || byAsset.length > 0) wanted = new Set([...bySymbol, ...byAsset]);
  if (filter.used === true) {
    const used = new Set(
      [...core.store.usedAssets].flatMap((id) => catalog.asset(id)?.symbolId ?? []),
    );
    wanted = wanted === undefined ? used : new Set([...wanted].filter((s) => used.has(s)));
  }
  const out: SymbolMarketPrice[] = [];
  for (const symbolId of market.symbols()) {
    if (wanted !== undefined && !wanted.has(symbolId)) continue;
    out.push({ baseSymbolId: symbolId, quoteSymbolId: QUOTE_SYMBOL_ID, price: market.price(symbolId)! });
  }
  return out;
}

export function assetPrices(core: Core, filter: { baseAssetIds?: readonly string[] } = {}): AssetMarketPrice[] {
  const { catalog, market } = core;
  const out: AssetMarketPrice[] = [];
  for (const a of catalog.assetById.values()) {
    if (!has(filter.baseAssetIds, a.assetId)) continue;
    const price = market.price(a.symbolId);
    if (price === undefined) continue;
    out.push({
      baseAssetId: a.assetId,
      baseSymbolId: a.symbolId,
      quoteAssetId: QUOTE_ASSET_ID,
      quoteSymbolId: QUOTE_SYMBOL_ID,
      price,
    });
  }
  return out;
}

