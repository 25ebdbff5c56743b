// A table for a person: a header in capitals, columns as wide as their widest cell (display
// columns, as the terminal draws them), numbers aligned right. Every cell is server text: it is
// bounded before it is measured and made safe for a terminal, whatever the output is.
import { displayWidth, padEndToWidth, padStartToWidth, truncateToWidth } from '../../format/index.js';
import { cellUnits, terminalText } from './cells.js';

/** The widest a cell is shown: a long name or note is cut with "…" (the other formats carry it whole). */
export const MAX_CELL_WIDTH = 60;
const GAP = '  ';

/** `createdAt` → `CREATED_AT`, `amount.value` → `AMOUNT.VALUE`: capitals that still name the --columns path. */
export function headerText(path: string): string {
  return path.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** A cell's text, bounded, made one safe line, at most MAX_CELL_WIDTH columns. */
export function tableCell(text: string, ascii = false): string {
  return truncateToWidth(terminalText(text, { units: cellUnits(MAX_CELL_WIDTH), ascii }), MAX_CELL_WIDTH, { ascii });
}

/** One row as the table keeps it: each cell's shown text, and whether its value is a number. */
export interface TableRow {
  readonly cells: readonly string[];
  readonly numeric: readonly boolean[];
}

/**
 * The lines of a table: `header` (already capitals) when given, then the rows, columns padded to
 * their widest cell; a column whose every non-empty value is a number is aligned right. No
 * trailing spaces.
 */
export interface TableFit {
  /** The terminal's width. */
  readonly width: number;
  /** Columns never cut (ids: an id cut short cannot be used). */
  readonly keep: readonly boolean[];
}

export function tableLines(header: readonly string[] | undefined, rows: readonly TableRow[], fit?: TableFit): string[] {
  const count = header?.length ?? rows[0]?.cells.length ?? 0;
  const widths = Array.from({ length: count }, (_, i) =>
    Math.max(header ? displayWidth(header[i]!) : 0, ...rows.map((r) => displayWidth(r.cells[i] ?? ''))),
  );
  const right = widths.map((_, i) => rows.some((r) => r.numeric[i]) && rows.every((r) => r.numeric[i] || r.cells[i] === ''));
  const shown = fit === undefined ? widths : fitWidths(widths, right.map((r, i) => r || fit.keep[i] === true), fit.width);
  const cell = (c: string, i: number) => (displayWidth(c) > shown[i]! ? truncateToWidth(c, shown[i]!) : c);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => cell(c, i))
      .map((c, i) => (right[i] ? padStartToWidth(c, shown[i]!) : i === count - 1 ? c : padEndToWidth(c, shown[i]!)))
      .join(GAP)
      .trimEnd();
  return [...(header ? [line(header)] : []), ...rows.map((r) => line(r.cells))];
}

/** The narrowest a text column is cut to when the table is wider than the terminal. */
const MIN_CUT_WIDTH = 8;

/**
 * Column widths that fit `width` terminal columns when they can: the widest column not `kept` (an
 * id, a number) gives up a column at a time (its cells end in "…"), never below MIN_CUT_WIDTH.
 * What still cannot fit wraps.
 */
export function fitWidths(widths: readonly number[], kept: readonly boolean[], width: number): number[] {
  const out = [...widths];
  const total = () => out.reduce((a, b) => a + b, 0) + GAP.length * Math.max(0, out.length - 1);
  const cuttable = out.map((_, i) => !kept[i]);
  while (total() > width) {
    let widest = -1;
    for (let i = 0; i < out.length; i++) {
      if (cuttable[i] && out[i]! > MIN_CUT_WIDTH && (widest < 0 || out[i]! > out[widest]!)) widest = i;
    }
    if (widest < 0) break;
    out[widest]!--;
  }
  return out;
}

/** One record shown alone (`get`): a line per column, its capital name then its value. */
export function recordLines(header: readonly string[], row: TableRow): string[] {
  const width = Math.max(0, ...header.map(displayWidth));
  return header.map((h, i) => `${padEndToWidth(h, width)}${GAP}${row.cells[i] ?? ''}`.trimEnd());
}
