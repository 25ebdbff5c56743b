// What `custody watch` prints: the filters (sent to the server AND applied here) and the memory of
// what was printed, so that overlapping reads and replayed frames never print a version twice.
import type { TransactionsListQuery } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { compareUpdatedAt } from '../store/index.js';

/** Empty lists mean "any". Values are compared as sent: enums are open, unknown ones pass through. */
export interface WatchFilter {
  readonly statuses: readonly string[];
  readonly types: readonly string[];
  readonly accountIds: readonly string[];
}

export const NO_FILTER: WatchFilter = { statuses: [], types: [], accountIds: [] };

/** The filters as list / subscription query parameters (wire notes §5, §6); empty ones left out. */
export function filterQuery(f: WatchFilter): TransactionsListQuery {
  const q: TransactionsListQuery = {};
  if (f.statuses.length > 0) q.transactionStatuses = f.statuses;
  if (f.types.length > 0) q.transactionTypes = f.types;
  if (f.accountIds.length > 0) q.accountIds = f.accountIds;
  return q;
}

/**
 * The same filters, here. A filtered subscription matches a transaction's new state, so it never
 * hears one leave the filter; a server that pushed more (or a gap read of a wider page) must
 * still not print it: only transactions that match now are printed.
 */
export function matchesFilter(tx: Transaction, f: WatchFilter): boolean {
  return (
    (f.statuses.length === 0 || f.statuses.includes(tx.status)) &&
    (f.types.length === 0 || f.types.includes(tx.transactionType)) &&
    (f.accountIds.length === 0 || f.accountIds.includes(tx.accountId))
  );
}

/** Ids remembered by default: a few MB, far more than a session of updates. */
export const DEFAULT_REMEMBERED = 200_000;

export interface PrintedVersions {
  /** True when this version is newer than the last one printed for its id (or the id is new). */
  isNew(tx: Transaction): boolean;
  /** Records `tx` as printed. */
  remember(tx: Transaction): void;
  readonly size: number;
}

/**
 * id → the `updatedAt` last printed. Bounded: past `max` ids the least recently printed is
 * forgotten (a replay of that one old version could then print again; a new version always would).
 */
export function createPrintedVersions(max = DEFAULT_REMEMBERED): PrintedVersions {
  const printed = new Map<string, string | null>();
  return {
    isNew(tx) {
      if (!printed.has(tx.transactionId)) return true;
      return compareUpdatedAt(tx.updatedAt, printed.get(tx.transactionId)) > 0;
    },
    remember(tx) {
      // Delete first so that the id moves to the end of the insertion order (most recent).
      printed.delete(tx.transactionId);
      printed.set(tx.transactionId, tx.updatedAt ?? null);
      if (printed.size > max) {
        const oldest = printed.keys().next();
        if (!oldest.done) printed.delete(oldest.value);
      }
    },
    get size() {
      return printed.size;
    },
  };
}
