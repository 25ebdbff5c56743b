// A transactions view's finished history, held as a window: the rows of one server query that
// the console has read, contiguous in the server's order (newest first by the view's sort key).
// Pages are read by key, not by offset (below the oldest key held, above the newest), so rows
// that finish or arrive meanwhile never shift a page; far from the cursor the window is cut again
// under a memory budget, and the cut side reads back in when the cursor comes near. Everything
// here is pure; live/tx-windows.ts does the reading.
import { compareMillis } from './merge.js';

/** The sorts the server has: by creation (the API's `activity`) and by last update. */
export type TxSort = 'created' | 'updated';

/** A page of the window: what the server answered, in its order. */
export interface WindowPage {
  readonly direction: 'first' | 'down' | 'up';
  /** Rows read, in the server's order for that direction (down: newest first; up: oldest first). */
  readonly rows: readonly { readonly id: string; readonly key: string }[];
  /** Records the server sent (unreadable ones included): fewer than `limit` means the end. */
  readonly rawCount: number;
  readonly limit: number;
}

export interface TxWindow {
  /** History rows held, newest first, as the server orders them (ties by id). */
  readonly ids: readonly string[];
  /** Sort key of each held row (epoch-ms strings). */
  readonly keys: ReadonlyMap<string, string>;
  /** Sort key of the newest row held when newer rows were cut off (undefined: nothing above). */
  readonly top?: string;
  /** Rows cut off above `top`: the position of the first held row is this plus one. */
  readonly droppedAbove: number;
  /** The oldest row of the history is held: nothing more below. */
  readonly complete: boolean;
  /** A read in flight, or the last one failed (`error`, words safe to show). */
  readonly loading?: 'first' | 'down' | 'up';
  readonly error?: string;
}

export const EMPTY_WINDOW: TxWindow = { ids: [], keys: new Map(), droppedAbove: 0, complete: false };

/** The key of the oldest row held, or undefined before the first page. */
export function bottomKey(w: TxWindow): string | undefined {
  const last = w.ids.at(-1);
  return last === undefined ? undefined : w.keys.get(last);
}

/** How many held rows at one end share that end's key (the offset of the next keyed page). */
function tieRun(w: TxWindow, fromEnd: boolean): number {
  const n = w.ids.length;
  if (n === 0) return 0;
  const edge = w.keys.get(w.ids[fromEnd ? n - 1 : 0]!);
  let run = 0;
  for (let i = 0; i < n; i++) {
    const id = w.ids[fromEnd ? n - 1 - i : i]!;
    if (w.keys.get(id) !== edge) break;
    run++;
  }
  return run;
}

/**
 * The next page to ask for, as keyed bounds: `down` reads rows at or below the oldest key held
 * (newest first), skipping the rows of that very key already held; `up` reads rows at or above
 * the newest key held after a cut (oldest first). Undefined when there is nothing to read that way.
 */
export function nextPage(
  w: TxWindow,
  direction: 'down' | 'up',
  limit: number,
): { readonly direction: 'down' | 'up'; readonly to?: string; readonly from?: string; readonly offset: number; readonly limit: number } | undefined {
  if (direction === 'down') {
    if (w.complete) return undefined;
    const bottom = bottomKey(w);
    if (bottom === undefined) return { direction, offset: 0, limit };
    return { direction, to: bottom, offset: tieRun(w, true), limit };
  }
  if (w.top === undefined || w.ids.length === 0) return undefined;
  return { direction, from: w.top, offset: tieRun(w, false), limit };
}

/** The window with a page added (rows it already holds are skipped, so overlaps are harmless). */
export function withPage(w: TxWindow, page: WindowPage): TxWindow {
  const base = page.direction === 'first' ? EMPTY_WINDOW : w;
  const keys = new Map(base.keys);
  const fresh: string[] = [];
  for (const { id, key } of page.rows) {
    if (keys.has(id)) continue;
    keys.set(id, key);
    fresh.push(id);
  }
  const short = page.rawCount < page.limit;
  if (page.direction === 'up') {
    // Read oldest first: the newest of them goes on top.
    const ids = [...fresh.reverse(), ...base.ids];
    const dropped = Math.max(0, base.droppedAbove - fresh.length);
    if (short) return { ids, keys, droppedAbove: 0, complete: base.complete };
    return { ids, keys, top: keys.get(ids[0]!)!, droppedAbove: dropped === 0 ? 1 : dropped, complete: base.complete };
  }
  const ids = [...base.ids, ...fresh];
  return {
    ids,
    keys,
    ...(base.top !== undefined ? { top: base.top } : {}),
    droppedAbove: base.droppedAbove,
    complete: short,
  };
}

/**
 * The window without `count` rows at one end: `top` cuts the newest (the cursor went far down),
 * `bottom` the oldest (it went back up). Returns the ids cut, for the caller to forget.
 */
export function cut(w: TxWindow, side: 'top' | 'bottom', count: number): { window: TxWindow; cut: readonly string[] } {
  const n = Math.max(0, Math.min(count, w.ids.length));
  if (n === 0) return { window: w, cut: [] };
  const cutIds = side === 'top' ? w.ids.slice(0, n) : w.ids.slice(w.ids.length - n);
  const ids = side === 'top' ? w.ids.slice(n) : w.ids.slice(0, w.ids.length - n);
  const keys = new Map(w.keys);
  for (const id of cutIds) keys.delete(id);
  if (side === 'top') {
    const top = ids.length > 0 ? keys.get(ids[0]!) : undefined;
    const window: TxWindow = {
      ids,
      keys,
      ...(top !== undefined ? { top } : {}),
      droppedAbove: w.droppedAbove + n,
      complete: w.complete,
    };
    return { window, cut: cutIds };
  }
  return {
    window: { ids, keys, ...(w.top !== undefined ? { top: w.top } : {}), droppedAbove: w.droppedAbove, complete: false },
    cut: cutIds,
  };
}

/**
 * Whether a row with this sort key lies inside what the window covers: not below the oldest row
 * held (unless the history is complete), not above a cut-off top. Rows the console holds for
 * other reasons (live work, this session's changes) show only inside it, so the list never skips
 * history it has not read.
 */
export function covers(w: TxWindow, key: string): boolean {
  if (!w.complete) {
    const bottom = bottomKey(w);
    if (bottom === undefined || compareMillis(key, bottom) < 0) return false;
  }
  return w.top === undefined || compareMillis(key, w.top) <= 0;
}

/** The window marked as reading (or, with an error, as having failed to). */
export function withLoading(w: TxWindow, loading: TxWindow['loading'], error?: string): TxWindow {
  if (w.loading === loading && w.error === error) return w;
  const { loading: _l, error: _e, ...rest } = w;
  return { ...rest, ...(loading !== undefined ? { loading } : {}), ...(error !== undefined ? { error } : {}) };
}
