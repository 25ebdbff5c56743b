// Where the cursor is, derived from what the ui store remembers (the selected id, its last index
// and its screen row) and the current rows. Pure, so the pane that draws and the dispatcher that
// moves agree without either writing the other's state.
import type { ListState } from '../store/ui.js';
import type { DerivedList } from './resources/kit.js';

export interface Selection {
  /** Row of the selection in the list, -1 when the list is empty. */
  readonly index: number;
  /** First row of the visible window. */
  readonly offset: number;
  readonly id?: string;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/**
 * The selection now: the remembered id where it is now (rows may have moved), else the same index
 * (clamped); with follow on, the top row. The window keeps the selection on the same screen row,
 * so rows arriving above it do not move it on screen.
 */
export function resolveSelection(
  state: ListState,
  list: Pick<DerivedList<unknown>, 'ids' | 'indexOf'>,
  height: number,
  follow = false,
): Selection {
  const n = list.ids.length;
  if (n === 0) return { index: -1, offset: 0 };
  const h = Math.max(1, height);
  if (follow) return { index: 0, offset: 0, id: list.ids[0]! };
  let index = state.selectedId === undefined ? -1 : list.indexOf(state.selectedId, state.cursor);
  if (index < 0) index = clamp(state.cursor, 0, n - 1);
  const row = clamp(state.row, 0, h - 1);
  let offset = clamp(index - row, 0, Math.max(0, n - h));
  if (index < offset) offset = index;
  if (index >= offset + h) offset = index - h + 1;
  return { index, offset, id: list.ids[index]! };
}

export type Move = number | 'top' | 'bottom' | 'pageDown' | 'pageUp';

/** The ui state after a move: a new id, index and screen row (vim-like: the window scrolls at the edges). */
export function moveSelection(
  state: ListState,
  list: Pick<DerivedList<unknown>, 'ids' | 'indexOf'>,
  height: number,
  move: Move,
  follow = false,
): Partial<ListState> {
  const n = list.ids.length;
  if (n === 0) return { cursor: 0, row: 0, selectedId: undefined };
  const h = Math.max(1, height);
  const cur = resolveSelection(state, list, h, follow);
  const row = cur.index - cur.offset;
  let index: number;
  let nextRow: number;
  if (move === 'top') {
    index = 0;
    nextRow = 0;
  } else if (move === 'bottom') {
    index = n - 1;
    nextRow = h - 1;
  } else if (move === 'pageDown' || move === 'pageUp') {
    // A page moves the window by its height and keeps the cursor on the same screen row.
    index = clamp(cur.index + (move === 'pageDown' ? h : -h), 0, n - 1);
    nextRow = row;
  } else {
    index = clamp(cur.index + move, 0, n - 1);
    nextRow = clamp(row + (index - cur.index), 0, h - 1);
  }
  return { selectedId: list.ids[index]!, cursor: index, row: Math.min(nextRow, index) };
}
