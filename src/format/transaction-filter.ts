// What the transactions list's filters mean (wire notes §5 and the OpenAPI's extra parameters),
// as one predicate: the sandbox answers lists and fans out frames with it, and the console decides
// with it whether a transaction it holds (a live one, one that changed this session) belongs in a
// view whose history it asked the server for. One meaning, so a pushed change enters or leaves a
// filtered view exactly as the server would have put it there.
import { isTerminalTransactionStatus } from './status.js';

/**
 * The fields of a wire transaction the filters read (structurally: this room imports nothing of
 * the contract's; a parsed `Transaction` is one).
 */
export interface FilterableTransaction {
  readonly transactionId: string;
  readonly externalId: string;
  readonly status: string;
  readonly transactionType: string;
  readonly accountId: string;
  readonly createdAt: string;
  readonly updatedAt?: string | null | undefined;
  readonly terminatedAt?: string | null | undefined;
  readonly params?: Readonly<Record<string, unknown>> | null | undefined;
  readonly extra?: {
    readonly toAddress?: string | null | undefined;
    readonly fromAddress?: string | null | undefined;
    readonly toAccountId?: string | null | undefined;
    readonly blockchainDetails?: readonly { readonly blockchainTxId?: string | null | undefined }[] | null | undefined;
  } | null | undefined;
}

/** What the filter looks at. A stored record (the sandbox's) has these fields itself. */
export interface TransactionFacts {
  id: string;
  externalId: string;
  type: string;
  status: string;
  accountId: string;
  assetId: string;
  asset2: string | undefined;
  createdAt: number;
  updatedAt: number;
  terminatedAt: number | undefined;
  toAddress: string | undefined;
  fromAddress: string | undefined;
  toAccountId: string | undefined;
  txHash: string | undefined;
}

type Range = readonly [number, number];

/** A list query compiled once: sets and ranges instead of lists and strings. */
export interface TransactionFilter {
  /** Nothing can match (e.g. transactionId and transactionIds that disagree). */
  readonly never: boolean;
  /** No condition at all. */
  readonly trivial: boolean;
  readonly ids: ReadonlySet<string> | undefined;
  readonly types: ReadonlySet<string> | undefined;
  readonly accounts: ReadonlySet<string> | undefined;
  readonly statuses: ReadonlySet<string> | undefined;
  readonly notIn: ReadonlySet<string> | undefined;
  readonly assets: ReadonlySet<string> | undefined;
  readonly txHash: string | undefined;
  readonly toAddress: string | undefined;
  readonly fromAddress: string | undefined;
  readonly address: string | undefined;
  readonly toAccountId: string | undefined;
  readonly externalId: string | undefined;
  readonly terminated: boolean | undefined;
  readonly created: Range | undefined;
  readonly updated: Range | undefined;
  readonly terminatedRange: Range | undefined;
}

/** The filters of a list query (paging, sorting and embedding aside); timestamps in epoch ms. */
export interface TransactionFilterQuery {
  readonly transactionId?: string | undefined;
  readonly transactionIds?: readonly string[] | undefined;
  readonly transactionTypes?: readonly string[] | undefined;
  readonly accountTypes?: readonly string[] | undefined;
  readonly accountId?: string | undefined;
  readonly accountIds?: readonly string[] | undefined;
  readonly transactionStatuses?: readonly string[] | undefined;
  readonly transactionStatusNotIn?: readonly string[] | undefined;
  readonly assetIds?: readonly string[] | undefined;
  readonly blockchainTxId?: string | undefined;
  readonly externalId?: string | undefined;
  readonly toAccountId?: string | undefined;
  readonly toAddress?: string | undefined;
  readonly fromAddress?: string | undefined;
  readonly address?: string | undefined;
  readonly isTerminated?: boolean | undefined;
  readonly terminatedAtFrom?: string | number | undefined;
  readonly terminatedAtTo?: string | number | undefined;
  readonly createdAtFrom?: string | number | undefined;
  readonly createdAtTo?: string | number | undefined;
  readonly updatedAtFrom?: string | number | undefined;
  readonly updatedAtTo?: string | number | undefined;
}

function setOf(list: readonly string[] | undefined): Set<string> | undefined {
  return list === undefined || list.length === 0 ? undefined : new Set(list);
}

/** `one` AND `many`: both narrow the same field. */
function both(one: string | undefined, many: readonly string[] | undefined): Set<string> | undefined {
  const set = setOf(many);
  if (one === undefined) return set;
  if (set === undefined) return new Set([one]);
  return set.has(one) ? new Set([one]) : new Set();
}

function bound(text: string | number | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  return Number.isFinite(n) ? n : fallback;
}

/** Both ends inclusive: `from` is "since", `to` is "until" (the OpenAPI's words). */
function range(from: string | number | undefined, to: string | number | undefined): Range | undefined {
  if (from === undefined && to === undefined) return undefined;
  return [bound(from, -Infinity), bound(to, Infinity)];
}

/** EVM addresses are case-insensitive hex; base58 and bech32 strings are compared as they are. */
export function addressKey(address: string): string {
  return address.startsWith('0x') || address.startsWith('0X') ? address.toLowerCase() : address;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}

