// One read noun (nouns.ts) as a command: `custody NOUN [list]`, `custody NOUN get ID`, or the one
// record a bare noun prints (`custody workspace`). Exit codes: 0 done, 1 the server or the network
// refused, 2 a mistake on the command line.
import { toWireEmbedded } from '../../contract/index.js';
import type { SecretEnv } from '../../config/index.js';
import { nearestWord } from '../../format/index.js';
import { type CommandSpec, type Io, type OptionSpec, type Parsed, UsageError } from '../cli.js';
import { connectionOptions, SETTINGS_HELP } from '../context.js';
import { listOption, resolveAccounts } from '../tx-words.js';
import { type NounSpec, nounNamed } from './nouns.js';
import { offsetPages } from './offset-pages.js';
import { JQ_HELP, outputOptions } from './output-options.js';
import { listOptions, prepareOutput, type RecordShape, writeList, writeOne } from './reading.js';
import { demoOption, resolveScriptTarget, targetClient } from './target.js';

/** Exit codes of the reading commands, said once for every --help. */
export const READ_EXIT_HELP = 'Exit codes: 0 done (also when the reader closes the pipe, e.g. `| head`); 1 the server or the network refused (said on stderr); 2 a mistake on the command line.';

const accountOption = {
  account: {
    type: 'string',
    value: 'ID|NAME',
    multiple: true,
    description: 'only records of this account: its id or its exact name (comma lists too)',
  },
} as const satisfies Record<string, OptionSpec>;

/** The verbs a noun has, in the order of its help. */
export function nounVerbs(noun: NounSpec): string[] {
  return [...(noun.list ? ['list'] : []), ...(noun.get ? ['get'] : [])];
}

export function nounSpec(noun: NounSpec): CommandSpec {
  const usage: string[] = [];
  if (noun.list) {
    const account = noun.accountFilter ? ` [--account ID|NAME]${noun.accountFilter === 'many' ? '...' : ''}` : '';
    usage.push(`${noun.name} [list]${account} [--all | --limit N] [--output FORMAT] [--columns A,B.C]`);
  }
  if (noun.get) usage.push(`${noun.name} get ${noun.get.id} [--output FORMAT] [--columns A,B.C]`);
  if (noun.one) usage.push(`${noun.name} [--output FORMAT] [--columns A,B.C]`);
  return {
    name: noun.name,
    summary: noun.summary,
    usage,
    positionals: true,
    options: {
      ...connectionOptions,
      ...demoOption,
      ...outputOptions,
      ...(noun.list ? listOptions : {}),
      ...(noun.accountFilter ? accountOption : {}),
    },
    details: `Columns of a CSV when --columns is not given: ${noun.columns.join(', ')}${
      noun.tableColumns ? `;\nof a table: ${noun.tableColumns.join(', ')}` : ' (a table too)'
    }.
Times are ISO-8601 in UTC (--local-time: this machine's zone). Text from the server that reaches a
terminal is made safe (control, bidi and invisible characters shown as marks).
${noun.list ? `\n${JQ_HELP}\n` : ''}
${READ_EXIT_HELP}

Example:
  ${noun.example}

${SETTINGS_HELP}`,
  };
}

function shapeOf(noun: NounSpec): RecordShape {
  return {
    columns: noun.columns,
    ...(noun.tableColumns ? { tableColumns: noun.tableColumns } : {}),
    times: noun.times,
    ...(noun.embedded ? { wire: (r: unknown) => toWireEmbedded(r as { embedded?: unknown }) } : {}),
  };
}

/** The verb and the id the positionals name; mistakes are refused with the nearest verb. */
function verbOf(noun: NounSpec, positionals: readonly string[]): { verb: 'list' | 'get' | 'one'; id?: string } {
  const [first, second, ...rest] = positionals;
  const verbs = nounVerbs(noun);
  if (first === undefined) return { verb: noun.list ? 'list' : 'one' };
  if (verbs.includes(first)) {
    if (first === 'list') {
      if (second !== undefined) throw new UsageError(`unexpected argument '${second}'`);
      return { verb: 'list' };
    }
    if (second === undefined) throw new UsageError(`get needs the ${noun.get!.id}`);
    if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
    return { verb: 'get', id: second };
  }
  const near = nearestWord(first, verbs);
  const known = verbs.length > 0 ? ` (${noun.name} ${verbs.join(', ')})` : ` (${noun.name} takes no verb)`;
  throw new UsageError(`unknown verb '${first}'${near === undefined ? '' : `: did you mean ${near}?`}${known}`);
}

export async function runNoun(noun: NounSpec, parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const { values } = parsed;
  const { verb, id } = verbOf(noun, parsed.positionals);
  const accounts = listOption(values, 'account');
  if (noun.accountFilter === 'one' && accounts.length > 1) {
    throw new UsageError(`--account: one account at a time for ${noun.name} (the API filters by one)`);
  }
  const prepared = prepareOutput(values, io);
  const target = await resolveScriptTarget(values, io, secrets);
  try {
    const api = targetClient(target, io);
    const base = { api, io, command: noun.name, prepared, shape: shapeOf(noun) };
    if (verb === 'get') await writeOne({ ...base, record: await noun.get!.read(api, id!) });
    else if (verb === 'one') await writeOne({ ...base, record: await noun.one!(api) });
    else {
      const accountIds = accounts.length === 0 ? [] : [...new Set(await resolveAccounts(accounts, await allAccounts(api)))];
      await writeList({
        ...base,
        pages: (read) => offsetPages((limit, offset) => noun.list!(api, { limit, offset }, { accountIds }), { limit: read }),
      });
    }
    return 0;
  } finally {
    await target.close();
  }
}

async function allAccounts(api: ReturnType<typeof targetClient>) {
  const out = [];
  for await (const page of offsetPages((limit, offset) => api.accounts.list({ limit, offset }))) out.push(...page);
  return out;
}

/** The command module of a noun, for the command table (commands/index.ts CommandModule). */
export function nounModule(name: string): { spec: CommandSpec; run: (parsed: Parsed, io: Io, secrets: SecretEnv) => Promise<number> } {
  const noun = nounNamed(name);
  if (noun === undefined) throw new Error(`no noun ${name}`);
  return { spec: nounSpec(noun), run: (parsed, io, secrets) => runNoun(noun, parsed, io, secrets) };
}
