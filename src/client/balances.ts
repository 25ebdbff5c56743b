import { type Balance, BalanceListSchema, BalanceSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment, type QueryValue, workspacePath } from './query.js';
import type { MillisInput } from './transactions.js';

/** Filters of `GET /workspaces/{ws}/balances` (wire notes §9). */
export interface BalancesListQuery {
  accountId?: string;
  accountIds?: readonly string[];
  balanceIds?: readonly string[];
  assetId?: string;
  assetIds?: readonly string[];
  assetNotIn?: readonly string[];
  networkId?: string;
  networkIds?: readonly string[];
  accountTypes?: readonly string[];
  excludedAccountTypes?: readonly string[];
  /** Only balances whose `updatedAt` is at or after this (epoch ms): the incremental read. */
  updatedSince?: MillisInput;
  /**
   * The server's default is true: without an account, asset or balance filter only non-zero
   * balances come back. An incremental read sends false, or a balance spent to zero never shows.
   */
  nonEmpty?: boolean;
  /** Server default 1000. */
  limit?: number;
  offset?: number;
}

export function balancesQuery(q: BalancesListQuery = {}): Record<string, QueryValue> {
  return {
    accountId: q.accountId,
    accountIds: q.accountIds,
    balanceIds: q.balanceIds,
    assetId: q.assetId,
    assetIds: q.assetIds,
    assetNotIn: q.assetNotIn,
    networkId: q.networkId,
    networkIds: q.networkIds,
    accountTypes: q.accountTypes,
    excludedAccountTypes: q.excludedAccountTypes,
    updatedSince: q.updatedSince,
    nonEmpty: q.nonEmpty,
    limit: q.limit,
    offset: q.offset,
  };
}

export interface BalancesApi {
  /** Per account and asset; totals and withdrawable amounts stay decimal text. */
  list(q?: BalancesListQuery): Promise<Balance[]>;
  get(balanceId: string): Promise<Balance>;
}

export function createBalancesApi(http: Http, workspaceId: string): BalancesApi {
  const root = () => `${workspacePath(workspaceId)}/balances`;
  return {
    async list(q) {
      const { data } = await http.request({
        method: 'GET',
        path: root(),
        query: balancesQuery(q),
        schema: BalanceListSchema,
      });
      return data.balances;
    },
    async get(balanceId) {
      const path = `${root()}/${pathSegment(balanceId, 'balanceId')}`;
      return (await http.request({ method: 'GET', path, schema: BalanceSchema })).data;
    },
  };
}
