// The compact form of a history row. A parsed transaction holds about 1.2 KB of heap (its ids,
// hashes, quotes and chain details, each string and object with its own header); at 100,000
// loaded rows that alone passed the console's memory budget. A finished transaction read from a
// list page is kept with only what the list, its filters and sorts, the header counts and the
// decline dialog read; the rest is fetched when it is opened (the detail GETs the whole record,
// which then replaces this one). Values that repeat across rows (workspace, account, asset and
// network ids, statuses, types, source addresses) are shared, not held once per row.
import type { Transaction } from '../contract/index.js';
import { isTerminalTransactionStatus } from '../format/index.js';

/** Fields a slim record keeps: everything else of the wire record is left out. */
export const SLIM_FIELDS = [
  'transactionId',
  'externalId',
  'status',
  'transactionType',
  'workspaceId',
  'accountId',
  'accountType',
  'createdAt',
  'updatedAt',
  'params',
  'extra',
] as const;

/** Of `params`: amount and asset (any family), network, destination, memo. */
export const SLIM_PARAMS = [
  'amount',
  'fromAmount',
  'toAmount',
  'assetId',
  'fromAssetId',
  'sourceAssetId',
  'toAssetId',
  'networkId',
  'toAccountId',
  'toAddress',
  'memo',
] as const;

/** Of `extra`: counterparty and memo; `blockchainDetails` only as the first entry's network. */
export const SLIM_EXTRA = ['toAccountId', 'toAddress', 'fromAccountId', 'fromAddress', 'memo'] as const;

/** Values that repeat across rows: one string each, however many rows hold it. */
const SHARED = new Set<string>([
  'status',
  'transactionType',
  'workspaceId',
  'accountId',
  'accountType',
  'assetId',
  'fromAssetId',
  'sourceAssetId',
  'toAssetId',
  'networkId',
  'toAccountId',
  'fromAccountId',
  'fromAddress',
]);

/** Distinct shared values are few (ids of accounts, assets, networks); the cap bounds a bad server. */
const MAX_SHARED = 100_000;
const shared = new Map<string, string>();

function share(value: string): string {
  const known = shared.get(value);
  if (known !== undefined) return known;
  if (shared.size < MAX_SHARED) shared.set(value, value);
  return value;
}

const slimRecords = new WeakSet<object>();

/** True for a record made by `slimTransaction` (the full one has not been read since). */
export function isSlim(tx: Transaction): boolean {
  return slimRecords.has(tx);
}

/**
 * Whether a list row may be kept slim: a finished transaction without events. Open ones stay
 * whole: they move, they are the ones acted on (decline and approve read their approvals).
 */
export function slimmable(tx: Transaction): boolean {
  return isTerminalTransactionStatus(tx.status) && tx.embedded == null;
}

function pick(
  from: Readonly<Record<string, unknown>> | null | undefined,
  keys: readonly string[],
): Record<string, unknown> | undefined {
  if (from == null) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const key of keys) {
    const value = from[key];
    if (value == null) continue;
    (out ??= {})[key] = typeof value === 'string' && SHARED.has(key) ? share(value) : value;
  }
  return out;
}

/** The slim copy of a record (see the file's header); the record itself is unchanged. */
export function slimTransaction(tx: Transaction): Transaction {
  const slim: Transaction = {
    transactionId: tx.transactionId,
    externalId: tx.externalId,
    status: share(tx.status),
    transactionType: share(tx.transactionType),
    workspaceId: share(tx.workspaceId),
    accountId: share(tx.accountId),
    accountType: share(tx.accountType),
    createdAt: tx.createdAt,
  };
  if (tx.updatedAt != null) slim.updatedAt = tx.updatedAt;
  const params = pick(tx.params, SLIM_PARAMS);
  if (params !== undefined) slim.params = params;
  let extra = pick(tx.extra, SLIM_EXTRA);
  // The list's network column falls back to the chain details when params name no network.
  const chainNetwork = tx.params?.networkId == null ? tx.extra?.blockchainDetails?.[0]?.networkId : undefined;
  if (chainNetwork != null) (extra ??= {}).blockchainDetails = [{ networkId: share(chainNetwork) }];
  if (extra !== undefined) slim.extra = extra;
  slimRecords.add(slim);
  return slim;
}
