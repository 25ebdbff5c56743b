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
  skip?: (key: string, value: unknown) => boolean,
): Record<string, unknown> | undefined {
  if (from == null) return undefined;
  let out: Record<string, unknown> | undefined;
  for (const key of keys) {
    const value = from[key];
    if (value == null || skip?.(key, value) === true) continue;
    (out ??= {})[key] = typeof value === 'string' && SHARED.has(key) ? share(value) : value;
  }
  return out;
}

/** One `[{ networkId }]` per network: the list reads nothing else of the chain details. */
const chainDetails = new Map<string, readonly { readonly networkId: string }[]>();

function chainOf(networkId: string): readonly { readonly networkId: string }[] {
  let held = chainDetails.get(networkId);
  if (held === undefined) {
    held = Object.freeze([Object.freeze({ networkId })]);
    if (chainDetails.size < MAX_SHARED) chainDetails.set(networkId, held);
  }
  return held;
}

/**
 * An `extra` made only of shared values (the usual one: a source address and maybe the chain's
 * network) is itself shared, frozen, between the rows that have it.
 */
const sharedExtras = new Map<string, Readonly<Record<string, unknown>>>();

function shareExtra(extra: Record<string, unknown>): Readonly<Record<string, unknown>> {
  let key = '';
  for (const name in extra) {
    const value = extra[name];
    if (name === 'blockchainDetails') {
      key += `\u0000b\u0000${(value as readonly { networkId: string }[])[0]!.networkId}`;
    } else if (typeof value === 'string' && SHARED.has(name)) {
      key += `\u0000${name}\u0000${value}`;
    } else {
      return extra; // a value of its own (a memo, a destination): not worth a table entry
    }
  }
  const known = sharedExtras.get(key);
  if (known !== undefined) return known;
  const frozen = Object.freeze(extra);
  if (sharedExtras.size < MAX_SHARED) sharedExtras.set(key, frozen);
  return frozen;
}

/**
 * The slim copy of a record (see the file's header); the record itself is unchanged. A slim record
 * is returned as it is. The row is made with one object literal, so every slim row has the same
 * shape (absent fields are undefined, which every reader treats as missing); `extra` keeps a
 * destination only when `params` names another one (readers take `params` first).
 */
export function slimTransaction(tx: Transaction): Transaction {
  if (slimRecords.has(tx)) return tx;
  const params = pick(tx.params, SLIM_PARAMS);
  let extra = pick(tx.extra, SLIM_EXTRA, (key, value) => params?.[key] === value);
  // The list's network column falls back to the chain details when params name no network.
  const chainNetwork = tx.params?.networkId == null ? tx.extra?.blockchainDetails?.[0]?.networkId : undefined;
  if (chainNetwork != null) (extra ??= {}).blockchainDetails = chainOf(share(chainNetwork));
  const slim: Transaction = {
    transactionId: tx.transactionId,
    externalId: tx.externalId,
    status: share(tx.status),
    transactionType: share(tx.transactionType),
    workspaceId: share(tx.workspaceId),
    accountId: share(tx.accountId),
    accountType: share(tx.accountType),
    createdAt: tx.createdAt,
    updatedAt: tx.updatedAt ?? undefined,
    params,
    extra: extra === undefined ? undefined : (shareExtra(extra) as Transaction['extra']),
  };
  slimRecords.add(slim);
  return slim;
}
