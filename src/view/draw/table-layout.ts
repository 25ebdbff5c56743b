// A list pane's column layout as its rows come and go. Widths follow the text of the rows on screen
// (a long account name gets its room when there is room) and hold still while you look: they only
// grow while any row of the screen they were laid out for is still on screen, so moving the cursor,
// scrolling a few rows and live rows arriving never shift the columns back and forth. A new screen
// of rows (a page, a filter, a sort, a screenful of movement) or a new width lays them out afresh.
// An unchanged layout is the same object (the table's composed rows stay cached).
import { GUTTER } from '../base/layout.js';
import { type Column, COLUMN_GAP, type ColumnLayout, contentWidths, layoutColumns } from './columns.js';
import { cellReaderOf } from './cell-reader.js';
import { type RenderCtx, sameRenderCtx } from './context.js';

export interface LayoutWindow<R> {
  /** The terminal's width: the table is this minus the gutter. */
  readonly width: number;
  /** The ids of the rows on screen, and their records. */
  readonly ids: readonly string[];
  readonly records: readonly R[];
  readonly ctx: RenderCtx;
}

export type WindowLayout<R> = (window: LayoutWindow<R>) => ColumnLayout<Column<R>>;

type Wants = readonly (number | undefined)[];

/** The layout of the table `width` columns wide, without looking at any row (the widths alone). */
export function tableLayout<R>(columns: readonly Column<R>[], width: number): ColumnLayout<Column<R>> {
  return layoutColumns(columns, Math.max(1, width - GUTTER));
}

/** The same records read with the same names, prices and clock: their texts are the same too. */
function sameWindow<R>(a: LayoutWindow<R> | undefined, b: LayoutWindow<R>): boolean {
  if (a === undefined || a.records.length !== b.records.length) return false;
  return sameRenderCtx(a.ctx, b.ctx) && a.records.every((r, i) => r === b.records[i]);
}

/** One pane's layout over time: keep it per pane and console (vm.cache). */
export function windowLayout<R>(columns: readonly Column<R>[]): WindowLayout<R> {
  const cell = cellReaderOf(columns);
  let width = -1;
  /** The rows on screen when the widths were last laid out afresh. */
  let laidOutFor = new Set<string>();
  let wants: Wants = [];
  let key = '';
  let layout: ColumnLayout<Column<R>> | undefined;
  let measured: LayoutWindow<R> | undefined;
  let seen: Wants = [];
  return (w) => {
    // A key that only moves the cursor reads no cell.
    if (!sameWindow(measured, w)) {
      seen = contentWidths(columns, w.records, w.ctx, cell);
      measured = w;
    }
    const holding = w.width === width && w.ids.some((id) => laidOutFor.has(id));
    if (!holding) laidOutFor = new Set(w.ids);
    const next = holding ? seen.map((v, i) => (v === undefined ? v : Math.max(v, wants[i] ?? 0))) : seen;
    const nextKey = next.join(',');
    if (layout !== undefined && w.width === width && nextKey === key) return layout;
    width = w.width;
    wants = next;
    key = nextKey;
    layout = layoutColumns(columns, Math.max(1, w.width - GUTTER), COLUMN_GAP, next);
    return layout;
  };
}
