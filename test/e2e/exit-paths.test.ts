// Every way out of the console gives the terminal back, checked from the terminal side (normal
// screen, cursor shown, raw mode off): Ctrl-C, SIGTERM, SIGHUP (an SSH drop), SIGINT sent by
// kill, an uncaught exception and an unhandled rejection (printed after the restore, exit 1).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, disposeAllPtys, ptyEnv, REPO_ROOT, spawnCustody } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

const CRASH_PRELOAD = pathToFileURL(new URL('./fixtures/crash-on-signal.mjs', import.meta.url).pathname).href;

describe('the terminal is given back on every way out', () => {
  it('Ctrl-C quits (exit 0); with nothing configured `custody` alone opens the demo', async () => {
    const pty = spawnCustody([], { cols: 200, rows: 30 });
    await waitForLiveRows(pty);
    expect(pty.screenText()[0]).toMatch(/DEMO +127\.0\.0\.1:\d+/);
    await pty.press('ctrl-c');
    const exit = await pty.exit;
    expect(exit).toMatchObject({ exitCode: 0 });
    expect(exit.signal).toBeUndefined();
    expectRestored(pty);
    expect(pty.screen().trim()).toBe('');
  });

  it.each([
    ['SIGTERM', 15],
    ['SIGHUP', 1],
    ['SIGINT', 2],
  ] as const)('%s: restored, then the process dies of that signal (%i)', async (signal, number) => {
    const pty = spawnCustody(['--demo'], { cols: 100, rows: 30 });
    await waitForLiveRows(pty);
    expect(pty.isAltScreen()).toBe(true);
    pty.kill(signal);
    const exit = await pty.exit;
    expect(exit.signal).toBe(number);
    expectRestored(pty);
    // Ink's last frame went to the alternate screen, not onto the user's shell.
    expect(pty.screen().trim()).toBe('');
  });

  it('a dropped connection (the terminal closed under it) ends it by SIGHUP, not an abort, without hanging', async () => {
    const pty = spawnCustody(['--demo'], { cols: 100, rows: 30 });
    await waitForLiveRows(pty);
    pty.hangup();
    const exit = await pty.exit;
    // Node 20 aborts (SIGABRT, 6) in its stdio reset when exit() runs on a hung-up terminal.
    expect(exit.signal).toBe(1);
  });

  it.each([
    ['exception', /custody: a test exception nobody caught\r?\ncustody: a bug \(uncaughtException\)/],
    ['rejection', /custody: a test rejection nobody handled\r?\ncustody: a bug \(unhandledRejection\)/],
  ] as const)('an unhandled %s is printed after the restore and exits 1', async (kind, message) => {
    const pty = spawnCustody(['--demo'], {
      cols: 100,
      rows: 30,
      env: { NODE_OPTIONS: `--import=${CRASH_PRELOAD}`, CRASH: kind },
    });
    await waitForLiveRows(pty);
    pty.kill('SIGUSR2');
    const exit = await pty.exit;
    expect(exit).toMatchObject({ exitCode: 1 });
    expectRestored(pty);
    // On the normal screen, where the user can read it: the message and nothing of the frame.
    expect(pty.screen()).toMatch(message);
    expect(pty.screen()).not.toContain('Transactions');
  });
});

describe('refused before the terminal is touched', () => {
  it.each([
    [['--price-poll', '10'], {}, 2, /--price-poll must be a whole number of milliseconds, at least 500/],
    [['--demo', '--base-url', 'http://127.0.0.1:9'], {}, 2, /--demo opens the built-in sandbox; it does not go with --base-url/],
    [['--demo'], { CUSTODY_RENDERER: 'fancy' }, 2, /CUSTODY_RENDERER must be one of incremental, regions, lines, standard \(got "fancy"\)/],
    [['--base-url', 'http://127.0.0.1:9'], {}, 1, /not configured: missing the workspace .* the private key/],
  ] as const)('custody %j %j → exit %i', async (args, env, code, message) => {
    const pty = spawnCustody(args, { cols: 200, rows: 20, env });
    const exit = await pty.exit;
    expect(exit.exitCode).toBe(code);
    expect(pty.screen().replace(/\n/g, ' ')).toMatch(message);
    expectRestored(pty);
  });
});

describe('without a terminal', () => {
  it('refuses with a clear message and exit 2 when stdout is not a terminal', () => {
    const run = spawnSync(process.execPath, [CUSTODY_BIN, '--demo'], {
      cwd: REPO_ROOT,
      env: ptyEnv(),
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('the console needs a terminal');
    expect(run.stderr).toContain('custody watch');
  });
});
