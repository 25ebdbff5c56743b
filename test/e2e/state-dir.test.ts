// A sandbox restarted from its state dir, as a person uses one: a transaction is declined, the
// sandbox is killed (SIGKILL) and started again on the same folder with a new key beside the
// stored ones. `custody watch --with-history` and the console in a real terminal both find the
// decline; the transaction is not waiting again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, disposeAllPtys, ptyEnv, REPO_ROOT, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored, sandboxApi } from './helpers.js';

afterEach(disposeAllPtys);

/** `custody watch` for a moment: its JSON lines. */
function watchLines(args: readonly string[], ms: number): Promise<string[]> {
  const child = spawn(process.execPath, [CUSTODY_BIN, 'watch', ...args], {
    cwd: REPO_ROOT,
    env: ptyEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  return new Promise((resolve) => {
    setTimeout(() => child.kill('SIGTERM'), ms);
    child.once('exit', () => resolve(out.split('\n').filter((l) => l.trim() !== '')));
  });
}

describe('a sandbox restarted from its state dir', () => {
  it('watch and the console find the decline made before a kill -9', async () => {
    const root = mkdtempSync(join(tmpdir(), 'custody-state-e2e-'));
    const stateDir = join(root, 'state');
    const first = await startStandaloneSandbox({ args: ['--state-dir', stateDir, '--history', '300'] });
    let second: Awaited<ReturnType<typeof startStandaloneSandbox>> | undefined;
    try {
      const api = await sandboxApi(first);
      const [tx] = await api.transactions.list({ transactionStatuses: ['waiting-approval'] });
      const declined = await api.transactions.decide('decline', tx!.transactionId, { reason: 'wrong desk' });
      expect(declined.data.status).toBe('canceled');
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      second = await startStandaloneSandbox({ args: ['--state-dir', stateDir] });
      const restarted = second;
      // The start-up lines follow the JSON line.
      for (let i = 0; i < 100 && !/ added /.test(restarted.stderr()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(second.stderr()).toMatch(/state dir .*: the world made .* goes on \(\d+ changes replayed\)/);
      expect(second.stderr()).toContain(`key ${second.kid} added (full-access, active)`);
      const conn = ['--base-url', second.baseUrl, '--workspace', second.workspaceId, '--key-file', second.keyFile];

      const lines = await watchLines([...conn, '--status', 'canceled', '--with-history', '--quiet'], 4_000);
      const seen = lines.map((l) => JSON.parse(l)).filter((r) => r.transactionId === tx!.transactionId);
      expect(seen.length, lines.slice(0, 3).join('\n')).toBeGreaterThan(0);
      expect(seen.at(-1).status).toBe('canceled');

      const pty = spawnCustody(conn, { cols: 120, rows: 30, env: { XDG_STATE_HOME: root, XDG_CONFIG_HOME: root } });
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });
      await pty.press(':');
      await pty.waitForText(/^ :█/m);
      await pty.type(`tx id:${tx!.transactionId}`);
      await pty.press('enter');
      await pty.waitForText(/canceled/, { timeoutMs: 10_000 });
      expect(pty.screen()).not.toMatch(/waiting-approval\s*$/m);
      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      await first.close();
      await second?.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
