// Each format as a pure emitter: records in, text out, holding nothing between records but the
// table's one page (a table needs every row of a page to size its columns). The writer
// (writer.ts) sends the text on with backpressure.
import { escapeHiddenInJson } from '../../format/index.js';
import { cellText, isNumeric, terminalText } from './cells.js';
import { type NamesOf, projectRecord, columnValue } from './columns.js';
import { csvLine, guardFormula } from './csv.js';
import type { OutputFormat } from './format.js';
import { headerText, recordLines, type TableRow, tableCell, tableLines } from './table.js';
import { yamlDocument, yamlSequenceItem } from './yaml.js';

export interface EmitterOptions {
  readonly format: OutputFormat;
  /** Dot paths asked for with --columns; undefined: JSON, JSONL and YAML carry the record whole. */
  readonly columns?: readonly string[] | undefined;
  /** The command's columns when none are asked for (table and CSV always have columns). */
  readonly defaultColumns: readonly string[];
  /** A list table's own columns when none are asked for (a terminal is narrower than a file); default: defaultColumns. */
  readonly tableColumns?: readonly string[] | undefined;
  /** 'list': many records (an array, a sequence, rows); 'one': `get`, the record alone. */
  readonly kind: 'list' | 'one';
  /** Paths holding epoch-millisecond times: ISO-8601 in table and CSV. */
  readonly times?: readonly string[] | undefined;
  /** Times in the machine's zone instead of UTC (`--local-time`). */
  readonly localTime?: boolean | undefined;
  /** The output is a terminal: nothing invisible, bidi or control is written raw. */
  readonly tty: boolean;
  /** A terminal's width: a wider table gives up text columns to fit it (ids, times and numbers stay whole). */
  readonly width?: number | undefined;
  /** Non-UTF-8 terminal: table cells in ASCII. */
  readonly ascii?: boolean | undefined;
  /** Name columns beside ids (accountName), shown when a column asks for them. */
  readonly names?: NamesOf | undefined;
}

export interface Emitter {
  /** The text for one more record ('' when it is held: a table's page). */
  record(record: unknown): string;
  /** What is left to write (a table's page, the closing `]`). */
  end(): string;
  /** Records held and not yet given out as text (0 but for a table's page). */
  held(): number;
}

/** Rows a table holds before it prints them: more than any page the API sends. */
export const TABLE_PAGE_ROWS = 1000;

type ColumnChoice = Pick<EmitterOptions, 'format' | 'kind' | 'columns' | 'defaultColumns' | 'tableColumns'>;

function askedColumns(opts: ColumnChoice): readonly string[] | undefined {
  return opts.columns !== undefined && opts.columns.length > 0 ? opts.columns : undefined;
}

/** The columns a table or CSV shows: those asked for, else the command's own. */
export function columnsShown(opts: ColumnChoice): readonly string[] {
  // A table's narrower columns are for rows side by side; one record is shown a line per column.
  const narrow = opts.format === 'table' && opts.kind === 'list';
  return askedColumns(opts) ?? (narrow ? (opts.tableColumns ?? opts.defaultColumns) : opts.defaultColumns);
}

/** The columns whose values are read off the records: none for JSON or YAML written whole. */
export function columnsRead(opts: ColumnChoice): readonly string[] {
  return askedColumns(opts) !== undefined || opts.format === 'table' || opts.format === 'csv' ? columnsShown(opts) : [];
}

export function createEmitter(opts: EmitterOptions): Emitter {
  const asked = askedColumns(opts);
  const columns = columnsShown(opts);
  const cells = { times: new Set(opts.times ?? []), localTime: opts.localTime ?? false };
  // Records as the API sent them, unless columns are asked for.
  const shape = (r: unknown): unknown => (asked ? projectRecord(r, asked, opts.names) : r);
  const values = (r: unknown): unknown[] => {
    const names = opts.names?.(r);
    return columns.map((c) => columnValue(r, c, names));
  };
  switch (opts.format) {
    case 'json':
      return jsonEmitter(opts, shape);
    case 'jsonl':
      return streaming((r) => `${jsonText(shape(r), opts.tty)}\n`);
    case 'yaml':
      return yamlEmitter(opts.kind, shape);
    case 'csv':
      return csvEmitter(columns, (r) =>
        values(r).map((v, i) => {
          const text = cellText(columns[i]!, v, cells);
          return guardFormula(opts.tty ? terminalText(text) : text, v);
        }),
      );
    case 'table':
      return tableEmitter(opts, columns, (r) => {
        const vs = values(r);
        // A time is epoch digits on the wire but a date when shown: aligned as text.
        return { cells: vs.map((v, i) => tableCell(cellText(columns[i]!, v, { ...cells, seconds: true }), opts.ascii)), numeric: vs.map((v, i) => isNumeric(v) && !cells.times.has(columns[i]!)) };
      });
  }
}