export function compileTransactionFilter(q: TransactionFilterQuery): TransactionFilter {
  const ids = both(nonEmpty(q.transactionId), q.transactionIds);
  const accounts = both(nonEmpty(q.accountId), q.accountIds);
  const accountTypes = setOf(q.accountTypes);
  const txHash = nonEmpty(q.blockchainTxId)?.toLowerCase();
  const toAddress = nonEmpty(q.toAddress);
  const fromAddress = nonEmpty(q.fromAddress);
  const address = nonEmpty(q.address);
  const f = {
    // Every account of this API is a vault: any other account type matches nothing.
    never: ids?.size === 0 || accounts?.size === 0 || (accountTypes !== undefined && !accountTypes.has('vault')),
    trivial: false,
    ids,
    types: setOf(q.transactionTypes),
    accounts,
    statuses: setOf(q.transactionStatuses),
    notIn: setOf(q.transactionStatusNotIn),
    assets: setOf(q.assetIds),
    txHash,
    toAddress: toAddress === undefined ? undefined : addressKey(toAddress),
    fromAddress: fromAddress === undefined ? undefined : addressKey(fromAddress),
    address: address === undefined ? undefined : addressKey(address),
    toAccountId: nonEmpty(q.toAccountId),
    externalId: nonEmpty(q.externalId),
    terminated: q.isTerminated,
    created: range(q.createdAtFrom, q.createdAtTo),
    updated: range(q.updatedAtFrom, q.updatedAtTo),
    terminatedRange: range(q.terminatedAtFrom, q.terminatedAtTo),
  };
  f.trivial =
    !f.never &&
    [
      f.ids,
      f.types,
      f.accounts,
      f.statuses,
      f.notIn,
      f.assets,
      f.txHash,
      f.toAddress,
      f.fromAddress,
      f.address,
      f.toAccountId,
      f.externalId,
      f.terminated,
      f.created,
      f.updated,
      f.terminatedRange,
    ].every((v) => v === undefined);
  return f;
}

function inRange(r: Range, value: number | undefined): boolean {
  return value !== undefined && value >= r[0] && value <= r[1];
}

function sameAddress(key: string, value: string | undefined): boolean {
  if (value === undefined || value.length !== key.length) return false;
  return value === key || (key.startsWith('0x') && addressKey(value) === key);
}

export function testTransactionFacts(f: TransactionFilter, t: TransactionFacts): boolean {
  if (f.never) return false;
  if (f.trivial) return true;
  if (f.ids !== undefined && !f.ids.has(t.id)) return false;
  if (f.accounts !== undefined && !f.accounts.has(t.accountId)) return false;
  if (f.statuses !== undefined && !f.statuses.has(t.status)) return false;
  if (f.notIn !== undefined && f.notIn.has(t.status)) return false;
  if (f.types !== undefined && !f.types.has(t.type)) return false;
  if (f.terminated !== undefined && isTerminalTransactionStatus(t.status) !== f.terminated) return false;
  if (f.created !== undefined && !inRange(f.created, t.createdAt)) return false;
  if (f.updated !== undefined && !inRange(f.updated, t.updatedAt)) return false;
  if (f.terminatedRange !== undefined && !inRange(f.terminatedRange, t.terminatedAt)) return false;
  if (f.assets !== undefined && !f.assets.has(t.assetId) && (t.asset2 === undefined || !f.assets.has(t.asset2))) {
    return false;
  }
  if (
    f.txHash !== undefined &&
    (t.txHash === undefined || t.txHash.length !== f.txHash.length || t.txHash.toLowerCase() !== f.txHash)
  ) {
    return false;
  }
  if (f.toAddress !== undefined && !sameAddress(f.toAddress, t.toAddress)) return false;
  if (f.fromAddress !== undefined && !sameAddress(f.fromAddress, t.fromAddress)) return false;
  if (f.address !== undefined && !sameAddress(f.address, t.toAddress) && !sameAddress(f.address, t.fromAddress)) {
    return false;
  }
  if (f.toAccountId !== undefined && t.toAccountId !== f.toAccountId) return false;
  if (f.externalId !== undefined && t.externalId !== f.externalId) return false;
  return true;
}

function millisOf(text: string | null | undefined): number | undefined {
  if (text == null) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The facts of a wire transaction: where each filter finds its field in the record. */
export function transactionFacts(tx: FilterableTransaction): TransactionFacts {
  const params: Readonly<Record<string, unknown>> = tx.params ?? {};
  const extra = tx.extra ?? {};
  const hashes = extra.blockchainDetails ?? [];
  return {
    id: tx.transactionId,
    externalId: tx.externalId,
    type: tx.transactionType,
    status: tx.status,
    accountId: tx.accountId,
    assetId: text(params.assetId) ?? text(params.fromAssetId) ?? text(params.sourceAssetId) ?? '',
    asset2: text(params.toAssetId),
    createdAt: millisOf(tx.createdAt) ?? 0,
    updatedAt: millisOf(tx.updatedAt) ?? millisOf(tx.createdAt) ?? 0,
    terminatedAt: millisOf(tx.terminatedAt),
    toAddress: text(extra.toAddress) ?? text(params.toAddress),
    fromAddress: text(extra.fromAddress),
    toAccountId: text(extra.toAccountId) ?? text(params.toAccountId),
    txHash: hashes.find((d) => typeof d.blockchainTxId === 'string')?.blockchainTxId ?? undefined,
  };
}
