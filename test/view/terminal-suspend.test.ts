// Ctrl-Z's terminal side: whether a shell could resume the console (job control), read from
// /proc or ps, and the suspend itself against a fake process. (test/e2e/suspend.test.ts stops and
// resumes the built console for real, under bash.)
import { afterEach, describe, expect, it } from 'vitest';
import {
  ENTER_FULL_SCREEN,
  enterFullScreen,
  LEAVE_FULL_SCREEN,
  restoreTerminal,
} from '../../src/view/base/terminal-restore.js';
import {
  type JobState,
  NO_JOB_CONTROL,
  parseProcStat,
  parsePsJob,
  readJobState,
  suspendConsole,
  suspendRefusal,
} from '../../src/view/base/terminal-suspend.js';
import { interruptMeaning } from '../../src/view/keys/interrupt.js';

afterEach(() => restoreTerminal());

describe('parseProcStat', () => {
  it.each<[string, string, JobState | undefined]>([
    ['a job of an interactive shell', '4242 (node) S 4200 4242 4100 34816 4242 4194560 0', { pgrp: 4242, tpgid: 4242, groupLeadsSession: false }],
    ['the session leader (tmux new, ssh host cmd)', '4242 (node) S 4200 4242 4242 34816 4242 0', { pgrp: 4242, tpgid: 4242, groupLeadsSession: true }],
    ['a background job', '4242 (node) S 4200 4242 4100 34816 4300 0', { pgrp: 4242, tpgid: 4300, groupLeadsSession: false }],
    ['a name with spaces and parentheses', '4242 (a (b) c) S 4200 4242 4100 34816 4242 0', { pgrp: 4242, tpgid: 4242, groupLeadsSession: false }],
    ['no terminal', '4242 (node) S 1 4242 4242 0 -1 0', { pgrp: 4242, tpgid: -1, groupLeadsSession: true }],
    ['not a stat line', 'garbage', undefined],
    ['cut short', '4242 (node) S 4200 4242', undefined],
  ])('%s', (_what, text, expected) => {
    expect(parseProcStat(text)).toEqual(expected);
  });

  it('reads this process (Linux)', () => {
    const job = readJobState(process.pid);
    expect(job === undefined || Number.isSafeInteger(job.pgrp)).toBe(true);
  });
});

describe('parsePsJob', () => {
  it.each<[string, string, string, JobState | undefined]>([
    ['a job (its leader is no session leader)', ' 4242  4242\n', 'S+\n', { pgrp: 4242, tpgid: 4242, groupLeadsSession: false }],
    ['the session leader', '4242 4242', 'Ss+', { pgrp: 4242, tpgid: 4242, groupLeadsSession: true }],
    ['nothing', '', '', undefined],
  ])('%s', (_what, ids, stat, expected) => {
    expect(parsePsJob(ids, stat)).toEqual(expected);
  });
});

describe('suspendRefusal', () => {
  it.each<[string, JobState | undefined, string | undefined]>([
    ['a foreground job: it may stop', { pgrp: 10, tpgid: 10, groupLeadsSession: false }, undefined],
    ['the session leader group: no job control', { pgrp: 10, tpgid: 10, groupLeadsSession: true }, NO_JOB_CONTROL],
    ['cannot tell: never freeze', undefined, NO_JOB_CONTROL],
    ['in the background', { pgrp: 10, tpgid: 11, groupLeadsSession: false }, 'the console is not in the terminal’s foreground'],
  ])('%s', (_what, job, expected) => {
    expect(suspendRefusal(job)).toBe(expected);
  });
});

describe('interruptMeaning (ctrl-c)', () => {
  it.each([
    ['filter', 'leave'],
    ['command', 'leave'],
    ['helpSearch', 'leave'],
    ['dialog', 'leave'],
    ['form', 'leave'],
    ['normal', 'quit'],
    ['help', 'quit'],
    ['json', 'quit'],
    ['messages', 'quit'],
    ['copy', 'leave'],
    ['profiles', 'leave'],
  ] as const)('%s → %s', (mode, meaning) => {
    expect(interruptMeaning(mode)).toBe(meaning);
  });
});

