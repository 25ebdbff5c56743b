// `custody tx`: the transactions, as the official CLI's nouns and verbs: list (filters as `watch`
// takes them and `:tx` words mean them), get, events, and the decisions (approve, decline,
// cancel) with the console's safety (decide.ts). A bare `tx` lists.
import type { ApiClient } from '../../client/index.js';
import type { SecretEnv } from '../../config/index.js';
import { toWireTransaction, type Transaction } from '../../contract/index.js';
import { DECISION_NAMES, type DecisionName, isDecision } from '../../domain/actions.js';
import { nearestWord } from '../../format/index.js';
import { type CommandSpec, type Io, type OptionSpec, type Parsed, type ParsedValues, UsageError } from '../cli.js';
import { connectionOptions, SETTINGS_HELP } from '../context.js';
import { PagesStoppedError, readPages, type StopPoint } from '../page-reader.js';
import { txListFlags, txListQuery } from '../tx-filters.js';
import { READ_EXIT_HELP } from './noun-command.js';
import { offsetPages } from './offset-pages.js';
import { JQ_HELP, outputOptions } from './output-options.js';
import { prepareOutput, type RecordShape, writeList, writeOne } from './reading.js';
import { demoOption, resolveScriptTarget, type ScriptTarget, targetClient } from './target.js';

/** The verbs of `tx`, in the order of its help. */
export const TX_VERBS = ['list', 'get', 'events', ...DECISION_NAMES] as const;
type TxVerb = (typeof TX_VERBS)[number];

export const decisionOptions = {
  reason: { type: 'string', value: 'TEXT', description: 'decline, cancel: the reason, sent and kept in the audit log' },
  yes: { type: 'boolean', short: 'y', description: 'decide without the confirmation (needed when not at a terminal)' },
} as const satisfies Record<string, OptionSpec>;

/** Which verbs an option goes with (the connection and output options go with all). */
const ONLY: Readonly<Record<string, readonly TxVerb[]>> = {
  ...Object.fromEntries(Object.keys(txListFlags).map((name) => [name, ['list'] as const])),
  // A decision prints its outcome: one line, or one JSON object (--output json).
  ...Object.fromEntries(['columns', 'local-time'].map((name) => [name, ['list', 'get', 'events'] as const])),
  reason: ['decline', 'cancel'],
  yes: DECISION_NAMES,
};

/** The outputs of a decision's outcome (a line is its table). */
const DECISION_OUTPUTS = ['table', 'json', 'jsonl'];

export const TX_SHAPE: RecordShape = {
  columns: [
    'createdAt',
    'transactionId',
    'status',
    'transactionType',
    'accountId',
    'accountName',
    'params.amount',
    'params.assetId',
    'assetSymbol',
    'params.networkId',
    'params.toAddress',
    'createdBy',
    'createdByName',
  ],
  // What a person at a terminal reads first; the rest is one --columns (or the CSV) away.
  tableColumns: ['createdAt', 'transactionId', 'status', 'transactionType', 'accountName', 'params.amount', 'assetSymbol'],
  times: ['createdAt', 'updatedAt', 'expiresAt', 'terminatedAt'],
  wire: (r) => toWireTransaction(r as Transaction),
};

const EVENT_SHAPE: RecordShape = {
  columns: ['createdAt', 'eventId', 'eventType', 'amount', 'symbol', 'usdAmount', 'networkId', 'blockchainTxId'],
  times: ['createdAt'],
};

export const spec: CommandSpec = {
  name: 'tx',
  summary: 'list, show and decide transactions (approve, decline, cancel)',
  usage: [
    'tx [list] [--status S]... [--type T]... [--account ID|NAME]... [--asset ID|SYMBOL]... [--since WHEN] [--until WHEN]',
    '          [--sort created|updated] [--oldest-first] [--all | --limit N] [--output FORMAT] [--columns A,B.C]',
    'tx get ID [--output FORMAT] [--columns A,B.C]',
    'tx events ID [--output FORMAT] [--columns A,B.C]',
    'tx approve ID [--yes] [--output table|json]',
    'tx decline ID [--reason TEXT] [--yes] [--output table|json]',
    'tx cancel ID [--reason TEXT] [--yes] [--output table|json]',
  ],
  positionals: true,
  options: { ...connectionOptions, ...demoOption, ...outputOptions, ...txListFlags, ...decisionOptions },
  details: `list reads page by page and writes as it goes, in bounded memory: an export of any size.
The time bound is fixed when it starts (rows created later are not chased). A table on a terminal
shows the first 50 and says how to get the rest; every other output reads to the end (--limit N
caps it). With stderr on a terminal a progress line shows the rows so far and the rate. 429 and
503 answers are waited out; a list that cannot finish exits 1 and says on stderr where it
stopped and how to resume (its output is left unfinished: a JSON array without its "]").
Under --sort updated a transaction that changes meanwhile moves ahead of the export and is not
read again: export with the default sort (creation time).
Columns of a CSV: ${TX_SHAPE.columns.join(', ')};
of a table: ${TX_SHAPE.tableColumns!.join(', ')} (a table's times to the second).

${JQ_HELP}

approve, decline and cancel check the profile's role and --read-only first. At a terminal (stdin
and stdout both) they show the transaction and ask for the console's confirmation (y, or the end
of the id for approving and at or above the profile's USD threshold); elsewhere they refuse unless
--yes is given. Each is sent once and written to the audit log as the console writes it.
Exit codes of a decision: 0 done; 1 refused by the server; 2 refused here (usage, role,
read-only, no --yes, not confirmed); 3 not sent, or the outcome is unknown (network).
${READ_EXIT_HELP.replace('Exit codes:', 'Exit codes of list, get and events:')}

Examples:
  custody tx list --status waiting-approval --output json | jq -r '.[].transactionId'
  custody tx list --since 2026-01-01 --until 2026-12-31 --output csv > year.csv
  custody tx decline TX_ID --reason "unknown destination" --yes

${SETTINGS_HELP}`,
};

