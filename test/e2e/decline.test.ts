// Declining from the keyboard, the whole way: the built program in a real pseudo-terminal against
// a standalone `custody sandbox` in its own process, with a key registered as
// transaction-operator. The server must show the transaction canceled, the screen the new status,
// and the audit log exactly one line naming it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, type PtySession, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, sandboxApi } from './helpers.js';

afterEach(disposeAllPtys);

/** The full transaction id the dialog shows on its "Id" line. */
function dialogId(pty: PtySession): string {
  for (const line of pty.screenText()) {
    const m = /^ Id +(\S+)\s*$/.exec(line);
    if (m) return m[1]!;
  }
  throw new Error(`no Id line in the dialog:\n${pty.screen()}`);
}

describe('decline in a terminal', () => {
  it('d, a reason, enter, the confirmation: canceled on the server, on screen and in the audit log', async () => {
    // A slow world: the waiting transaction must still be waiting when the keys arrive.
    const sandbox = await startStandaloneSandbox({
      role: 'transaction-operator',
      args: ['--seed', '5', '--history', '300', '--speed', '0.01'],
    });
    const home = mkdtempSync(join(tmpdir(), 'custody-decline-'));
    try {
      const pty = spawnCustody(
        ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile],
        { cols: 120, rows: 40, env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home } },
      );
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });
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
      expect(pty.screen()).toContain('⚠ waiting-approval');
      await pty.type('e2e duplicate payout');
      await pty.waitForText('> e2e duplicate payout█');
      await pty.press('enter');
      await pty.waitForText(/Reason +e2e duplicate payout/);
      // Which confirmation depends on the seeded amount: the typed one from $100,000 up.
      if (pty.screen().includes('Type the last 4 characters')) {
        await pty.type(id.slice(-4));
        await pty.waitForText(`> ${id.slice(-4)}█`);
        await pty.decide('enter');
      } else {
        await pty.decide('y');
      }
      await pty.waitForText('declined: now canceled', { timeoutMs: 10_000 });

      // The server agrees, asked with the same key.
      const api = await sandboxApi(sandbox);
      expect((await api.transactions.get(id)).status).toBe('canceled');

      // Closing leaves the outcome on the status line.
      await pty.press('enter');
      await pty.waitForText(`${id}: declined: now canceled`);

      // One line in the audit log names it, with the reason and the result.
      const lines = readFileSync(join(home, 'custody', 'audit.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => e.transactionId === id);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        action: 'decline',
        transactionId: id,
        reason: 'e2e duplicate payout',
        result: 'canceled',
        keyId: sandbox.kid,
        workspaceId: sandbox.workspaceId,
      });
      expect(JSON.stringify(lines[0])).not.toContain(sandbox.jwk.d);

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      await sandbox.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
