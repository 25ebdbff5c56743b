// The default command: the console itself. With nothing configured (or --demo) it starts the
// sandbox in this process on a free loopback port with a throwaway key, so a fresh machine gets
// a living workspace; otherwise it opens on the configured server. Either way the console talks
// real HTTP and WebSocket, through the same client, live engine, stores and view.
import { setFlagsFromString } from 'node:v8';
import { formatWithOptions } from 'node:util';
import { createSigner, generatePrivateJwk, type Signer } from '../auth/index.js';
import { createRealtime, type RequestInfo } from '../client/index.js';
import {
  auditLogPath,
  createMemoryAuditLog,
  DEFAULT_APPROVAL_THRESHOLD_USD,
  DEFAULT_PRICE_POLL_MS,
  demoSetup,
  MIN_PRICE_POLL_MS,
  openAuditLog,
  type SecretEnv,
  type Setup,
} from '../config/index.js';
import { unknownConfigFields } from '../config/unknown-fields.js';
import { createLive } from '../live/index.js';
import { firstPageLimit } from '../live/reads.js';
import { ALL_TRANSACTIONS, createStores, type SessionState, type Stores, txQueryKey, withNotice } from '../store/index.js';
// Types only: the view (and Ink with it) loads after the CI variable is dealt with, below.
import type { ViewEnv } from '../view/index.js';
import { beforeTerminalRestore, enterFullScreen, restoreTerminal } from '../view/base/terminal-restore.js';
import { CALLS_HELP, type Calls, callOptions, demoCalls } from './approval-calls.js';
import { bool, type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';
import { CLOCK_FIX, clockSkewText } from './clock.js';
import {
  connectionOptions,
  keyLabel,
  loadPrivateKey,
  loadSettings,
  makeClient,
  missingSettingsError,
  proxyEnvOf,
  SETTINGS_HELP,
} from './context.js';
import { type DebugLog, noLog, openDebugLog } from './debug-log.js';
import { VERSION } from './version.js';

export const spec: CommandSpec = {
  name: 'console',
  summary: 'open the console (the default command)',
  usage: [
    '[console] [--profile NAME] [--read-only] [--price-poll MS] [--no-bell] [--notify] [--log-file PATH]',
    '[console] --demo [--read-only] [--no-bell] [--notify]',
  ],
  options: {
    ...connectionOptions,
    demo: { type: 'boolean', description: 'open on the built-in sandbox workspace (no account needed)' },
    'price-poll': {
      type: 'string',
      value: 'MS',
      description: `how often prices are polled (default ${DEFAULT_PRICE_POLL_MS}, at least ${MIN_PRICE_POLL_MS})`,
    },
    'log-file': { type: 'string', value: 'PATH', description: 'append a debug log here (mode 0600; never a key or a token)' },
    ...callOptions,
  },
  details: `With no profile and no connection settings at all (a fresh machine), or with --demo, the
console starts the sandbox in this process on a free 127.0.0.1 port, registers a throwaway key
(never written to disk) as full-access and opens on it: made-up data, no real funds; the header
says DEMO and the sandbox's address.

${SETTINGS_HELP}

The console needs a terminal. It draws on the alternate screen and gives the terminal back on
quit (q), Ctrl-C, SIGTERM, SIGHUP and crashes. NO_COLOR turns color off; a locale that is not
UTF-8 (LC_ALL, LC_CTYPE, LANG) gets ASCII borders and symbols. CUSTODY_LOG_FILE is --log-file
from the environment; CUSTODY_RENDERER=standard repaints whole frames instead of changed lines.

${CALLS_HELP}`,
};

const NOT_A_TERMINAL =
  'custody: the console needs a terminal (stdin and stdout must both be one; over ssh, `ssh -t`).\n' +
  'For scripts, `custody watch` prints changes as lines; `custody doctor` checks the setup.\n';

/** Exit code for a command line (or terminal) the console cannot work with. */
const EXIT_USAGE = 2;

// ---- options ---------------------------------------------------------------------------------

function pricePollMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < MIN_PRICE_POLL_MS) {
    throw new UsageError(`--price-poll must be a whole number of milliseconds, at least ${MIN_PRICE_POLL_MS} (got "${text}")`);
  }
  return value;
}