/** The verb, its id, and the options checked against it. */
function verbOf(parsed: Parsed): { verb: TxVerb; id?: string } {
  const [first, second, ...rest] = parsed.positionals;
  const verb = first ?? 'list';
  if (!(TX_VERBS as readonly string[]).includes(verb)) {
    const near = nearestWord(verb, TX_VERBS);
    throw new UsageError(`unknown verb '${verb}'${near === undefined ? '' : `: did you mean ${near}?`} (tx ${TX_VERBS.join(', ')})`);
  }
  const v = verb as TxVerb;
  for (const [name, verbs] of Object.entries(ONLY)) {
    if (parsed.values[name] !== undefined && !verbs.includes(v)) {
      throw new UsageError(`--${name} goes with tx ${verbs.join(', ')}, not with tx ${v}`);
    }
  }
  if (v === 'list') {
    if (second !== undefined) throw new UsageError(`unexpected argument '${second}'`);
    return { verb: v };
  }
  const output = parsed.values['output'];
  if (isDecision(v) && typeof output === 'string' && !DECISION_OUTPUTS.includes(output)) {
    throw new UsageError(`tx ${v} writes its outcome as a line or as JSON: --output ${DECISION_OUTPUTS.join(', ')}`);
  }
  if (second === undefined) throw new UsageError(`tx ${v} needs a transaction id`);
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
  return { verb: v, id: second };
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const { verb, id } = verbOf(parsed);
  if (isDecision(verb)) {
    const { runDecision } = await import('./decide.js');
    return runDecision(verb as DecisionName, id!, parsed.values, io, secrets);
  }
  const prepared = prepareOutput(parsed.values, io);
  const target = await resolveScriptTarget(parsed.values, io, secrets);
  try {
    const api = targetClient(target, io);
    const base = { api, io, prepared };
    if (verb === 'get') {
      await writeOne({ ...base, command: 'tx get', shape: TX_SHAPE, record: await api.transactions.get(id!) });
    } else if (verb === 'events') {
      const events = await api.transactions.events(id!);
      await writeList({ ...base, command: 'tx events', shape: EVENT_SHAPE, pages: () => [events] });
    } else {
      return await list(api, io, parsed.values, prepared, target);
    }
    return 0;
  } finally {
    await target.close();
  }
}

async function list(
  api: ApiClient,
  io: Io,
  values: ParsedValues,
  prepared: ReturnType<typeof prepareOutput>,
  target: ScriptTarget,
): Promise<number> {
  const note = (text: string) => io.stderr.write(`custody tx list: ${text}\n`);
  const request = await txListQuery(values, {
    now: Date.now(),
    accounts: () => readAll((limit, offset) => api.accounts.list({ limit, offset })),
    assets: () => readAll((limit, offset) => api.dictionary.assets({ used: true, limit, offset })),
    note,
  });
  if (target.demo) note(`demo: the built-in sandbox at ${target.baseUrl} (made-up data, no real funds)`);
  try {
    await writeList({
      ...{ api, io, prepared },
      command: 'tx list',
      shape: TX_SHAPE,
      pages: (read, signal) => readPages(api, request.query, { ...(read !== undefined ? { limit: read } : {}), signal }),
    });
    return 0;
  } catch (err) {
    if (!(err instanceof PagesStoppedError)) throw err;
    note(err.message);
    note(resumeHint(err.stop));
    return 1;
  }
}

/** How to go on from where a list stopped, or why it cannot. */
export function resumeHint(stop: StopPoint): string {
  if (stop.lastKeyIso === undefined) return 'nothing was written: run it again';
  if (stop.field === 'updatedAt') return `the output is incomplete (${stop.rows} rows); a list sorted by update time cannot resume: run it again`;
  const flag = stop.newestFirst ? '--until' : '--since';
  const n = stop.rowsAtLastKey;
  const repeat = n === 0 ? '' : ` (its first ${n === 1 ? 'row repeats the last one' : `${n} rows repeat the last ${n}`} here, created in that same millisecond)`;
  return `the output is incomplete (${stop.rows} rows); to go on, run the same command with ${flag} ${stop.lastKeyIso} into another file${repeat}`;
}

async function readAll<T>(read: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of offsetPages(read)) out.push(...page);
  return out;
}
