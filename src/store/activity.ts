// The workspace's activity feed as the console holds it: read on demand, a page at a time (the
// first page when the pane opens or `r` is pressed, the next as the cursor nears the end, like
// lazygit's commit log), newest first, deduplicated by id, and never more than MAX_HELD rows:
// memory follows what was read, with a cap. The loader (live/activity-loads.ts) reads; these pure
// reducers hold.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Activity } from '../contract/index.js';

/** Rows asked per page. */
export const ACTIVITY_PAGE_SIZE = 100;
/** Rows held at most: the feed stops reading there and says so. */
export const MAX_ACTIVITY_HELD = 2_000;
/** Read the next page when the cursor is this many screens from the end of what is held. */
const AHEAD_SCREENS = 2;

/** What the server is asked for (`:activity` words). */
export interface ActivityQuery {
  readonly search?: string;
  readonly activityTypes?: readonly string[];
}

export interface ActivityState {
  readonly query: ActivityQuery;
  /** Held rows, in the server's order (newest first). */
  readonly rows: readonly Activity[];
  readonly byId: ReadonlyMap<string, Activity>;
  /**
   * Rows of the server's list read so far, as numbered at the last read: the next page's offset.
   * Newer activities push the list down, so a page may repeat rows held (they are not added
   * twice), never skip one.
   */
  readonly offset: number;
  /** A read under way: the first page (open, `r`, a new query) or the next one. */
  readonly loading?: 'first' | 'more';
  /** The last page came back short: the oldest activity is held. */
  readonly complete: boolean;
  /** MAX_ACTIVITY_HELD rows are held: no more is read. */
  readonly capped: boolean;
  /** Why the last read failed, in words safe to show. */
  readonly error?: string;
  /** The key's role may not read the feed (403). */
  readonly forbidden: boolean;
  /** Local time of the last page read. */
  readonly readAt?: number;
  /** Bumped by each new first read: an answer to an older one is dropped. */
  readonly generation: number;
}

export const emptyActivity: ActivityState = {
  query: {},
  rows: [],
  byId: new Map(),
  offset: 0,
  complete: false,
  capped: false,
  forbidden: false,
  generation: 0,
};

/** How a page read ended; messages are words safe to show. */
export type ActivityPage =
  | { readonly kind: 'page'; readonly activities: readonly Activity[] }
  /** 403: this key's role may not read the feed (it will not change by asking again). */
  | { readonly kind: 'forbidden'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/** A first read asked for (of a new query when one is given: what was held for the old one goes). */
export function withFirstAsked(state: ActivityState, query?: ActivityQuery): ActivityState {
  return {
    ...(query !== undefined ? { ...emptyActivity, query } : state),
    loading: 'first',
    generation: state.generation + 1,
  };
}

/** Whether the next page may be asked for: none under way, and more to read. */
export function canReadMore(state: ActivityState): boolean {
  return state.loading === undefined && !state.complete && !state.capped;
}

export function withMoreAsked(state: ActivityState): ActivityState {
  return canReadMore(state) ? { ...state, loading: 'more' } : state;
}

/**
 * A first page merged with what is held: its new rows go on top and the deeper pages stay, unless
 * none of its rows is held (more than a page happened since): then it starts over, since the rows
 * between it and what is held were never read.
 */
export function withFirstPage(state: ActivityState, page: readonly Activity[], now: number): ActivityState {
  const overlaps = page.some((a) => state.byId.has(a.activityId));
  const keep = overlaps ? state.rows : [];
  const fresh = page.filter((a) => !overlaps || !state.byId.has(a.activityId));
  // Held rows the page carries again are replaced by its copy (a title may have been edited).
  const pageById = new Map(page.map((a) => [a.activityId, a]));
  const all = [...fresh, ...keep.map((a) => pageById.get(a.activityId) ?? a)];
  const rows = all.slice(0, MAX_ACTIVITY_HELD);
  // The oldest row is held if it was before and the cap cut nothing.
  const cut = rows.length < all.length;
  return {
    ...state,
    rows,
    byId: new Map(rows.map((a) => [a.activityId, a])),
    offset: overlaps ? state.offset + fresh.length : page.length,
    loading: undefined,
    complete: !cut && (overlaps ? state.complete : page.length < ACTIVITY_PAGE_SIZE),
    capped: rows.length >= MAX_ACTIVITY_HELD,
    error: undefined,
    forbidden: false,
    readAt: now,
  };
}

/** The next page appended (rows already held, moved down by newer ones, are not repeated). */
export function withNextPage(state: ActivityState, page: readonly Activity[], now: number): ActivityState {
  const fresh = page.filter((a) => !state.byId.has(a.activityId));
  const all = [...state.rows, ...fresh];
  const rows = all.slice(0, MAX_ACTIVITY_HELD);
  const same = fresh.length === 0;
  return {
    ...state,
    // Nothing new (a page of rows pushed down): the same rows, so the list is not derived again.
    rows: same ? state.rows : rows,
    byId: same ? state.byId : new Map(rows.map((a) => [a.activityId, a])),
    offset: state.offset + page.length,
    loading: undefined,
    complete: page.length < ACTIVITY_PAGE_SIZE && rows.length === all.length,
    capped: rows.length >= MAX_ACTIVITY_HELD,
    error: undefined,
    readAt: now,
  };
}

export function withActivityFailure(
  state: ActivityState,
  answer: Exclude<ActivityPage, { kind: 'page' }>,
): ActivityState {
  return answer.kind === 'forbidden'
    ? { ...state, loading: undefined, forbidden: true, error: undefined }
    : { ...state, loading: undefined, error: answer.message };
}

/** An answer to the read `asked` was: dropped when a newer first read was asked since. */
export function withActivityAnswer(
  state: ActivityState,
  asked: { readonly generation: number; readonly first: boolean },
  answer: ActivityPage,
  now: number,
): ActivityState {
  if (state.generation !== asked.generation) return state;
  if (answer.kind !== 'page') return withActivityFailure(state, answer);
  return asked.first ? withFirstPage(state, answer.activities, now) : withNextPage(state, answer.activities, now);
}

/** Whether the cursor at `index` of `shown` rows is near enough the end to read the next page. */
export function wantsMoreActivity(state: ActivityState, index: number, shown: number, visibleRows: number): boolean {
  if (!canReadMore(state) || state.forbidden || state.error !== undefined) return false;
  if (state.readAt === undefined) return false;
  return index >= shown - Math.max(1, visibleRows) * AHEAD_SCREENS;
}

export type ActivityStore = StoreApi<ActivityState>;

export function createActivityStore(): ActivityStore {
  return createStore<ActivityState>()(() => emptyActivity);
}
