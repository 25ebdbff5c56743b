// The transactions slice: every transaction the console knows, merged by id, plus what the view
// needs to show movement (which rows changed just now, the statuses seen live).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Transaction } from '../contract/index.js';
import { compareDecimal } from '../format/index.js';
import { compareUpdatedAt, supersedes } from './merge.js';

export interface StatusSeen {
  readonly status: string;
  /** Local clock (ms) when this console saw it. */
  readonly at: number;
}

export interface LoadProgress {
  /** Transactions fetched by the list endpoint so far (pages run in the background). */
  readonly loaded: number;
  /** True once the last page came back short. */
  readonly complete: boolean;
  readonly loading: boolean;
}

export interface TransactionsState {
  readonly byId: ReadonlyMap<string, Transaction>;
  /** Every id, newest `createdAt` first (ties by id): kept sorted incrementally, never re-sorted. */
  readonly order: readonly string[];
  /** Bumps once per applied batch; derived views memoize on it. */
  readonly version: number;
  /** Local time each id last changed through a live update, for the brief row marker. */
  readonly changedAt: ReadonlyMap<string, number>;
  /** Statuses seen by this console, per id, oldest first. */
  readonly seen: ReadonlyMap<string, readonly StatusSeen[]>;
  readonly awaitingApproval: number;
  readonly progress: LoadProgress;
}

export const emptyTransactions: TransactionsState = {
  byId: new Map(),
  order: [],
  version: 0,
  changedAt: new Map(),
  seen: new Map(),
  awaitingApproval: 0,
  progress: { loaded: 0, complete: false, loading: false },
};

const MAX_STATUSES_SEEN = 32;

/** Newest first by createdAt, then by id: a total order, so positions are stable. */
export function compareNewestFirst(a: Transaction, b: Transaction): number {
  const byCreated = compareDecimal(b.createdAt, a.createdAt);
  if (byCreated !== 0) return byCreated;
  return a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0;
}

function insertionIndex(order: string[], byId: ReadonlyMap<string, Transaction>, tx: Transaction): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewestFirst(byId.get(order[mid]!)!, tx) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sameVersion(a: Transaction, b: Transaction): boolean {
  return compareUpdatedAt(a.updatedAt, b.updatedAt) === 0 && a.status === b.status;
}

/** A refetch of one transaction carries its events; a list row usually does not. */
function addsDetail(current: Transaction, incoming: Transaction): boolean {
  return incoming.embedded?.events != null && current.embedded?.events == null;
}

export interface ApplyOptions {
  /** Local clock (ms), recorded for change markers and statuses seen. */
  readonly now: number;
  /** A live update (frame or gap fill) marks changed rows; an initial page load does not. */
  readonly live: boolean;
}

/**
 * Merges a batch into the slice, keeping the newest `updatedAt` per id. Returns the same state
 * object when nothing changed, so subscribers do not re-render for replayed snapshots.
 */
export function applyTransactions(
  state: TransactionsState,
  batch: readonly Transaction[],
  { now, live }: ApplyOptions,
): TransactionsState {
  let byId: Map<string, Transaction> | undefined;
  let order: string[] | undefined;
  let changedAt: Map<string, number> | undefined;
  let seen: Map<string, readonly StatusSeen[]> | undefined;
  let awaiting = state.awaitingApproval;
  for (const tx of batch) {
    const current = (byId ?? state.byId).get(tx.transactionId);
    if (current !== undefined && !supersedes(current, tx)) continue;
    // Replayed snapshots repeat what we have: skip them unless they bring something new.
    if (current !== undefined && sameVersion(current, tx) && !addsDetail(current, tx)) continue;
    byId ??= new Map(state.byId);
    if (current === undefined) {
      order ??= [...state.order];
      byId.set(tx.transactionId, tx);
      order.splice(insertionIndex(order, byId, tx), 0, tx.transactionId);
    } else {
      if (current.createdAt !== tx.createdAt) {
        // createdAt never changes on a real server; keep the order right if it ever does.
        order ??= [...state.order];
        order.splice(order.indexOf(tx.transactionId), 1);
        byId.set(tx.transactionId, tx);
        order.splice(insertionIndex(order, byId, tx), 0, tx.transactionId);
      }
      byId.set(tx.transactionId, tx);
      if (current.status === 'waiting-approval') awaiting--;
    }
    if (tx.status === 'waiting-approval') awaiting++;
    const trail = (seen ?? state.seen).get(tx.transactionId);
    if (trail === undefined || trail[trail.length - 1]!.status !== tx.status) {
      seen ??= new Map(state.seen);
      const next = [...(trail ?? []), { status: tx.status, at: now }];
      seen.set(tx.transactionId, next.length > MAX_STATUSES_SEEN ? next.slice(-MAX_STATUSES_SEEN) : next);
    }
    if (live) {
      changedAt ??= new Map(state.changedAt);
      changedAt.set(tx.transactionId, now);
    }
  }
  if (byId === undefined) return state;
  return {
    ...state,
    byId,
    order: order ?? state.order,
    version: state.version + 1,
    changedAt: changedAt ?? state.changedAt,
    seen: seen ?? state.seen,
    awaitingApproval: awaiting,
  };
}

/** Drops change markers older than `maxAgeMs` (the view calls this on its clock tick). */
export function expireChangeMarks(state: TransactionsState, now: number, maxAgeMs: number): TransactionsState {
  let changedAt: Map<string, number> | undefined;
  for (const [id, at] of state.changedAt) {
    if (now - at < maxAgeMs) continue;
    changedAt ??= new Map(state.changedAt);
    changedAt.delete(id);
  }
  return changedAt === undefined ? state : { ...state, changedAt };
}

export type TransactionsStore = StoreApi<TransactionsState>;

export function createTransactionsStore(): TransactionsStore {
  return createStore<TransactionsState>()(() => emptyTransactions);
}
