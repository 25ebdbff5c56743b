// Issue 7, Faults: decline races, through the live engine's decline against the sandbox. Someone
// else acts first (409 with the row refreshed), two consoles decline the same transaction at the
// same moment (one wins, the other is told why), and the key is revoked mid-session (403 in
// words, the action hidden; the engine's reads say why and keep running).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import type { ActionOutcome } from '../../src/live/types.js';
import type { SandboxResponse } from '../../src/sandbox/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { type Engine, engineOn, sleep, withdrawal } from './helpers.js';

let fx: SandboxFixture;
const responses: SandboxResponse[] = [];
let waiting: Transaction[];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 600, onResponse: (r) => responses.push(r) });
  // Large withdrawals need an approval: enough of them waiting for every race below.
  const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  const actor = fx.sandbox.world.members[0]!.userId;
  for (let i = 0; i < 8; i++) {
    const body = withdrawal(account!.accountId, `races-${i}`, '50');
    const made = fx.sandbox.world.create(body as Parameters<typeof fx.sandbox.world.create>[0], actor);
    if (!made.ok) throw new Error(`create failed: ${made.message}`);
  }
  fx.advance(5_000);
  waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
  expect(waiting.length).toBeGreaterThanOrEqual(8);
});
afterAll(async () => {
  await fx.close();
});

function nextWaiting(): Transaction {
  const tx = waiting.shift();
  if (tx === undefined) throw new Error('the seed ran out of waiting-approval transactions');
  return tx;
}

const declinePosts = (id: string) =>
  responses.filter((r) => r.kind === 'http' && r.method === 'POST' && r.target.endsWith(`/transactions/${id}/decline`));

async function liveEngine(o: Parameters<typeof engineOn>[1] = {}): Promise<Engine> {
  const engine = engineOn(fx, o);
  await engine.live.start();
  await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
  return engine;
}

describe('someone else acts first', () => {
  it('approved by a colleague first: the decline answers conflict (409), the row refreshed to its real status', async () => {
    const engine = await liveEngine();
    const tx = nextWaiting();
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('waiting-approval');
    // Hold live updates: this console still shows it waiting when the user presses d.
    engine.live.setPaused(true);
    // Colleagues approve it (as many as its policy needs) from their own consoles.
    for (const member of fx.sandbox.world.members.slice(1)) {
      if (fx.sandbox.world.transaction(tx.transactionId)?.status !== 'waiting-approval') break;
      fx.sandbox.world.approve(tx.transactionId, member.userId);
    }
    const onServer = await fx.client().transactions.get(tx.transactionId);
    expect(onServer.status).not.toBe('waiting-approval');
    expect(engine.stores.transactions.getState().byId.get(tx.transactionId)?.status).toBe('waiting-approval');
    const outcome = await engine.live.decide('decline', tx.transactionId, { reason: 'too late' });
    expect(outcome).toMatchObject({ kind: 'conflict', status: onServer.status });
    expect((outcome as { message: string }).message).toBe(
      `it is now ${onServer.status}, no longer waiting for approval`,
    );
    // The refreshed row is in the store even while live updates are held.
    const row = engine.stores.transactions.getState().byId.get(tx.transactionId)!;
    const now = await fx.client().transactions.get(tx.transactionId);
    expect(row.updatedAt).toBe(now.updatedAt);
    expect(row.status).toBe(now.status);
    expect(now.status).not.toBe('canceled');
    expect(declinePosts(tx.transactionId)).toHaveLength(1);
    expect(declinePosts(tx.transactionId)[0]!.status).toBe(409);
    engine.live.setPaused(false);
  });
});

describe('two consoles decline the same transaction at once', () => {
  it.each([
    ['two keys', 'transaction-operator'],
    ['the same key', 'full-access'],
  ] as const)('%s: exactly one done, the other conflict explaining it; one cancel on the server', async (_name, otherRole) => {
    const a = await liveEngine();
    const b = await liveEngine({ role: otherRole });
    // Three rounds: which one wins may vary, the rule may not.
    for (let round = 0; round < 3; round++) {
      const tx = nextWaiting();
      await waitUntil(
        () => [a, b].every((e) => e.stores.transactions.getState().byId.get(tx.transactionId)?.status === 'waiting-approval'),
        3_000,
        'both consoles show it waiting',
      );
      const outcomes = await Promise.all([a.live.decide('decline', tx.transactionId, { reason: 'race A' }), b.live.decide('decline', tx.transactionId, { reason: 'race B' })]);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['conflict', 'done']);
      const conflict = outcomes.find((o) => o.kind === 'conflict') as Extract<ActionOutcome, { kind: 'conflict' }>;
      expect(conflict.status).toBe('canceled');
      expect(conflict.message).toBe('it is now canceled, no longer waiting for approval');
      const done = outcomes.find((o) => o.kind === 'done') as Extract<ActionOutcome, { kind: 'done' }>;
      expect(done.transaction.status).toBe('canceled');
      expect(declinePosts(tx.transactionId).map((r) => r.status).sort()).toEqual([200, 409]);
      const onServer = await fx.client().transactions.get(tx.transactionId);
      expect(onServer.status).toBe('canceled');
      // Both consoles end on the server's version of the row.
      await waitUntil(
        () => [a, b].every((e) => e.stores.transactions.getState().byId.get(tx.transactionId)?.updatedAt === onServer.updatedAt),
        3_000,
        'both rows current',
      );
    }
  });
});

describe('the key is revoked mid-session', () => {
  it('the next decline is forbidden (403) in words, decline hidden; the reads say why and the engine keeps running', async () => {
    const key = await fx.addKey('full-access');
    const engine = await liveEngine({
      client: { signer: key.signer },
      realtime: { signer: key.signer },
      live: { socketGraceMs: 200, pollIntervalMs: 100 },
    });
    const tx = nextWaiting();
    fx.sandbox.setKeyState(key.kid, 'revoked');

    const outcome = await engine.live.decide('decline', tx.transactionId, { reason: 'after revoke' });
    expect(outcome.kind).toBe('forbidden');
    expect((outcome as { message: string }).message).toBe(
      'the server refused this key (403: key was revoked); decline is hidden for the rest of this session',
    );
    expect(engine.stores.session.getState().forbidden.has('decline')).toBe(true);
    expect((await fx.client().transactions.get(tx.transactionId)).status).toBe('waiting-approval');
    expect(declinePosts(tx.transactionId).map((r) => r.status)).toEqual([403]);

    // The subscription was ended by the server; the engine falls back to reads, which are refused:
    // one explained notice whose count grows, no crash, never live.
    const auth = () => engine.stores.session.getState().notices.filter((n) => n.key?.startsWith('auth:403'));
    await waitUntil(() => (auth()[0]?.count ?? 0) >= 3, 5_000, 'refused reads counted');
    expect(auth()).toHaveLength(1);
    expect(auth()[0]!.text).toMatch(/forbidden \(403\)/);
    expect(engine.stores.session.getState().connection.kind).not.toBe('live');
    await sleep(300);
    expect(engine.logs.filter((l) => /start failed|failed after|bug/.test(l))).toEqual([]);
    // The rows it had stay on screen.
    expect(engine.stores.transactions.getState().byId.size).toBeGreaterThan(0);
  });
});
