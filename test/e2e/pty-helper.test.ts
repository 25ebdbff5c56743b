// The pty helper itself (the e2e tests, the benchmark and the reliability tests trust it): it must
// see the screen, the alternate buffer, the cursor and raw mode as the terminal has them, and
// above all see a terminal left broken.
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, keyBytes, ptyEnv, spawnPty } from '../helpers/pty.js';

const ECHO = new URL('./fixtures/raw-echo.mjs', import.meta.url).pathname;

afterEach(disposeAllPtys);

describe('pty helper', () => {
  it('sees the screen, raw mode, the alternate buffer and the cursor, and their restore', async () => {
    const pty = spawnPty(process.execPath, [ECHO], { cols: 90, rows: 20 });
    const readyAt = await pty.waitForText('ready 90x20');
    expect(readyAt).toBeGreaterThan(pty.startedAt);
    await pty.waitForRawMode();
    expect(pty.isRawMode()).toBe(true);
    expect(pty.isAltScreen()).toBe(true);
    expect(pty.isCursorVisible()).toBe(false);

    const sentAt = await pty.press('esc', 'j', 'pgdn', 'ctrl-c');
    const seenAt = await pty.waitForText(/key ".*\\u0003"/);
    expect(seenAt).toBeGreaterThanOrEqual(sentAt);
    // A busy program may read two keys in one go: compare the bytes, not the reads.
    const echoed = pty
      .screenText()
      .flatMap((line) => (line.startsWith('key ') ? [JSON.parse(line.slice(4)) as string] : []))
      .join('');
    expect(echoed).toBe('\x1bj\x1b[6~\x03');

    pty.resize(70, 15);
    await pty.waitForText('resized 70x15');
    expect(pty.screenText()).toHaveLength(15);

    await pty.press('q');
    const exit = await pty.exit;
    expect(exit.exitCode).toBe(0);
    expect(pty.isAltScreen()).toBe(false);
    expect(pty.isCursorVisible()).toBe(true);
    expect(pty.isRawMode()).toBe(false);
    expect(pty.bytesWritten).toBeGreaterThan(50);
  });

  it('sees a terminal left broken (raw mode, alternate screen, hidden cursor)', async () => {
    const pty = spawnPty(process.execPath, [ECHO], { cols: 80, rows: 24 });
    await pty.waitForRawMode();
    await pty.press('x');
    const exit = await pty.exit;
    expect(exit.signal).toBe(9);
    expect(pty.isRawMode()).toBe(true);
    expect(pty.isAltScreen()).toBe(true);
    expect(pty.isCursorVisible()).toBe(false);
  });

  it('follows raw mode off while the program runs, and reports a death by signal', async () => {
    const pty = spawnPty(process.execPath, [ECHO], { cols: 80, rows: 24 });
    await pty.waitForRawMode();
    await pty.press('r');
    await pty.waitForRawMode({ raw: false });
    pty.kill('SIGKILL');
    const exit = await pty.exit;
    expect(exit.signal).toBe(9);
    await expect(pty.waitForText('never')).rejects.toThrow(/exited/);
  });

  it('names keys and cleans the environment of CI markers', () => {
    expect(keyBytes('enter')).toBe('\r');
    expect(keyBytes('ctrl-c')).toBe('\x03');
    expect(keyBytes('shift-tab')).toBe('\x1b[Z');
    expect(keyBytes('/')).toBe('/');
    const saved = { CI: process.env.CI, CI_JOB: process.env.CI_JOB };
    process.env.CI = 'true';
    process.env.CI_JOB = '1';
    try {
      const env = ptyEnv({ EXTRA: 'x', TERM: undefined });
      expect(env.CI).toBeUndefined();
      expect(env.CI_JOB).toBeUndefined();
      expect(env.EXTRA).toBe('x');
      expect(env.TERM).toBeUndefined();
      expect(env.LANG).toBe('C.UTF-8');
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });
});
