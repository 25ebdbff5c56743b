// The default command: the console itself. With nothing configured (or --demo) it starts the
// sandbox in this process on a free loopback port with a throwaway key, so a fresh machine gets
// a living workspace; otherwise it opens on the configured server. Either way the console talks
// real HTTP and WebSocket, through the same client, live engine, stores and view.
import { formatWithOptions } from 'node:util';
import {
  type AuditLog,
  auditLogPath,
  configFilePath,
  DEFAULT_PRICE_POLL_MS,
  loadConfig,
  MIN_PRICE_POLL_MS,
  openAuditLog,
  type SecretEnv,
} from '../config/index.js';
import { withNotice } from '../store/index.js';
// Types only: the view (and Ink with it) loads after the CI variable is dealt with, below.
import type { ProfileEntry, ViewEnv } from '../view/index.js';
import { RENDERERS, type Renderer, rendererOf, type ScrollRegionGate, scrollRegionGate } from '../view/base/renderer.js';
import { beforeTerminalRestore, enterFullScreen, isFullScreen, restoreTerminal } from '../view/base/terminal-restore.js';
import { CALLS_HELP, callOptions } from './approval-calls.js';
import { type CommandSpec, type Io, type Parsed, str, UsageError } from './cli.js';
import { firstRows, type Session, type SessionDeps, startSession } from './console-session.js';
import { PASSPHRASE_SCREEN, passphraseIntro, profileEntries, switchFailure } from './console-switch.js';
import { type ProfileStep, profileStep, profileTarget, resolveTarget, type Target } from './console-target.js';
import { connectionOptions, SETTINGS_HELP } from './context.js';
import { type DebugLog, noLog, openDebugLog } from './debug-log.js';
import { leanOldHeap, leanYoungHeap, releaseStartupHeap } from './heap.js';
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

Inside the console, :ctx lists the profiles and :ctx NAME switches to one (:ctx - goes back). A
switch takes that profile's settings whole: the connection flags and CUSTODY_* variables given
for the first profile are dropped; --read-only, --no-bell, --notify, --price-poll and --log-file
stay.

The console needs a terminal. It draws on the alternate screen and gives the terminal back on
quit (q), Ctrl-C, SIGTERM, SIGHUP and crashes. NO_COLOR turns color off; a locale that is not
UTF-8 (LC_ALL, LC_CTYPE, LANG) gets ASCII borders and symbols. CUSTODY_LOG_FILE is --log-file
from the environment. CUSTODY_RENDERER: incremental (the default) sends only changed lines and
lets the terminal move lines that moved (its scroll region; inside tmux only in a pane as wide
as its window); regions always lets it; lines never does; standard repaints whole frames.

