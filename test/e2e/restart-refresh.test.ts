// Issue 12, demo only: after a sandbox restart a row of the old world stayed as "○ new" and `r`
// did not remove it. The built console in a real pseudo-terminal: a transaction created in the
// first world (a slow one: it stays new), the server killed and started again with a fresh world
// of the same seed on the same port; the old row is still on screen until `r`, which removes it.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createSigner, type PrivateJwk } from '../../src/auth/index.js';
import { createApiClient } from '../../src/client/index.js';
import { CUSTODY_BIN, disposeAllPtys, ptyEnv, REPO_ROOT, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, waitForLiveRows } from './helpers.js';

afterEach(disposeAllPtys);

const ARGS = ['--seed', '5', '--history', '300', '--speed', '0.01'];

/** `custody sandbox` again on the same port with the same key; resolves once it printed its line. */
function restartOn(port: number, keyFile: string): Promise<ChildProcess> {
  const args = [CUSTODY_BIN, 'sandbox', '--port', String(port), ...ARGS, '--register', `${keyFile}=full-access`];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: ptyEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      if (c.includes('\n')) resolve(child);
    });
    child.once('exit', () => reject(new Error('the restarted sandbox exited')));
    setTimeout(() => reject(new Error('the restarted sandbox was not ready in time')), 15_000);
  });
}

describe('a sandbox restarted with a new world', () => {
  it('r removes the rows of the old world the server no longer has', async () => {
    const first = await startStandaloneSandbox({ args: ARGS });
    let second: ChildProcess | undefined;
    try {
      const api = createApiClient({
        baseUrl: first.baseUrl,
        workspaceId: first.workspaceId,
        signer: await createSigner(first.jwk as unknown as PrivateJwk),
        retry: { limit: 0 },
      });
      const pty = spawnCustody(['--base-url', first.baseUrl, '--workspace', first.workspaceId, '--key-file', first.keyFile], {
        cols: 120,
        rows: 40,
      });
      await waitForLiveRows(pty);
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });

      const accounts = await api.accounts.list({ statuses: ['active'], isTestnet: false });
      const eth = (await api.dictionary.assets()).find((a) => a.symbol === 'ETH' && a.contractInformation == null)!;
      await api.transactions.create({
        accountId: accounts[0]!.accountId,
        externalId: `e2e-restart-${Date.now()}`,
        transactionType: 'withdrawal',
        params: { amount: '0.16180339', assetId: eth.assetId, networkId: 'ETH', toAccountId: accounts[1]!.accountId },
      });
      const oldRow = () => pty.screenText().find((l) => l.includes('0.16180339'));
      await pty.waitFor(() => /○ new/.test(oldRow() ?? ''), { what: 'the new transaction, new', timeoutMs: 15_000 });

      const port = Number(new URL(first.baseUrl).port);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      await pty.waitForText(/reconnecting|offline/, { timeoutMs: 15_000 });
      second = await restartOn(port, first.keyFile);
      await pty.waitForText(/● live/, { timeoutMs: 20_000 });
      await waitForLiveRows(pty);
      // Live again, and the row of the old world is still there: nothing told the console.
      expect(oldRow()).toMatch(/○ new/);

      await pty.press('r');
      await pty.waitFor(() => oldRow() === undefined, { what: 'r to remove the row of the old world', timeoutMs: 15_000 });
      expect(pty.exited).toBeUndefined();

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      second?.kill('SIGKILL');
      await first.close();
    }
  }, 90_000);
});
