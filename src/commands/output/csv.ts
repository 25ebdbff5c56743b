// CSV as RFC 4180 writes it: a header line, one line per record, lines ended by CRLF (the RFC's
// line break, and what Excel and Python's csv module write), a field quoted when it holds a quote,
// a comma, CR or LF, its quotes doubled.
import { isNumeric } from './cells.js';

const NEEDS_QUOTES = /[",\r\n]/;
/** What a spreadsheet reads as the start of a formula (or of a cell it runs as one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will not run: text beginning with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` (OWASP's advice). A number or a decimal string ("-1.5", an amount) is left as it is,
 * so sums still work; `value` is the cell's value before it became text.
 */
export function guardFormula(text: string, value: unknown): string {
  return FORMULA_START.test(text) && !isNumeric(value) ? `'${text}` : text;
}

/** One field, quoted only when it must be. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_EOL = '\r\n';

/** One CSV line of fields already guarded. */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + CSV_EOL;
}
