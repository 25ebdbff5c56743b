// One value of a record as the text of a table or CSV cell: times read as ISO-8601, numbers and
// decimal strings as they are, nested values as compact JSON, nothing as an empty cell.
import { cutText, isDecimalString, parseMillis, sanitizeLine, showHidden, unitsFor } from '../../format/index.js';

function two(n: number): string {
  return String(Math.abs(n)).padStart(2, '0');
}

/**
 * "2026-11-28T04:48:47.000Z", or in the machine's zone with its offset
 * ("2026-11-28T05:48:47.000+01:00"); the text as given when it is not epoch milliseconds.
 */
export function isoTime(
  value: unknown,
  { localTime = false, seconds = false }: { readonly localTime?: boolean; readonly seconds?: boolean } = {},
): string {
  const ms = parseMillis(value);
  if (ms === undefined) return plainText(value);
  const d = new Date(ms);
  if (!localTime) return seconds ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : d.toISOString();
  const offset = -d.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${two(Math.trunc(offset / 60))}:${two(offset % 60)}`;
  const date = `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const millis = seconds ? '' : `.${String(d.getMilliseconds()).padStart(3, '0')}`;
  const clock = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}${millis}`;
  return `${date}T${clock}${zone}`;
}

/** Text of any JSON value: strings as they are, null and missing as empty, objects as compact JSON. */
export function plainText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** A number, or a decimal string as the wire writes amounts ("-1.5"): shown as it is, aligned right. */
export function isNumeric(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || isDecimalString(value);
}

export interface CellOptions {
  /** Paths whose values are epoch-millisecond times. */
  readonly times: ReadonlySet<string>;
  readonly localTime: boolean;
  /** To the second (a table, read by people); else to the millisecond (CSV, read by programs). */
  readonly seconds?: boolean;
}

/** The text of column `path` holding `value`. */
export function cellText(path: string, value: unknown, { times, localTime, seconds = false }: CellOptions): string {
  return times.has(path) && value !== undefined && value !== null ? isoTime(value, { localTime, seconds }) : plainText(value);
}

const LINE_BREAKS = /[\t\n\r\u2028\u2029]/g;

/**
 * Text made safe for a terminal: line breaks and tabs as spaces, every other invisible, bidi or
 * control character as a visible mark (‹U+202E›), so what is shown is what a script would get.
 * Reads at most `units` code units (then "…"): callers bound it to what can be shown.
 */
export function terminalText(s: string, { units, ascii = false }: { readonly units?: number; readonly ascii?: boolean } = {}): string {
  const bounded = units === undefined ? s : cutText(s, units);
  return sanitizeLine(showHidden(bounded.replace(LINE_BREAKS, ' '), ascii), { ascii });
}

/** The code units read for a cell of at most `width` columns. */
export function cellUnits(width: number): number {
  return unitsFor(width);
}
