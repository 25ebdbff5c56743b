// Urgency rather than the alphabet: what waits for an approval first, then what needs someone
// else, then work under way, then what went wrong, what stopped, and what is done. Within the
// unfinished groups the nearest deadline (expiry, or the end of the security delay) comes first.
// The transactions pane's status sort and the ceiling on the unfinished work held (ceiling.ts)
// both order by it. Pure, so the order is a table test.
import type { Transaction } from '../contract/index.js';
import { parseMillis, STATUS_KINDS, type StatusKind, transactionStatusStyle } from '../format/index.js';

const RANK: Readonly<Record<StatusKind, number>> = {
  attention: 1,
  progress: 2,
  fresh: 2,
  steady: 2,
  // A status this console does not know yet is treated as work under way: never hidden at the end.
  unknown: 2,
  failed: 3,
  partial: 3,
  expired: 4,
  stopped: 4,
  archived: 4,
  done: 5,
};

const KIND_BY_SYMBOL = new Map(
  (Object.entries(STATUS_KINDS) as [StatusKind, (typeof STATUS_KINDS)[StatusKind]][]).map(([kind, look]) => [
    look.asciiSymbol,
    kind,
  ]),
);

/** Lower is more urgent: 0 waits for approval, 5 is done. */
export function urgencyRank(status: string): number {
  if (status === 'waiting-approval') return 0;
  const kind = KIND_BY_SYMBOL.get(transactionStatusStyle(status).asciiSymbol) ?? 'unknown';
  return RANK[kind];
}

/**
 * Unfinished work only (a finished one's deadline is past and moot): its expiry or the end of its
 * security delay, whichever is sooner.
 */
export function deadline(tx: Pick<Transaction, 'status' | 'expiresAt' | 'extra'>): number | undefined {
  if (urgencyRank(tx.status) > 2) return undefined;
  const times = [parseMillis(tx.expiresAt), parseMillis(tx.extra?.approvers?.securityDelayExpiresAt)];
  const known = times.filter((t) => t !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
}

export interface UrgencyKey {
  readonly rank: number;
  readonly deadline: number | undefined;
  readonly status: string;
}

export function urgencyKey(tx: Pick<Transaction, 'status' | 'expiresAt' | 'extra'>): UrgencyKey {
  return { rank: urgencyRank(tx.status), deadline: deadline(tx), status: tx.status };
}

/** Rank, then the nearest deadline (none last), then the status's name, so that each group holds together. */
export function compareUrgency(a: UrgencyKey, b: UrgencyKey): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  if (a.deadline !== b.deadline) {
    if (a.deadline === undefined) return 1;
    if (b.deadline === undefined) return -1;
    return a.deadline - b.deadline;
  }
  return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
}
