// Columns as data (k9s' render/ model): each resource declares its columns, each with the cell
// function that reads a record; layoutColumns decides which fit and how wide (from what the rows
// on screen hold), and composeRow turns the cells of the placed columns into one line of text.
import {
  displayWidth,
  fitAmount,
  fitCell,
  headUnits,
  showHidden,
  tailUnits,
  truncateMiddle,
  unitsFor,
} from '../../format/index.js';
import type { RenderCtx } from './context.js';
import { fitParty } from './party.js';

/**
 * How text too long for its column is cut: at the end (names, words), in the middle (ids and
 * addresses: both ends are what people compare), keeping the end (sparklines: the newest), or an
 * amount's fraction digits from the right (format/amount.ts fitAmount), or a counterparty (the name
 * stays, its address is cut in the middle or goes: party.ts fitParty).
 */
export type Truncate = 'end' | 'middle' | 'keep-end' | 'amount' | 'party';

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
  /**
   * Higher stays longer: the lowest priority is dropped first when the terminal is narrow. A
   * column at EXTRA_PRIORITY or below is an extra (USD value, network, ids, dates): it is also
   * dropped to give a `whole` column above it its whole text, or an address its readable width.
   */
  readonly priority: number;
  /** A word people read (a name, a status, a memo): cut only when even the extras' room is not enough. */
  readonly whole?: boolean;
  readonly align?: 'left' | 'right';
  /** How text too long for the column is cut: ids and addresses keep both ends. */
  readonly truncate?: Truncate;
  /**
   * Cut in the middle (an address): the width at which it still reads as itself. It gets this
   * room after the `whole` texts, and an extra gives way for it.
   */
  readonly readable?: number;
  /** Colored by the record's tone (the status column). */
  readonly toned?: boolean;
  /** Left out of `/` filtering: values that change with time or prices. */
  readonly searchable?: boolean;
}

/** A column of records R: its layout and how a record reads in it (untruncated: the layout cuts). */
export interface Column<R> extends ColumnSpec {
  cell(record: R, ctx: RenderCtx): string;
  /**
   * What `s` orders the column by, where its text would misorder (amounts, ages); without it, the
   * cell's text (numbers in it read as numbers). Undefined values sort last either way.
   */
  sortKey?(record: R, ctx: RenderCtx): string | number | bigint | undefined;
}

/**
 * Code units of a cell's text that are ever looked at. No list cell is this wide, and a
 * 50,000-character name from the server must cost a frame no more than a short one: every cell
 * is cut here before it is measured, searched or drawn.
 */
export const CELL_UNITS = 512;

/**
 * A record's cell text, cut to CELL_UNITS: its start and "…", or, where the column keeps both
 * ends (an address) or the end (a sparkline), those.
 */
export function cellOf<R>(column: Column<R>, record: R, ctx: RenderCtx): string {
  const text = column.cell(record, ctx);
  if (text.length <= CELL_UNITS) return text;
  const half = CELL_UNITS / 2;
  if (column.truncate === 'middle' || column.truncate === 'party')
    return `${headUnits(text, half)}\u2026${tailUnits(text, half)}`;
  if (column.truncate === 'keep-end') return tailUnits(text, CELL_UNITS);
  return `${headUnits(text, CELL_UNITS)}\u2026`;
}

/** How a table reads a cell: cellOf, or a reader that remembers (cell-reader.ts). */
export type CellReader<R> = (column: Column<R>, record: R, ctx: RenderCtx) => string;

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

/** See ColumnSpec.priority: extras give way to the whole text of the columns above them. */
export const EXTRA_PRIORITY = 4;

function baseWidth(c: ColumnSpec): number {
  return c.width ?? c.minWidth ?? 1;
}

function maxWidthOf(c: ColumnSpec): number {
  return c.width ?? c.maxWidth ?? Number.POSITIVE_INFINITY;
}

