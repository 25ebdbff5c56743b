// The transactions slice: every transaction the console knows, merged by id, plus what the view
// needs to show movement (which rows changed just now, the statuses seen live).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Transaction } from '../contract/index.js';
import { isTerminalTransactionStatus } from '../format/index.js';
import { type ApprovalArrivals, arrivalsOf, NO_ARRIVALS, WAITING_APPROVAL, withArrivals } from './approvals.js';
import {
  admits,
  cachedUrgencyKey,
  type CeilingReached,
  chooseCut,
  type CutCandidate,
  cutTo,
  DEFAULT_MAX_UNFINISHED,
} from './ceiling.js';
import { awaitingWithHeld, type HeldApprovals, heldChanges, NO_HELD_APPROVALS, withApplied, withHeldChanges } from './held.js';
import { compareMillis, compareUpdatedAt, supersedes } from './merge.js';
import { PersistentMap } from './persistent-map.js';
import { isSlim, slimmable, slimTransaction } from './slim.js';
import type { TxWindow } from './tx-window.js';

export interface StatusSeen {
  readonly status: string;
  /** Local clock (ms) when this console saw it. */
  readonly at: number;
}

/**
 * The transaction open in the detail view, as the live engine loads it. Its events are on the
 * transaction itself: `byId.get(id)?.embedded?.events` (oldest first).
 */
export interface TransactionDetail {
  readonly id: string;
  /** `loading` until the first fetch settles; a later refetch keeps `ready`. */
  readonly status: 'loading' | 'ready' | 'error';
  /** Why the last fetch failed, in words (safe to show). */
  readonly error?: string;
  /** Local time the events were last fetched. */
  readonly eventsAt?: number;
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
  /** Transactions waiting for approval; known once `baselineAt` is set (before, a partial count). */
  readonly awaitingApproval: number;
  /** Unfinished transactions held: what the ceiling bounds (ceiling.ts). */
  readonly unfinished: number;
  /** The ceiling: unfinished transactions held at most; past it the most urgent are kept. */
  readonly unfinishedLimit: number;
  /** Set while the ceiling has left unfinished work out (the pane says so); see withinCeiling. */
  readonly ceiling?: CeilingReached;
  /**
   * Local time the unfinished work was first read whole (the feed's baseline): from then on the
   * awaiting count is known, and a transaction entering waiting-approval is news (approvals.ts).
   */
  readonly baselineAt?: number;
  /** Transactions that entered waiting-approval after the baseline (approvals.ts). */
  readonly arrivals: ApprovalArrivals;
  /**
   * Live updates held while the view is paused (ui.ts `pause`, the one home of the pause): how many
   * transactions wait to be applied to the rows.
   */
  readonly held: number;
  /** What the held updates change of the approval queue: counted and called at once (held.ts). */
  readonly heldApprovals: HeldApprovals;
  readonly detail?: TransactionDetail;
  /**
   * The finished history of each transactions view read so far, by query key (tx-query.ts):
   * contiguous windows of the server's order (tx-window.ts). Their rows are in `byId`.
   */
  readonly windows: ReadonlyMap<string, TxWindow>;
}

export const emptyTransactions: TransactionsState = {
  byId: new Map(),
  order: [],
  version: 0,
  changedAt: new Map(),
  seen: new Map(),
  awaitingApproval: 0,
  unfinished: 0,
  unfinishedLimit: DEFAULT_MAX_UNFINISHED,
  arrivals: NO_ARRIVALS,
  held: 0,
  heldApprovals: NO_HELD_APPROVALS,
  windows: new Map(),
};

const MAX_STATUSES_SEEN = 32;

/** Newest first by createdAt, then by id: a total order, so positions are stable. */
export function compareNewestFirst(a: Transaction, b: Transaction): number {
  const byCreated = compareMillis(b.createdAt, a.createdAt);
  if (byCreated !== 0) return byCreated;
  return a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0;
}