function streaming(text: (r: unknown) => string): Emitter {
  return { record: text, end: () => '', held: () => 0 };
}

/**
 * Compact JSON; on a terminal, invisible and bidi characters as \u escapes (the same JSON value).
 * Controls are escaped by JSON itself, but for C1 (U+0080-U+009F), which the hidden set covers.
 */
function jsonText(value: unknown, tty: boolean, indent?: number): string {
  const text = JSON.stringify(value, null, indent) ?? 'null';
  // Line by line: the escape must not touch the newlines of pretty JSON (inside strings JSON escapes them).
  return tty ? text.split('\n').map(escapeHiddenInJson).join('\n') : text;
}

/**
 * A list is one array, one compact record a line: valid JSON for `jq`, a line per record for grep
 * and diff, and no indentation to pay for on a million rows. A single record is pretty: it is read
 * by people as often as by programs. The `[` waits for the first record, so a command that fails
 * before any prints nothing, and one that fails midway leaves an array that does not parse.
 */
function jsonEmitter(opts: EmitterOptions, shape: (r: unknown) => unknown): Emitter {
  if (opts.kind === 'one') return streaming((r) => `${jsonText(shape(r), opts.tty, 2)}\n`);
  let count = 0;
  return {
    record: (r) => `${count++ === 0 ? '[\n' : ',\n'}  ${jsonText(shape(r), opts.tty)}`,
    end: () => (count === 0 ? '[]\n' : '\n]\n'),
    held: () => 0,
  };
}

function yamlEmitter(kind: 'list' | 'one', shape: (r: unknown) => unknown): Emitter {
  if (kind === 'one') return streaming((r) => yamlDocument(shape(r)));
  let count = 0;
  return {
    record: (r) => {
      count++;
      return yamlSequenceItem(shape(r));
    },
    end: () => (count === 0 ? '[]\n' : ''),
    held: () => 0,
  };
}

function csvEmitter(columns: readonly string[], row: (r: unknown) => string[]): Emitter {
  let header = false;
  const head = () => {
    if (header) return '';
    header = true;
    return csvLine(columns.map((c) => guardFormula(c, c)));
  };
  return { record: (r) => head() + csvLine(row(r)), end: head, held: () => 0 };
}

/**
 * A table prints when it ends, or a page at a time if a caller writes more than a page (each
 * page sized on its own): memory stays bounded whatever comes.
 */
function tableEmitter(opts: EmitterOptions, columns: readonly string[], row: (r: unknown) => TableRow): Emitter {
  const header = columns.map((c) => tableCell(headerText(c), opts.ascii));
  // An id or a time cut short cannot be used: text columns give way first.
  const keep = columns.map((c) => /(^|\.)(id|\w+Id)$/.test(c) || (opts.times ?? []).includes(c));
  const fit = opts.width === undefined ? undefined : { width: opts.width, keep };
  let rows: TableRow[] = [];
  let headerDone = false;
  const flush = (): string => {
    if (opts.kind === 'one') {
      const text = rows.map((r) => `${recordLines(header, r).join('\n')}\n`).join('\n');
      rows = [];
      return text;
    }
    const lines = tableLines(headerDone ? undefined : header, rows, fit);
    headerDone = true;
    rows = [];
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  };
  return {
    record: (r) => {
      rows.push(row(r));
      return rows.length >= TABLE_PAGE_ROWS ? flush() : '';
    },
    end: () => (rows.length > 0 || (!headerDone && opts.kind === 'list') ? flush() : ''),
    held: () => rows.length,
  };
}
