// The `:` command line: its commands as data (for parsing, completion and the help screen), the
// parser and the completer. Running a command is the dispatcher's job.

export interface CommandSpec {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly args?: string;
  readonly description: string;
  /** What the arguments complete from. */
  readonly complete?: 'tx' | 'account' | 'addr';
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'tx',
    args: '[word ...]',
    description:
      'transactions of any of these statuses and types and with these key:value filters, asked of the server (account: asset: created: updated: to: from: address: hash: ext: id:); alone: all',
    complete: 'tx',
  },
  {
    name: 'account',
    args: '[name]',
    description: 'only the account whose name starts with this; alone: every account',
    complete: 'account',
  },
  {
    name: 'addr',
    args: '[network|status ...]',
    description: 'addresses on these networks, with these statuses; alone: all',
    complete: 'addr',
  },
  { name: 'accounts', description: 'the accounts pane' },
  { name: 'addresses', description: 'the addresses pane' },
  { name: 'transactions', description: 'the transactions pane' },
  { name: 'prices', description: 'the prices pane' },
  { name: 'swap', description: 'the swap pane' },
  { name: 'help', description: 'the help screen' },
  { name: 'quit', aliases: ['q'], description: 'quit' },
];

export interface ParsedCommand {
  readonly spec?: CommandSpec;
  readonly name: string;
  readonly args: readonly string[];
  /** Everything after the name, as typed (an account name may hold spaces). */
  readonly rest: string;
}

export function parseCommand(line: string): ParsedCommand {
  const text = line.trim().replace(/^:/, '').trim();
  const [name = '', ...args] = text.split(/\s+/).filter((w) => w !== '');
  const rest = text.slice(name.length).trim();
  const lower = name.toLowerCase();
  const spec = COMMANDS.find((c) => c.name === lower || (c.aliases ?? []).includes(lower));
  return { ...(spec ? { spec } : {}), name, args, rest };
}

export interface CompletionSources {
  /** What the `:tx` word being typed may become (tx-words.ts). */
  readonly txWord: (word: string) => readonly string[];
  readonly accountNames: readonly string[];
  readonly networks: readonly string[];
  readonly addressStatuses: readonly string[];
}

export interface Completion {
  /** The line up to the word being completed. */
  readonly head: string;
  readonly candidates: readonly string[];
}

function startsWithCi(s: string, prefix: string): boolean {
  return s.toLowerCase().startsWith(prefix.toLowerCase());
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Candidates for the word at the end of `line`: command names for the first word, then the
 * arguments of that command. `:account` completes whole names, spaces included.
 */
export function completeLine(line: string, sources: CompletionSources): Completion {
  const firstSpace = line.search(/\s/);
  if (firstSpace < 0) {
    const names = COMMANDS.flatMap((c) => [c.name, ...(c.aliases ?? [])]).filter((n) => n.length > 1);
    return { head: '', candidates: names.filter((n) => startsWithCi(n, line)) };
  }
  const spec = parseCommand(line).spec;
  if (spec?.complete === 'account') {
    const head = line.slice(0, firstSpace + 1);
    const word = line.slice(firstSpace + 1).trimStart();
    return {
      head,
      candidates: unique(sources.accountNames)
        .filter((n) => startsWithCi(n, word))
        .sort(),
    };
  }
  const lastSpace = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
  const head = line.slice(0, lastSpace + 1);
  const word = line.slice(lastSpace + 1);
  if (spec?.complete === 'tx') return { head, candidates: sources.txWord(word) };
  const pool =
    spec?.complete === 'addr'
        ? [...sources.networks, ...sources.addressStatuses]
        : [];
  return { head, candidates: unique(pool).filter((c) => startsWithCi(c, word)) };
}
