// The one way the terminal is given back, on every way out of the process. (The same paths are
// exercised for real, in a pseudo-terminal, by test/e2e/.)
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  beforeTerminalRestore,
  ENTER_FULL_SCREEN,
  enterFullScreen,
  installTerminalRestore,
  isFullScreen,
  LEAVE_FULL_SCREEN,
  restoreTerminal,
} from '../../src/view/base/terminal-restore.js';

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
    isRaw: true,
    setRawMode(mode: boolean) {
      events.push(`raw ${mode}`);
      this.isRaw = mode;
    },
  };
  return { events, stdout, stdin };
}

class FakeProcess extends EventEmitter {
  readonly pid = 4242;
  exits: number[] = [];
  kills: string[] = [];
  exit = (code: number) => {
    this.exits.push(code);
  };
  kill = (pid: number, signal: string) => {
    if (pid === this.pid) this.kills.push(signal);
  };
}

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  restoreTerminal();
});

describe('enterFullScreen / restoreTerminal', () => {
  it('enters the alternate screen with the cursor hidden, and leaves it once', () => {
    const t = fakeTerminal();
    enterFullScreen(t.stdout, t.stdin);
    expect(isFullScreen()).toBe(true);
    // The screen, then raw mode at once (not when Ink's input hook mounts, after the first frame):
    // a key typed in between must not be echoed, and whoever sees raw mode sees the screen.
    expect(t.events).toEqual([`write ${JSON.stringify(ENTER_FULL_SCREEN)}`, 'raw true']);
    expect(ENTER_FULL_SCREEN).toContain('\x1b[?1049h');
    expect(ENTER_FULL_SCREEN).toContain('\x1b[?25l');

    restoreTerminal();
    restoreTerminal();
    expect(isFullScreen()).toBe(false);
    expect(t.events).toEqual([
      `write ${JSON.stringify(ENTER_FULL_SCREEN)}`,
      'raw true',
      `write ${JSON.stringify(LEAVE_FULL_SCREEN)}`,
      'raw false',
    ]);
    for (const seq of ['\x1b[?1049l', '\x1b[?25h', '\x1b[0m', '\x1b[?2004l']) expect(LEAVE_FULL_SCREEN).toContain(seq);
    // The cursor is shown after leaving (DECRC on leave must not hide it again).
    expect(LEAVE_FULL_SCREEN.lastIndexOf('\x1b[?25h')).toBeGreaterThan(LEAVE_FULL_SCREEN.indexOf('\x1b[?1049l'));
  });

  it('runs the before-restore hooks first (Ink unmounts on the alternate screen), once', () => {
    const t = fakeTerminal();
    enterFullScreen(t.stdout, t.stdin);
    beforeTerminalRestore(() => t.events.push('unmount'));
    beforeTerminalRestore(() => {
      throw new Error('a hook that fails');
    });
    restoreTerminal();
    restoreTerminal();
    expect(t.events.slice(2)).toEqual(['unmount', `write ${JSON.stringify(LEAVE_FULL_SCREEN)}`, 'raw false']);
  });

  it('a cancelled hook does not run', () => {
    const hook = vi.fn();
    const cancel = beforeTerminalRestore(hook);
    cancel();
    restoreTerminal();
    expect(hook).not.toHaveBeenCalled();
  });

  it('survives a terminal that is gone (writes and ioctl throwing EIO)', () => {
    const stdout = {
      isTTY: true,
      write: () => {
        throw Object.assign(new Error('write EIO'), { code: 'EIO' });
      },
    };
    const stdin = {
      isTTY: true,
      isRaw: true,
      setRawMode: () => {
        throw Object.assign(new Error('EIO'), { code: 'EIO' });
      },
    };
    enterFullScreen(stdout, stdin);
    expect(() => restoreTerminal()).not.toThrow();
  });

  it('without the alternate screen, only turns raw mode off (every other command)', () => {
    const t = fakeTerminal();
    const proc = new FakeProcess();
    uninstall = installTerminalRestore({ stdin: t.stdin, onFatal: () => {}, proc: proc as unknown as NodeJS.Process });
    proc.emit('SIGTERM');
    expect(t.events).toEqual(['raw false']);
    expect(proc.kills).toEqual(['SIGTERM']);
  });
});

describe('installTerminalRestore', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ])('%s restores the terminal, then dies of the signal itself (status %i)', (signal, code) => {
    vi.useFakeTimers();
    const t = fakeTerminal();
    const proc = new FakeProcess();
    const onSignal = vi.fn(() => t.events.push('signal noted'));
    uninstall = installTerminalRestore({
      stdin: t.stdin,
      onFatal: () => {},
      onSignal,
      proc: proc as unknown as NodeJS.Process,
    });
    enterFullScreen(t.stdout, t.stdin);
    proc.emit(signal);
    expect(t.events.slice(2)).toEqual([`write ${JSON.stringify(LEAVE_FULL_SCREEN)}`, 'raw false', 'signal noted']);
    expect(onSignal).toHaveBeenCalledWith(signal);
    // Re-raised with our handler gone, so the default action ends the process without Node's
    // stdio reset (which aborts on a terminal that hung up).
    expect(proc.kills).toEqual([signal]);
    expect(proc.listenerCount(signal)).toBe(0);
    expect(proc.exits).toEqual([]);
    // Should anything keep the process alive, it still leaves with the conventional status.
    vi.advanceTimersByTime(250);
    expect(proc.exits).toEqual([code]);
    vi.useRealTimers();
  });

  it.each(['uncaughtException', 'unhandledRejection'] as const)(
    '%s: restores first, then reports the error, then exits 1',
    (origin) => {
      const t = fakeTerminal();
      const proc = new FakeProcess();
      const error = new Error('boom');
      uninstall = installTerminalRestore({
        stdin: t.stdin,
        onFatal: (err, where) => t.events.push(`fatal ${(err as Error).message} ${where}`),
        proc: proc as unknown as NodeJS.Process,
      });
      enterFullScreen(t.stdout, t.stdin);
      proc.emit(origin, error);
      expect(t.events.slice(2)).toEqual([
        `write ${JSON.stringify(LEAVE_FULL_SCREEN)}`,
        'raw false',
        `fatal boom ${origin}`,
      ]);
      expect(proc.exits).toEqual([1]);
    },
  );

  it("restores on 'exit' as the last resort", () => {
    const t = fakeTerminal();
    const proc = new FakeProcess();
    uninstall = installTerminalRestore({ stdin: t.stdin, onFatal: () => {}, proc: proc as unknown as NodeJS.Process });
    enterFullScreen(t.stdout, t.stdin);
    proc.emit('exit', 0);
    expect(t.events.slice(2)).toEqual([`write ${JSON.stringify(LEAVE_FULL_SCREEN)}`, 'raw false']);
    expect(proc.exits).toEqual([]);
  });

  it('is installed once; the uninstaller removes every handler', () => {
    const t = fakeTerminal();
    const proc = new FakeProcess();
    const opts = { stdin: t.stdin, onFatal: () => {}, proc: proc as unknown as NodeJS.Process };
    uninstall = installTerminalRestore(opts);
    expect(installTerminalRestore(opts)).toBe(uninstall);
    for (const event of ['SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection', 'exit']) {
      expect(proc.listenerCount(event)).toBe(1);
    }
    uninstall();
    uninstall = undefined;
    for (const event of ['SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection', 'exit']) {
      expect(proc.listenerCount(event)).toBe(0);
    }
  });
});