/** Ids, addresses and sparklines: made to be cut, they never need their whole text. */
function cutByDesign(c: ColumnSpec): boolean {
  return c.truncate === 'middle' || c.truncate === 'keep-end' || c.truncate === 'party';
}

/** `w` within the column's bounds. */
function bounded(c: ColumnSpec, w: number): number {
  return Math.min(maxWidthOf(c), Math.max(baseWidth(c), w));
}

/**
 * The room a column asks of the layout: `need`, what an extra gives way for (a whole column's
 * text, an address's readable width); `text`, its whole text (`want`: its widest text on screen),
 * given after the needs when there is room. A column cut by design asks no more than its need.
 */
function askOf(c: ColumnSpec, want: number | undefined): { need: number; text: number } {
  if (c.width !== undefined || want === undefined) return { need: baseWidth(c), text: baseWidth(c) };
  if (cutByDesign(c)) {
    const readable = bounded(c, Math.min(want, c.readable ?? 0));
    return { need: readable, text: readable };
  }
  return { need: c.whole === true ? bounded(c, want) : baseWidth(c), text: bounded(c, want) };
}

/** The index (into `kept`) of the lowest priority; among equals, the rightmost. */
function lowest(kept: readonly { column: ColumnSpec }[]): number {
  let drop = 0;
  for (let i = 1; i < kept.length; i++) if (kept[i]!.column.priority <= kept[drop]!.column.priority) drop = i;
  return drop;
}

/**
 * Hands `spare` to the columns `grow` picks, by their flex share (at least one column each), each
 * up to its limit; returns what is left.
 */
function share(widths: number[], spare: number, grow: readonly { i: number; flex: number; limit: number }[]): number {
  let left = spare;
  while (left > 0) {
    const open = grow.filter((g) => widths[g.i]! < g.limit);
    if (open.length === 0) break;
    const shares = open.reduce((sum, g) => sum + g.flex, 0);
    let given = 0;
    for (const g of open) {
      const add = Math.min(g.limit - widths[g.i]!, Math.max(1, Math.floor((left * g.flex) / shares)), left - given);
      if (add <= 0) continue;
      widths[g.i]! += add;
      given += add;
    }
    if (given === 0) break;
    left -= given;
  }
  return left;
}

/**
 * Which columns fit in `width`, and how wide each is. `wants` is each column's widest text on
 * screen (title included; see contentWidths); without it the layout depends on the width alone.
 * 1. The lowest priority goes first (among equals, the rightmost) until every column's minimum fits.
 * 2. While the needs do not fit (the whole texts of `whole` columns, the readable width of
 *    addresses), an extra (EXTRA_PRIORITY) goes, lowest first, as long as a column above it would
 *    be cut short.
 * 3. Spare room goes, highest priority first, to the `whole` texts, then to the addresses' readable
 *    width, then to every other column's whole text; then to the columns still cut by their flex
 *    share; then to every flexible column by its share, up to its maxWidth.
 * Pure: the same columns, width and wants always give the same layout.
 */