function fakeTerminal() {
  const events: string[] = [];
  const stdout = {
    isTTY: true,
    write: (chunk: string) => {
      events.push(`write ${JSON.stringify(chunk)}`);
      return true;
    },
  };
  const stdin = {
    isTTY: true,
    isRaw: false,
    setRawMode(mode: boolean) {
      events.push(`raw ${mode}`);
      this.isRaw = mode;
    },
  };
  return { events, stdout, stdin };
}

function fakeProcess(events: string[]) {
  const listeners: ((...args: unknown[]) => void)[] = [() => {}];
  return {
    pid: 4242,
    listeners,
    fail: false,
    kill(pid: number, signal: string) {
      if (this.fail) throw new Error('EPERM');
      events.push(`kill ${pid} ${signal} (tstp listeners ${listeners.length})`);
    },
    rawListeners: () => [...listeners],
    removeListener(_e: 'SIGTSTP', l: (...args: unknown[]) => void) {
      listeners.splice(listeners.indexOf(l), 1);
    },
    on(_e: 'SIGTSTP', l: (...args: unknown[]) => void) {
      listeners.push(l);
    },
  };
}

const FOREGROUND: JobState = { pgrp: 4242, tpgid: 4242, groupLeadsSession: false };

describe('suspendConsole', () => {
  it('gives the terminal back, stops the group, then takes the terminal again and resumes', () => {
    const { events, stdout, stdin } = fakeTerminal();
    enterFullScreen(stdout, stdin);
    events.length = 0;
    const proc = fakeProcess(events);
    const why = suspendConsole({ proc, jobState: () => FOREGROUND, onResume: () => events.push('resumed') });
    expect(why).toBeUndefined();
    expect(events).toEqual([
      `write ${JSON.stringify(LEAVE_FULL_SCREEN)}`,
      'raw false',
      'kill 0 SIGTSTP (tstp listeners 0)',
      `write ${JSON.stringify(ENTER_FULL_SCREEN)}`,
      'raw true',
      'resumed',
    ]);
    expect(proc.listeners).toHaveLength(1); // put back
  });

  it('refuses without job control: nothing written, nothing stopped', () => {
    const { events, stdout, stdin } = fakeTerminal();
    enterFullScreen(stdout, stdin);
    events.length = 0;
    const why = suspendConsole({
      proc: fakeProcess(events),
      jobState: () => ({ ...FOREGROUND, groupLeadsSession: true }),
      onResume: () => events.push('resumed'),
    });
    expect(why).toBe(NO_JOB_CONTROL);
    expect(events).toEqual([]);
  });

  it('continued by bg (not in the foreground): stops again until fg', () => {
    const { events, stdout, stdin } = fakeTerminal();
    enterFullScreen(stdout, stdin);
    events.length = 0;
    const states = [FOREGROUND, { ...FOREGROUND, tpgid: 1 }, { ...FOREGROUND, tpgid: 1 }, FOREGROUND];
    suspendConsole({ proc: fakeProcess(events), jobState: () => states.shift()!, onResume: () => events.push('resumed') });
    expect(events.filter((e) => e.startsWith('kill'))).toHaveLength(3);
    expect(events.at(-1)).toBe('resumed');
  });

  it('a stop that cannot be sent: the screen comes back and the reason is given', () => {
    const { events, stdout, stdin } = fakeTerminal();
    enterFullScreen(stdout, stdin);
    events.length = 0;
    const proc = fakeProcess(events);
    proc.fail = true;
    const why = suspendConsole({ proc, jobState: () => FOREGROUND, onResume: () => events.push('resumed') });
    expect(why).toContain('could not stop');
    expect(events.slice(-3)).toEqual([`write ${JSON.stringify(ENTER_FULL_SCREEN)}`, 'raw true', 'resumed']);
  });

  it('not on screen: refuses', () => {
    expect(suspendConsole({ proc: fakeProcess([]), jobState: () => FOREGROUND, onResume: () => {} })).toBe(
      'the console is not on screen',
    );
  });
});
