import { type Account, AccountListSchema, AccountSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment, workspacePath } from './query.js';

/** Filters of `GET /workspaces/{ws}/accounts` (wire notes §5). */
export interface AccountsListQuery {
  accountTypes?: readonly string[];
  excludedAccountTypes?: readonly string[];
  statuses?: readonly string[];
  accountIds?: readonly string[];
  /** true = testnet only, false = mainnet only, null/absent = all. */
  isTestnet?: boolean | null;
  limit?: number;
  offset?: number;
}

export interface AccountsApi {
  list(q?: AccountsListQuery): Promise<Account[]>;
  get(accountId: string): Promise<Account>;
}

export function createAccountsApi(http: Http, workspaceId: string): AccountsApi {
  const root = () => `${workspacePath(workspaceId)}/accounts`;
  return {
    async list(q = {}) {
      const query = {
        accountTypes: q.accountTypes,
        excludedAccountTypes: q.excludedAccountTypes,
        statuses: q.statuses,
        accountIds: q.accountIds,
        isTestnet: q.isTestnet,
        limit: q.limit,
        offset: q.offset,
      };
      return (await http.request({ method: 'GET', path: root(), query, schema: AccountListSchema })).data
        .accounts;
    },
    async get(accountId) {
      const path = `${root()}/${pathSegment(accountId, 'accountId')}`;
      return (await http.request({ method: 'GET', path, schema: AccountSchema })).data;
    },
  };
}