export function layoutColumns<C extends ColumnSpec>(
  columns: readonly C[],
  width: number,
  gap = COLUMN_GAP,
  wants?: readonly (number | undefined)[],
): ColumnLayout<C> {
  const kept = columns.map((column, index) => ({ column, index, ...askOf(column, wants?.[index]) }));
  const total = (w: (k: (typeof kept)[number]) => number) =>
    kept.reduce((sum, k) => sum + w(k), 0) + gap * Math.max(0, kept.length - 1);
  while (kept.length > 1 && total((k) => baseWidth(k.column)) > width) kept.splice(lowest(kept), 1);
  while (kept.length > 1 && total((k) => k.need) > width) {
    const drop = lowest(kept);
    const extra = kept[drop]!.column.priority;
    const cut = kept.some((k) => k.column.priority > extra && k.need > baseWidth(k.column));
    if (extra > EXTRA_PRIORITY || !cut) break;
    kept.splice(drop, 1);
  }
  const widths = kept.map((k) => baseWidth(k.column));
  let spare = width - total((k) => baseWidth(k.column));
  const byPriority = kept.map((k, i) => ({ k, i })).sort((a, b) => b.k.column.priority - a.k.column.priority || a.i - b.i);
  const rounds: ((k: (typeof kept)[number]) => number)[] = [
    (k) => (k.column.whole === true ? k.need : 0),
    (k) => (cutByDesign(k.column) ? k.need : 0),
    (k) => k.text,
  ];
  for (const target of rounds) {
    for (const { k, i } of byPriority) {
      const add = Math.max(0, Math.min(spare, target(k) - widths[i]!));
      widths[i]! += add;
      spare -= add;
    }
  }
  const flexible = kept
    .map((k, i) => ({ i, flex: k.column.width === undefined ? (k.column.flex ?? 0) : 0, k }))
    .filter((g) => g.flex > 0);
  if (wants !== undefined) {
    const cut = flexible
      .map((g) => ({ ...g, limit: Math.min(maxWidthOf(g.k.column), wants[g.k.index] ?? 0) }))
      .filter((g) => g.limit > widths[g.i]!);
    spare = share(widths, spare, cut);
  }
  share(widths, spare, flexible.map((g) => ({ ...g, limit: maxWidthOf(g.k.column) })));
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
  // Ids and addresses: what they hide is shown, whether they fit or not (format/hidden.ts).
  if (column.truncate === 'middle') {
    const shown = showHidden(text, ascii);
    if (displayWidth(shown) > width) return fitCell(truncateMiddle(shown, width, { ascii }), width, align, { ascii });
    return fitCell(shown, width, align, { ascii });
  }
  if (column.truncate === 'party' && displayWidth(text) > width) {
    return fitCell(fitParty(text, width, ascii), width, align, { ascii });
  }
  if (column.truncate === 'keep-end' && displayWidth(text) > width) {
    // Used for sparklines: one column per character, the newest on the right.
    return [...text].slice(-width).join('');
  }
  if (column.truncate === 'amount') {
    // Fraction digits go, never a digit of the whole number; an end cut would read as a smaller amount.
    const fitted = fitAmount(text, width, { ascii });
    if (fitted !== undefined) return fitCell(fitted, width, align, { ascii });
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

/**
 * Each column's widest text among these records and its title, what layoutColumns calls wants.
 * Only the columns whose width can follow their text are read (fixed ones are undefined).
 */
export function contentWidths<R>(
  columns: readonly Column<R>[],
  records: Iterable<R>,
  ctx: RenderCtx,
  cell: CellReader<R> = cellOf,
): (number | undefined)[] {
  const wants = columns.map((c) => (c.width === undefined ? displayWidth(c.title) : undefined));
  for (const record of records) {
    columns.forEach((c, i) => {
      const w = wants[i];
      if (w !== undefined) wants[i] = Math.max(w, widthUpTo(cell(c, record, ctx), maxWidthOf(c)));
    });
  }
  return wants;
}

/** Columns of `text`, measured no further than `max` + 1: a column never grows past its max. */
function widthUpTo(text: string, max: number): number {
  if (!Number.isFinite(max)) return displayWidth(text);
  const read = headUnits(text, unitsFor(max + 1));
  return displayWidth(read) + (read.length < text.length ? 1 : 0);
}

/** The texts of a record's placed columns, in their order. */
export function placedCells<R>(
  layout: ColumnLayout<Column<R>>,
  record: R,
  ctx: RenderCtx,
  cell: CellReader<R> = cellOf,
): string[] {
  return layout.placed.map((p) => cell(p.column, record, ctx));
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
  for (const c of columns) if (c.searchable !== false) parts.push(cellOf(c, record, ctx));
  return parts.join('\u0000').toLowerCase();
}
