// The built program in a real pseudo-terminal, read off the emulated screen as its user sees it:
// the demo (sandbox in the same process, real HTTP and WebSocket), the panes, a transaction's
// timeline, filters, the command line, a resize, quit, and the terminal given back.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { colorSgrs, expectRestored, nonAscii, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

/** The rows of the table on screen whose status cell is `status`. */
function rowsWithStatus(screen: string[], status: RegExp): string[] {
  return screen.filter((line) => / (withdrawal|deposit|swap|bridge|fiat|stake|allowance)/.test(line) && status.test(line));
}

describe('custody --demo in a terminal', () => {
  it('opens on a living workspace, navigates, opens a timeline, filters, re-lays out on resize and quits cleanly', async () => {
    const pty = spawnCustody(['--demo'], { cols: 120, rows: 40 });
    await pty.waitForRawMode({ timeoutMs: 15_000 });
    // Raw mode is read by a probe of its own, the screen off the pty's bytes: either may be first.
    await pty.waitFor(() => pty.isAltScreen() && !pty.isCursorVisible(), { what: 'the alternate screen, cursor hidden' });
    await waitForLiveRows(pty);
    expect(pty.screenText()[0]).toContain('DEMO');
    // The frame stays below the terminal's height (Ink 6 repaints everything otherwise).
    expect(pty.screenText()[39]).toBe('');

    // Panes: 1 accounts, 2 addresses, 4 prices, Tab to the next, 3 back to transactions.
    await pty.press('1');
    await pty.waitForText(/Accounts │[\s\S]*Ops Hot/);
    await pty.press('2');
    await pty.waitForText(/Addresses │[\s\S]*Ethereum/);
    await pty.press('4');
    await pty.waitForText(/Prices │[\s\S]*Bitcoin/);
    await pty.press('tab');
    await pty.waitForText('── Swap');
    await pty.press('3');
    await pty.waitForText('Transactions │');

    // Filter to completed transactions; Enter opens one: its event timeline and the statuses seen.
    await pty.press('/');
    await pty.waitForText(/^ \/█/m);
    await pty.type('completed');
    await pty.waitForText('/completed█');
    await pty.press('enter');
    await pty.waitForText('[/completed]');
    await pty.press('enter');
    await pty.waitForText(/── Events \([1-9]\d*, oldest first\)/);
    await pty.waitForText('Statuses seen by this console');
    expect(pty.screen()).toMatch(/Transaction \S+.*esc back/);
    expect(pty.screen()).toContain('✓ completed');
    await pty.press('esc');
    await pty.waitForText('[/completed]');
    expect(rowsWithStatus(pty.screenText(), /./).length).toBeGreaterThan(5);
    expect(rowsWithStatus(pty.screenText(), /completed/)).toEqual(rowsWithStatus(pty.screenText(), /./));

    // `!` inverts the filter.
    await pty.press('esc');
    await pty.waitForNoText('[/completed]');
    // (Each key waits for the screen's answer: keys read together arrive as one input.)
    await pty.press('/');
    await pty.waitForText(/^ \/█/m);
    await pty.type('!completed');
    await pty.waitForText('/!completed█');
    await pty.press('enter');
    await pty.waitForText('[/!completed]');
    expect(rowsWithStatus(pty.screenText(), /./).length).toBeGreaterThan(0);
    expect(rowsWithStatus(pty.screenText(), /✓ completed/)).toEqual([]);
    await pty.press('esc');
    await pty.waitForNoText('[/!completed]');

    // The command line.
    await pty.press(':');
    await pty.waitForText(/^ :█/m);
    await pty.type('tx waiting-approval');
    await pty.waitForText(':tx waiting-approval█');
    await pty.press('enter');
    await pty.waitForText('[status: waiting-approval]');
    const waiting = rowsWithStatus(pty.screenText(), /./);
    expect(waiting.length).toBeGreaterThan(0);
    expect(rowsWithStatus(pty.screenText(), /waiting-approval/)).toEqual(waiting);

    // Resize to 80x24: laid out again at once, narrower columns dropped, one frame on screen.
    const oneFrame = (rows: string[]) =>
      rows[1]!.includes('1 Acc') &&
      rows.filter((r) => r.includes('1 Acc')).length === 1 &&
      rows.filter((r) => r.includes('awaiting approval')).length === 1 &&
      rows.filter((r) => r.includes('[status: waiting-approval]')).length === 1;
    pty.resize(80, 24);
    // The footer is the last line Ink rewrites: wait for the whole frame, footer included.
    const laidOut = (rows: string[]) => oneFrame(rows) && rows.some((r) => /q quit/.test(r));
    await pty.waitFor(() => laidOut(pty.screenText()) && !pty.screen().includes('LEFT'), { what: 'the 80x24 layout' });
    const small = pty.screenText();
    expect(small).toHaveLength(24);
    expect(small[23]).toBe(''); // still below the terminal's height
    expect(small.some((r) => /q quit/.test(r))).toBe(true);
    expect(rowsWithStatus(small, /waiting-approval/)).toEqual(rowsWithStatus(small, /./));

    // And back: the wide columns return (the queue view's LEFT), still one frame.
    pty.resize(120, 40);
    await pty.waitFor(() => oneFrame(pty.screenText()) && pty.screen().includes('LEFT'), {
      what: 'the 120x40 layout again',
    });
    const wide = pty.screenText();
    expect(wide[39]).toBe('');
    expect(rowsWithStatus(wide, /waiting-approval/)).toEqual(rowsWithStatus(wide, /./));

    await pty.press('q');
    const exit = await pty.exit;
    expect(exit.exitCode).toBe(0);
    expect(exit.signal).toBeUndefined();
    expectRestored(pty);
    // Nothing of the console was left on the user's screen.
    expect(pty.screen().trim()).toBe('');
    // The color checks below mean something: this run did draw in color.
    expect(colorSgrs(pty.output).length).toBeGreaterThan(0);
  });

  it('with NO_COLOR sends no color at all; status keeps its words and symbols', async () => {
    const pty = spawnCustody(['--demo'], { cols: 100, rows: 30, env: { NO_COLOR: '1' } });
    await waitForLiveRows(pty);
    await pty.press('1');
    await pty.waitForText('Accounts │');
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expect(colorSgrs(pty.output)).toEqual([]);
    expectRestored(pty);
  });

  it('with LANG=C draws ASCII borders and symbols only', async () => {
    const pty = spawnCustody(['--demo'], { cols: 100, rows: 30, env: { LANG: 'C' } });
    await waitForLiveRows(pty);
    const seen: string[] = [pty.screen()];
    for (const [key, title] of [['1', 'Accounts |'], ['2', 'Addresses |'], ['4', 'Prices |'], ['3', 'Transactions |']]) {
      await pty.press(key!);
      await pty.waitForText(title!);
      seen.push(pty.screen());
    }
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    // The demo's data is ASCII too, so the whole stream must be.
    expect(nonAscii(seen.join('\n'))).toEqual([]);
    expect(nonAscii(pty.output)).toEqual([]);
  });

  it.each([
    ['CI set in the shell (Ink alone would draw nothing until exit)', { CI: 'true' }],
    ['the standard renderer (CUSTODY_RENDERER=standard)', { CUSTODY_RENDERER: 'standard' }],
  ])('draws with %s', async (_what, env) => {
    const pty = spawnCustody(['--demo'], { cols: 100, rows: 30, env });
    await waitForLiveRows(pty);
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  });
});

