// The terminal is given back on the ways out exit-paths.test.ts does not take (issue 7,
// "Terminal"), checked from the terminal side (emulated screen: normal screen, cursor shown; the
// termios probe: raw mode off) against the built console:
// - a crash from running code with no signal to trigger it: a preloaded module throws from a
//   timer or leaves a rejected promise, during start-up and once the console runs; the error is
//   printed AFTER the restore (on the normal screen, after the last leave-alternate-screen bytes);
// - Ctrl-C in the input modes (filter, help, detail, the decline dialog half typed), where
//   it is a key the console must honor, not a signal (in a text field or dialog the first one
//   leaves it, the second quits);
// - Ctrl-C, SIGTERM and SIGHUP at the passphrase prompt, where the terminal is in raw mode
//   without the alternate screen.
// (exit-paths.test.ts covers Ctrl-C, SIGTERM, SIGHUP, SIGINT and a hang-up in the normal mode,
// and a crash triggered by SIGUSR2.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encryptPrivateJwk, generatePrivateJwk } from '../../src/auth/index.js';
import { disposeAllPtys, type PtySession, spawnCustody } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

const CRASH_AFTER = pathToFileURL(new URL('./fixtures/crash-after.mjs', import.meta.url).pathname).href;
const LEAVE_ALT_SCREEN = '\x1b[?1049l';

/** The raw stream after the last time the program left the alternate screen. */
function afterLastLeave(pty: PtySession): string {
  const at = pty.output.lastIndexOf(LEAVE_ALT_SCREEN);
  return at < 0 ? pty.output : pty.output.slice(at + LEAVE_ALT_SCREEN.length);
}

describe('a crash in running code (no signal, no test hook in the program)', () => {
  it.each([
    ['exception', 'rows', 800, /custody: boom: an exception nobody caught\r?\ncustody: a bug \(uncaughtException\)/],
    ['rejection', 'rows', 800, /custody: boom: a rejection nobody handled\r?\ncustody: a bug \(unhandledRejection\)/],
    ['rejection', 'start', 400, /custody: boom: a rejection nobody handled\r?\ncustody: a bug \(unhandledRejection\)/],
  ] as const)('an unhandled %s (%s + %i ms): restored, printed on the normal screen, exit 1', async (kind, from, ms, message) => {
    const pty = spawnCustody(['--demo'], {
      cols: 100,
      rows: 30,
      env: { NODE_OPTIONS: `--import=${CRASH_AFTER}`, CRASH_KIND: kind, CRASH_FROM: from, CRASH_AFTER_MS: String(ms) },
    });
    if (from === 'rows') {
      // It crashes while the console is drawing in raw mode on the alternate screen.
      await waitForLiveRows(pty);
      expect(pty.isAltScreen()).toBe(true);
      await pty.waitForRawMode(); // as the probe reads it (it polls)
    }
    const exit = await pty.exit;
    expect(exit.exitCode).toBe(1);
    expect(exit.signal).toBeUndefined();
    expectRestored(pty);
    expect(pty.screen()).toMatch(message);
    // Printed after the terminal was given back, not into the alternate screen that vanished.
    expect(afterLastLeave(pty)).toMatch(message);
    expect(pty.screen()).not.toContain('Transactions');
  });
});

describe('Ctrl-C quits from every mode (a text field or dialog: the second one)', () => {
  // The last element: what is on screen while in the field (Ctrl-C leaves it first, issue 19).
  const modes: Array<[string, (pty: PtySession) => Promise<unknown>, string?]> = [
    ['the filter line', async (pty) => {
      await pty.press('/');
      await pty.waitForText(/^ \/█/m);
      await pty.type('comp');
      await pty.waitForText('/comp█');
    }, '/comp█'],
    ['the help screen', async (pty) => {
      await pty.press('?');
      await pty.waitForText('── Help  ? or esc closes');
    }],
    ['a transaction\'s detail', async (pty) => {
      await pty.press('enter');
      await pty.waitForText(/esc back/);
    }],
    ['the decline dialog, half typed', async (pty) => {
      await pty.press(':');
      await pty.waitForText(/^ :█/m);
      await pty.type('tx waiting-approval');
      await pty.waitForText(':tx waiting-approval█');
      await pty.press('enter');
      await pty.waitForText(/d decline/, { timeoutMs: 15_000 });
      await pty.press('d');
      await pty.waitForText('DECLINE transaction');
      await pty.type('half a reas');
      await pty.waitForText('> half a reas█');
    }, 'DECLINE transaction'],
  ];
  it.each(modes)('Ctrl-C in %s: exit 0, restored, nothing left on the screen', async (_mode, enter, field) => {
    const pty = spawnCustody(['--demo'], { cols: 120, rows: 34 });
    await waitForLiveRows(pty);
    await enter(pty);
    if (field !== undefined) {
      await pty.press('ctrl-c');
      await pty.waitFor(() => !pty.screen().includes(field), { what: 'ctrl-c leaving the field' });
      expect(pty.exited).toBeUndefined();
    }
    await pty.press('ctrl-c');
    const exit = await pty.exit;
    expect(exit).toMatchObject({ exitCode: 0 });
    expect(exit.signal).toBeUndefined();
    expectRestored(pty);
    expect(pty.screen().trim()).toBe('');
  });
});

describe('at the passphrase prompt (raw mode, no alternate screen)', () => {
  let dir: string;
  let keyFile: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'custody-restore-'));
    keyFile = join(dir, 'key.jwe');
    writeFileSync(keyFile, await encryptPrivateJwk(await generatePrivateJwk(), 'not typed', { iterations: 10_000 }), {
      mode: 0o600,
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['Ctrl-C', undefined, 130],
    ['SIGTERM', 15, undefined],
    ['SIGHUP', 1, undefined],
  ] as const)('%s: echo and line mode back on, the right exit', async (how, signal, code) => {
    const pty = spawnCustody(['--base-url', 'http://127.0.0.1:9', '--workspace', 'ws1', '--key-file', keyFile], {
      cols: 120,
      rows: 20,
    });
    await pty.waitForText(/Passphrase for .*key\.jwe: /);
    await pty.waitForRawMode();
    expect(pty.isAltScreen()).toBe(false);
    await pty.type('half');
    // Let the line discipline take the keys in raw mode first: keys still queued in the pty when
    // echo comes back on are echoed then (a kernel race, not the program's).
    await new Promise((r) => setTimeout(r, 150));
    if (how === 'Ctrl-C') await pty.press('ctrl-c');
    else pty.kill(how);
    const exit = await pty.exit;
    if (signal !== undefined) expect(exit.signal).toBe(signal);
    else expect(exit).toMatchObject({ exitCode: code });
    expectRestored(pty);
    expect(pty.termios()).toMatchObject({ icanon: true, echo: true, isig: true });
    // What was typed was never echoed.
    expect(pty.output, JSON.stringify(pty.output)).not.toContain('half');
  });
});