/** CUSTODY_RENDERER: `incremental` (default: only changed lines are sent) or `standard`. */
function incrementalRendering(env: NodeJS.ProcessEnv): boolean {
  const value = env.CUSTODY_RENDERER;
  if (value === undefined || value === '' || value === 'incremental') return true;
  if (value === 'standard') return false;
  throw new UsageError(`CUSTODY_RENDERER must be "incremental" or "standard" (got "${value}")`);
}

function envFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(env[name] ?? '');
}

/**
 * While the console draws, nothing else may write to the terminal (it would land inside Ink's
 * frame and shift every later update): console.* and Node's process warnings go to the debug
 * log. Returns the function that puts them back.
 */
function quietWhileDrawing(log: DebugLog): () => void {
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const saved = methods.map((name) => [name, console[name]] as const);
  for (const name of methods) {
    console[name] = (...args: unknown[]) => log(`console.${name}`, formatWithOptions({ colors: false }, ...args));
  }
  const warningListeners = process.listeners('warning');
  process.removeAllListeners('warning');
  const onWarning = (warning: Error) => log('warning', `${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  return () => {
    for (const [name, fn] of saved) console[name] = fn;
    process.off('warning', onWarning);
    for (const listener of warningListeners) process.on('warning', listener);
  };
}

function requestLine(info: RequestInfo): string {
  const outcome = info.status !== undefined ? String(info.status) : (info.error ?? 'no answer');
  const retry = info.attempt > 1 ? ` (attempt ${info.attempt})` : '';
  const id = info.correlationId ? ` [${info.correlationId}]` : '';
  return `${info.method} ${info.path} ${outcome} ${Math.round(info.durationMs)} ms${retry}${id}`;
}

// ---- where the console connects ----------------------------------------------------------------

interface Target {
  baseUrl: string;
  workspaceId: string;
  signer: Signer;
  role?: string;
  /** Which setup: the header names it, the audit lines record it. */
  setup: Setup;
  proxy?: string;
  demo: boolean;
  readOnly: boolean;
  pricePollMs: number;
  /** USD value from which a decline asks for the typed confirmation (decimal text). */
  approvalThresholdUsd: string;
  /** The member the key acts as, when known without asking (demo only: the sandbox said). */
  selfUserId?: string;
  /** How the console calls the operator when a transaction starts waiting for approval. */
  calls: Calls;
  /** Warnings about the config file, shown as notices at start (also said on stderr before). */
  configWarnings?: readonly string[];
  /** Stops what the target started (the embedded sandbox). */
  close(): Promise<void>;
}

/** The embedded sandbox on a free loopback port, with a key that lives only in this process. */
async function startDemo(readOnly: boolean, pollMs: number | undefined, calls: Calls, log: DebugLog): Promise<Target> {
  // A separate chunk: the sandbox loads only when the demo runs.
  const { startSandbox } = await import('../sandbox/index.js');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, log: (line) => log('sandbox', line) });
  const jwk = await generatePrivateJwk();
  const { userId } = sandbox.registerKey(jwk, 'full-access');
  const signer = await createSigner(jwk);
  log('console', `demo: sandbox on ${sandbox.baseUrl}, workspace ${sandbox.workspaceId}, throwaway key ${signer.kid}`);
  return {
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer,
    role: 'full-access',
    setup: demoSetup(sandbox.baseUrl, sandbox.workspaceId),
    demo: true,
    readOnly,
    pricePollMs: pollMs ?? DEFAULT_PRICE_POLL_MS,
    approvalThresholdUsd: DEFAULT_APPROVAL_THRESHOLD_USD,
    selfUserId: userId,
    calls,
    close: async () => {
      // Sockets close with 1001; never wait long for it on the way out.
      await Promise.race([sandbox.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}

/** Demo when asked, or when nothing at all is configured; else the configured server and key. */
async function resolveTarget(parsed: Parsed, io: Io, secrets: SecretEnv, log: DebugLog): Promise<Target> {
  const { values } = parsed;
  const pollMs = pricePollMs(str(values, 'price-poll'));
  if (bool(values, 'demo')) {
    const clash = ['profile', 'base-url', 'workspace', 'key-file'].filter((name) => str(values, name) !== undefined);
    if (clash.length > 0) {
      throw new UsageError(`--demo opens the built-in sandbox; it does not go with ${clash.map((n) => `--${n}`).join(', ')}`);
    }
    const readOnly = bool(values, 'read-only') || envFlag(io.env, 'CUSTODY_READ_ONLY');
    return startDemo(readOnly, pollMs, demoCalls(values), log);
  }
  const { settings, loaded } = await loadSettings(values, io, secrets);
  const configWarnings = unknownConfigFields(loaded.config).map((u) => u.message);
  for (const text of configWarnings) io.stderr.write(`custody: warning: ${text}\n`);
  // A profile left out for its name: the others still work, and the user learns which and why.
  for (const error of loaded.errors) io.stderr.write(`custody: ${error.message}\n  to fix: ${error.fix}\n`);
  if (settings.profileName === undefined && settings.missing.length === 3) {
    log('console', 'nothing configured: opening the demo');
    return startDemo(settings.readOnly, pollMs, { bell: settings.bell, notify: settings.notify }, log);
  }
  if (
    settings.baseUrl === undefined ||
    settings.workspaceId === undefined ||
    settings.key === undefined ||
    settings.setup === undefined
  ) {
    throw missingSettingsError(settings);
  }
  // The passphrase prompt (an encrypted key) happens here, before the alternate screen.
  const jwk = await loadPrivateKey(settings.key, io, secrets);
  const signer = await createSigner(jwk);
  log(
    'console',
    `setup ${settings.setup.origin}, profile ${settings.setup.profile ?? '(none)'}: ${settings.baseUrl}, workspace ${settings.workspaceId}, key ${signer.kid} from ${keyLabel(settings.key)}`,
  );
  return {
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    signer,
    ...(settings.role !== undefined ? { role: settings.role } : {}),
    setup: settings.setup,
    ...(settings.proxy !== undefined ? { proxy: settings.proxy } : {}),
    demo: false,
    readOnly: settings.readOnly,
    pricePollMs: pollMs ?? settings.pricePollMs,
    approvalThresholdUsd: settings.approvalThresholdUsd,
    calls: { bell: settings.bell, notify: settings.notify },
    configWarnings,
    close: async () => {},
  };
}

// ---- the console -----------------------------------------------------------------------------

/** Longest wait for the first rows before the screen mounts anyway (and says "connecting…"). */
const FIRST_LOAD_WAIT_MS = 600;

/** Rows can be drawn as they will stay: the first page is in, with the account names and assets they show. */
function rowsReady(stores: Stores): boolean {
  const first = stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS));
  return (
    first !== undefined &&
    first.loading === undefined &&
    first.error === undefined &&
    stores.workspace.getState().accountsLoadedAt !== undefined &&
    stores.dictionary.getState().assets.size > 0
  );
}

/**
 * Resolves once rows are ready, or the first load settled without them (an error says why), or
 * after `ms`, whichever comes first. The rest of the first load (addresses, symbols, prices) does
 * not hold the first frame up.
 */
function firstRows(stores: Stores, firstLoad: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const offs: (() => void)[] = [];
    const done = () => {
      clearTimeout(timer);
      for (const off of offs.splice(0)) off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const check = () => {
      if (rowsReady(stores)) done();
    };
    offs.push(stores.transactions.subscribe(check), stores.workspace.subscribe(check), stores.dictionary.subscribe(check));
    firstLoad.then(done, done);
    check();
  });
}

async function openConsole(target: Target, io: Io, log: DebugLog): Promise<number> {
  const stdout = io.stdout as NodeJS.WriteStream;
  const stdin = io.stdin as NodeJS.ReadStream;
  const incremental = incrementalRendering(io.env);
  const now = Date.now;
  const stores = createStores({
    baseUrl: target.baseUrl,
    workspaceId: target.workspaceId,
    keyId: target.signer.kid,
    ...(target.role !== undefined ? { role: target.role } : {}),
    setup: target.setup,
    demo: target.demo,
    readOnly: target.readOnly,
    now: now(),
  });
  const setSession = (fn: (s: SessionState) => SessionState) => stores.session.setState(fn);
  // Facts of this session: they hold on the status line, and return after anything newer.
  for (const text of target.configWarnings ?? []) {
    setSession((s) => withNotice(s, { level: 'warn', text, sticky: true }, now()));
  }

  // The live engine's hook for every HTTP attempt is known only once it exists.
  const hooks: { onRequest?: (info: RequestInfo) => void } = {};
  const proxyEnv = proxyEnvOf(target, io.env);
  const api = makeClient(
    target.signer,
    { baseUrl: target.baseUrl, workspaceId: target.workspaceId, proxy: target.proxy },
    {
      env: proxyEnv,
      now,
      onClockSkew: (skewMs) => {
        log('console', `clock skew ${skewMs} ms`);
        const text = `${clockSkewText(skewMs)}: ${CLOCK_FIX}`;
        setSession((s) => ({
          ...withNotice(s, { level: 'warn', text, key: 'clock-skew', sticky: true }, now()),
          clockSkewMs: skewMs,
        }));
      },
      onRequest: (info) => {
        log('http', requestLine(info));
        hooks.onRequest?.(info);
      },
    },
  );
  const realtime = createRealtime({
    baseUrl: target.baseUrl,
    workspaceId: target.workspaceId,
    signer: target.signer,
    // The same proxy decision as the HTTP client above.
    proxy: target.proxy,
    env: proxyEnv,
    now,
    userAgent: `custody-console/${VERSION}`,
  });
  realtime.on('state', (state) => log('ws', JSON.stringify(state)));
  realtime.on('stalled', ({ pongTimeoutMs }) => log('ws', `stalled: no pong in ${pongTimeoutMs} ms`));
  realtime.on('error', (err) => log('ws', `error: ${err.message}`));
  // The first frame, drawn (or given up on).
  let heapSet = false;
  const firstFrameDone = () => {
    if (heapSet) return;
    heapSet = true;
    // A console lives for hours: from here on let the heap grow by a fifth at a time, not V8's
    // default of up to 4x, so it stays near what it keeps. Not before the first frame: the extra
    // collections would delay it (~90 ms of CPU). V8 reads the flag each time it sizes the heap,
    // so setting it now takes effect.
    setFlagsFromString('--heap-growing-percent=20');
  };
  const live = createLive({
    api,
    realtime,
    stores,
    now,
    pricePollMs: target.pricePollMs,
    // About two screens of rows first; the history beyond is read as the cursor moves toward it.
    firstPageSize: firstPageLimit(stdout.rows),
    log: (line) => log('live', line),
    // Every decline, approve and create attempt is appended here (nothing is written until one is).
    // The demo's throwaway sandbox keeps its own in memory: never mixed into the real log.
    audit: target.demo ? createMemoryAuditLog() : openAuditLog(auditLogPath(io.env)),
    ...(target.selfUserId !== undefined ? { selfUserId: target.selfUserId } : {}),
  });
  hooks.onRequest = live.onRequest;

  // Ink reads CI once, when it loads, and then draws nothing until exit (its CI mode). A person
  // with CI set in their shell still has a terminal here (checked above), so the console ignores
  // it; nothing else in this process reads it. Ink and the view load only after this line.
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) {
    if (process.env[name] !== undefined) {
      log('console', `${name} is set: ignored (this is a terminal)`);
      delete process.env[name];
    }
  }
  const unquiet = quietWhileDrawing(log);
  let mount: { unmount(): void; redraw(): void } | undefined;
  let failure: unknown;
  try {
    // The first reads go out before the view (Ink, React and the panes: the biggest chunk) is
    // loaded, so the server answers while it compiles. Never rejects.
    const firstLoad = live.start();
    const [{ createUiStore }, { mountConsole }, terminal] = await Promise.all([
      import('../view/index.js'),
      import('../view/render.js'),
      import('../view/base/terminal.js'),
    ]);
    const caps = terminal.terminalCapabilities(io.env, stdout);
    log('console', `terminal ${stdout.columns}x${stdout.rows}, ${incremental ? 'incremental' : 'standard'} renderer, ascii ${caps.ascii}, color ${caps.color}`);
    // The bell and the notification go to the terminal between Ink's frames (attention.ts).
    const calls = { stdout, env: io.env, ...target.calls, log: (line: string) => log('attention', line) };
    const callOperator = terminal.createAttention(calls);
    const env: ViewEnv = {
      ...caps,
      now,
      copy: terminal.createClipboard({ stdout, env: io.env, log: (line) => log('clipboard', line) }),
      ...(callOperator !== undefined ? { callOperator } : {}),
      quit: () => mount?.unmount(),
      // Ctrl-Z: after `fg` the screen comes back whole and the feed reads what changed meanwhile
      // (a socket that did not survive the stop catches up on its reconnect as well).
      suspend: (onResume) =>
        terminal.suspendConsole({
          onResume: () => {
            log('console', 'resumed after ctrl-z');
            mount?.redraw();
            live.refresh('transactions');
            onResume();
          },
        }),
      confirmThresholdUsd: target.approvalThresholdUsd,
    };
    // Mounted once the first rows can be drawn (or the first load settled without them: the
    // error says why): the first frame has the rows, with no "connecting…" frame to lay out and
    // send first. A slow server gets FIRST_LOAD_WAIT_MS; then the header says what is going on.
    await firstRows(stores, firstLoad, FIRST_LOAD_WAIT_MS);

    // The alternate screen comes before the first frame (Ink draws it inside mountConsole). A
    // signal or a crash unmounts Ink first, so its last frame stays on the alternate screen.
    beforeTerminalRestore(() => mount?.unmount());
    enterFullScreen(stdout, stdin);
    const mounted = mountConsole({ stores, ui: createUiStore(), actions: live, env, stdin, stdout, incremental });
    mount = mounted;
    firstFrameDone(); // Ink drew the first frame inside mountConsole
    await mounted.waitUntilExit();
  } catch (err) {
    failure = err;
  } finally {
    firstFrameDone();
    restoreTerminal();
    live.stop();
    realtime.close();
    unquiet();
  }
  if (failure !== undefined) {
    log('console', `ended by an error: ${failure instanceof Error ? failure.message : String(failure)}`);
    throw failure; // the command table prints it, after the terminal was given back
  }
  log('console', 'quit');
  return 0;
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  if (io.stdout.isTTY !== true || io.stdin.isTTY !== true) {
    io.stderr.write(NOT_A_TERMINAL);
    return EXIT_USAGE;
  }
  incrementalRendering(io.env); // a bad CUSTODY_RENDERER is said before anything starts
  const logPath = str(parsed.values, 'log-file') ?? (io.env.CUSTODY_LOG_FILE || undefined);
  const log = logPath !== undefined ? await openDebugLog(logPath) : noLog;
  // Reached only when something ends the process under the console (a signal, a crash).
  const onExit = (code: number) => log('console', `process exit ${code}`);
  process.on('exit', onExit);
  try {
    log('console', `custody ${VERSION} starting (pid ${process.pid})`);
    const target = await resolveTarget(parsed, io, secrets, log);
    try {
      return await openConsole(target, io, log);
    } finally {
      await target.close();
    }
  } finally {
    process.off('exit', onExit);
    log.close();
  }
}
