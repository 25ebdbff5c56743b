// Issue 7, Faults: the server's process is killed (SIGKILL: no close frames, no goodbyes) and
// started again on the same port. The built console in a real pseudo-terminal says so in its
// header (reconnecting / offline), then, by itself, shows live again and keeps its rows. The
// restarted sandbox builds a fresh world from the same seed, so only that is asserted: it goes
// away, it comes back live, it keeps running and showing transactions.
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { startSandboxProcess } from '../helpers/sandbox-process.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

const SEED = '5';

/** The header line (the first row of the screen). */
const header = (screen: string[]) => screen[0] ?? '';
/** The status line (above the footer, the last row). */
const statusLine = (screen: string[]) => screen.filter((l) => l.trim() !== '').at(-2) ?? '';

describe('the server process is killed and started again on the same port', () => {
  it('the header shows reconnecting/offline, then live again by itself; the console keeps running with rows', async () => {
    const first = await startStandaloneSandbox({ args: ['--seed', SEED, '--history', '300'] });
    let second: ChildProcess | undefined;
    try {
      const port = Number(new URL(first.baseUrl).port);
      const pty = spawnCustody(['--base-url', first.baseUrl, '--workspace', first.workspaceId, '--key-file', first.keyFile], {
        cols: 120,
        rows: 30,
      });
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });
      await waitForLiveRows(pty);

      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      await pty.waitFor(() => /reconnecting|offline/.test(header(pty.screenText())), {
        timeoutMs: 10_000,
        what: 'the header to say reconnecting or offline',
      });
      const down = header(pty.screenText());
      expect(down).not.toMatch(/● live/);
      // Away for longer than the socket grace: reads fail too, and the header says offline.
      await pty.waitFor(() => /○ offline/.test(header(pty.screenText())), {
        timeoutMs: 15_000,
        what: 'the header to say offline',
      });
      const offline = header(pty.screenText());
      await pty.waitFor(() => /⚠ cannot reach the server/.test(statusLine(pty.screenText())), {
        timeoutMs: 10_000,
        what: 'the status line to say the server cannot be reached',
      });
      expect(pty.exited).toBeUndefined();
      await waitForLiveRows(pty);

      // On the same port, with the same key registered.
      const restarted = await startSandboxProcess(
        ['--port', String(port), '--seed', SEED, '--history', '300', '--register', `${first.keyFile}=full-access`],
        15_000,
      );
      second = restarted.child;
      expect(restarted.baseUrl).toBe(first.baseUrl);
      expect(restarted.workspaceId).toBe(first.workspaceId);
      const backAt = Date.now();
      await pty.waitFor(() => /● live/.test(header(pty.screenText())), {
        timeoutMs: 15_000,
        what: 'the header to say live again',
      });
      const after = Date.now() - backAt;
      // Under "● live" the outage's notice is gone: its cause (the server's answer) cleared it.
      await pty.waitFor(() => !/cannot reach the server/.test(pty.screenText().join('\n')), {
        timeoutMs: 5_000,
        what: 'the notice of the outage to clear',
      });
      await waitForLiveRows(pty);
      expect(pty.exited).toBeUndefined();
      console.info(`server killed and restarted: header went "${down.trim()}", then "${offline.trim()}", then live again ${after} ms after the restart`);

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      second?.kill('SIGKILL');
      await first.close();
    }
  }, 45_000);
});
