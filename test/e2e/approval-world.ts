// A sandbox for the approval tests of the built console: in this process, on a manual clock set to
// the real time, so its world moves only when a test says so (nothing enters waiting-approval by
// itself), with the full-access key in a file for the console. `enterWaiting(n)` makes n
// withdrawals like the ones waiting already (their amounts need an approval) and moves the clock
// past their decision.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

export interface ApprovalWorld {
  readonly fx: SandboxFixture;
  readonly keyFile: string;
  /** The console's connection flags. */
  readonly args: readonly string[];
  enterWaiting(n: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Bells on their own: BELs that end an OSC (a title, a notification) are not bells. */
export function bells(output: string): number {
  const bare = output
    .replace(/\u001b\][^\u0007\u001b]*(\u0007|\u001b\\)/g, '')
    .replace(/\u001bP[\s\S]*?\u001b\\/g, '');
  return bare.split('\u0007').length - 1;
}

export async function startApprovalWorld(): Promise<ApprovalWorld> {
  const fx = await startTestSandbox({ manualClock: Date.now() });
  const dir = mkdtempSync(join(tmpdir(), 'custody-approvals-'));
  const keyFile = join(dir, 'key.jwk');
  writeFileSync(keyFile, JSON.stringify(fx.keys['full-access'].jwk), { mode: 0o600 });
  const waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 50 });
  const templates: Transaction[] = waiting.filter(
    (t) => typeof (t.params as { toAddress?: unknown } | undefined)?.toAddress === 'string',
  );
  expect(templates.length).toBeGreaterThan(0);
  let serial = 0;

  return {
    fx,
    keyFile,
    args: ['--base-url', fx.baseUrl, '--workspace', fx.workspaceId, '--key-file', keyFile],
    async enterWaiting(n) {
      const ids: string[] = [];
      for (const t of templates) {
        if (ids.length === n) break;
        const p = t.params as { assetId: string; amount: string; toAddress: string };
        try {
          const { data } = await fx.client().transactions.create({
            accountId: t.accountId,
            externalId: `approval-${process.pid}-${++serial}`,
            transactionType: 'withdrawal',
            params: { assetId: p.assetId, amount: p.amount, toAddress: p.toAddress },
          });
          ids.push(data.transactionId);
        } catch {
          // That account sends to its address book only: the next one.
        }
      }
      expect(ids).toHaveLength(n);
      fx.advance(3_500); // past the decision (1.5-3 s of world time)
      for (const id of ids) expect((await fx.client().transactions.get(id)).status).toBe('waiting-approval');
      return ids;
    },
    async close() {
      await fx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
