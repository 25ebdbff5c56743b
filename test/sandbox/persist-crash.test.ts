// kill -9 at random moments: the built `custody sandbox --state-dir` runs a fast world (--speed 20)
// while a client declines, approves and creates and a live subscription takes every frame; the
// process is killed in the middle of it all, then started again on the same folder. Every
// change whose answer or frame reached the client must be there after the restart: the same
// transaction, changed at least as late, in the state that was told (or a later one).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSigner, generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import { type ApiClient, createApiClient, createRealtime } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { startSandboxProcess } from '../helpers/sandbox-process.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'custody-crash-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** What the client was told of one transaction: the latest change and its status. */
type Told = Map<string, { createdAt: string; updatedAt: number; status: string }>;

function tell(told: Told, tx: Transaction): void {
  const at = Number(tx.updatedAt);
  const before = told.get(tx.transactionId);
  if (before === undefined || at >= before.updatedAt) {
    told.set(tx.transactionId, { createdAt: tx.createdAt, updatedAt: at, status: tx.status });
  }
}

/** Sends work until stopped; every answer that arrives is told. */
async function drive(api: ApiClient, told: Told, stop: () => boolean, round: number): Promise<void> {
  const [account] = (await api.accounts.list({ statuses: ['active'], isTestnet: false })).filter(
    (a) => !a.extra?.onlyAddressBookWithdrawals,
  );
  for (let i = 0; !stop(); i++) {
    try {
      const waiting = await api.transactions.list({ transactionStatuses: ['waiting-approval'], limit: 10 });
      for (const tx of waiting) tell(told, tx);
      const tx = waiting[i % Math.max(1, waiting.length)];
      if (tx && i % 3 === 0) tell(told, (await api.transactions.decide('decline', tx.transactionId, { reason: `r${round}-${i}` })).data);
      else if (tx && i % 3 === 1) tell(told, (await api.transactions.decide('approve', tx.transactionId)).data);
      else {
        const res = await api.transactions.create({
          accountId: account!.accountId,
          externalId: `crash-${round}-${i}`,
          transactionType: 'withdrawal',
          params: { assetId: '2', amount: '0.01', toAddress: '0x000000000000000000000000000000000000dEaD' },
        } as never);
        tell(told, res.data as Transaction);
      }
    } catch {
      // A 409 (someone else moved it first), or the process is gone: nothing was told.
    }
  }
}

describe('kill -9 at any moment loses no change anyone was told of', () => {
  it('five kills at random points; each restart has every answered and every framed change', async () => {
    const stateDir = path.join(root, 'state');
    const jwk = await generatePrivateJwk();
    const keyFile = path.join(root, 'key.jwk');
    fs.writeFileSync(keyFile, JSON.stringify(jwk), { mode: 0o600 });
    const signer = await createSigner(jwk as unknown as PrivateJwk);
    const told: Told = new Map();
    let first = true;
    for (let round = 0; round <= 5; round++) {
      const args = ['--port', '0', '--state-dir', stateDir, '--register', `${keyFile}=full-access`];
      const sandbox = await startSandboxProcess(first ? [...args, '--history', '200', '--speed', '20'] : args);
      first = false;

      // The restart has everything told before the last kill.
      const api = createApiClient({ baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, signer, retry: { limit: 0 } });
      for (const [id, was] of told) {
        const now = await api.transactions.get(id);
        expect(now.createdAt, `${id} after kill ${round}`).toBe(was.createdAt);
        expect(Number(now.updatedAt), `${id} after kill ${round}`).toBeGreaterThanOrEqual(was.updatedAt);
        if (Number(now.updatedAt) === was.updatedAt) expect(now.status, `${id} after kill ${round}`).toBe(was.status);
      }

      if (round === 5) {
        await kill9(sandbox.child);
        break;
      }
      const live = createRealtime({ baseUrl: sandbox.baseUrl, workspaceId: sandbox.workspaceId, signer });
      live.subscribe({}, {
        onSnapshot: (txs) => txs.forEach((tx) => tell(told, tx)),
        onUpdate: (txs) => txs.forEach((tx) => tell(told, tx)),
      });
      let killed = false;
      const work = drive(api, told, () => killed, round);
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.floor(Math.random() * 1_200)));
      await kill9(sandbox.child);
      killed = true;
      live.close();
      await work;
    }
    expect(told.size).toBeGreaterThan(20);
  }, 180_000);
});
