// The terminal the console borrows, and the one way it is given back. Kept free of Ink and React
// (node:fs only) so the process entry can install the handlers for every command at no cost.
//
// Ink 6 has no alternate-screen option, so the console enters it by hand before the first frame
// and every exit path leaves it through restoreTerminal(): quit, Ctrl-C, SIGTERM, SIGHUP, SIGINT,
// an uncaught exception or unhandled rejection, and process 'exit' as the last resort.
import { writeSync } from 'node:fs';

/**
 * Alternate screen (saves the cursor), cursor home, clear, cursor hidden, bracketed paste on (a
 * paste arrives marked as one, so it is text and never keys: keys/read.ts).
 */
export const ENTER_FULL_SCREEN = '\x1b[?1049h\x1b[H\x1b[2J\x1b[?25l\x1b[?2004h';

/**
 * End a synchronized update left open, bracketed paste off, back to the normal screen (restores
 * the cursor saved on entry), attributes reset, cursor shown. Harmless where a mode was not set.
 */
export const LEAVE_FULL_SCREEN = '\x1b[?2026l\x1b[?2004l\x1b[?1049l\x1b[0m\x1b[?25h';

export interface TerminalOut {
  write(chunk: string): unknown;
  readonly fd?: number;
  readonly isTTY?: boolean;
  readonly writableLength?: number;
  readonly destroyed?: boolean;
}

export interface TerminalIn {
  readonly isTTY?: boolean;
  readonly isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
}

interface Borrowed {
  readonly stdout: TerminalOut;
  readonly stdin: TerminalIn;
}

/** The screen the console is drawing on, while it is. */
let borrowed: Borrowed | undefined;
/** The stdin whose raw mode is turned off on any exit (every command's simple restore). */
let knownStdin: TerminalIn | undefined;
const beforeRestore = new Set<() => void>();

/**
 * Writes now, synchronously when possible: restore also runs inside process 'exit', where
 * nothing asynchronous happens. A stream with queued writes keeps its order through write().
 */
function writeNow(out: TerminalOut, text: string): void {
  try {
    if (out.destroyed) return;
    if (typeof out.fd === 'number' && out.isTTY && !out.writableLength) writeSync(out.fd, text);
    else out.write(text);
  } catch {
    // The terminal is gone (SIGHUP after an SSH drop: EIO); there is nothing left to restore.
  }
}

function rawModeOff(stdin: TerminalIn | undefined): void {
  try {
    if (stdin?.isTTY && stdin.isRaw && typeof stdin.setRawMode === 'function') stdin.setRawMode(false);
  } catch {
    // As above: a terminal that is gone has no mode to restore.
  }
}

/**
 * Alternate screen before the first frame; restoreTerminal() leaves it. Raw mode comes now too,
 * not when Ink's input hook mounts after the first frame: a key typed in between would be echoed
 * by the terminal (Enter moves the cursor a line down and can scroll the screen), and every later
 * frame would then land one row off. The key itself waits in the input buffer for Ink.
 */
export function enterFullScreen(stdout: TerminalOut, stdin: TerminalIn): void {
  borrowed = { stdout, stdin };
  // The screen first: whoever sees raw mode on (a terminal test) also has the alternate screen.
  writeNow(stdout, ENTER_FULL_SCREEN);
  try {
    if (stdin.isTTY && typeof stdin.setRawMode === 'function') stdin.setRawMode(true);
  } catch {
    // A terminal that cannot be put in raw mode still gets the screen; Ink tries again itself.
  }
}

/** True between enterFullScreen() and restoreTerminal(). */
export function isFullScreen(): boolean {
  return borrowed !== undefined;
}

/**
 * Runs `fn` (once) at the start of the next restore, while the alternate screen is still shown:
 * the console unmounts Ink here, so its last frame lands on the alternate screen and not on the
 * user's shell. Returns a function that cancels it.
 */
export function beforeTerminalRestore(fn: () => void): () => void {
  beforeRestore.add(fn);
  return () => {
    beforeRestore.delete(fn);
  };
}

/**
 * Gives the terminal back: runs the before-restore hooks, leaves the alternate screen (when it
 * was entered), shows the cursor, turns raw mode off. Idempotent and synchronous.
 */
