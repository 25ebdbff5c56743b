// The workspace's read nouns, declared once: `custody accounts`, `custody balances get ID`, ...
// Each names what the API can do with it (list, get, or one record alone), the columns a table
// and a CSV show when none are asked for, which of them are times, and an example. The command
// table, the help, the completion and the README read this list. Type imports only: the command
// table loads it at every start.
import type { ApiClient } from '../../client/index.js';

export interface NounFilters {
  /** `--account ID|NAME`, resolved to ids (nouns with `accountFilter`). */
  readonly accountIds: readonly string[];
}

export interface NounSpec {
  readonly name: string;
  readonly summary: string;
  /** One page of the list (limit/offset). */
  readonly list?: (api: ApiClient, page: { limit: number; offset: number }, filters: NounFilters) => Promise<unknown[]>;
  /** The one record a bare noun prints (`workspace`). */
  readonly one?: (api: ApiClient) => Promise<unknown>;
  /** `custody NOUN get ID`. */
  readonly get?: { readonly id: string; readonly read: (api: ApiClient, id: string) => Promise<unknown> };
  /** Table and CSV columns when --columns is not given (name columns from names.ts allowed). */
  readonly columns: readonly string[];
  /** A table's columns, where a terminal needs fewer than a CSV; default: columns. */
  readonly tableColumns?: readonly string[];
  /** Paths that hold epoch-millisecond times. */
  readonly times: readonly string[];
  /** The record carries `_embedded` on the wire (read into `embedded`). */
  readonly embedded?: boolean;
  /** Takes --account (a list filter the API has): several accounts, or one at a time. */
  readonly accountFilter?: 'many' | 'one';
  readonly example: string;
}

const ids = (filters: NounFilters) => (filters.accountIds.length > 0 ? { accountIds: filters.accountIds } : {});

export const NOUNS: readonly NounSpec[] = [
  {
    name: 'accounts',
    summary: "list the workspace's accounts, or get one",
    list: (api, page, f) => api.accounts.list({ ...page, ...ids(f) }),
    get: { id: 'ACCOUNT_ID', read: (api, id) => api.accounts.get(id) },
    columns: ['accountId', 'accountName', 'accountType', 'status', 'isTestnet', 'createdAt'],
    times: ['createdAt', 'updatedAt'],
    accountFilter: 'many',
    example: "custody accounts --output csv --columns accountId,accountName > accounts.csv",
  },
  {
    name: 'addresses',
    summary: 'list the deposit addresses',
    list: (api, page, f) => api.addresses.list({ ...page, ...(f.accountIds[0] ? { accountId: f.accountIds[0] } : {}) }),
    columns: ['addressId', 'accountId', 'accountName', 'networkId', 'address', 'memo', 'status', 'createdAt'],
    tableColumns: ['accountName', 'networkId', 'address', 'memo', 'status'],
    times: ['createdAt', 'updatedAt'],
    accountFilter: 'one',
    example: 'custody addresses --account Treasury --output json | jq -r \'.[].address\'',
  },
  {
    name: 'balances',
    summary: 'list the balances (non-zero ones), or get one',
    list: (api, page, f) => api.balances.list({ ...page, ...ids(f) }),
    get: { id: 'BALANCE_ID', read: (api, id) => api.balances.get(id) },
    columns: ['accountId', 'accountName', 'assetId', 'symbol', 'networkId', 'totalBalance', 'withdrawableBalance', 'updatedAt'],
    tableColumns: ['balanceId', 'accountName', 'symbol', 'networkId', 'totalBalance', 'withdrawableBalance'],
    times: ['createdAt', 'updatedAt'],
    accountFilter: 'many',
    example: 'custody balances --output csv > balances.csv',
  },
  {
    name: 'members',
    summary: "list the workspace's members (with their names and emails)",
    list: (api, page) => api.members.list({ ...page, includeUsersProfiles: true, includeEmails: true }),
    columns: ['userId', '_embedded.profile.name', 'status', 'createdAt'],
    times: ['createdAt', 'updatedAt', 'deactivatedAt'],
    embedded: true,
    example: "custody members --output json | jq -r '.[] | [.userId, ._embedded.profile.name] | @tsv'",
  },
  {
    name: 'address-book',
    summary: 'list the address book, or get one record',
    list: (api, page) => api.addressBook.list(page),
    get: { id: 'RECORD_ID', read: (api, id) => api.addressBook.get(id) },
    columns: ['recordId', 'name', 'recordType', 'networkId', 'address', 'memo', 'status', 'createdAt'],
    times: ['createdAt', 'updatedAt', 'lastUsedAt'],
    example: 'custody address-book --columns name,address,networkId',
  },
  {
    name: 'transaction-limits',
    summary: 'list the transaction limits (approval rules), or get one',
    list: (api, page) => api.limits.list(page),
    get: { id: 'LIMIT_ID', read: (api, id) => api.limits.get(id) },
    columns: ['limitId', 'limitType', 'status', 'transactionParams.aboveAmount.amount', 'limitRule.approve.numberOfApprovals', 'limitRule.securityDelay.durationHours', 'createdAt'],
    times: ['createdAt', 'updatedAt'],
    example: 'custody transaction-limits get LIMIT_ID --output yaml',
  },
  {
    name: 'activities',
    summary: "list the workspace's activity feed, newest first",
    list: (api, page, f) => api.activities.list({ ...page, ...ids(f) }),
    columns: ['createdAt', 'activityType', 'title', 'userId', 'userName', 'accountId'],
    times: ['createdAt'],
    accountFilter: 'many',
    example: 'custody activities --limit 50',
  },
  {
    name: 'workspace',
    summary: 'print the workspace (its id, name and tag)',
    one: (api) => api.workspaces.get(),
    columns: ['workspaceId', 'name', 'tag'],
    times: [],
    example: 'custody workspace --output json',
  },
  {
    name: 'assets',
    summary: 'list the assets the workspace uses, or get any asset',
    list: (api, page) => api.dictionary.assets({ ...page, used: true }),
    get: { id: 'ASSET_ID', read: (api, id) => api.dictionary.asset(id) },
    columns: ['assetId', 'symbol', 'networkId', 'assetType', 'decimals', 'verified'],
    times: [],
    example: 'custody assets --columns assetId,symbol,networkId',
  },
  {
    name: 'networks',
    summary: 'list the networks, or get one',
    list: async (api, page) => (page.offset > 0 ? [] : api.dictionary.networks()),
    get: { id: 'NETWORK_ID', read: (api, id) => api.dictionary.network(id) },
    columns: ['networkId', 'name', 'isTestnet', 'nativeAssetSymbol', 'confirmations', 'explorerUrl'],
    times: [],
    example: 'custody networks --output jsonl',
  },
  {
    name: 'prices',
    summary: 'list the market prices of what the workspace uses',
    list: async (api, page) => (page.offset > 0 ? [] : api.prices.workspace()),
    columns: ['baseSymbolId', 'quoteSymbolId', 'price'],
    times: [],
    example: 'custody prices --output csv',
  },
];

/** A noun by name. */
export function nounNamed(name: string): NounSpec | undefined {
  return NOUNS.find((n) => n.name === name);
}