/** First index at or after `from` whose row sorts after `tx` (binary search). */
function insertionIndex(
  order: readonly string[],
  byId: ReadonlyMap<string, Transaction>,
  tx: Transaction,
  from: number,
): number {
  let lo = from;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareNewestFirst(byId.get(order[mid]!)!, tx) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * `order` with `placed` ids (new, or whose createdAt changed) put where they belong: the placed
 * ids sorted, each found by binary search from the previous one, and the runs of rows between
 * copied whole. O(m log n) comparisons: a live arrival costs ~17 at 100,000 rows, and a
 * background page of older rows lands at the end without comparing the rows above it.
 */
function placeInOrder(
  order: readonly string[],
  placed: ReadonlySet<string>,
  moved: boolean,
  byId: ReadonlyMap<string, Transaction>,
): string[] {
  const base = moved ? order.filter((id) => !placed.has(id)) : order;
  const adding = [...placed].map((id) => byId.get(id)!).sort(compareNewestFirst);
  const runs: string[][] = [];
  let at = 0;
  for (const tx of adding) {
    const index = insertionIndex(base, byId, tx, at);
    if (index > at) runs.push(base.slice(at, index));
    runs.push([tx.transactionId]);
    at = index;
  }
  if (at < base.length) runs.push(base.slice(at));
  return ([] as string[]).concat(...runs);
}

function sameVersion(a: Transaction, b: Transaction): boolean {
  return compareUpdatedAt(a.updatedAt, b.updatedAt) === 0 && a.status === b.status;
}

function eventsOf(tx: Transaction): readonly { eventId: string }[] | undefined {
  return tx.embedded?.events ?? undefined;
}

/**
 * A refetch of one transaction carries its events (a list row usually does not): with the same
 * `updatedAt` it still counts when its events differ from the ones we hold.
 */
function bringsEvents(current: Transaction, incoming: Transaction): boolean {
  const next = eventsOf(incoming);
  if (next === undefined) return false;
  const held = eventsOf(current);
  if (held === undefined || held.length !== next.length) return true;
  return next.some((event, i) => event.eventId !== held[i]!.eventId);
}

/**
 * Events only ever grow: a newer row without them (a list row, a live frame) keeps the events we
 * already hold, so an open detail does not go blank while its events are refetched.
 */
function keepEvents(current: Transaction, incoming: Transaction): Transaction {
  const held = eventsOf(current);
  if (held === undefined || eventsOf(incoming) !== undefined) return incoming;
  return { ...incoming, embedded: { ...(incoming.embedded ?? {}), events: current.embedded!.events } };
}

export interface ApplyOptions {
  /** Local clock (ms), recorded for change markers and statuses seen. */
  readonly now: number;
  /** A live update (frame or gap fill) marks changed rows; an initial page load does not. */
  readonly live: boolean;
  /**
   * List pages: a finished row the console does not hold whole is kept slim (see slim.ts). A
   * whole record (a frame, a refetch, an action's answer) always replaces a slim one.
   */
  readonly slim?: boolean;
}

/**
 * Merges a batch into the slice, keeping the newest `updatedAt` per id, and keeps the unfinished
 * work held under its ceiling (ceiling.ts). Returns the same state object when nothing changed, so
 * subscribers do not re-render for replayed snapshots (nor for a flood the ceiling leaves out).
 */
export function applyTransactions(
  state: TransactionsState,
  batch: readonly Transaction[],
  { now, live, slim = false }: ApplyOptions,
): TransactionsState {
  // Changes collect here; the big maps are extended once at the end (see persistent-map.ts).
  const changes = new Map<string, Transaction>();
  let placed: Set<string> | undefined;
  let moved = false;
  let changedAt: Map<string, number> | undefined;
  const trails = new Map<string, readonly StatusSeen[]>();
  let awaiting = state.awaitingApproval;
  let unfinished = state.unfinished;
  const limit = state.unfinishedLimit;
  const lowWater = cutTo(limit);
  const floor = state.ceiling?.floor;
  // A row's first status seen: one shared trail per status in this batch (a page load makes 1,000).
  const firstSeen = new Map<string, readonly StatusSeen[]>();
  for (const arriving of batch) {
    const id = arriving.transactionId;
    const current = changes.get(id) ?? state.byId.get(id);
    if (current !== undefined && !supersedes(current, arriving)) continue;
    // The ceiling is (nearly) full: a newcomer no more urgent than the least urgent kept stays out.
    if (current === undefined && unfinished >= lowWater && isOpen(arriving) && !admits(floor, arriving)) {
      continue;
    }
    // Never trade a whole record for a slim one; a slim one is filled in by a whole one.
    const keepSlim = slim && (current === undefined || isSlim(current)) && slimmable(arriving);
    // Replayed snapshots repeat what we have: skip them unless they bring something new.
    if (
      current !== undefined &&
      sameVersion(current, arriving) &&
      !bringsEvents(current, arriving) &&
      (keepSlim || !isSlim(current))
    ) {
      continue;
    }
    const incoming = keepSlim ? slimTransaction(arriving) : arriving;
    const tx = current === undefined ? incoming : keepEvents(current, incoming);
    changes.set(id, tx);
    if (current === undefined) {
      (placed ??= new Set()).add(id);
    } else {
      if (current.createdAt !== tx.createdAt && !placed?.has(id)) {
        // createdAt never changes on a real server; keep the order right if it ever does.
        (placed ??= new Set()).add(id);
        moved = true;
      }
      if (current.status === WAITING_APPROVAL) awaiting--;
      if (isOpen(current)) unfinished--;
    }
    if (tx.status === WAITING_APPROVAL) awaiting++;
    if (isOpen(tx)) unfinished++;
    const trail = trails.get(id) ?? state.seen.get(id);
    if (trail === undefined) {
      let first = firstSeen.get(tx.status);
      if (first === undefined) firstSeen.set(tx.status, (first = [{ status: tx.status, at: now }]));
      trails.set(id, first);
    } else if (trail[trail.length - 1]!.status !== tx.status) {
      const next = [...trail, { status: tx.status, at: now }];
      trails.set(id, next.length > MAX_STATUSES_SEEN ? next.slice(-MAX_STATUSES_SEEN) : next);
    }
    if (live) {
      changedAt ??= new Map(state.changedAt);
      changedAt.set(id, now);
    }
  }
  if (changes.size === 0) return state;
  // Over the ceiling: the least urgent go. Those new in this batch are only left out of it; those
  // held before are taken out of the merged maps below.
  const cut = unfinished > limit ? cutOver(state, changes, unfinished - lowWater) : undefined;
  const heldGone = new Set<string>();
  for (const id of cut?.ids ?? []) {
    const tx = changes.get(id) ?? state.byId.get(id)!;
    if (tx.status === WAITING_APPROVAL) awaiting--;
    unfinished--;
    if (state.byId.has(id)) heldGone.add(id);
    changes.delete(id);
    placed?.delete(id);
    trails.delete(id);
    changedAt?.delete(id);
  }
  // Judged on the batch as a whole, before the maps are extended (`state.byId` is the "before").
  // Those already called for while held (held.ts) are not news a second time.
  const announced = state.heldApprovals.announced;
  const arrived =
    state.baselineAt === undefined
      ? []
      : arrivalsOf(changes, (id) => state.byId.get(id)?.status).filter((id) => !announced.has(id));
  let byId: ReadonlyMap<string, Transaction> = persistent(state.byId).setAll(changes);
  let order =
    placed === undefined || placed.size === 0 ? state.order : placeInOrder(state.order, placed, moved, byId);
  let seen: ReadonlyMap<string, readonly StatusSeen[]> =
    trails.size === 0 ? state.seen : persistent(state.seen).setAll(trails);
  let marks: ReadonlyMap<string, number> = changedAt ?? state.changedAt;
  if (heldGone.size > 0) {
    byId = persistent(byId).deleteAll(heldGone);
    seen = persistent(seen).deleteAll(heldGone);
    marks = withoutMarks(marks, heldGone);
    order = order.filter((id) => !heldGone.has(id));
  }
  return {
    ...state,
    byId,
    order,
    version: state.version + 1,
    changedAt: marks,
    seen,
    awaitingApproval: awaiting,
    unfinished,
    ...(cut === undefined ? {} : { ceiling: { since: state.ceiling?.since ?? now, floor: cut.floor } }),
    arrivals: withArrivals(state.arrivals, arrived),
    heldApprovals: withApplied(state.heldApprovals, changes.keys()),
  };
}

/** Whether a transaction is unfinished work (what the ceiling counts). */
function isOpen(tx: Transaction): boolean {
  return !isTerminalTransactionStatus(tx.status);
}

/** Which unfinished transactions go (`count` of them) once the batch's `changes` are merged. */
function cutOver(state: TransactionsState, changes: ReadonlyMap<string, Transaction>, count: number) {
  const candidates: CutCandidate[] = [];
  // The open detail stays whatever its urgency: the person is looking at it.
  const open = state.detail?.id;
  const add = (id: string, tx: Transaction, fresh: boolean) => {
    if (id !== open && isOpen(tx)) candidates.push({ id, key: cachedUrgencyKey(tx), fresh });
  };
  state.byId.forEach((tx, id) => {
    if (!changes.has(id)) add(id, tx, false);
  });
  for (const [id, tx] of changes) add(id, tx, !state.byId.has(id));
  return candidates.length === 0 ? undefined : chooseCut(candidates, Math.min(count, candidates.length));
}

/** The change marks without `gone` (a copy only when one of them is marked: marks are few and brief). */
function withoutMarks(marks: ReadonlyMap<string, number>, gone: ReadonlySet<string>): ReadonlyMap<string, number> {
  if (![...gone].some((id) => marks.has(id))) return marks;
  const next = new Map(marks);
  for (const id of gone) next.delete(id);
  return next;
}

/** The ceiling on the unfinished work held (LiveOptions.maxUnfinished); the next batch keeps it. */
export function withUnfinishedLimit(state: TransactionsState, limit: number): TransactionsState {
  const next = Math.max(1, Math.floor(limit));
  return next === state.unfinishedLimit ? state : { ...state, unfinishedLimit: next };
}

/**
 * A complete read of the server's unfinished work found it within the ceiling: nothing it holds is
 * left out any more, and the pane stops saying so.
 */
export function withinCeiling(state: TransactionsState): TransactionsState {
  if (state.ceiling === undefined) return state;
  return { ...state, ceiling: undefined, version: state.version + 1 };
}

/** The unfinished work was read whole: the awaiting count is known, and arrivals count from here. */
export function withBaseline(state: TransactionsState, now: number): TransactionsState {
  return state.baselineAt !== undefined ? state : { ...state, baselineAt: now };
}

function persistent<V>(map: ReadonlyMap<string, V>): PersistentMap<string, V> {
  return map instanceof PersistentMap ? map : PersistentMap.from(map);
}

/**
 * What the live engine holds while paused: `count` transactions, `holding` their versions (one per
 * id). The rows wait; a held one entering waiting-approval is an arrival at once (the header counts
 * it, the operator is called), and is not counted again when it is applied.
 */
export function withHeld(state: TransactionsState, count: number, holding: Iterable<Transaction>): TransactionsState {
  const { held, arrived } = withHeldChanges(
    state.heldApprovals,
    heldChanges((id) => state.byId.get(id), holding),
    state.baselineAt !== undefined,
  );
  if (state.held === count && held === state.heldApprovals) return state;
  return { ...state, held: count, heldApprovals: held, arrivals: withArrivals(state.arrivals, arrived) };
}

/** Transactions waiting for approval as the header says it: the rows' count and what is held. */
export function awaitingNow(state: TransactionsState): number {
  return awaitingWithHeld(state.awaitingApproval, state.heldApprovals, (id) => state.byId.get(id)?.status);
}

/** Sets (or with undefined clears) the open detail's load state. */
export function withDetail(state: TransactionsState, detail: TransactionDetail | undefined): TransactionsState {
  const d = state.detail;
  if (d === detail) return state;
  if (
    d !== undefined &&
    detail !== undefined &&
    d.id === detail.id &&
    d.status === detail.status &&
    d.error === detail.error &&
    d.eventsAt === detail.eventsAt
  ) {
    return state;
  }
  // An explicit undefined, not a missing key: zustand's setState merges, and would keep the old one.
  return { ...state, detail };
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
