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
export function tableLines(header: readonly string[] | undefined, rows: readonly TableRow[]): string[] {
  const count = header?.length ?? rows[0]?.cells.length ?? 0;
  const widths = Array.from({ length: count }, (_, i) =>
    Math.max(header ? displayWidth(header[i]!) : 0, ...rows.map((r) => displayWidth(r.cells[i] ?? ''))),
  );
  const right = widths.map((_, i) => rows.some((r) => r.numeric[i]) && rows.every((r) => r.numeric[i] || r.cells[i] === ''));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (right[i] ? padStartToWidth(c, widths[i]!) : i === count - 1 ? c : padEndToWidth(c, widths[i]!)))
      .join(GAP)
      .trimEnd();
  return [...(header ? [line(header)] : []), ...rows.map((r) => line(r.cells))];
}

/** One record shown alone (`get`): a line per column, its capital name then its value. */
export function recordLines(header: readonly string[], row: TableRow): string[] {
  const width = Math.max(0, ...header.map(displayWidth));
  return header.map((h, i) => `${padEndToWidth(h, width)}${GAP}${row.cells[i] ?? ''}`.trimEnd());
}
