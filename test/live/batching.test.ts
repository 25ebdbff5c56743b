// Store writes are batched: a burst of 500 live updates reaches the store in at most ~10 writes a
// second; paused updates are held (merged by id) and applied on resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { diffWithTruth, engineOn, firstPageIn, serverTruth, sleep, withdrawal } from './helpers.js';
import { awaitingNow } from '../../src/store/index.js';

let fx: SandboxFixture;
let accountId: string;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
  const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  accountId = account!.accountId;
});
afterAll(async () => {
  await fx.close();
});

/** Creates `n` transactions in the world, in-process: each one is a real frame on the socket. */
function createInWorld(n: number): string[] {
  const actor = fx.sandbox.world.members[0]!.userId;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = withdrawal(accountId, `burst-${ids.length}-${performance.now()}`);
    const result = fx.sandbox.world.create(body as Parameters<typeof fx.sandbox.world.create>[0], actor);
    if (!result.ok) throw new Error(`create failed: ${result.message}`);
    ids.push(result.value.transactionId);
  }
  return ids;
}

describe('batching', () => {
  it('a burst of 500 updates reaches the store in at most ~10 writes a second', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    await waitUntil(() => firstPageIn(stores), 3_000, 'loaded');
    await sleep(150);

    const writes: number[] = [];
    const off = stores.transactions.subscribe(() => writes.push(performance.now()));
    const started = performance.now();
    // 500 updates over about a second: 25 every 50 ms.
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(...createInWorld(25));
      await sleep(50);
    }
    await waitUntil(() => ids.every((id) => stores.transactions.getState().byId.has(id)), 5_000, 'the burst');
    const elapsed = performance.now() - started;
    off();

    expect(ids).toHaveLength(500);
    // Never more than ~10 in any one-second window, and no more than one per 100 ms overall.
    for (const at of writes) expect(writes.filter((t) => t >= at && t < at + 1_000).length).toBeLessThanOrEqual(11);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
    expect(writes.length).toBeGreaterThan(1); // it did flush during the burst, not only at the end
    for (let i = 1; i < writes.length; i++) expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(80);
    expect(diffWithTruth(stores, await serverTruth(fx))).toEqual([]);
  });

  it('a tight burst (500 in one go) is one or two writes', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    await waitUntil(() => firstPageIn(stores), 3_000, 'loaded');
    await sleep(150);
    let writes = 0;
    const off = stores.transactions.subscribe(() => writes++);
    const started = performance.now();
    const ids = createInWorld(500);
    await waitUntil(() => ids.every((id) => stores.transactions.getState().byId.has(id)), 5_000, 'the burst');
    const elapsed = performance.now() - started;
    off();
    expect(writes).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
  });
});

describe('pause', () => {
  it('holds live updates while paused and applies them on resume', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    await waitUntil(() => firstPageIn(stores), 3_000, 'loaded');
    const state = stores.transactions.getState();
    const waiting = state.order.map((id) => state.byId.get(id)!).filter((t) => t.status === 'waiting-approval');
    expect(waiting.length).toBeGreaterThanOrEqual(2);

    // The hold starts at once: a write already due carries nothing live.
    live.setPaused(true);
    const frozen = stores.transactions.getState();
    await fx.client().transactions.decide('decline', waiting[0]!.transactionId);
    await fx.client().transactions.decide('decline', waiting[1]!.transactionId);
    const ids = createInWorld(3);
    await waitUntil(() => stores.transactions.getState().held >= 5, 3_000, 'five updates held');
    await sleep(300);
    const during = stores.transactions.getState();
    expect(during.byId).toBe(frozen.byId); // rows did not move
    expect(during.order).toBe(frozen.order);
    expect(during.byId.get(waiting[0]!.transactionId)!.status).toBe('waiting-approval');
    // The rows wait; the approval queue does not: the two declined already leave its count.
    expect([...during.heldApprovals.leaving].sort()).toEqual(
      [waiting[0]!.transactionId, waiting[1]!.transactionId].sort(),
    );
    expect(awaitingNow(during)).toBeLessThanOrEqual(during.awaitingApproval - 2 + during.heldApprovals.entering.size);

    live.setPaused(false);
    await waitUntil(() => stores.transactions.getState().held === 0, 1_000, 'resumed');
    const after = stores.transactions.getState();
    expect(after.held).toBe(0);
    expect(after.byId.get(waiting[0]!.transactionId)!.status).toBe('canceled');
    expect(after.byId.get(waiting[1]!.transactionId)!.status).toBe('canceled');
    for (const id of ids) expect(after.byId.has(id)).toBe(true);
    expect(after.version).toBe(during.version + 1); // one write applied everything held
    expect(diffWithTruth(stores, await serverTruth(fx))).toEqual([]);
  });
});
