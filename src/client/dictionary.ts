import {
  type Asset,
  AssetListSchema,
  type AssetMarketPrice,
  AssetMarketPriceListSchema,
  AssetSchema,
  type Network,
  NetworkListSchema,
  NetworkSchema,
  SymbolListSchema,
  type SymbolMarketPrice,
  SymbolMarketPriceListSchema,
  type SymbolRecord,
} from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment } from './query.js';

// `/dictionary/*`: reference data, the same for every workspace. Filter names from the OpenAPI.

export interface NetworksListQuery {
  networkIds?: readonly string[];
}

export interface AssetsListQuery {
  assetIds?: readonly string[];
  networkIds?: readonly string[];
  symbolIds?: readonly string[];
  contractAddress?: string;
  contractIssuer?: string;
  assetType?: 'blockchain' | 'exchange' | 'fiat' | 'nft' | (string & {});
  /** Only assets ever used in the workspace's transactions. */
  used?: boolean;
  /** Full text over symbol, name and contract address; at least 2 characters. */
  search?: string;
  limit?: number;
  offset?: number;
}

export interface SymbolsListQuery {
  symbolIds?: readonly string[];
  assetIds?: readonly string[];
  limit?: number;
  offset?: number;
}

/** `used: true` cannot be combined with the id lists (the server answers 400). */
export interface SymbolPricesQuery {
  baseSymbolIds?: readonly string[];
  baseAssetIds?: readonly string[];
  used?: boolean;
}

export interface AssetPricesQuery {
  baseAssetIds?: readonly string[];
}

export interface DictionaryApi {
  networks(q?: NetworksListQuery): Promise<Network[]>;
  network(networkId: string): Promise<Network>;
  assets(q?: AssetsListQuery): Promise<Asset[]>;
  asset(assetId: string): Promise<Asset>;
  symbols(q?: SymbolsListQuery): Promise<SymbolRecord[]>;
  symbolPrices(q?: SymbolPricesQuery): Promise<SymbolMarketPrice[]>;
  assetPrices(q?: AssetPricesQuery): Promise<AssetMarketPrice[]>;
}

export function symbolPricesQuery(q: SymbolPricesQuery = {}) {
  return { baseSymbolIds: q.baseSymbolIds, baseAssetIds: q.baseAssetIds, used: q.used };
}

export function createDictionaryApi(http: Http): DictionaryApi {
  return {
    async networks(q = {}) {
      const query = { networkIds: q.networkIds };
      const { data } = await http.request({
        method: 'GET',
        path: '/dictionary/networks',
        query,
        schema: NetworkListSchema,
      });
      return data.networks;
    },
    async network(networkId) {
      const path = `/dictionary/networks/${pathSegment(networkId, 'networkId')}`;
      return (await http.request({ method: 'GET', path, schema: NetworkSchema })).data;
    },
    async assets(q = {}) {
      const query = {
        assetIds: q.assetIds,
        networkIds: q.networkIds,
        symbolIds: q.symbolIds,
        contractAddress: q.contractAddress,
        contractIssuer: q.contractIssuer,
        assetType: q.assetType,
        used: q.used,
        search: q.search,
        limit: q.limit,
        offset: q.offset,
      };
      const { data } = await http.request({
        method: 'GET',
        path: '/dictionary/assets',
        query,
        schema: AssetListSchema,
      });
      return data.assets;
    },
    async asset(assetId) {
      const path = `/dictionary/assets/${pathSegment(assetId, 'assetId')}`;
      return (await http.request({ method: 'GET', path, schema: AssetSchema })).data;
    },
    async symbols(q = {}) {
      const query = { symbolIds: q.symbolIds, assetIds: q.assetIds, limit: q.limit, offset: q.offset };
      const { data } = await http.request({
        method: 'GET',
        path: '/dictionary/symbols',
        query,
        schema: SymbolListSchema,
      });
      return data.symbols;
    },
    async symbolPrices(q) {
      const { data } = await http.request({
        method: 'GET',
        path: '/dictionary/symbol-market-prices',
        query: symbolPricesQuery(q),
        schema: SymbolMarketPriceListSchema,
      });
      return data.prices;
    },
    async assetPrices(q = {}) {
      const { data } = await http.request({
        method: 'GET',
        path: '/dictionary/asset-market-prices',
        query: { baseAssetIds: q.baseAssetIds },
        schema: AssetMarketPriceListSchema,
      });
      return data.prices;
    },
  };
}
