// The selection and the table window as rows arrive (src/view/focus/selection.ts): at the top the window
// stays at the top and the selection moves down with its row; scrolled away the window holds still
// on the rows it shows and counts the rows that arrived above it.
import { describe, expect, it } from 'vitest';
import type { ListState } from '../../src/store/ui.js';
import { makeList } from '../../src/view/resources/kit.js';
import {
  type Move,
  moveSelection,
  newRowsAbove,
  resolveSelection,
  SEEN_ROWS,
  type SelectionList,
  settleSelection,
} from '../../src/view/focus/selection.js';

const H = 4;
const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

function list(ids: readonly string[], above = 0): SelectionList {
  const l = makeList(ids, () => ({}), ids.length);
  return above > 0 ? { ...l, history: { above } } : l;
}

const plain = list(LETTERS);
/** `n` new rows arrived above the letters. */
const arrived = (n: number, above = 0) =>
  list([...Array.from({ length: n }, (_, i) => `n${i + 1}`), ...LETTERS], above);

function state(patch: Partial<ListState>): ListState {
  return { cursor: 0, row: 0, filter: '', sort: 0, ...patch };
}

describe('resolveSelection', () => {
  it.each<[string, Partial<ListState>, SelectionList, boolean, { index: number; offset: number }]>([
    ['nothing remembered: the top', {}, plain, false, { index: 0, offset: 0 }],
    ['at the top, by id', { selectedId: 'c', cursor: 2, row: 2 }, plain, false, { index: 2, offset: 0 }],
    [
      'at the top, rows arrived: the window stays, the selection moves down with its row',
      { selectedId: 'a', cursor: 0, row: 0 },
      arrived(2),
      false,
      { index: 2, offset: 0 },
    ],
    [
      'at the top, a chosen selection pushed past the bottom edge: the window holds it on the last row',
      { selectedId: 'a', cursor: 0, row: 0 },
      arrived(5),
      false,
      { index: 5, offset: 2 },
    ],
    [
      'at the top, an implied selection pushed past the bottom edge: the last row, the window stays',
      { selectedId: 'a', implied: true, cursor: 0, row: 0 },
      arrived(5),
      false,
      { index: 3, offset: 0 },
    ],
    ['nothing selected yet, far down: the last row of the top window', { cursor: 7 }, plain, false, { index: 3, offset: 0 }],
    [
      'scrolled away, by its first row',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd' },
      plain,
      false,
      { index: 5, offset: 3 },
    ],
    [
      'scrolled away, rows arrived above: the window holds still on the same rows',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd' },
      arrived(2),
      false,
      { index: 7, offset: 5 },
    ],
    [
      'scrolled away, a row arrived inside the window: its first row stays, the selection moves down',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd' },
      list(['a', 'b', 'c', 'd', 'x', 'e', 'f', 'g', 'h', 'i', 'j']),
      false,
      { index: 6, offset: 3 },
    ],
    [
      'the first row left: the selection keeps its screen row',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd' },
      list(['a', 'b', 'c', 'e', 'f', 'g', 'h', 'i', 'j']),
      false,
      { index: 4, offset: 2 },
    ],
    [
      'the first row moved far from the selection (a reordering sort): the screen row',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd' },
      list(['d', 'a', 'b', 'c', 'e', 'f', 'g', 'h', 'i', 'j']),
      false,
      { index: 5, offset: 3 },
    ],
    [
      'the selected id left: the same index, in the same window',
      { selectedId: 'zz', cursor: 7, row: 3, top: 'e' },
      plain,
      false,
      { index: 7, offset: 4 },
    ],
    [
      'an index past the end is clamped and shown',
      { selectedId: 'zz', cursor: 70, row: 3 },
      plain,
      false,
      { index: 9, offset: 6 },
    ],
    [
      'rows left below: the window does not show empty rows',
      { selectedId: 'f', cursor: 5, row: 1, top: 'e' },
      list(['a', 'b', 'c', 'd', 'e', 'f']),
      false,
      { index: 5, offset: 2 },
    ],
    [
      'older rows read back in above a cut history: the window holds still',
      { selectedId: 'a', cursor: 0, row: 0, top: 'a' },
      arrived(3, 97),
      false,
      { index: 3, offset: 3 },
    ],
    ['follow: the top row', { selectedId: 'f', cursor: 5, row: 2, top: 'd' }, plain, true, { index: 0, offset: 0 }],
  ])('%s', (_name, patch, rows, follow, expected) => {
    const sel = resolveSelection(state(patch), rows, H, follow);
    expect({ index: sel.index, offset: sel.offset }).toEqual(expected);
    expect(sel.id).toBe(rows.ids[expected.index]);
  });

  it('an empty list has no selection', () => {
    expect(resolveSelection(state({ selectedId: 'a', top: 'a' }), list([]), H)).toEqual({ index: -1, offset: 0 });
  });
});

