// Cancel against a real sandbox over real HTTP: the server cancels a transaction that has not
// started signing, the row shows it at once, and the audit log gets exactly one line per attempt
// (done, conflict, forbidden) with the reason as sent; a double call sends one request.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, openAuditLog, type StoredAuditEntry, withoutLink } from '../../src/config/index.js';
import type { Transaction } from '../../src/contract/index.js';
import type { Role } from '../../src/sandbox/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import { engineOn } from './helpers.js';

let fx: SandboxFixture;
let dir: string;
let waiting: Transaction[];
let completed: Transaction;

beforeAll(async () => {
  fx = await startTestSandbox();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-cancel-'));
  waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
  expect(waiting.length).toBeGreaterThanOrEqual(4);
  const done = await fx.client().transactions.list({ transactionStatuses: ['completed'], limit: 1 });
  completed = done[0]!;
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

let logs = 0;
function setup(role: Role = 'full-access') {
  const file = path.join(dir, `audit-${logs++}`, 'audit.jsonl');
  const engine = engineOn(fx, { role, live: { audit: openAuditLog(file) } });
  engine.stores.session.setState((s) => ({ ...s, keyId: fx.keys[role].kid, setup: { origin: 'profile', profile: 'ops', host: 'sandbox' } }));
  return { engine, file };
}

function nextWaiting(): Transaction {
  const tx = waiting.shift();
  if (tx === undefined) throw new Error('the seed ran out of waiting-approval transactions');
  return tx;
}

async function lines(file: string): Promise<AuditEntry[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => withoutLink(JSON.parse(l) as StoredAuditEntry));
}

describe('cancel', () => {
  it('cancels: the server says canceled, the row shows it at once, one audit line says so', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    const outcome = await engine.live.decide('cancel', tx.transactionId, { reason: '  created by mistake \n' });
    expect(outcome).toMatchObject({ kind: 'done', transaction: { transactionId: tx.transactionId, status: 'canceled' } });
    const correlationId = (outcome as { correlationId?: string }).correlationId;
    expect(correlationId).toMatch(/^[\w-]{8,64}$/);
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('canceled');
    expect((await fx.client().transactions.get(tx.transactionId)).status).toBe('canceled');
    expect(await lines(file)).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        setup: 'profile',
        profile: 'ops',
        baseUrl: fx.baseUrl,
        workspaceId: fx.workspaceId,
        keyId: fx.keys['full-access'].kid,
        action: 'cancel',
        transactionId: tx.transactionId,
        // Cleaned once, as a decline's reason: what the server got is what the line says.
        reason: 'created by mistake',
        result: 'canceled',
        correlationId,
        // What an auditor asks first: the transaction's type, amount, asset and destination.
        transactionType: tx.transactionType,
        ...(tx.params?.amount === undefined ? {} : { amount: tx.params.amount }),
        ...(tx.params?.assetId === undefined ? {} : { assetId: tx.params.assetId }),
        ...(tx.params?.toAddress === undefined ? {} : { toAddress: tx.params.toAddress }),
      },
    ]);
    expect(engine.stores.audit.getState().byTx.get(tx.transactionId)).toEqual([
      expect.objectContaining({ action: 'cancel', result: 'canceled', reason: 'created by mistake' }),
    ]);
    // The sandbox kept the reason as it was sent, in its action log.
    expect(fx.sandbox.world.actionLog(tx.transactionId)).toEqual([
      expect.objectContaining({ kind: 'cancel', reason: 'created by mistake' }),
    ]);
  });

  it('a double call sends one request: the second answers duplicate and writes no line', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    const [first, second] = await Promise.all([engine.live.decide('cancel', tx.transactionId), engine.live.decide('cancel', tx.transactionId)]);
    expect(first.kind).toBe('done');
    expect(second).toEqual({ kind: 'duplicate' });
    const posts = engine.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
    expect(posts).toHaveLength(1);
    expect(await lines(file)).toHaveLength(1);
  });

  it('409 on one canceled already: conflict, the row refreshed, result conflict', async () => {
    const { engine, file } = setup();
    const tx = nextWaiting();
    await fx.client('transaction-operator').transactions.decide('cancel', tx.transactionId, { reason: 'first' });
    engine.stores.transactions.setState((s) => ({ ...s, byId: new Map([[tx.transactionId, tx]]) }));
    const outcome = await engine.live.decide('cancel', tx.transactionId, { reason: 'second' });
    expect(outcome).toMatchObject({ kind: 'conflict', status: 'canceled', message: 'it is already canceled' });
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('canceled');
    expect(await lines(file)).toEqual([
      expect.objectContaining({ action: 'cancel', transactionId: tx.transactionId, result: 'conflict', reason: 'second' }),
    ]);
  });

  it('409 on a completed one: the server says why, and the status now', async () => {
    const { engine, file } = setup();
    const outcome = await engine.live.decide('cancel', completed.transactionId);
    expect(outcome.kind).toBe('conflict');
    expect((outcome as { message: string }).message).toMatch(/^the server refused \(409: .*before signing starts.*\); it is now completed$/);
    expect(await lines(file)).toEqual([expect.objectContaining({ action: 'cancel', result: 'conflict' })]);
    expect((await fx.client().transactions.get(completed.transactionId)).status).toBe('completed');
  });

  it('403 (a view-only key): forbidden, cancel alone hidden for the session, result forbidden', async () => {
    const { engine, file } = setup('view-only');
    const tx = waiting[0]!; // left waiting: the 403 changes nothing
    const outcome = await engine.live.decide('cancel', tx.transactionId, { reason: 'nope' });
    expect(outcome.kind).toBe('forbidden');
    expect((outcome as { message: string }).message).toMatch(/; cancel is hidden for the rest of this session$/);
    expect([...engine.stores.session.getState().forbidden]).toEqual(['cancel']);
    expect(await lines(file)).toEqual([
      expect.objectContaining({ action: 'cancel', result: 'forbidden', keyId: fx.keys['view-only'].kid, reason: 'nope' }),
    ]);
    expect((await fx.client().transactions.get(tx.transactionId)).status).toBe('waiting-approval');
  });
});
