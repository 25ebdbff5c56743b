// `custody watch`: transaction updates as JSON lines on stdout, for scripts. One line per update,
// the transaction exactly as the API sends it (`_embedded` and unknown fields kept); nothing else
// on stdout. State changes and problems go to stderr, one line each (--quiet: problems only).
// The engine (live/watch.ts) has the console's guarantees: subscription before the first read,
// a gap fill after every reconnect, polling when no socket can be had, each version printed once.
import { createRealtime } from '../client/index.js';
import { type Account, toWireTransaction } from '../contract/index.js';
import type { SecretEnv } from '../config/index.js';
import { createWatch, type WatchFilter, type WatchReport } from '../live/watch.js';
import { bool, type CommandSpec, type Io, type Parsed, UsageError } from './cli.js';
import { connectionOptions, proxyEnvOf, SETTINGS_HELP } from './context.js';
import { checkWords, listOption, resolveAccounts, txWordFlags } from './tx-words.js';
import { demoOption, resolveScriptTarget, targetClient } from './script/target.js';
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
    ...txWordFlags,
    'with-history': {
      type: 'boolean',
      description: 'first print every matching transaction (oldest change first), then the live updates',
    },
    quiet: { type: 'boolean', short: 'q', description: 'stderr only for problems, not for state changes' },
    ...demoOption,
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

  const target = await resolveScriptTarget(values, io, secrets);
  try {
    if (target.demo && !quiet) say(`demo: watching the built-in sandbox at ${target.baseUrl} (made-up data, no real funds)`);
    const api = targetClient(target, io);
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