export function restoreTerminal(): void {
  const hooks = [...beforeRestore];
  beforeRestore.clear();
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // Giving the terminal back matters more than a clean unmount.
    }
  }
  const screen = borrowed;
  borrowed = undefined;
  if (screen) writeNow(screen.stdout, LEAVE_FULL_SCREEN);
  rawModeOff(screen?.stdin);
  rawModeOff(knownStdin);
}

/**
 * Lends the terminal out (Ctrl-Z, terminal-suspend.ts): the screen and raw mode as restoreTerminal()
 * leaves them, without the before-restore hooks (Ink stays mounted). Returns the function that takes
 * it back (alternate screen, raw mode, bracketed paste; the caller redraws), or undefined when the
 * console is not on screen. Taking back does nothing once the terminal was restored for good.
 */
export function lendTerminal(): (() => void) | undefined {
  const screen = borrowed;
  if (!screen) return undefined;
  writeNow(screen.stdout, LEAVE_FULL_SCREEN);
  rawModeOff(screen.stdin);
  return () => {
    if (borrowed === screen) enterFullScreen(screen.stdout, screen.stdin);
  };
}

/** Conventional exit codes: 128 + the signal's number. */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
export type RestoreSignal = keyof typeof SIGNALS;

export interface RestoreHandlersOptions {
  stdin: TerminalIn;
  /** Prints an error that escaped everything, after the terminal was restored. */
  onFatal: (error: unknown, origin: 'uncaughtException' | 'unhandledRejection') => void;
  /** Told of a signal before exiting (a debug log line); must be synchronous. */
  onSignal?: (signal: RestoreSignal) => void;
  /** For tests; default `process`. */
  proc?: NodeJS.Process;
}

let uninstall: (() => void) | undefined;

/**
 * Installs, once per process, the handlers that restore the terminal on every way out: SIGTERM,
 * SIGHUP (the SSH connection dropped), SIGINT (sent by kill: in raw mode Ctrl-C is a key, not a
 * signal) end the process by that signal (status 128 + n); an uncaught exception or unhandled rejection is printed after the
 * restore and exits 1; process 'exit' restores as the last resort. Returns the uninstaller.
 */
export function installTerminalRestore(opts: RestoreHandlersOptions): () => void {
  if (uninstall) return uninstall;
  const proc = opts.proc ?? process;
  knownStdin = opts.stdin;
  let exiting = false;

  const signalHandlers = Object.entries(SIGNALS).map(([signal, number]) => {
    const handler = () => {
      if (exiting) return;
      exiting = true;
      restoreTerminal();
      try {
        opts.onSignal?.(signal as RestoreSignal);
      } catch {
        // A log line is not worth a different exit.
      }
      // Die of the signal itself (the shell still reports 128 + n) rather than exit(): a normal
      // exit runs Node's stdio reset, whose tcsetattr on a terminal that hung up (SSH drop, tmux
      // kill-session) fails with EIO and trips an assertion that aborts the process (Node 20).
      proc.off(signal as RestoreSignal, handler);
      try {
        proc.kill(proc.pid, signal as RestoreSignal);
      } catch {
        proc.exit(128 + number);
      }
      // Another listener (Ink's signal-exit) may still hold the signal; it re-raises in turn. If
      // the process is somehow still here, leave the conventional way.
      setTimeout(() => proc.exit(128 + number), 200).unref();
    };
    proc.on(signal as RestoreSignal, handler);
    return [signal, handler] as const;
  });

  const fatal = (origin: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    restoreTerminal();
    if (exiting) return; // a write failing on a terminal that is gone, after a signal
    exiting = true;
    try {
      opts.onFatal(error, origin);
    } catch {
      // Nothing more can be said.
    }
    proc.exit(1);
  };
  const onUncaught = fatal('uncaughtException');
  const onRejection = fatal('unhandledRejection');
  const onExit = () => restoreTerminal();
  proc.on('uncaughtException', onUncaught);
  proc.on('unhandledRejection', onRejection);
  proc.on('exit', onExit);

  uninstall = () => {
    for (const [signal, handler] of signalHandlers) proc.off(signal, handler);
    proc.off('uncaughtException', onUncaught);
    proc.off('unhandledRejection', onRejection);
    proc.off('exit', onExit);
    knownStdin = undefined;
    uninstall = undefined;
  };
  return uninstall;
}
