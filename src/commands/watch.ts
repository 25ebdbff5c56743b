// `custody watch`: transaction updates as JSON lines on stdout, for scripts. One line per update,
// the transaction exactly as the API sends it (`_embedded` and unknown fields kept); nothing else
// on stdout. State changes and problems go to stderr, one line each (--quiet: problems only).
// The engine (live/watch.ts) has the console's guarantees: subscription before the first read,
// a gap fill after every reconnect, polling when no socket can be had, each version printed once.
import { createSigner, generatePrivateJwk, type Signer } from '../auth/index.js';
import { createRealtime } from '../client/index.js';
import { type Account, toWireTransaction, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../contract/index.js';
import { ConfigError, type SecretEnv } from '../config/index.js';
import { unknownWordText } from '../format/index.js';
import { createWatch, type WatchFilter, type WatchReport } from '../live/watch.js';
import { bool, type CommandSpec, type Io, list, type Parsed, str, UsageError } from './cli.js';
import {
  connectionOptions,
  loadPrivateKey,
  loadSettings,
  makeClient,
  proxyEnvOf,
  missingSettingsError,
  SETTINGS_HELP,
} from './context.js';
import { EXIT_CANCELLED } from './report.js';
import { VERSION } from './version.js';
import { takeSignals } from './signals.js';

// --read-only means nothing here: watching never changes anything.
const { 'read-only': _readOnly, ...watchConnectionOptions } = connectionOptions;

export const spec: CommandSpec = {
  name: 'watch',
  summary: 'print transaction updates as JSON lines (for scripts)',
  usage: [
    'watch [--status S]... [--type T]... [--account ID|NAME]... [--as-given] [--with-history] [--quiet] [--profile NAME]',
    'watch --demo [filters] [--with-history]',
  ],
  options: {
    ...watchConnectionOptions,
    status: {
      type: 'string',
      value: 'STATUS',
      multiple: true,
      description: 'only transactions in this status (comma lists too), e.g. waiting-approval',
    },
    type: {
      type: 'string',
      value: 'TYPE',
      multiple: true,
      description: 'only transactions of this type (comma lists too), e.g. withdrawal',
    },
    'as-given': {
      type: 'boolean',
      description: 'send a --status or --type this version does not know as given (else: refused, exit 2)',
    },
    account: {
      type: 'string',
      value: 'ID|NAME',
      multiple: true,
      description: 'only transactions of this account: its id or its exact name (comma lists too)',
    },
    'with-history': {
      type: 'boolean',
      description: 'first print every matching transaction (oldest change first), then the live updates',
    },
    quiet: { type: 'boolean', short: 'q', description: 'stderr only for problems, not for state changes' },
    demo: { type: 'boolean', description: 'watch the built-in sandbox workspace (made-up data, no account needed)' },
  },
  details: `Prints one JSON object per line on stdout for every change of a matching transaction:
the transaction as the API sends it. Live only by default: what changes from now on. Each
(transactionId, updatedAt) is printed once, and each transaction's lines go forward in time.

A --status or --type this version does not know is refused with the known word it is likely
a typo of (exit 2): it would match nothing, forever. --as-given sends it anyway (a status or type
newer than this version), with a note on stderr.

Filters go to the server with the subscription and are applied here as well, so only
transactions that match at the moment of the change are printed: a transaction that moves out
of --status waiting-approval is not printed again (its later states do not match).

Nothing is missed across a dropped connection: after every reconnect the changes made meanwhile
are read from the list and printed (the current state of each changed transaction; states it
passed through while the connection was down are not replayed). Without a WebSocket it polls.

stderr: one line per state change (live, reconnecting, polling, caught up) and per problem;
--quiet keeps only the problems. Exit codes: 0 when stopped by SIGINT, SIGTERM or a closed
stdout (e.g. piped into head), 130 for a second signal while stopping; 1 when it cannot start
(not configured, 401/403, a refused filter, the server unreachable) or the server logs the key
out; 2 for a bad command line. Later failures are said on stderr and retried with backoff.
With nothing configured it says what to set up; --demo watches the built-in sandbox instead.

Example:
  custody watch --status waiting-approval | jq -r .transactionId

${SETTINGS_HELP}`,
};

// ---- options -----------------------------------------------------------------------------------

/** Repeated options and comma lists, trimmed, without empties or repeats. */
export function listOption(values: Parsed['values'], name: string): string[] {
  const all = list(values, name).flatMap((v) => v.split(','));
  return [...new Set(all.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** Values this version does not know (the contract's enums are the one list of them). */
function unknownValues(values: readonly string[], known: readonly string[]): string[] {
  return values.filter((v) => !known.includes(v));
}

/**
 * Statuses and types this version does not know: a typo is refused, naming the word it was likely
 * meant to be (exit 2); with --as-given they are sent anyway (enums grow), and `note` says so.
 */
export function checkWords(
  words: { readonly status: readonly string[]; readonly type: readonly string[] },
  asGiven: boolean,
  note: (text: string) => void,
): void {
  for (const [what, known] of [
    ['status', TRANSACTION_STATUSES],
    ['type', TRANSACTION_TYPES],
  ] as const) {
    const unknown = unknownValues(words[what], known);
    if (unknown.length === 0) continue;
    if (asGiven) {
      note(`note: this version knows no ${what} ${unknown.join(', ')}; sent as given (--as-given)`);
      continue;
    }
    throw new UsageError(`--${what}: ${unknownWordText(unknown[0]!, known, what)} (--as-given sends it anyway)`);
  }
}

/**
 * Where the console lists the accounts, in the words of an error: the pane's number is the
 * view's registry's (its order, not a copy). The view (Ink, React) is loaded only for this error.
 */
async function accountsPaneHint(): Promise<string> {
  const { paneKey } = await import('../view/resources/registry.js');
  const key = paneKey('accounts');
  return key === undefined ? 'the console lists the accounts' : `the console lists the accounts in pane ${key}`;
}

/**
 * `--account` values to account ids: an exact id, else an exact name. A name that several
 * accounts share is refused (the ids are listed); an unknown value is refused, saying where the
 * console lists the accounts (`where`, asked only then).
 */
export async function resolveAccounts(
  values: readonly string[],
  accounts: readonly Account[],
  where: () => Promise<string> = accountsPaneHint,
): Promise<string[]> {
  const ids = new Set(accounts.map((a) => a.accountId));
  const resolved: string[] = [];
  for (const value of values) resolved.push(await resolveAccount(value, accounts, ids, where));
  return resolved;
}

async function resolveAccount(
  value: string,
  accounts: readonly Account[],
  ids: ReadonlySet<string>,
  where: () => Promise<string>,
): Promise<string> {
  if (ids.has(value)) return value;
  const named = accounts.filter((a) => a.accountName === value);
  if (named.length === 1) return named[0]!.accountId;
  if (named.length > 1) {
    throw new ConfigError(`--account ${JSON.stringify(value)} names ${named.length} accounts`, {
      fix: `give its id instead: ${named.map((a) => a.accountId).join(', ')}`,
    });
  }
  throw new ConfigError(`--account ${JSON.stringify(value)}: no account has this id or name`, {
    fix: `check the id or the exact name (${await where()})`,
  });
}

// ---- where it connects ---------------------------------------------------------------------------

interface Target {
  baseUrl: string;
  workspaceId: string;
  signer: Signer;
  proxy?: string;
  demo: boolean;
  close(): Promise<void>;
}

/** The embedded sandbox on a free loopback port, with a key that lives only in this process. */
async function startDemo(): Promise<Target> {
  const { startSandbox } = await import('../sandbox/index.js');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const jwk = await generatePrivateJwk();
  sandbox.registerKey(jwk, 'full-access');
  return {
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer: await createSigner(jwk),
    demo: true,
    close: async () => {
      await Promise.race([sandbox.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}

async function resolveTarget(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<Target> {
  const { values } = parsed;
  if (bool(values, 'demo')) {
    const clash = ['profile', 'base-url', 'workspace', 'key-file'].filter((name) => str(values, name) !== undefined);
    if (clash.length > 0) {
      throw new UsageError(`--demo watches the built-in sandbox; it does not go with ${clash.map((n) => `--${n}`).join(', ')}`);
    }
    return startDemo();
  }
  const { settings } = await loadSettings(values, io, secrets);
  if (settings.profileName === undefined && settings.missing.length === 3) {
    // Unlike the console, a script gets no surprise sandbox: made-up data must be asked for.
    throw new ConfigError('not configured: no profile, and no --base-url, --workspace or --key-file', {
      fix: 'run `custody init` to create a profile, give the connection flags, or use --demo for the built-in sandbox',
    });
  }
  if (settings.baseUrl === undefined || settings.workspaceId === undefined || settings.key === undefined) {
    throw missingSettingsError(settings);
  }
  const jwk = await loadPrivateKey(settings.key, io, secrets);
  return {
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    signer: await createSigner(jwk),
    ...(settings.proxy !== undefined ? { proxy: settings.proxy } : {}),
    demo: false,
    close: async () => {},
  };
}

// ---- the watch -------------------------------------------------------------------------------------

export interface WatchControl {
  /** Stops the watch when aborted (run() ties it to SIGINT/SIGTERM); exit 0. */
  signal: AbortSignal;
  /** Engine timings, for tests. */
  tuning?: { socketGraceMs?: number; pollIntervalMs?: number; retryBaseMs?: number; retryMaxMs?: number };
  /** Reconnect timings of the socket, for tests. */
  realtime?: { reconnectStepMs?: number; reconnectMaxMs?: number };
}

function isBrokenPipe(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** The command's work, with the stop signal handed in (tests run it in-process). */
export async function watch(parsed: Parsed, io: Io, secrets: SecretEnv, control: WatchControl): Promise<number> {
  const { values } = parsed;
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const statuses = listOption(values, 'status');
  const types = listOption(values, 'type');
  const accounts = listOption(values, 'account');
  const quiet = bool(values, 'quiet');

  const say = (text: string) => {
    try {
      io.stderr.write(`custody watch: ${text}\n`);
    } catch {
      // stderr gone: nothing to tell anyone
    }
  };
  checkWords({ status: statuses, type: types }, bool(values, 'as-given'), say);
  // A closed stderr must not end the watch; stdout decides (below).
  const onStderrError = () => undefined;
  io.stderr.on('error', onStderrError);

  const target = await resolveTarget(parsed, io, secrets);
  try {
    if (target.demo && !quiet) say(`demo: watching the built-in sandbox at ${target.baseUrl} (made-up data, no real funds)`);
    const api = makeClient(
      target.signer,
      { baseUrl: target.baseUrl, workspaceId: target.workspaceId, proxy: target.proxy },
      { env: proxyEnvOf(target, io.env) },
    );
    let accountIds: string[] = [];
    if (accounts.length > 0) {
      const all: Account[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = await api.accounts.list({ limit: 1000, offset });
        all.push(...page);
        if (page.length < 1000) break;
      }
      accountIds = [...new Set(await resolveAccounts(accounts, all))];
    }
    const filter: WatchFilter = { statuses, types, accountIds };
    if (control.signal.aborted) return 0;

    const realtime = createRealtime({
      baseUrl: target.baseUrl,
      workspaceId: target.workspaceId,
      signer: target.signer,
      // The same proxy decision as the HTTP client above.
      proxy: target.proxy,
      env: proxyEnvOf(target, io.env),
      userAgent: `custody-console/${VERSION}`,
      ...control.realtime,
    });

    let closedStdout = false;
    let wake: (why: 'signal' | 'stdout') => void = () => undefined;
    const stopped = new Promise<'signal' | 'stdout'>((resolve) => {
      wake = resolve;
    });
    if (control.signal.aborted) wake('signal');
    control.signal.addEventListener('abort', () => wake('signal'), { once: true });
    const onStdoutError = (err: unknown) => {
      // The reader went away (`| head`): done, quietly. Anything else is said, then done too.
      if (!isBrokenPipe(err)) say(`cannot write to stdout: ${(err as Error).message}`);
      closedStdout = true;
      wake('stdout');
    };
    io.stdout.on('error', onStdoutError);

    const engine = createWatch({
      api,
      realtime,
      filter,
      withHistory: bool(values, 'with-history'),
      print: (tx) => {
        if (closedStdout) return;
        try {
          io.stdout.write(`${JSON.stringify(toWireTransaction(tx))}\n`);
        } catch (err) {
          onStdoutError(err);
        }
      },
      report: (line: WatchReport) => {
        if (quiet && line.level === 'info') return;
        say(line.text);
      },
      ...control.tuning,
    });

    try {
      // A signal or a closed stdout may come during the start (a long history): stop there. A
      // start that fails rejects the race: the command table says why (exit 1).
      const first = await Promise.race([engine.start().then(() => 'started' as const), stopped]);
      if (first !== 'started') return 0;
      const outcome = await Promise.race([stopped, engine.ended]);
      return typeof outcome === 'object' ? 1 : 0; // ended on its own (logged out): it said why
    } finally {
      engine.stop();
      realtime.close();
      // Left on stdout: a write still queued may fail after this, and must not crash the exit.
      io.stdout.off('error', onStdoutError);
      io.stdout.on('error', () => undefined);
    }
  } finally {
    io.stderr.off('error', onStderrError);
    await target.close();
  }
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const stop = new AbortController();
  // The first signal stops cleanly; a second one (a read that hangs on the way out) leaves now.
  const restore = takeSignals(() => {
    if (stop.signal.aborted) process.exit(EXIT_CANCELLED);
    stop.abort();
  });
  try {
    return await watch(parsed, io, secrets, { signal: stop.signal });
  } finally {
    restore();
  }
}
