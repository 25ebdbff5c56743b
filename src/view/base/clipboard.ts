// The clipboard behind `y`, on the terminal side of the view (like terminal.ts). Inside tmux the
// text goes to tmux itself (`tmux load-buffer -w -`): with tmux's defaults a DCS passthrough is
// dropped (allow-passthrough is off), while a buffer is always kept and `-w` forwards it to the
// outer terminal's clipboard when set-clipboard allows (the default, external, does). Elsewhere
// OSC 52, through screen's passthrough under screen. tmux runs asynchronously with a timeout, so
// a hung server never freezes the console.
import { execFile } from 'node:child_process';
import type { CopyOutcome } from './copy-outcome.js';
import { osc52 } from './osc52.js';
import { multiplexerOf } from './passthrough.js';
import type { TerminalOut } from './terminal-restore.js';

export type ClipboardRoute = 'tmux' | 'screen' | 'terminal';

/** Which way a copy goes: tmux's buffer (useful even inside screen; `-w` reaches beyond it), else OSC 52. */
export function clipboardRoute(env: NodeJS.ProcessEnv): ClipboardRoute {
  const via = multiplexerOf(env);
  return via === 'none' ? 'terminal' : via;
}

/**
 * What a tmux client needs and nothing more: where the server is (TMUX, TMUX_TMPDIR), which pane
 * asks (TMUX_PANE, so the buffer goes to the client of this pane), PATH to find tmux, the locale.
 * tmux also keeps a copy of its client's environment, so nothing else may reach it.
 */
const TMUX_ENV = ['PATH', 'TMUX', 'TMUX_PANE', 'TMUX_TMPDIR', 'LANG', 'LC_ALL', 'LC_CTYPE'] as const;

export function tmuxEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of TMUX_ENV) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export type TmuxFailure = 'missing' | 'timeout' | 'failed';

/** tmux could not be run (`missing`), did not answer in time, or refused the command. */
export class TmuxError extends Error {
  constructor(
    readonly kind: TmuxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TmuxError';
  }
}

/** Runs tmux with `args` (no shell), `input` on its stdin; resolves with its stdout. */
export type TmuxRunner = (args: readonly string[], input?: string) => Promise<string>;

export const TMUX_TIMEOUT_MS = 2000;

export function execTmux(env: NodeJS.ProcessEnv, timeoutMs = TMUX_TIMEOUT_MS): TmuxRunner {
  const childEnv = tmuxEnv(env);
  return (args, input) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'tmux',
        args,
        { env: childEnv, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (error === null) resolve(stdout);
          else reject(tmuxError(args, error, stderr, timeoutMs));
        },
      );
      // tmux may exit without reading its stdin (a refused command): the exit code says why.
      child.stdin?.on('error', () => {});
      child.stdin?.end(input ?? '');
    });
}

function tmuxError(
  args: readonly string[],
  error: Error & { code?: unknown; killed?: boolean },
  stderr: string,
  timeoutMs: number,
): TmuxError {
  const command = `tmux ${args[0] ?? ''}`.trim();
  if (error.code === 'ENOENT') return new TmuxError('missing', 'tmux is not installed (not found on PATH)');
  if (error.killed === true) {
    return new TmuxError('timeout', `${command} did not answer within ${timeoutMs} ms`);
  }
  const said = stderr.trim().split('\n')[0]?.slice(0, 200) ?? '';
  const code = typeof error.code === 'number' ? `exit ${error.code}` : String(error.code ?? error.message);
  return new TmuxError('failed', `${command} failed (${code})${said === '' ? '' : `: ${said}`}`);
}

/**
 * Gives `text` to tmux: `load-buffer -w -` (tmux >= 3.2), else plain `load-buffer -` (a buffer
 * is still useful). set-clipboard, asked at the same time, says whether `-w` reaches the
 * clipboard. Rejects when tmux took nothing.
 */
export async function copyWithTmux(text: string, run: TmuxRunner): Promise<CopyOutcome> {
  const setting = run(['show-options', '-gv', 'set-clipboard']).then(
    (out) => out.trim(),
    () => undefined,
  );
  try {
    await run(['load-buffer', '-w', '-'], text);
  } catch (error) {
    // Not there or hung: a second try would only wait again.
    if (!(error instanceof TmuxError) || error.kind !== 'failed') throw error;
    try {
      await run(['load-buffer', '-'], text);
    } catch {
      throw error; // the first answer says more (a server that is not there, say)
    }
    return { to: 'tmux', clipboard: false, why: 'this tmux cannot forward it to the clipboard; 3.2 can' };
  }
  const value = await setting;
  if (value === 'off') return { to: 'tmux', clipboard: false, why: 'tmux set-clipboard is off' };
  // Unknown (the question failed): only the buffer is sure.
  if (value === undefined) return { to: 'tmux', clipboard: false };
  return { to: 'tmux', clipboard: true };
}

const FAILURE_BRIEF: Readonly<Record<TmuxFailure, string>> = {
  missing: 'tmux not found',
  timeout: 'tmux did not answer',
  failed: 'tmux load-buffer failed',
};

export interface ClipboardOptions {
  /** The terminal, for the OSC 52 sequences. */
  readonly stdout: TerminalOut;
  readonly env: NodeJS.ProcessEnv;
  /** Runs tmux; default execTmux(env). */
  readonly run?: TmuxRunner;
  /** The debug log: which way each copy went (never the text). */
  readonly log?: (line: string) => void;
}

/**
 * The view's `env.copy`. Copies run one after another, so the last `y` pressed is the one on
 * top of the tmux buffers and in the clipboard.
 */
export function createClipboard(options: ClipboardOptions): (text: string) => Promise<CopyOutcome> {
  const { stdout, env, log = () => {} } = options;
  const route = clipboardRoute(env);
  const run = options.run ?? execTmux(env);

  const copyOnce = async (text: string): Promise<CopyOutcome> => {
    if (route === 'tmux') {
      try {
        const outcome = await copyWithTmux(text, run);
        log(`copy: tmux buffer${outcome.to === 'tmux' && outcome.clipboard ? ' and clipboard' : ' only'}`);
        return outcome;
      } catch (error) {
        const failure = error instanceof TmuxError ? error : new TmuxError('failed', String(error));
        log(`copy: ${failure.message}; sending OSC 52 through the tmux passthrough instead`);
        stdout.write(osc52(text, 'tmux'));
        return { to: 'osc52', via: 'tmux', why: FAILURE_BRIEF[failure.kind] };
      }
    }
    stdout.write(osc52(text, route === 'screen' ? 'screen' : 'none'));
    log(`copy: OSC 52${route === 'screen' ? ' through screen' : ''}`);
    return { to: 'osc52', via: route };
  };

  let queue: Promise<unknown> = Promise.resolve();
  return (text) => {
    const next = queue.then(() => copyOnce(text));
    queue = next.catch(() => undefined);
    return next;
  };
}
