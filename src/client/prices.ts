import { type SymbolMarketPrice, SymbolMarketPriceListSchema } from '../contract/index.js';
import { type SymbolPricesQuery, symbolPricesQuery } from './dictionary.js';
import type { Http } from './http.js';
import { workspacePath } from './query.js';

export interface PricesApi {
  /** `GET /workspaces/{ws}/symbol-market-prices`: prices of what the workspace uses. */
  workspace(q?: SymbolPricesQuery): Promise<SymbolMarketPrice[]>;
}

export function createPricesApi(http: Http, workspaceId: string): PricesApi {
  return {
    async workspace(q) {
      const path = `${workspacePath(workspaceId)}/symbol-market-prices`;
      const { data } = await http.request({
        method: 'GET',
        path,
        query: symbolPricesQuery(q),
        schema: SymbolMarketPriceListSchema,
      });
      return data.prices;
    },
  };
}
