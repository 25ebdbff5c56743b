// argv -> command. Command modules load lazily so `custody` starts on the console's code only.
import { type SecretEnv, takeSecretEnv } from '../config/index.js';
import { ACTION_NAMES } from '../domain/actions.js';
import type { CommandCatalog } from './catalog.js';
import { NOUNS } from './script/nouns.js';
import { type CommandSpec, formatHelp, type Io, type Parsed, parseCommandArgs, UsageError } from './cli.js';
import { reportError } from './report.js';
import { VERSION } from './version.js';

export interface CommandModule {
  readonly spec: CommandSpec;
  /**
   * `secrets` holds CUSTODY_API_KEY / CUSTODY_KEY_PASSPHRASE, already removed from `io.env`;
   * `catalog` the other commands (for `completion`).
   */
  run(parsed: Parsed, io: Io, secrets: SecretEnv, catalog: CommandCatalog): Promise<number>;
}

interface Entry {
  readonly summary: string;
  readonly load: () => Promise<CommandModule>;
}

/** The default command (no subcommand) is the console itself. */
const CONSOLE = 'console';

const commands: Readonly<Record<string, Entry>> = {
  console: { summary: 'open the console (the default command)', load: () => import('./console.js') },
  init: { summary: 'create a key and a profile for a workspace', load: () => import('./init.js') },
  config: { summary: 'show, list or switch profiles', load: () => import('./config.js') },
  doctor: {
    summary: 'check config, key safety, connectivity, clock and a signed call',
    load: () => import('./doctor.js'),
  },
  sandbox: {
    summary: 'run a local server of the custody API with a living demo workspace',
    load: () => import('./sandbox.js'),
  },
  tx: {
    summary: 'list, show and decide transactions (approve, decline, cancel)',
    load: () => import('./script/tx.js'),
  },
  // The read nouns (script/nouns.ts declares them): `custody accounts`, `custody balances get ID`.
  ...Object.fromEntries(
    NOUNS.map((noun): [string, Entry] => [
      noun.name,
      { summary: noun.summary, load: async () => (await import('./script/noun-command.js')).nounModule(noun.name) },
    ]),
  ),
  audit: {
    summary: `print the local audit log of actions (${ACTION_NAMES.join(', ')})`,
    load: () => import('./audit.js'),
  },
  watch: { summary: 'print transaction updates as JSON lines (for scripts)', load: () => import('./watch.js') },
  key: {
    summary: 'print the public key to register in the workspace settings',
    load: () => import('./key.js'),
  },
  completion: {
    summary: 'print a shell completion script (bash, zsh or fish)',
    load: () => import('./completion.js'),
  },
};

/** The names of the commands, in the order of the help. */
export function commandNames(): string[] {
  return Object.keys(commands);
}

/** A command's module, or undefined for an unknown name. */
export async function loadCommand(name: string): Promise<CommandModule | undefined> {
  return Object.hasOwn(commands, name) ? commands[name]!.load() : undefined;
}

const catalog: CommandCatalog = {
  names: commandNames,
  spec: async (name) => (await loadCommand(name))?.spec,
};

function topLevelHelp(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const rows = Object.entries(commands).map(([n, e]) => `  ${n.padEnd(width)}  ${e.summary}`);
  return [
    `custody ${VERSION} — a keyboard console for a custody workspace`,
    '',
    'Usage:',
    '  custody [console options]      open the console (a built-in sandbox workspace when no profile exists)',
    '  custody <command> [options]',
    '',
    'Commands:',
    ...rows,
    '',
    'Run `custody <command> --help` for the options of a command.',
    '',
  ].join('\n');
}

/**
 * Runs one command line and returns the exit code: 0 done, 1 failed (with a message saying what
 * to do), 2 a mistake on the command line, 130 cancelled at a prompt. Never throws.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  // First of all: the secrets leave the environment before any other code can see or pass it on.
  const secrets = takeSecretEnv(io.env);
  try {
    return await dispatch(argv, io, secrets);
  } catch (err) {
    return reportError(err, io, secrets);
  }
}

async function dispatch(argv: readonly string[], io: Io, secrets: SecretEnv): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-V') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if ((first === 'help' || first === '--help' || first === '-h') && rest.length === 0) {
    io.stdout.write(topLevelHelp());
    return 0;
  }
  if (first === 'help') return dispatch([rest[0]!, '--help'], io, secrets);
  const isCommand = first !== undefined && !first.startsWith('-');
  const name = isCommand ? first : CONSOLE;
  const args = isCommand ? rest : argv;
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    io.stderr.write(`custody: unknown command '${name}'. Run \`custody --help\` for the list.\n`);
    return 2;
  }
  const mod = await entry.load();
  try {
    const parsed = parseCommandArgs(mod.spec, args);
    if (parsed.values.help === true) {
      io.stdout.write(formatHelp(mod.spec));
      return 0;
    }
    return await mod.run(parsed, io, secrets, catalog);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(
        `custody ${mod.spec.name}: ${err.message}\nRun \`custody ${mod.spec.name} --help\` for usage.\n`,
      );
      return 2;
    }
    throw err;
  }
}
