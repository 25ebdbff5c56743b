// Which setup and server the console is on, in a real terminal (issue 18): a standalone sandbox, a
// profile `ops-prod-eu` marked production, the console at 80x24: the header line names the
// profile, the server's host and PRODUCTION (in the danger colour), on one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeAllPtys, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored } from './helpers.js';

afterEach(disposeAllPtys);

describe('the header names the setup', () => {
  it('ops-prod-eu, its host and PRODUCTION at 80x24', async () => {
    const sandbox = await startStandaloneSandbox({ args: ['--seed', '7'] });
    const dir = mkdtempSync(join(tmpdir(), 'custody-header-'));
    try {
      const configFile = join(dir, 'config.json');
      const profile = { baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, keyFile: sandbox.keyFile, tone: 'production' };
      writeFileSync(configFile, JSON.stringify({ version: 1, activeProfile: 'ops-prod-eu', profiles: { 'ops-prod-eu': profile } }), {
        mode: 0o600,
      });
      const host = new URL(sandbox.baseUrl).host;
      const pty = spawnCustody([], { cols: 80, rows: 24, configFile });
      await pty.waitForText(/● live/, { timeoutMs: 15_000 });
      const header = pty.screenText()[0]!;
      expect(header).toMatch(new RegExp(`^ (custody  )?ops-prod-eu PRODUCTION  ${host.replace(/\./g, '\\.')}  ● live`));
      expect([...header.trimEnd()].length).toBeLessThanOrEqual(80);
      // The danger colour (red) right before the word; with NO_COLOR the word alone stays.
      expect(pty.output).toMatch(/\x1b\[(1;)?31m(\x1b\[1m)?PRODUCTION/);
      // On another pane too.
      await pty.press('1');
      await pty.waitForText(/Accounts │/);
      expect(pty.screenText()[0]).toContain(`ops-prod-eu PRODUCTION  ${host}`);
      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