describe('moveSelection', () => {
  const seen = LETTERS.slice(0, SEEN_ROWS);
  const atTop = { top: undefined, seen: undefined };

  it.each<[string, Partial<ListState>, SelectionList, Move, boolean, Partial<ListState>]>([
    ['down at the top', { selectedId: 'a' }, plain, 1, false, { selectedId: 'b', cursor: 1, row: 1, ...atTop }],
    [
      'down at the bottom edge scrolls: the window leaves the top, the rows there are seen',
      { selectedId: 'd', cursor: 3, row: 3 },
      plain,
      1,
      false,
      { selectedId: 'e', cursor: 4, row: 3, top: 'b', seen },
    ],
    ['up at the top stays', { selectedId: 'a' }, plain, -1, false, { selectedId: 'a', cursor: 0, row: 0, ...atTop }],
    ['bottom', { selectedId: 'a' }, plain, 'bottom', false, { selectedId: 'j', cursor: 9, row: 3, top: 'g', seen }],
    [
      'top: back at the top, nothing is counted new',
      { selectedId: 'j', cursor: 9, row: 3, top: 'g', seen: ['x'] },
      plain,
      'top',
      false,
      { selectedId: 'a', cursor: 0, row: 0, ...atTop },
    ],
    [
      'page down keeps the screen row',
      { selectedId: 'b', cursor: 1, row: 1 },
      plain,
      'pageDown',
      false,
      { selectedId: 'f', cursor: 5, row: 1, top: 'e', seen },
    ],
    [
      'page up to the top',
      { selectedId: 'f', cursor: 5, row: 1, top: 'e', seen },
      plain,
      'pageUp',
      false,
      { selectedId: 'b', cursor: 1, row: 1, ...atTop },
    ],
    [
      'moving while away keeps what was seen when the window left the top',
      { selectedId: 'f', cursor: 5, row: 1, top: 'e', seen: ['x', 'a'] },
      plain,
      1,
      false,
      { selectedId: 'g', cursor: 6, row: 2, top: 'e', seen: ['x', 'a'] },
    ],
    [
      'moving while away, after rows arrived: from the rows on screen',
      { selectedId: 'f', cursor: 5, row: 1, top: 'e', seen },
      arrived(3),
      -1,
      false,
      { selectedId: 'e', cursor: 7, row: 0, top: 'e', seen },
    ],
    [
      'pushed off the top by arrivals: the rows above the window are the new ones',
      { selectedId: 'a', cursor: 0, row: 0 },
      arrived(5),
      1,
      false,
      { selectedId: 'b', cursor: 6, row: 3, top: 'n4', seen: ['n3', 'n4', 'n5', 'a', 'b', 'c', 'd', 'e'] },
    ],
    [
      'a move ends following, from the top',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['x'] },
      plain,
      1,
      true,
      { selectedId: 'b', cursor: 1, row: 1, ...atTop },
    ],
    [
      'top of a history cut above: the window holds its first row (older rows read back in)',
      { selectedId: 'f', cursor: 5, row: 1, top: 'e', seen: ['x'] },
      list(LETTERS, 50),
      'top',
      false,
      { selectedId: 'a', cursor: 0, row: 0, top: 'a', seen: ['x'] },
    ],
  ])('%s', (_name, patch, rows, m, follow, expected) => {
    // A move is the person's choice: the selection is no longer implied.
    expect(moveSelection(state(patch), rows, H, m, follow)).toEqual({ implied: false, ...expected });
  });

  it('an empty list: nothing selected, the window at the top', () => {
    expect(moveSelection(state({ selectedId: 'a', top: 'a', seen: ['a'] }), list([]), H, 1)).toEqual({
      cursor: 0,
      row: 0,
      selectedId: undefined,
      ...atTop,
    });
  });
});

