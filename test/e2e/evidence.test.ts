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
import { destinationOf } from '../../src/view/directory.js';
import { disposeAllPtys, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
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

      const pty = spawnCustody(
        ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile],
        { cols: 140, rows: 50, env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home } },
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

      // The address book loads beside the first page: a dialog opened before it is read says
      // "unchecked" (and is left); the next one has the evidence.
      for (let attempt = 0; ; attempt++) {
        await pty.press('d');
        await pty.waitForText('DECLINE transaction');
        await pty.waitForText(/^ Evidence /m);
        if (!pty.screen().includes('address book not readable') || attempt >= 20) break;
        await pty.press('esc');
        await pty.waitForNoText('DECLINE transaction');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
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
});
