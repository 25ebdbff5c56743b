// The live engine against a real sandbox on a manual clock: the awaiting count is known once the
// unfinished work was read whole (the baseline), what waited then is not an arrival, a reconnect's
// gap fill does not make one of it either, and a withdrawal that enters waiting-approval is one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { engineOn, serverTruth, sleep, withdrawal } from './helpers.js';

let fx: SandboxFixture;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
});
afterAll(async () => {
  await fx.close();
});

describe('approval arrivals', () => {
  it('none at start or after a reconnect; one when a withdrawal enters waiting-approval', async () => {
    const { live, stores } = engineOn(fx);
    expect(stores.transactions.getState().baselineAt).toBeUndefined();
    await live.start();
    await waitUntil(() => stores.transactions.getState().baselineAt !== undefined, 5_000, 'the baseline');
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live');
    const truth = await serverTruth(fx);
    const waitingAtStart = [...truth.values()].filter((t) => t.status === 'waiting-approval').length;
    expect(waitingAtStart).toBeGreaterThan(0);
    expect(stores.transactions.getState().awaitingApproval).toBe(waitingAtStart);
    expect(stores.transactions.getState().arrivals.count).toBe(0);

    // The socket drops; the engine reconnects and fills the gap: nothing new waits, nothing arrives.
    fx.sandbox.setChaos('drop=1');
    await waitUntil(() => stores.session.getState().connection.kind !== 'live', 5_000, 'the drop');
    fx.sandbox.setChaos(undefined);
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 15_000, 'live again');
    await sleep(300);
    expect(stores.transactions.getState().arrivals.count).toBe(0);

    // A withdrawal large enough to need an approval enters waiting-approval once its decision is due.
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const { data } = await fx.client().transactions.create(withdrawal(account!.accountId, `arrival-${Date.now()}`, '100'));
    fx.advance(3_500);
    expect((await fx.client().transactions.get(data.transactionId)).status).toBe('waiting-approval');
    await waitUntil(() => stores.transactions.getState().arrivals.count === 1, 5_000, 'the arrival');
    const s = stores.transactions.getState();
    expect([...s.arrivals.last]).toEqual([data.transactionId]);
    expect(s.awaitingApproval).toBe(waitingAtStart + 1);
    live.stop();
  }, 40_000);
});