${CALLS_HELP}`,
};

const NOT_A_TERMINAL =
  'custody: the console needs a terminal (stdin and stdout must both be one; over ssh, `ssh -t`).\n' +
  'For scripts, `custody watch` prints changes as lines; `custody doctor` checks the setup.\n';

/** Exit code for a command line (or terminal) the console cannot work with. */
const EXIT_USAGE = 2;

// ---- options ---------------------------------------------------------------------------------

/** CUSTODY_RENDERER (view/base/renderer.ts says what each one does). */
function rendererFrom(env: NodeJS.ProcessEnv): Renderer {
  const renderer = rendererOf(env.CUSTODY_RENDERER);
  if (renderer !== undefined) return renderer;
  throw new UsageError(`CUSTODY_RENDERER must be one of ${RENDERERS.join(', ')} (got ${JSON.stringify(env.CUSTODY_RENDERER)})`);
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


// ---- the console -----------------------------------------------------------------------------

/** When the start's heap is let go of (heap.ts releaseStartupHeap), after the first frame. */
const STARTUP_HEAP_MS = 3_000;

/** Longest wait for the first rows before the screen mounts anyway (and says "connecting…"). */
const FIRST_LOAD_WAIT_MS = 600;

/** The profiles `:ctx` offers: the config file as it is now (unreadable: none, and :ctx says why). */
async function readProfiles(env: NodeJS.ProcessEnv, log: DebugLog): Promise<ProfileEntry[]> {
  try {
    return profileEntries((await loadConfig(configFilePath(env))).config);
  } catch (err) {
    log('console', `profiles for :ctx: ${switchFailure(err)}`);
    return [];
  }
}

/** The notice a new session opens with: which profile, where; louder for production. */
function switchedNotice(session: Session): { level: 'info' | 'warn'; text: string } {
  const setup = session.target.setup;
  const name = setup.profile ?? '(no profile)';
  const where = `${setup.host}, workspace ${setup.workspaceId}`;
  if (setup.tone === 'production') return { level: 'warn', text: `now on PRODUCTION: profile ${name} (${where})` };
  return { level: 'info', text: `switched to profile ${name} (${where})` };
}

async function openConsole(first: Target, parsed: Parsed, io: Io, log: DebugLog): Promise<number> {
  const stdout = io.stdout as NodeJS.WriteStream;
  const stdin = io.stdin as NodeJS.ReadStream;
  const renderer = rendererFrom(io.env);
  const incremental = renderer !== 'standard';
  // One audit log for the process, opened when a session on a real server first needs it.
  let audit: AuditLog | undefined;
  const deps: SessionDeps = {
    env: io.env,
    rows: stdout.rows,
    log,
    audit: () => (audit ??= openAuditLog(auditLogPath(io.env))),
  };
  // A console lives for hours. Its young generation stays at the size it has before the first
  // load: that load alone would double it to 16 MB a half, which Node 20's V8 never hands back
  // (about 20 MB of the console's memory at rest), for some 20 ms of extra collections now.
  leanYoungHeap();
  let session = startSession(first, deps);
  // The first frame, drawn (or given up on).
  let heapSet = false;
  const firstFrameDone = () => {
    if (heapSet) return;
    heapSet = true;
    // Not before the first frame: the extra collections would delay it (~90 ms of CPU).
    leanOldHeap();
    // Once the first load's garbage is garbage; a console that quits first never waits for it.
    setTimeout(releaseStartupHeap, STARTUP_HEAP_MS).unref();
  };

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
  /** Set by `:ctx` just before it unmounts the view: the profile to open next. */
  let switching: ProfileStep | undefined;
  let previous: string | undefined;
  let failure: unknown;
  let gate: ScrollRegionGate | undefined;
  try {
    const [view, render, terminal] = await Promise.all([
      import('../view/index.js'),
      import('../view/render.js'),
      import('../view/base/terminal.js'),
    ]);
    const caps = terminal.terminalCapabilities(io.env, stdout);
    log('console', `terminal ${stdout.columns}x${stdout.rows}, ${renderer} renderer, ascii ${caps.ascii}, color ${caps.color}`);
    gate = scrollRegionGate({ renderer, env: io.env, stdout, log: (line) => log('renderer', line) });
    const copy = terminal.createClipboard({ stdout, env: io.env, log: (line) => log('clipboard', line) });

    const viewEnv = (current: Session, list: readonly ProfileEntry[]): ViewEnv => {
      // The bell and the notification go to the terminal between Ink's frames (attention.ts).
      const calls = { stdout, env: io.env, ...current.target.calls, log: (line: string) => log('attention', line) };
      const callOperator = terminal.createAttention(calls);
      const profile = current.target.setup.profile;
      return {
        ...caps,
        now: Date.now,
        copy,
        ...(callOperator !== undefined ? { callOperator } : {}),
        quit: () => mount?.unmount(),
        // Ctrl-Z: after `fg` the screen comes back whole and the feed reads what changed meanwhile
        // (a socket that did not survive the stop catches up on its reconnect as well).
        suspend: (onResume) =>
          terminal.suspendConsole({
            onResume: () => {
              log('console', 'resumed after ctrl-z');
              mount?.redraw();
              current.live.refresh('transactions');
              onResume();
            },
          }),
        confirmThresholdUsd: current.target.approvalThresholdUsd,
        profiles: {
          list,
          ...(profile !== undefined ? { current: profile } : {}),
          ...(previous !== undefined ? { previous } : {}),
          switchTo: async (name) => {
            // The outcome and the audit line of a decision on its way belong to this profile.
            if (current.live.sending()) return 'a decision is being sent: switch once its outcome is in';
            try {
              switching = await profileStep(name, parsed, io);
            } catch (err) {
              log('console', `:ctx ${name}: ${switchFailure(err)}`);
              return switchFailure(err);
            }
            log('console', `:ctx ${name}: leaving ${profile ?? current.target.setup.origin}`);
            mount?.unmount();
            return undefined;
          },
        },
      };
    };

    // Mounted once the first rows can be drawn (or the first load settled without them: the
    // error says why): the first frame has the rows, with no "connecting…" frame to lay out and
    // send first. A slow server gets FIRST_LOAD_WAIT_MS; then the header says what is going on.
    await firstRows(session.stores, session.firstLoad, FIRST_LOAD_WAIT_MS);

    // The alternate screen comes before the first frame (Ink draws it inside mountConsole). A
    // signal or a crash unmounts Ink first, so its last frame stays on the alternate screen.
    beforeTerminalRestore(() => mount?.unmount());
    enterFullScreen(stdout, stdin);
    let ui = view.createUiStore();
    for (;;) {
      const env = viewEnv(session, await readProfiles(io.env, log));
      const mounted = render.mountConsole({
        ...{ stores: session.stores, ui, actions: session.live, env, stdin, stdout },
        ...{ incremental, scrollRegions: gate.enabled },
      });
      mount = mounted;
      firstFrameDone(); // Ink drew the first frame inside mountConsole
      await mounted.waitUntilExit();
      mount = undefined;
      const step = switching;
      switching = undefined;
      if (step === undefined || !isFullScreen()) break; // quit, or a signal took the terminal back
      const next = await openStep(step, io, log);
      enterFullScreen(stdout, stdin); // a clean screen (and raw mode) for whichever session comes
      if (typeof next === 'string') {
        // Nothing stopped: the same session comes back as it was, and says why it stayed.
        const text = `stayed on ${session.target.setup.profile ?? 'this setup'}: ${next}`;
        session.stores.session.setState((s) => withNotice(s, { level: 'error', text }, Date.now()));
        continue;
      }
      const old = session;
      old.stop();
      await old.target.close();
      previous = old.target.setup.profile ?? previous;
      session = startSession(next, deps);
      const notice = switchedNotice(session);
      session.stores.session.setState((s) => withNotice(s, { ...notice, key: 'profile-switch' }, Date.now()));
      // Nothing of the old workspace: only the pane in front is kept (a place, not data).
      ui = view.createUiStore({ pane: ui.getState().pane });
    }
  } catch (err) {
    failure = err;
  } finally {
    gate?.stop();
    firstFrameDone();
    restoreTerminal();
    session.stop();
    unquiet();
    await session.target.close();
  }
  if (failure !== undefined) {
    log('console', `ended by an error: ${failure instanceof Error ? failure.message : String(failure)}`);
    throw failure; // the command table prints it, after the terminal was given back
  }
  log('console', 'quit');
  return 0;
}

/**
 * The next session's target, or why there is none. An encrypted key asks for its passphrase on
 * the alternate screen while the view is away; the old session runs on meanwhile, and comes back
 * untouched when the passphrase is not given.
 */
async function openStep(step: ProfileStep, io: Io, log: DebugLog): Promise<Target | string> {
  try {
    if (step.jwk === undefined) {
      const entry = {
        name: step.profile,
        host: step.settings.setup.host,
        workspaceId: step.settings.workspaceId,
        production: step.settings.setup.tone === 'production',
      };
      io.stdout.write(PASSPHRASE_SCREEN + passphraseIntro(entry));
    }
    return await profileTarget(step, io, log);
  } catch (err) {
    log('console', `:ctx ${step.profile}: ${switchFailure(err)}`);
    return switchFailure(err);
  }
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  if (io.stdout.isTTY !== true || io.stdin.isTTY !== true) {
    io.stderr.write(NOT_A_TERMINAL);
    return EXIT_USAGE;
  }
  rendererFrom(io.env); // a bad CUSTODY_RENDERER is said before anything starts
  const logPath = str(parsed.values, 'log-file') ?? (io.env.CUSTODY_LOG_FILE || undefined);
  const log = logPath !== undefined ? await openDebugLog(logPath) : noLog;
  // Reached only when something ends the process under the console (a signal, a crash).
  const onExit = (code: number) => log('console', `process exit ${code}`);
  process.on('exit', onExit);
  try {
    log('console', `custody ${VERSION} starting (pid ${process.pid})`);
    const target = await resolveTarget(parsed, io, secrets, log);
    // Closes the target it ends on (after a :ctx switch, not this one).
    return await openConsole(target, parsed, io, log);
  } finally {
    process.off('exit', onExit);
    log.close();
  }
}
