// `r` against a real sandbox (issue 12: after a sandbox restart a row of the old world stayed as
// "○ new", and `r` did not remove it): transactions the console holds that the server no longer
// has go, the rows it has stay, and what is read is the range the window held, no more.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { createEngineContext } from '../../src/live/engine-context.js';
import { createTimers } from '../../src/live/timers.js';
import { createTxWindows, type TxWindows } from '../../src/live/tx-windows.js';
import { ALL_TRANSACTIONS, applyTransactions, createStores, type Stores, txQueryKey } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await startTestSandbox({ history: 3000 });
});

const made: TxWindows[] = [];
afterEach(() => {
  for (const w of made.splice(0)) w.stop();
});

const KEY = txQueryKey(ALL_TRANSACTIONS);

function loader() {
  const stores: Stores = createStores({ baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, now: Date.now() });
  const timers = createTimers();
  const requests: string[] = [];
  const client = fx.client('full-access', {
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(url)}`);
      return fetch(url, init);
    },
  });
  const ctx = createEngineContext({
    api: client,
    stores,
    timers,
    now: Date.now,
    retryBaseMs: 50,
    retryMaxMs: 200,
    stopped: () => timers.stopped,
    feed: () => ({ readAnswered: () => {}, readFailed: () => {}, note: () => {} }),
  });
  const windows = createTxWindows(ctx, { pageSize: 100, budget: 400 });
  made.push({ ...windows, stop: () => (windows.stop(), timers.stop()) });
  return { stores, windows, requests };
}

/** A transaction of another world: same workspace, an id this server never made. */
function ghost(id: string, status: string, createdAt: string, updatedAt = createdAt): Transaction {
  const real = fx.sandbox.world.transactions({ limit: '1' })[0]!;
  return { ...real, transactionId: id, externalId: `ghost-${id}`, status, createdAt, updatedAt };
}

describe('r: what the server no longer has goes', () => {
  it('an unfinished row and a finished row of another world go; the server\'s rows stay', async () => {
    const { stores, windows } = loader();
    await windows.readLive();
    windows.show(ALL_TRANSACTIONS);
    await windows.settled();
    const before = stores.transactions.getState();
    const w = before.windows.get(KEY)!;
    expect(w.ids.length).toBeGreaterThan(10);
    const mid = w.keys.get(w.ids[5]!)!;
    // A row of the old world still "new", and a finished one inside the range the window holds
    // that changed while the console watched (so nothing lets go of it by itself).
    stores.transactions.setState(
      (s) =>
        applyTransactions(
          applyTransactions(s, [ghost('ghost-new', 'new', String(fx.clock!.now() - 1000)), ghost('ghost-done', 'signing', mid)], {
            now: Date.now(),
            live: true,
          }),
          [ghost('ghost-done', 'completed', mid, String(Number(mid) + 1))],
          { now: Date.now(), live: true },
        ),
      true,
    );
    expect(stores.transactions.getState().byId.has('ghost-new')).toBe(true);
    const heldIds = [...before.byId.keys()];

    windows.refresh();
    await waitUntil(
      () => !stores.transactions.getState().byId.has('ghost-new') && !stores.transactions.getState().byId.has('ghost-done'),
      10_000,
      'the rows of the other world to go',
    );
    const after = stores.transactions.getState();
    for (const id of heldIds) expect(after.byId.has(id), id).toBe(true);
    expect(after.windows.get(KEY)!.ids.slice(0, w.ids.length)).toEqual(w.ids);
  });

  it('reads the range the window holds, not the whole history', async () => {
    const { stores, windows, requests } = loader();
    await windows.readLive();
    windows.show(ALL_TRANSACTIONS);
    await windows.settled();
    const held = stores.transactions.getState().windows.get(KEY)!.ids.length;
    requests.length = 0;
    windows.refresh();
    await waitUntil(() => requests.some((r) => /isTerminated=true/.test(r)), 10_000, 'the reload');
    await waitUntil(() => stores.transactions.getState().windows.get(KEY)?.loading === undefined, 10_000, 'the reload');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pages = requests.filter((r) => /isTerminated=true/.test(r));
    expect(pages.length).toBe(1);
    expect(stores.transactions.getState().windows.get(KEY)!.ids.length).toBeLessThanOrEqual(held + 1000);
    expect(stores.transactions.getState().windows.get(KEY)!.complete).toBe(false);
  });

  it('oldest first: the reload reads the same range ASC, and the window keeps its rows in order', async () => {
    const { stores, windows, requests } = loader();
    await windows.readLive();
    const query = { ...ALL_TRANSACTIONS, oldestFirst: true };
    const key = txQueryKey(query);
    windows.show(query);
    await windows.settled();
    const before = stores.transactions.getState().windows.get(key)!.ids;
    expect(before.length).toBeGreaterThan(0);
    requests.length = 0;
    windows.refresh();
    await waitUntil(() => requests.some((r) => /isTerminated=true/.test(r)), 10_000, 'the reload');
    await waitUntil(() => stores.transactions.getState().windows.get(key)?.loading === undefined, 10_000, 'the reload');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pages = requests.filter((r) => /isTerminated=true/.test(r));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toContain('sortDirection=ASC');
    const after = stores.transactions.getState().windows.get(key)!.ids;
    expect(after.slice(0, before.length)).toEqual(before);
  });
});
