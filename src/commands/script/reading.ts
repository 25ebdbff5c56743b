// What every reading command does once it has its records: pick the format, add the names the
// shown columns ask for, and write a list (page by page) or one record. A table on a terminal
// shows the first rows and says how to get the rest; every other output reads to the end.
import type { ApiClient } from '../../client/index.js';
import { type Io, type OptionSpec, type ParsedValues, bool, str, UsageError } from '../cli.js';
import { leanStreamHeap } from '../heap.js';
import { columnsRead, type RecordWriterOptions } from '../output/index.js';
import { MAX_PAGE_SIZE } from '../page-reader.js';
import { createProgress, emitPages, type EmitResult } from './emit.js';
import { loadNames } from './names.js';
import { type OutputChoice, outputChoice } from './output-options.js';

export const listOptions = {
  all: { type: 'boolean', description: 'read every page to the end (a table on a terminal shows the first rows)' },
  limit: { type: 'string', value: 'N', description: 'at most N records in all (not the page size)' },
} as const satisfies Record<string, OptionSpec>;

/** Rows a table on a terminal shows when neither --all nor --limit is given. */
export const TERMINAL_ROWS = 50;

/** `--limit`: a whole number of records, at least 1. */
export function parseLimit(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1 || !Number.isSafeInteger(Number(t))) {
    throw new UsageError(`--limit ${JSON.stringify(text)}: expected a whole number of records, at least 1`);
  }
  return Number(t);
}

export interface ListPlan {
  /** Records read at most (one more than shown for a terminal's first rows); undefined: all. */
  readonly read: number | undefined;
  /** A terminal's first rows: how many are shown (the one more says whether there is more). */
  readonly preview: number | undefined;
}

/** The output and how much to read, checked before anything connects (a mistake: exit 2). */
export interface Prepared {
  readonly choice: OutputChoice;
  readonly plan: ListPlan;
}

export function prepareOutput(values: ParsedValues, io: Io): Prepared {
  const choice = outputChoice(values, io);
  return { choice, plan: listPlan(values, choice) };
}

/** How much of a list this run reads. */
export function listPlan(values: ParsedValues, choice: OutputChoice): ListPlan {
  const limit = parseLimit(str(values, 'limit'));
  if (limit !== undefined && bool(values, 'all')) throw new UsageError('--all reads to the end; it does not go with --limit');
  if (limit !== undefined) return { read: limit, preview: undefined };
  if (choice.format === 'table' && choice.tty && !bool(values, 'all')) return { read: TERMINAL_ROWS + 1, preview: TERMINAL_ROWS };
  return { read: undefined, preview: undefined };
}

export interface RecordShape {
  /** Table and CSV columns when none are asked for. */
  readonly columns: readonly string[];
  /** A table's columns when none are asked for, where a terminal needs fewer; default: columns. */
  readonly tableColumns?: readonly string[];
  readonly times: readonly string[];
  /** The record as the API sends it (the client reads `_embedded` into `embedded`). */
  readonly wire?: (record: unknown) => unknown;
}

function say(io: Io, command: string, text: string): void {
  try {
    io.stderr.write(`custody ${command}: ${text}\n`);
  } catch {
    // stderr gone: nothing to tell anyone
  }
}

async function writerOptions(
  api: ApiClient,
  io: Io,
  command: string,
  choice: OutputChoice,
  shape: RecordShape,
  kind: 'list' | 'one',
): Promise<RecordWriterOptions> {
  const shown = columnsRead({ format: choice.format, kind, columns: choice.columns, defaultColumns: shape.columns, tableColumns: shape.tableColumns });
  const names = await loadNames(api, shown, (text) => say(io, command, text));
  return {
    format: choice.format,
    columns: choice.columns,
    defaultColumns: shape.columns,
    tableColumns: shape.tableColumns,
    kind,
    times: shape.times,
    localTime: choice.localTime,
    tty: choice.tty,
    ascii: choice.ascii,
    ...(choice.width !== undefined ? { width: choice.width } : {}),
    ...(names !== undefined ? { names } : {}),
  };
}

async function* wirePages(
  pages: AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>,
  wire: ((record: unknown) => unknown) | undefined,
  preview: number | undefined,
  more: () => void,
): AsyncGenerator<readonly unknown[], void, undefined> {
  let given = 0;
  for await (const page of pages) {
    let rows = wire === undefined ? page : page.map(wire);
    if (preview !== undefined && given + rows.length > preview) {
      rows = rows.slice(0, preview - given);
      more();
    }
    given += rows.length;
    if (rows.length > 0) yield rows;
    if (preview !== undefined && given >= preview) return;
  }
}

export interface ListRun {
  readonly api: ApiClient;
  readonly io: Io;
  /** "tx list", "accounts": named on stderr. */
  readonly command: string;
  readonly prepared: Prepared;
  readonly shape: RecordShape;
  /** The pages, at most `read` records in all (undefined: to the end); `stop` aborts a read in flight. */
  readonly pages: (read: number | undefined, stop: AbortSignal) => AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;
}

/** Writes a list; 0 when done (or the reader closed the pipe). Errors of the read go on to the caller. */
export async function writeList(run: ListRun): Promise<EmitResult> {
  const { io, command, shape } = run;
  const { choice, plan } = run.prepared;
  const writer = await writerOptions(run.api, io, command, choice, shape, 'list');
  // More than a page is a stream: the heap stays near one page (heap.ts).
  if (plan.read === undefined || plan.read > MAX_PAGE_SIZE) leanStreamHeap();
  const stop = new AbortController();
  let more = false;
  const pages = wirePages(run.pages(plan.read, stop.signal), shape.wire, plan.preview, () => {
    more = true;
  });
  const result = await emitPages(io, pages, writer, { progress: createProgress(io, `custody ${command}`), stop });
  if (more && !result.closed) {
    say(io, command, `the first ${plan.preview} shown; --all reads to the end, --limit N reads N, and --output csv|json writes every record to a file`);
  }
  return result;
}

/** Writes one record (`get`). */
export async function writeOne(
  run: Omit<ListRun, 'pages'> & { readonly record: unknown },
): Promise<EmitResult> {
  const writer = await writerOptions(run.api, run.io, run.command, run.prepared.choice, run.shape, 'one');
  const record = run.shape.wire === undefined ? run.record : run.shape.wire(run.record);
  return emitPages(run.io, [[record]], writer);
}