describe('newRowsAbove', () => {
  it.each<[string, Partial<ListState>, SelectionList, number]>([
    ['at the top: none', { selectedId: 'a' }, arrived(3), 0],
    ['away, nothing arrived', { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['a', 'b'] }, plain, 0],
    ['away, rows arrived above', { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['a', 'b'] }, arrived(3), 3],
    [
      'the newest row seen moved down (a reordering sort): the next one seen counts',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['a', 'b'] },
      list(['n1', 'b', 'c', 'd', 'a', 'e', 'f', 'g']),
      1,
    ],
    [
      'no row seen is listed any more: none counted',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['x', 'y'] },
      arrived(3),
      0,
    ],
    ['never more than the rows above the window', { selectedId: 'g', cursor: 6, row: 1, top: 'f', seen: ['h'] }, plain, 5],
  ])('%s', (_name, patch, rows, expected) => {
    const s = state(patch);
    expect(newRowsAbove(s, rows, resolveSelection(s, rows, H))).toBe(expected);
  });
});

describe('settleSelection', () => {
  it.each<[string, Partial<ListState>, SelectionList, Partial<ListState> | undefined]>([
    ['the first row at start is remembered, as implied', {}, plain, { selectedId: 'a', implied: true, cursor: 0, row: 0 }],
    ['steady at the top: nothing to write', { selectedId: 'a' }, plain, undefined],
    ['rows arriving at the top write nothing', { selectedId: 'a' }, arrived(2), undefined],
    [
      'an implied selection pushed along the last row: the row there is remembered',
      { selectedId: 'a', implied: true },
      arrived(5),
      { selectedId: 'n4', cursor: 3, row: 3 },
    ],
    [
      'pushed past the bottom edge: the window is held where it is, the rows above it are new',
      { selectedId: 'a' },
      arrived(5),
      { top: 'n3', cursor: 5, row: 3, seen: ['n3', 'n4', 'n5', 'a', 'b', 'c', 'd', 'e'] },
    ],
    [
      'holding still as rows arrive writes nothing',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['a'] },
      arrived(2),
      undefined,
    ],
    [
      'the rows above the window left: it is at the top again',
      { selectedId: 'c', cursor: 2, row: 2, top: 'a', seen: ['x', 'a'] },
      list(['a', 'b', 'c', 'd', 'e']),
      { top: undefined, seen: undefined },
    ],
    [
      'no row seen is listed (a filter): counting starts again from the rows on screen',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['x', 'y'] },
      plain,
      { seen: ['d', 'e', 'f', 'g', 'h', 'i', 'j'] },
    ],
    [
      'the first row left: the new first row is remembered',
      { selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['a'] },
      list(['a', 'b', 'c', 'e', 'f', 'g', 'h', 'i', 'j']),
      { top: 'c', cursor: 4, row: 2 },
    ],
    [
      'the selected id left: its neighbour is remembered',
      { selectedId: 'zz', cursor: 7, row: 3, top: 'e', seen: ['a'] },
      plain,
      { selectedId: 'h', implied: true, cursor: 7, row: 3 },
    ],
  ])('%s', (_name, patch, rows, expected) => {
    const s = state(patch);
    expect(settleSelection(s, rows, resolveSelection(s, rows, H))).toEqual(expected);
  });

  it('a selection far from its remembered index gets the index again (lookups stay near)', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `r${i}`);
    const s = state({ selectedId: 'r50', cursor: 10, row: 1, top: 'r49', seen: ['r0'] });
    expect(settleSelection(s, list(ids), resolveSelection(s, list(ids), H))).toEqual({ cursor: 50, row: 1 });
  });

  it('settling twice writes nothing the second time', () => {
    for (const [patch, rows] of [
      [{}, plain],
      [{ selectedId: 'a' }, arrived(5)],
      [{ selectedId: 'f', cursor: 5, row: 2, top: 'd', seen: ['x'] }, list(['a', 'b', 'c', 'e', 'f', 'g'])],
    ] as const) {
      let s = state(patch);
      s = { ...s, ...settleSelection(s, rows, resolveSelection(s, rows, H)) };
      expect(settleSelection(s, rows, resolveSelection(s, rows, H))).toBeUndefined();
    }
  });
});
