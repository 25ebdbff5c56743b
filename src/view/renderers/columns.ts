// Columns as data (k9s' render/ model): each resource declares its columns, each with the cell
// function that reads a record; layoutColumns decides which fit, and composeRow turns the cells of
// the placed columns into one line of text.
import { displayWidth, fitCell, truncateMiddle } from '../../format/index.js';
import type { RenderCtx } from './context.js';

export type Truncate = 'end' | 'middle' | 'keep-end';

/** How a column is laid out, whatever it shows. */
export interface ColumnSpec {
  readonly id: string;
  readonly title: string;
  /** Fixed width; or minWidth (+ flex) for a column that takes spare room. */
  readonly width?: number;
  readonly minWidth?: number;
  readonly maxWidth?: number;
  /** Share of the spare width (flexible columns only). */
  readonly flex?: number;
  /** Higher stays longer: the lowest priority is dropped first when the terminal is narrow. */
  readonly priority: number;
  readonly align?: 'left' | 'right';
  /** How text too long for the column is cut: ids and addresses keep both ends. */
  readonly truncate?: Truncate;
  /** Colored by the record's tone (the status column). */
  readonly toned?: boolean;
  /** Left out of `/` filtering: values that change with time or prices. */
  readonly searchable?: boolean;
}

/** A column of records R: its layout and how a record reads in it (untruncated: the layout cuts). */
export interface Column<R> extends ColumnSpec {
  cell(record: R, ctx: RenderCtx): string;
}

export interface PlacedColumn<C extends ColumnSpec = ColumnSpec> {
  readonly column: C;
  /** Index into the resource's columns. */
  readonly index: number;
  readonly width: number;
  /** Start column of the cell within the row text (after the gutter). */
  readonly start: number;
}

export interface ColumnLayout<C extends ColumnSpec = ColumnSpec> {
  readonly placed: readonly PlacedColumn<C>[];
  /** Width of the cells and gaps. */
  readonly width: number;
}

export const COLUMN_GAP = 1;

function baseWidth(c: ColumnSpec): number {
  return c.width ?? c.minWidth ?? 1;
}

/**
 * Which columns fit in `width`, and how wide each is. The lowest priority goes first (among
 * equals, the rightmost); spare width then goes to flexible columns by their share, up to their
 * maxWidth. Pure: the same columns and width always give the same layout.
 */
export function layoutColumns<C extends ColumnSpec>(
  columns: readonly C[],
  width: number,
  gap = COLUMN_GAP,
): ColumnLayout<C> {
  const kept = columns.map((column, index) => ({ column, index }));
  const need = () =>
    kept.reduce((sum, k) => sum + baseWidth(k.column), 0) + gap * Math.max(0, kept.length - 1);
  while (kept.length > 1 && need() > width) {
    let drop = 0;
    for (let i = 1; i < kept.length; i++) {
      if (kept[i]!.column.priority <= kept[drop]!.column.priority) drop = i;
    }
    kept.splice(drop, 1);
  }
  const widths = kept.map((k) => baseWidth(k.column));
  let spare = width - need();
  // Hand out the spare room in rounds: a column that reaches its maxWidth leaves the rest to others.
  while (spare > 0) {
    const growable = kept
      .map((k, i) => ({
        i,
        flex: k.column.width === undefined ? (k.column.flex ?? 0) : 0,
        max: k.column.maxWidth,
      }))
      .filter((g) => g.flex > 0 && (g.max === undefined || widths[g.i]! < g.max));
    if (growable.length === 0) break;
    const shares = growable.reduce((sum, g) => sum + g.flex, 0);
    let given = 0;
    for (const g of growable) {
      const room = g.max === undefined ? Number.POSITIVE_INFINITY : g.max - widths[g.i]!;
      const add = Math.min(room, Math.max(1, Math.floor((spare * g.flex) / shares)), spare - given);
      if (add <= 0) continue;
      widths[g.i]! += add;
      given += add;
    }
    if (given === 0) break;
    spare -= given;
  }
  let start = 0;
  const placed = kept.map((k, i) => {
    const p = { column: k.column, index: k.index, width: widths[i]!, start };
    start += widths[i]! + gap;
    return p;
  });
  return { placed, width: Math.max(0, start - gap) };
}

/** One cell at exactly `width` columns, cut the way its column says. */
export function fitColumn(text: string, column: ColumnSpec, width: number, ascii: boolean): string {
  const align = column.align ?? 'left';
  if (column.truncate === 'middle' && displayWidth(text) > width) {
    return fitCell(truncateMiddle(text, width, { ascii }), width, align, { ascii });
  }
  if (column.truncate === 'keep-end' && displayWidth(text) > width) {
    // Used for sparklines: one column per character, the newest on the right.
    return [...text].slice(-width).join('');
  }
  return fitCell(text, width, align, { ascii });
}

export interface ComposedRow {
  /** The row's cells, fitted and joined: exactly layout.width columns. */
  readonly text: string;
  /** The toned cell's span inside `text` (string indices), when there is one. */
  readonly toneFrom: number;
  readonly toneTo: number;
}

/** The texts of a record's placed columns, in their order. */
export function placedCells<R>(layout: ColumnLayout<Column<R>>, record: R, ctx: RenderCtx): string[] {
  return layout.placed.map((p) => p.column.cell(record, ctx));
}

/**
 * Cells of the placed columns (placedCells) → one line of text; also where the toned (status)
 * cell sits, for a single colored span.
 */
export function composeRow(cells: readonly string[], layout: ColumnLayout, ascii: boolean): ComposedRow {
  let text = '';
  let toneFrom = -1;
  let toneTo = -1;
  const gap = ' '.repeat(COLUMN_GAP);
  layout.placed.forEach((p, i) => {
    if (i > 0) text += gap;
    const cell = fitColumn(cells[i] ?? '', p.column, p.width, ascii);
    if (p.column.toned) {
      toneFrom = text.length;
      toneTo = text.length + cell.length;
    }
    text += cell;
  });
  return { text, toneFrom, toneTo };
}

/** The column titles as one line, aligned like the cells. */
export function composeHeader(layout: ColumnLayout, ascii: boolean): string {
  return layout.placed
    .map((p) => fitColumn(p.column.title, { ...p.column, truncate: 'end' }, p.width, ascii))
    .join(' '.repeat(COLUMN_GAP));
}

/** Lowercased text of a record's id and searchable cells, for `/` filtering. */
export function searchText<R>(id: string, columns: readonly Column<R>[], record: R, ctx: RenderCtx): string {
  const parts: string[] = [id];
  for (const c of columns) if (c.searchable !== false) parts.push(c.cell(record, ctx));
  return parts.join('\u0000').toLowerCase();
}
