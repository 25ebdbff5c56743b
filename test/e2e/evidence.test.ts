// Evidence before the decision, the whole way: the built program in a real pseudo-terminal against
// a standalone `custody sandbox`, from `:tx waiting-approval` to the decline dialog of a withdrawal
// whose destination is in no address-book record. The dialog must say so in words, with its mark,
// above the reason; leaving it sends nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { emptyDirectory, withBook } from '../../src/store/index.js';
import { destinationOf } from '../../src/domain/index.js';
import {
  disposeAllPtys,
  type PtySession,
  spawnCustody,
  type StandaloneSandbox,
  startStandaloneSandbox,
} from '../helpers/pty.js';
import { expectRestored, sandboxApi } from './helpers.js';

afterEach(disposeAllPtys);

/** A waiting withdrawal (to an address) that no record of the book names, as the server has them now. */
async function strangerWithdrawal(api: ApiClient): Promise<Transaction | undefined> {
  const book = await api.addressBook.list({});
  const accounts = await api.accounts.list({});
  const directory = withBook(emptyDirectory, book, Date.now());
  const byId = new Map(accounts.map((a) => [a.accountId, a]));
  const waiting = await api.transactions.list({ transactionStatuses: ['waiting-approval'], limit: 200 });
  return waiting.find(
    (tx) => tx.transactionType === 'withdrawal' && destinationOf(directory, byId, tx).kind === 'unknown',
  );
}

/** The console at `cols`x`rows` on the sandbox, `:tx waiting-approval`, the one row `id` selected. */
async function openOn(sandbox: StandaloneSandbox, home: string, id: string, cols: number, rows: number): Promise<PtySession> {
  const pty = spawnCustody(
    ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile],
    { cols, rows, env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home } },
  );
  await pty.waitForText(/● live/, { timeoutMs: 15_000 });
  await pty.press(':');
  await pty.waitForText(/^ :█/m);
  await pty.type('tx waiting-approval');
  await pty.waitForText(':tx waiting-approval█');
  await pty.press('enter');
  await pty.waitForText('[status: waiting-approval]');
  // The one row: its id typed into the filter.
  await pty.press('/');
  await pty.type(id);
  await pty.press('enter');
  await pty.waitForText(/d decline/);
  return pty;
}

/**
 * d, until the address book is read: a dialog opened before it is says "unchecked" (and is
 * left); the next one has the evidence. `ready` is what the screen shows once the dialog is drawn.
 */
async function declineWithEvidence(pty: PtySession, ready: RegExp): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await pty.press('d');
    await pty.waitForText('DECLINE transaction');
    await pty.waitForText(ready);
    // "not read": the destination's words near the top say it at any size (the block may be off screen).
    if (!pty.screen().includes('address book not read') || attempt >= 20) return;
    await pty.press('esc');
    await pty.waitForNoText('DECLINE transaction');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('evidence in a terminal', () => {
  it(':tx waiting-approval, a withdrawal to an unknown destination, d: the dialog says "not in the address book"', async () => {
    const sandbox = await startStandaloneSandbox({
      role: 'transaction-operator',
      args: ['--seed', '5', '--history', '300', '--speed', '0.01'],
    });
    const home = mkdtempSync(join(tmpdir(), 'custody-evidence-'));
    try {
      const api = await sandboxApi(sandbox);
      const target = await strangerWithdrawal(api);
      expect(target, 'the seeded world has a waiting withdrawal to an unknown destination').toBeDefined();
      const id = target!.transactionId;

      const pty = await openOn(sandbox, home, id, 140, 50);

      await declineWithEvidence(pty, /^ Evidence /m);
      const screen = pty.screenText();
      expect(screen.join('\n')).toContain(id.slice(-8));
      const at = screen.findIndex((l) => /^ Evidence +⚠ destination not in the address book\s*$/.test(l));
      expect(at, pty.screen()).toBeGreaterThanOrEqual(0);
      expect(screen[at + 1]).toMatch(/^ +none of the [\d,]+ address-book records match its network, address and memo\s*$/);
      // Before the decision: above the reason it informs.
      const reasonAt = screen.findIndex((l) => l.includes('Reason (optional'));
      expect(reasonAt).toBeGreaterThan(at);

      // Leaving sends nothing: the server still has it waiting.
      await pty.press('esc');
      await pty.waitForText(`${id}: kept as it was, nothing was sent`);
      expect((await api.transactions.get(id)).status).toBe('waiting-approval');

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      await sandbox.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('80x24: the Evidence block is scrolled off, and the confirmation says the evidence in one line', async () => {
    const sandbox = await startStandaloneSandbox({
      role: 'transaction-operator',
      args: ['--seed', '5', '--history', '300', '--speed', '0.01'],
    });
    const home = mkdtempSync(join(tmpdir(), 'custody-evidence-'));
    try {
      const api = await sandboxApi(sandbox);
      const target = await strangerWithdrawal(api);
      expect(target, 'the seeded world has a waiting withdrawal to an unknown destination').toBeDefined();
      const id = target!.transactionId;
      const pty = await openOn(sandbox, home, id, 80, 24);
      await declineWithEvidence(pty, /Reason \(optional/);
      // No reason: on to the confirmation.
      await pty.press('enter');
      await pty.waitForText(/Decline this transaction\?|Type the last/);
      const screen = pty.screenText();
      expect(pty.screen()).toMatch(/▼ \d+ more/);
      expect(pty.screen()).not.toMatch(/^ Evidence /m);
      const at = screen.findIndex((l) => /^ \S \d+ evidence · /.test(l));
      expect(at, pty.screen()).toBeGreaterThanOrEqual(0);
      // The gravest item: not being in the book, unless something graver (a danger) outranks it.
      expect(screen[at]).toMatch(
        /· (destination not in the address book|account allows only|more than its whole|the amount is|.* contains invisible)/,
      );
      // Beside the question it informs: the line right under it asks.
      expect(screen[at + 1]).toMatch(/Decline this transaction\?|The amount is at or above|The USD value is unknown/);
      for (const line of screen) expect(line.length).toBeLessThanOrEqual(80);

      await pty.press('esc');
      await pty.waitForNoText('DECLINE transaction');
      expect((await api.transactions.get(id)).status).toBe('waiting-approval');
      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      await sandbox.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
