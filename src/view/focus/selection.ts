// Where the cursor and the table window are, derived from what the ui store remembers (the selected
// id, the window's first row while scrolled away, the rows seen when it left the top) and the
// current rows. Pure, so the pane that draws and the dispatcher that moves agree without either
// writing the other's state.
//
// Rows arrive while the person reads. At the top the window stays at the top: new rows come into
// sight and the selection stays on its row, so it moves down. At the bottom edge a chosen selection
// stays on its row and the window holds still on it (as if scrolled away); one the person never
// chose (a console left alone) stays on the last row, so the window stays at the top for good.
// Scrolled away, the window holds still on the rows it shows and the pane counts the rows that
// arrived above it ("▲ N new").
import type { ListState } from '../../store/ui.js';
import type { DerivedList } from '../resources/kit.js';

export interface Selection {
  /** Row of the selection in the list, -1 when the list is empty. */
  readonly index: number;
  /** First row of the visible window. */
  readonly offset: number;
  readonly id?: string;
}

/** What the selection reads of a list: its ids, and whether newer rows were cut off above it. */
export type SelectionList = Pick<DerivedList<unknown>, 'ids' | 'indexOf'> & {
  readonly history?: { readonly above: number };
};

/** Rows remembered as seen when the window leaves the top: enough that one of them stays listed. */
export const SEEN_ROWS = 8;

/** The selection drifting this far from its remembered index gets the index written again. */
const CURSOR_DRIFT = 32;

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/** The window shows the first row of the whole list (no newer rows were let go of above it). */
function atListTop(list: SelectionList, offset: number): boolean {
  return offset === 0 && (list.history?.above ?? 0) === 0;
}

/** The person did not choose the selection (nothing selected yet, or it was implied). */
function isImplied(state: ListState): boolean {
  return state.selectedId === undefined || state.implied === true;
}

/**
 * The selection now: the remembered id where it is now (rows may have moved), else the same index
 * (clamped); with follow on, the top row. The window stays at the top when it was there (an implied
 * selection pushed past its bottom edge stays on the last row), else on its remembered first row
 * (else on the selection's screen row); it always shows the selection.
 */
export function resolveSelection(state: ListState, list: SelectionList, height: number, follow = false): Selection {
  const n = list.ids.length;
  if (n === 0) return { index: -1, offset: 0 };
  const h = Math.max(1, height);
  if (follow) return { index: 0, offset: 0, id: list.ids[0]! };
  let index = state.selectedId === undefined ? -1 : list.indexOf(state.selectedId, state.cursor);
  if (index < 0) index = clamp(state.cursor, 0, n - 1);
  const row = clamp(state.row, 0, h - 1);
  let offset = 0;
  if (state.top !== undefined) {
    const top = list.indexOf(state.top, Math.max(0, state.cursor - row));
    // The first row moved away from the selection (a sort that reorders): keep the screen row.
    offset = top >= 0 && index >= top && index < top + h ? top : index - row;
  } else if (index >= h && isImplied(state)) index = h - 1;
  offset = clamp(offset, 0, Math.max(0, n - h));
  if (index < offset) offset = index;
  if (index >= offset + h) offset = index - h + 1;
  return { index, offset, id: list.ids[index]! };
}

/** Where the window is after a move: its first row and the rows seen when it left the top. */
function windowAt(state: ListState, list: SelectionList, from: Selection, offset: number): Partial<ListState> {
  if (atListTop(list, offset)) return { top: undefined, seen: undefined };
  // Leaving the top: the rows from the window's first one down were seen; any above it (those
  // that pushed a chosen selection off the top) arrived unseen.
  const seen = state.top === undefined ? seenFrom(list, from.offset) : (state.seen ?? seenFrom(list, 0));
  return { top: list.ids[offset]!, seen };
}

/** The rows seen at a window's first row: those above it are counted new from here on. */
function seenFrom(list: SelectionList, offset: number): readonly string[] {
  return list.ids.slice(offset, offset + SEEN_ROWS);
}

export type Move = number | 'top' | 'bottom' | 'pageDown' | 'pageUp';

/** The ui state after a move: a new id, index, screen row and window (vim-like: it scrolls at the edges). */
export function moveSelection(
  state: ListState,
  list: SelectionList,
  height: number,
  move: Move,
  follow = false,
): Partial<ListState> {
  const n = list.ids.length;
  if (n === 0) return { cursor: 0, row: 0, selectedId: undefined, top: undefined, seen: undefined };
  const h = Math.max(1, height);
  const last = Math.max(0, n - h);
  const cur = resolveSelection(state, list, h, follow);
  const row = cur.index - cur.offset;
  let index: number;
  let offset: number;
  if (move === 'top') {
    index = 0;
    offset = 0;
  } else if (move === 'bottom') {
    index = n - 1;
    offset = last;
  } else if (move === 'pageDown' || move === 'pageUp') {
    // A page moves the window by its height and keeps the cursor on the same screen row.
    index = clamp(cur.index + (move === 'pageDown' ? h : -h), 0, n - 1);
    offset = clamp(index - row, 0, last);
  } else {
    index = clamp(cur.index + move, 0, n - 1);
    offset = cur.offset;
    if (index < offset) offset = index;
    if (index >= offset + h) offset = index - h + 1;
  }
  const placed = follow ? { ...state, top: undefined, seen: undefined } : state;
  return {
    selectedId: list.ids[index]!,
    implied: false,
    cursor: index,
    row: index - offset,
    ...windowAt(placed, list, cur, offset),
  };
}

/**
 * Rows that arrived above the window since it left the top: those listed above every row seen
 * then that is still listed (a seen row that moved down, in a sort that reorders, counts for
 * nothing). None at the top, none when no row seen then is listed (the pane starts counting again).
 */
export function newRowsAbove(state: ListState, list: SelectionList, sel: Selection): number {
  if (sel.offset === 0 || state.seen === undefined) return 0;
  let first = -1;
  for (const id of state.seen) {
    const at = list.indexOf(id);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first < 0 ? 0 : Math.min(first, sel.offset);
}

/**
 * What the pane writes back after drawing, so that rows arriving later move around what the
 * person sees rather than under it: the selection it implied (the first row at start, the
 * neighbour of a row that left, the last row for one pushed along it), the window's first row
 * once it is away from the top (pushed there by arrivals, or kept in sight of a moved selection),
 * and a fresh set of seen rows when none of the old ones is listed any more (a filter). Undefined
 * when nothing changed, so a steady list writes nothing.
 */
export function settleSelection(
  state: ListState,
  list: SelectionList,
  sel: Selection,
): Partial<ListState> | undefined {
  if (sel.id === undefined) return undefined;
  const patch: { -readonly [K in keyof ListState]?: ListState[K] } = {};
  const placed = () => {
    patch.cursor = sel.index;
    patch.row = sel.index - sel.offset;
  };
  if (sel.id !== state.selectedId) {
    patch.selectedId = sel.id;
    if (state.implied !== true) patch.implied = true;
    placed();
  } else if (Math.abs(sel.index - state.cursor) > CURSOR_DRIFT) placed();
  if (atListTop(list, sel.offset)) {
    if (state.top !== undefined) patch.top = undefined;
    if (state.seen !== undefined) patch.seen = undefined;
  } else {
    const top = list.ids[sel.offset]!;
    if (state.top !== top) {
      patch.top = top;
      placed();
    }
    const seenListed = state.seen?.some((id) => list.indexOf(id) >= 0) === true;
    if (!seenListed) patch.seen = seenFrom(list, sel.offset);
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
