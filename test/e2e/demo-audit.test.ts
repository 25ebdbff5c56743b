// The demo's actions stay out of the real audit log: the built program in a real pseudo-terminal
// runs `custody --demo` (its sandbox in the same process, a throwaway key) with the state folder
// pointed at a fresh one, declines a transaction from the keyboard, and finds the attempt in the
// transaction's detail ("Audit (this console)", from the demo's in-memory log) while nothing at
// all was written where the real log lives.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

/** The full transaction id the dialog shows on its "Id" line. */
function dialogId(pty: PtySession): string {
  for (const line of pty.screenText()) {
    const m = /^ Id +(\S+)\s*$/.exec(line);
    if (m) return m[1]!;
  }
  throw new Error(`no Id line in the dialog:\n${pty.screen()}`);
}

describe('the demo and the audit log', () => {
  it('a decline in the demo shows in its detail and writes nothing to the real log path', async () => {
    const state = mkdtempSync(join(tmpdir(), 'custody-demo-state-'));
    try {
      const pty = spawnCustody(['--demo'], { cols: 120, rows: 40, env: { XDG_STATE_HOME: state } });
      await waitForLiveRows(pty);
      await pty.press(':');
      await pty.waitForText(/^ :█/m);
      await pty.type('tx waiting-approval');
      await pty.waitForText(':tx waiting-approval█');
      await pty.press('enter');
      await pty.waitForText('[status: waiting-approval]');
      await pty.waitForText(/d decline/);

      await pty.press('d');
      await pty.waitForText('DECLINE transaction');
      const id = dialogId(pty);
      await pty.type('demo only');
      await pty.waitForText('> demo only█');
      await pty.press('enter');
      await pty.waitForText(/Reason +demo only/);
      if (pty.screen().includes('Type the last 4 characters')) {
        await pty.type(id.slice(-4));
        await pty.waitForText(`> ${id.slice(-4)}█`);
        await pty.decide('enter');
      } else {
        await pty.decide('y');
      }
      await pty.waitForText('declined: now canceled', { timeoutMs: 10_000 });
      await pty.press('enter');
      await pty.waitForText(`${id}: declined: now canceled`);

      // Its detail, found by its id: the attempt is listed from the demo's own log.
      await pty.press('esc');
      await pty.waitForNoText('[status: waiting-approval]');
      await pty.press('/');
      await pty.waitForText(/^ \/█/m);
      await pty.type(id);
      await pty.waitForText(`/${id}█`);
      await pty.press('enter');
      await pty.waitForText(`[/${id}]`);
      await pty.press('enter');
      await pty.waitForText('esc back');
      // Names, the limit and the evidence fill the first screen: the audit section is further down.
      await pty.press('G');
      await pty.waitForText('Audit (this console)', { timeoutMs: 10_000 });
      expect(pty.screen()).toMatch(/decline +⊘ canceled/);
      expect(pty.screen()).toContain('reason: demo only');

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
      // Nothing where the real log lives: no audit.jsonl, no lock, not even the folder.
      expect(existsSync(join(state, 'custody', 'audit.jsonl'))).toBe(false);
      expect(readdirSync(state).flatMap((d) => (d === 'custody' ? readdirSync(join(state, d)) : [d]))).not.toContainEqual(
        expect.stringMatching(/audit/),
      );
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
