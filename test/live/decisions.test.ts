// Every decision of the table (domain/actions.ts) against a real sandbox on a loopback port: the
// client's route reaches a sandbox route that does it, through the one generic call of the live
// layer, with the reason only where the table says it takes one. And the rule that turns `a` off
// on a transaction this key already approved matches the sandbox's 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { alreadyDone, DECISION_NAMES, DECISIONS } from '../../src/domain/actions.js';
import { approvedByAdded } from '../../src/live/self.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import { engineOn } from './helpers.js';

let fx: SandboxFixture;
let waiting: Transaction[];

beforeAll(async () => {
  fx = await startTestSandbox();
  waiting = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
  expect(waiting.length).toBeGreaterThanOrEqual(DECISION_NAMES.length * 2 + 1);
});

afterAll(async () => {
  await fx.close();
});

function nextWaiting(): Transaction {
  const tx = waiting.shift();
  if (tx === undefined) throw new Error('the seed ran out of waiting-approval transactions');
  return tx;
}

describe('the sandbox serves every decision', () => {
  it.each(DECISION_NAMES)('%s: the client route answers with the transaction', async (name) => {
    const tx = nextWaiting();
    const body = DECISIONS[name].reason ? { reason: 'table test' } : {};
    const { data } = await fx.client().transactions.decide(name, tx.transactionId, body);
    expect(data.transactionId).toBe(tx.transactionId);
  });

  it.each(DECISION_NAMES)('%s: through the live layer, done, the reason only where it takes one', async (name) => {
    const engine = engineOn(fx);
    const tx = nextWaiting();
    const outcome = await engine.live.decide(name, tx.transactionId, { reason: 'typed anyway' });
    expect(outcome.kind).toBe('done');
    const done = fx.sandbox.world.actionLog(tx.transactionId).filter((a) => a.kind === name);
    expect(done).toHaveLength(1);
    expect(done[0]!.reason).toBe(DECISIONS[name].reason ? 'typed anyway' : undefined);
  });
});

describe('a decision this key already made', () => {
  it('approve twice: the sandbox answers 409, and the table said so before sending', async () => {
    const before = nextWaiting();
    const { data: after } = await fx.client().transactions.decide('approve', before.transactionId);
    const [self] = approvedByAdded(before, after);
    expect(self).toBeDefined();
    expect(alreadyDone('approve', after, self)).toBe('you already approved this');
    const again = await fx
      .client()
      .transactions.decide('approve', before.transactionId)
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 409 });
  });
});
