// The output flags every reading command takes: --output, --columns, --local-time, and what they
// come to for the terminal or file at hand.
import { isUtf8Locale } from '../../view/base/terminal.js';
import { bool, type Io, type OptionSpec, type ParsedValues, str } from '../cli.js';
import { defaultFormat, OUTPUT_FORMATS, type OutputFormat, parseColumns, parseFormat } from '../output/index.js';

export const outputOptions = {
  output: {
    type: 'string',
    short: 'o',
    value: 'FORMAT',
    values: OUTPUT_FORMATS,
    description: 'table, json, jsonl, csv or yaml (default: a table on a terminal, else JSON)',
  },
  columns: {
    type: 'string',
    value: 'A,B.C',
    description: 'only these values, as dot paths into the record, in this order (every format)',
  },
  'local-time': { type: 'boolean', description: "times in table and CSV in this machine's zone (default: UTC)" },
} as const satisfies Record<string, OptionSpec>;

/** How jq reads a list of ours (said in every --help that lists). */
export const JQ_HELP = `A list is one JSON array of the records as the API sends them, across every page read
(decimals stay strings); the API's page envelope is not kept, since a list that spans pages has
none. So \`jq '.[]'\` walks the records, \`jq length\` counts them; --output jsonl gives one record a
line (\`jq -c .\` reads it as it comes). --columns a,b.c keeps only those paths, each under its
dotted name ("b.c").`;

export interface OutputChoice {
  readonly format: OutputFormat;
  readonly columns: readonly string[] | undefined;
  readonly localTime: boolean;
  /** stdout is a terminal: nothing from the server is written raw. */
  readonly tty: boolean;
  readonly ascii: boolean;
  /** The terminal's width, when stdout is one. */
  readonly width: number | undefined;
}

export function outputChoice(values: ParsedValues, io: Io): OutputChoice {
  const tty = io.stdout.isTTY === true;
  const format = str(values, 'output');
  const columns = str(values, 'columns');
  return {
    format: format === undefined ? defaultFormat(tty) : parseFormat(format),
    columns: columns === undefined ? undefined : parseColumns(columns),
    localTime: bool(values, 'local-time'),
    tty,
    ascii: tty && !isUtf8Locale(io.env),
    width: tty && typeof io.stdout.columns === 'number' && io.stdout.columns > 0 ? io.stdout.columns : undefined,
  };
}