describe('custody against a server of its own', () => {
  it('asks the passphrase before the alternate screen, opens with --base-url --workspace --key-file, logs to --log-file', async () => {
    const passphrase = 'correct horse battery';
    const sandbox = await startStandaloneSandbox({ args: ['--history', '400', '--seed', '5'], passphrase });
    const logDir = mkdtempSync(join(tmpdir(), 'custody-log-'));
    const logFile = join(logDir, 'debug.log');
    try {
      const pty = spawnCustody(
        [
          '--base-url',
          sandbox.baseUrl,
          '--workspace',
          sandbox.workspaceId,
          '--key-file',
          sandbox.encryptedKeyFile!,
          '--read-only',
          '--log-file',
          logFile,
        ],
        { cols: 120, rows: 40 },
      );
      // The prompt is on the normal screen, echo off; the console starts only after it.
      await pty.waitForText('Passphrase for');
      expect(pty.isAltScreen()).toBe(false);
      await pty.waitForRawMode();
      pty.type(`${passphrase}\r`);
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });
      expect(pty.isAltScreen()).toBe(true);
      await pty.press('1');
      await pty.waitForText(/Accounts │[\s\S]*Ops Hot/);
      const header = pty.screenText()[0]!;
      expect(header).not.toContain('DEMO');
      expect(header).toContain('READ-ONLY');
      expect(header).toContain(sandbox.kid.slice(0, 4));
      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
      expect(pty.output).not.toContain(passphrase);
      // Its requests reached the standalone server.
      expect(sandbox.stderr()).toMatch(/GET \/workspaces\/\S+\/accounts/);

      // The debug log: 0600, what happened, never the key or a token.
      expect(statSync(logFile).mode & 0o777).toBe(0o600);
      const log = readFileSync(logFile, 'utf8');
      expect(log).toMatch(/http: GET \/workspaces\/\S+\/accounts 200 \d+ ms/);
      expect(log).toMatch(/ws: .*"open"/);
      expect(log).toMatch(/console: quit/);
      for (const secret of [sandbox.jwk.d, passphrase, 'ApiKey', 'eyJ']) expect(log).not.toContain(secret);
    } finally {
      await sandbox.close();
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});
