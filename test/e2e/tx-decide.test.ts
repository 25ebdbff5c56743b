// `custody tx approve ID` at a terminal, the whole way: the built program in a real pseudo-terminal
// against a standalone sandbox. It shows the transaction and asks for the typed end of the id; a
// paste of it does not count, typing it does; the server shows the approval, the audit log its line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/index.js';
import { disposeAllPtys, spawnCustody, type StandaloneSandbox, startStandaloneSandbox } from '../helpers/pty.js';
import { sandboxApi } from './helpers.js';

let sandbox: StandaloneSandbox;
let api: ApiClient;
let waiting: string[];

beforeAll(async () => {
  // A slow world: the waiting transactions must still be waiting when the keys arrive.
  sandbox = await startStandaloneSandbox({ args: ['--seed', '5', '--history', '300', '--speed', '0.01'] });
  api = await sandboxApi(sandbox);
  waiting = (await api.transactions.list({ transactionStatuses: ['waiting-approval'], limit: 2 })).map((t) => t.transactionId);
  expect(waiting).toHaveLength(2);
}, 30_000);
afterAll(async () => {
  await sandbox.close();
});
afterEach(disposeAllPtys);

function decideOnPty(args: readonly string[], home: string) {
  return spawnCustody([...args, '--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile], {
    cols: 120,
    rows: 50,
    env: { XDG_STATE_HOME: home, XDG_CONFIG_HOME: home },
  });
}

describe('custody tx approve in a terminal', () => {
  it('shows it, ignores a paste of the id end, takes it typed: approved on the server, exit 0', async () => {
    const home = mkdtempSync(join(tmpdir(), 'custody-tx-decide-'));
    try {
      const id = waiting[0]!;
      const end = id.slice(-4);
      const pty = decideOnPty(['tx', 'approve', id], home);
      await pty.waitForText('APPROVE transaction', { timeoutMs: 15_000 });
      await pty.waitForText('Type the last 4 characters of the transaction id');
      const screen = pty.screen();
      expect(screen).toMatch(new RegExp(` Id +${id}`));
      expect(screen).toMatch(/ Amount +\S/);
      expect(screen).toMatch(/ USD value +\S/);
      expect(screen).toMatch(/ Account +\S/);
      expect(screen).toContain('Approving moves funds.');
      await pty.waitForRawMode();
      expect(pty.term.modes.bracketedPasteMode, 'bracketed paste on while asking').toBe(true);

      // A paste of exactly the right characters, then Enter typed alone: the paste never counted.
      await pty.decide(`\x1b[200~${end}\x1b[201~`);
      await pty.waitForText('a paste does not count');
      await pty.decide('enter');
      await pty.waitForText('type the last 4 characters of the id first');
      expect((await api.transactions.get(id)).extra?.approvers?.approvedBy ?? []).toHaveLength(0);

      // Typed key by key, then Enter alone once it could be read.
      await pty.press(...end);
      await pty.waitForText(`> ${end}`);
      await pty.decide('enter');
      await pty.waitForText(new RegExp(`approved ${id} \\(now `), { timeoutMs: 10_000 });
      expect((await pty.exit).exitCode).toBe(0);
      expect(pty.isRawMode()).toBe(false);
      expect(pty.term.modes.bracketedPasteMode, 'bracketed paste off again').toBe(false);

      const after = await api.transactions.get(id);
      expect(after.extra?.approvers?.approvedBy?.length ?? (after.status === 'waiting-approval' ? 0 : 1)).toBeGreaterThan(0);
      const lines = readFileSync(join(home, 'custody', 'audit.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ action: 'approve', transactionId: id, keyId: sandbox.kid, setup: 'flags' });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('Ctrl-C at the question: exit 2, not confirmed, nothing sent, the terminal as it was', async () => {
    const home = mkdtempSync(join(tmpdir(), 'custody-tx-decide-'));
    try {
      const id = waiting[1]!;
      const pty = decideOnPty(['tx', 'decline', id, '--reason', 'not ours'], home);
      await pty.waitForText('DECLINE transaction', { timeoutMs: 15_000 });
      await pty.waitForText(/ Reason +not ours/);
      await pty.waitForRawMode();
      await pty.press('ctrl-c');
      await pty.waitForText('not confirmed: nothing sent');
      expect((await pty.exit).exitCode).toBe(2);
      expect(pty.isRawMode()).toBe(false);
      expect(pty.term.modes.bracketedPasteMode, 'bracketed paste off again').toBe(false);
      expect((await api.transactions.get(id)).status).toBe('waiting-approval');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
