// Ctrl-Z in a real terminal (issue 19). Under an interactive bash (job control: the console runs
// as a job in a process group of its own), Ctrl-Z gives the terminal back and stops the console,
// the shell says so and prompts; `fg` brings the screen back whole, with a dialog that was open
// still open. Spawned directly in the pty (a session leader, like `tmux new 'custody'` or
// `ssh host custody`), nothing could resume it: Ctrl-Z says so on the status line instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, disposeAllPtys, type PtySession, spawnCustody, spawnPty } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

const PROMPT = 'suspend-test$ ';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const ENTER_ALT_SCREEN = '\x1b[?1049h';

async function openDeclineDialog(pty: PtySession): Promise<void> {
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
}

/** Types `jobs` until bash reports the job stopped (or 20 asks); returns bash's last answer. */
async function jobsUntilStopped(pty: PtySession): Promise<string> {
  let answer = '';
  for (let ask = 0; ask < 20; ask++) {
    const before = pty.output.length;
    pty.type('jobs\r');
    await pty.waitFor(() => /\[1\]\+\s+\S+/.test(pty.output.slice(before)) && pty.output.slice(before).endsWith(PROMPT), {
      what: 'the answer to jobs',
    });
    const lines = pty.screenText();
    const at = lines.findLastIndex((line) => line.startsWith(`${PROMPT}jobs`));
    answer = lines[at + 1] ?? '';
    if (/^\[1\]\+\s+Stopped/.test(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return answer;
}

describe('Ctrl-Z under a shell with job control', () => {
  it('stops with the terminal given back; fg brings the console back, the dialog still open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'custody-suspend-'));
    const pty = spawnPty('bash', ['--norc', '--noprofile', '-i'], {
      cols: 120,
      rows: 34,
      env: { PS1: PROMPT, CUSTODY_CONFIG: join(dir, 'config.json'), HISTFILE: '/dev/null' },
    });
    try {
      await pty.waitForText(PROMPT);
      pty.type(`'${process.execPath}' '${CUSTODY_BIN}' --demo\r`);
      await waitForLiveRows(pty);
      await openDeclineDialog(pty);

      const before = pty.output.length;
      await pty.press('ctrl-z');
      // The shell has the terminal again: it reports the stopped job on the normal screen.
      await pty.waitForText(/Stopped/, { what: 'the shell reporting the stopped job' });
      await pty.waitFor(() => pty.screen().trimEnd().endsWith(PROMPT.trimEnd()), { what: 'the prompt' });
      expect(pty.isAltScreen(), 'normal screen while stopped').toBe(false);
      expect(pty.isCursorVisible(), 'cursor shown while stopped').toBe(true);
      const stopped = pty.output.slice(before);
      expect(stopped).toContain(LEAVE_ALT_SCREEN);
      expect(stopped).toContain('\x1b[?2004l'); // bracketed paste off (bash may turn its own on after)
      expect(pty.screen()).not.toContain('DECLINE transaction');

      // `bg` leaves it stopped: in the background the terminal is not its to take.
      const beforeBg = pty.output.length;
      pty.type('bg\r');
      await pty.waitFor(() => pty.output.slice(beforeBg).includes(PROMPT), { what: 'the prompt after bg' });
      // bash answers `jobs` from what it has heard so far: on a busy machine the console may not
      // have stopped again yet when the first `jobs` runs, so ask until it has (within the wait).
      expect(await jobsUntilStopped(pty)).toMatch(/^\[1\]\+\s+Stopped/);
      expect(pty.output.slice(beforeBg)).not.toContain(ENTER_ALT_SCREEN);
      expect(pty.isAltScreen()).toBe(false);

      const beforeFg = pty.output.length;
      pty.type('fg\r');
      await pty.waitFor(() => pty.isAltScreen(), { what: 'the alternate screen again' });
      // Drawn again whole: the dialog as it was, its typed reason kept.
      await pty.waitForText('DECLINE transaction');
      await pty.waitForText('> half a reas█');
      expect(pty.output.slice(beforeFg)).toContain(ENTER_ALT_SCREEN);
      await pty.waitForRawMode();

      // Still a working console: Esc keeps the transaction, q quits back to the shell.
      await pty.press('esc');
      await pty.waitForText(/kept as it was/);
      await pty.press('q');
      await pty.waitFor(() => !pty.isAltScreen() && pty.screen().trimEnd().endsWith(PROMPT.trimEnd()), {
        what: 'the shell prompt after q',
      });
      expect(pty.isCursorVisible()).toBe(true);
      pty.type('exit\r');
      await pty.exit;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 45_000);
});

describe('Ctrl-Z with no job control (the console is the session leader)', () => {
  it('says so on the status line and keeps running', async () => {
    const pty = spawnCustody(['--demo'], { cols: 120, rows: 34 });
    await waitForLiveRows(pty);
    await pty.press('ctrl-z');
    await pty.waitForText('ctrl-z: no shell here can resume the console (no job control); q quits');
    expect(pty.isAltScreen()).toBe(true);
    expect(pty.exited).toBeUndefined();
    // Keys still work; q quits as always.
    await pty.press('q');
    const exit = await pty.exit;
    expect(exit).toMatchObject({ exitCode: 0 });
    expectRestored(pty);
  });
});
