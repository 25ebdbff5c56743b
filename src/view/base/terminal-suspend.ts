// Ctrl-Z: the console stops like vim, less or lazygit when a shell can resume it, and says so
// instead of freezing when nothing could. Free of Ink and React, as terminal-restore.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { lendTerminal } from './terminal-restore.js';

/** What job control hangs on: the process group, the terminal's foreground group, the session. */
export interface JobState {
  readonly pgrp: number;
  /** The terminal's foreground process group (-1: no controlling terminal). */
  readonly tpgid: number;
  /** The process group is the session leader's own. */
  readonly groupLeadsSession: boolean;
}

/**
 * /proc/PID/stat as job state: "pid (comm) state ppid pgrp session tty_nr tpgid …". The command
 * name may hold spaces and parentheses, so the fields are counted from the last ')'.
 */
export function parseProcStat(text: string): JobState | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 1).trim().split(/\s+/);
  const [pgrp, session, , tpgid] = fields.slice(2, 6).map(Number);
  if (![pgrp, session, tpgid].every((n) => Number.isSafeInteger(n))) return undefined;
  return { pgrp: pgrp!, tpgid: tpgid!, groupLeadsSession: pgrp === session };
}

/**
 * `ps -o pgid=,tpgid= -p PID` and `ps -o stat= -p PGID` (the group leader's state: BSD and procps
 * both mark a session leader with `s`) as job state.
 */
export function parsePsJob(ids: string, leaderStat: string): JobState | undefined {
  const [pgrp, tpgid] = ids.trim().split(/\s+/).map(Number);
  if (pgrp === undefined || tpgid === undefined || !Number.isSafeInteger(pgrp) || !Number.isSafeInteger(tpgid)) return undefined;
  return { pgrp, tpgid, groupLeadsSession: /s/.test(leaderStat.trim()) };
}

/**
 * The kernel's own numbers where there is /proc (Linux): one read of a file, no child process and
 * no ps flavour to guess (BSD ps has no session id column, busybox's lacks -o fields). Elsewhere
 * (macOS) ps, whose pgid, tpgid and stat columns BSD and procps share. undefined: cannot tell.
 */
export function readJobState(pid: number): JobState | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // No /proc: ask ps.
  }
  try {
    const ps = (args: string[]) => execFileSync('ps', args, { encoding: 'utf8', timeout: 1_000, stdio: ['ignore', 'pipe', 'ignore'] });
    const ids = ps(['-o', 'pgid=,tpgid=', '-p', String(pid)]);
    const pgrp = ids.trim().split(/\s+/)[0] ?? '';
    if (!/^\d+$/.test(pgrp)) return undefined;
    return parsePsJob(ids, ps(['-o', 'stat=', '-p', pgrp]));
  } catch {
    return undefined;
  }
}

export const NO_JOB_CONTROL = 'no shell here can resume the console (no job control)';

/**
 * Why Ctrl-Z must not stop the console, or undefined when a shell can resume it. A shell with job
 * control puts every job in a process group of its own, apart from its own (the session leader's)
 * group, and hands it the terminal: a console in the session leader's group was started without
 * job control (`tmux new 'custody'`, `ssh host custody`, a non-interactive shell), and a stop there
 * is either discarded by the kernel (an orphaned group) or a freeze nobody can lift.
 */
export function suspendRefusal(job: JobState | undefined): string | undefined {
  if (job === undefined || job.groupLeadsSession) return NO_JOB_CONTROL;
  if (job.tpgid !== job.pgrp) return 'the console is not in the terminal’s foreground';
  return undefined;
}

/** The part of `process` a suspend uses (tests pass their own). */
export interface SuspendProcess {
  readonly pid: number;
  kill(pid: number, signal: NodeJS.Signals): unknown;
  rawListeners(event: 'SIGTSTP'): unknown[];
  removeListener(event: 'SIGTSTP', listener: (...args: unknown[]) => void): unknown;
  on(event: 'SIGTSTP', listener: (...args: unknown[]) => void): unknown;
}

export interface SuspendOptions {
  /** After `fg`, once the terminal is taken again: redraw, catch up. */
  onResume: () => void;
  proc?: SuspendProcess;
  jobState?: (pid: number) => JobState | undefined;
}

/** How many times `bg` may continue it before it stops asking (a guard; each waits for a person). */
const MAX_STOPS = 1_000;

/**
 * Gives the terminal back and stops the process (its whole group, as vim does, so a wrapper such
 * as npx stops with it and the shell sees the job stopped), then takes the terminal again and
 * calls onResume. Returns why it did not stop (when refused, nothing changed), or undefined once
 * it was stopped and resumed.
 *
 * The stop is synchronous: a stop signal a process sends itself takes effect before kill()
 * returns, so the code after it runs on SIGCONT, before the event loop turns. Waiting for Node's
 * 'SIGCONT' event instead would let a timer draw a frame onto the shell's screen first.
 */
export function suspendConsole(opts: SuspendOptions): string | undefined {
  const proc = opts.proc ?? process;
  const jobState = opts.jobState ?? readJobState;
  const refusal = suspendRefusal(jobState(proc.pid));
  if (refusal !== undefined) return refusal;
  const retake = lendTerminal();
  if (retake === undefined) return 'the console is not on screen';
  // A SIGTSTP listener would catch the stop: none is installed today, but the stop must happen.
  const held = proc.rawListeners('SIGTSTP') as ((...args: unknown[]) => void)[];
  for (const listener of held) proc.removeListener('SIGTSTP', listener);
  let failure: string | undefined;
  try {
    for (let stops = 0; stops < MAX_STOPS; stops++) {
      proc.kill(0, 'SIGTSTP');
      // `bg` continues it in the background: the terminal is not its to take (setting raw mode
      // would stop it with SIGTTOU anyway), so it stops again and waits for `fg`.
      const job = jobState(proc.pid);
      if (job === undefined || job.tpgid === job.pgrp) break;
    }
  } catch (error) {
    // The stop could not be sent: the console takes its screen back and carries on.
    failure = `could not stop (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    for (const listener of held) proc.on('SIGTSTP', listener);
    retake();
  }
  opts.onResume();
  return failure;
}
