// The live engine's first load, background paging, live changes and the open detail, against a
// real sandbox over loopback HTTP and WebSocket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import { ALL_TRANSACTIONS, isSlim, txQueryKey } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { firstPageLimit } from '../../src/live/reads.js';
import { diffWithTruth, engineOn, firstPageIn, serverTruth, sleep } from './helpers.js';

let fx: SandboxFixture;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 300 });
});
afterEach(() => {
  fx.sandbox.setChaos(undefined);
});
afterAll(async () => {
  await fx.close();
});

describe('first load', () => {
  it('fills every slice and goes live: all unfinished work, the first page of the history', async () => {
    const { live, stores } = engineOn(fx, { live: { firstPageSize: 60 } });
    await live.start();
    const truth = await serverTruth(fx);

    const dictionary = stores.dictionary.getState();
    expect(dictionary.networks.size).toBe((await fx.client().dictionary.networks()).length);
    expect(dictionary.assets.size).toBe((await fx.client().dictionary.assets({ limit: 1000 })).length);
    expect(dictionary.symbols.size).toBeGreaterThan(0);
    const workspace = stores.workspace.getState();
    expect(workspace.accounts.map((a) => a.accountId)).toEqual((await fx.client().accounts.list()).map((a) => a.accountId));
    expect(workspace.addresses.length).toBe((await fx.client().addresses.list({ limit: 1000 })).length);
    expect(workspace.addresses.length).toBeGreaterThan(0);
    expect(stores.prices.getState().bySymbol.size).toBeGreaterThan(0);
    const session = stores.session.getState();
    expect(session.workspaceName).toBe(fx.sandbox.world.workspace.name);
    expect(session.freshAt).toBeGreaterThan(0);
    expect(session.notices).toEqual([]);

    // start() settles with both in: nothing missing, nothing stale, nothing extra.
    expect(diffWithTruth(stores, truth)).toEqual([]);
    const tx = stores.transactions.getState();
    const finished = [...truth.values()].filter((t) => isTerminalTransactionStatus(t.status));
    const window = tx.windows.get(txQueryKey(ALL_TRANSACTIONS))!;
    expect(window.ids).toHaveLength(60);
    expect(window.complete).toBe(false);
    // The history held is the newest finished rows, in the server's order.
    const newest = finished.sort((a, b) => Number(b.createdAt) - Number(a.createdAt) || (a.transactionId < b.transactionId ? 1 : -1));
    expect(window.ids).toEqual(newest.slice(0, 60).map((t) => t.transactionId));
    expect(tx.byId.size).toBe(60 + truth.size - finished.length);
    expect(tx.awaitingApproval).toBe([...truth.values()].filter((t) => t.status === 'waiting-approval').length);
    expect(tx.changedAt.size).toBe(0); // the first load marks nothing as changed
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
  });

  it('reads everything at once: the history does not wait for the subscription', async () => {
    const { live, requests } = engineOn(fx, { live: { firstPageSize: 40 } });
    const started = live.start();
    await waitUntil(() => requests.filter((r) => r.path.endsWith('/transactions')).length >= 2, 3_000, 'both reads');
    await started;
    const reads = requests.filter((r) => r.path.endsWith('/transactions')).map((r) => r.path);
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('the history beyond the first page is read only as the cursor moves toward it', async () => {
    const { live, stores, requests } = engineOn(fx, { live: { firstPageSize: 40, historyPageSize: 50 } });
    await live.start();
    await sleep(300);
    const reads = () => requests.filter((r) => r.path.endsWith('/transactions')).length;
    const before = reads();
    const key = txQueryKey(ALL_TRANSACTIONS);
    const w = stores.transactions.getState().windows.get(key)!;
    live.transactionsViewport({ key, anchorId: w.ids[0]!, visibleRows: 10 });
    await sleep(100);
    expect(reads()).toBe(before);
    live.transactionsViewport({ key, anchorId: w.ids.at(-1)!, visibleRows: 10 });
    await waitUntil(() => stores.transactions.getState().windows.get(key)!.ids.length === 90, 3_000, 'the next page');
    expect(reads()).toBe(before + 1);
    expect(diffWithTruth(stores, await serverTruth(fx))).toEqual([]);
  });

  it('firstPageLimit: about two screens of rows, between 50 and a full page', () => {
    expect(firstPageLimit(40)).toBe(80);
    expect(firstPageLimit(10)).toBe(50);
    expect(firstPageLimit(undefined)).toBe(100);
    expect(firstPageLimit(0)).toBe(100);
    expect(firstPageLimit(5000)).toBe(1000);
  });
});

describe('live changes', () => {
  it('a decline through the API arrives in the store, marked as changed', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const state = stores.transactions.getState();
    const waiting = state.order.map((id) => state.byId.get(id)!).find((t) => t.status === 'waiting-approval')!;
    const before = state.awaitingApproval;
    await fx.client().transactions.decide('decline', waiting.transactionId, { reason: 'live engine test' });
    await waitUntil(
      () => stores.transactions.getState().byId.get(waiting.transactionId)?.status === 'canceled',
      3_000,
      'the decline to arrive',
    );
    const after = stores.transactions.getState();
    expect(after.changedAt.has(waiting.transactionId)).toBe(true);
    expect(after.awaitingApproval).toBe(before - 1);
    expect(after.seen.get(waiting.transactionId)!.map((s) => s.status)).toEqual(['waiting-approval', 'canceled']);
  });

  it('advancing the world clock moves transactions, and the store follows the server', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const version = stores.transactions.getState().version;
    fx.advance(30_000);
    fx.advance(30_000);
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'the store to match the server');
    expect(stores.transactions.getState().version).toBeGreaterThan(version);
  });

  it('a price tick never wakes the transactions slice', async () => {
    const { live, stores } = engineOn(fx, { live: { pricePollMs: 30 } });
    await live.start();
    await waitUntil(() => firstPageIn(stores), 5_000, 'loaded');
    await sleep(150); // let the last flush land
    let woken = 0;
    const off = stores.transactions.subscribe(() => woken++);
    const prices = stores.prices.getState().version;
    await waitUntil(() => stores.prices.getState().version >= prices + 3, 3_000, 'three price polls');
    off();
    expect(woken).toBe(0);
  });
});

describe('the open transaction', () => {
  it('loads its events onto the transaction and refetches them when it changes', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const state = stores.transactions.getState();
    const done = state.order.map((id) => state.byId.get(id)!).find((t) => t.status === 'completed')!;
    live.openTransaction(done.transactionId);
    expect(stores.transactions.getState().detail).toEqual({ id: done.transactionId, status: 'loading' });
    await waitUntil(() => stores.transactions.getState().detail?.status === 'ready', 3_000, 'the detail');
    const events = stores.transactions.getState().byId.get(done.transactionId)!.embedded?.events;
    const truth = await fx.client().transactions.events(done.transactionId);
    expect(truth.length).toBeGreaterThan(0);
    expect(events?.map((e) => e.eventId)).toEqual(truth.map((e) => e.eventId));

    // A waiting one: open it, decline it elsewhere; the live update refetches its events.
    const waiting = state.order.map((id) => state.byId.get(id)!).find((t) => t.status === 'waiting-approval')!;
    live.openTransaction(waiting.transactionId);
    await waitUntil(
      () => stores.transactions.getState().detail?.id === waiting.transactionId && stores.transactions.getState().detail?.status === 'ready',
      3_000,
      'the second detail',
    );
    const firstFetch = stores.transactions.getState().detail!.eventsAt!;
    await sleep(5);
    await fx.client().transactions.decide('decline', waiting.transactionId);
    await waitUntil(
      () => (stores.transactions.getState().detail?.eventsAt ?? 0) > firstFetch,
      3_000,
      'events refetched after the live update',
    );
    const record = stores.transactions.getState().byId.get(waiting.transactionId)!;
    expect(record.status).toBe('canceled');
    expect(record.embedded?.events).toBeDefined();

    live.closeTransaction();
    expect(stores.transactions.getState().detail).toBeUndefined();
  });

  it('an unknown id ends in an error the detail can show, and a notice', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    live.openTransaction('nosuchtransaction0000000');
    await waitUntil(() => stores.transactions.getState().detail?.status === 'error', 3_000, 'the error');
    expect(stores.transactions.getState().detail?.error).toMatch(/not found \(404\)/);
  });
});

describe('loadTransaction (the raw JSON of a slim row)', () => {
  it('replaces a slim list row with the whole record', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => firstPageIn(stores), 5_000, 'the first page');
    const slim = [...stores.transactions.getState().byId.values()].find((t) => isSlim(t));
    expect(slim).toBeDefined();
    const id = slim!.transactionId;
    const whole = await fx.client().transactions.get(id);
    live.loadTransaction(id);
    live.loadTransaction(id); // a second J while the first read runs is folded into it
    await waitUntil(() => !isSlim(stores.transactions.getState().byId.get(id)!), 3_000, 'the whole record');
    expect(stores.transactions.getState().byId.get(id)).toEqual(whole);
    expect(stores.transactions.getState().changedAt.has(id)).toBe(false);
  });

  it('an unknown id is a notice, and the store is unchanged', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    const before = stores.transactions.getState().byId;
    live.loadTransaction('nosuchtransaction0000000');
    await waitUntil(() => stores.session.getState().notices.length > 0, 3_000, 'the notice');
    expect(stores.session.getState().notices.map((n) => n.text).join(' ')).toMatch(/not found/);
    expect(stores.transactions.getState().byId.get('nosuchtransaction0000000')).toBeUndefined();
    expect(stores.transactions.getState().byId.size).toBe(before.size);
  });
});

describe('refresh', () => {
  it('reloads what it names', async () => {
    const { live, stores, requests } = engineOn(fx);
    await live.start();
    const count = (path: string) => requests.filter((r) => r.path.endsWith(path)).length;
    const accounts = count('/accounts');
    const addresses = count('/addresses');
    const networks = count('/dictionary/networks');
    live.refresh('accounts');
    await waitUntil(() => count('/accounts') > accounts, 2_000, 'accounts again');
    expect(count('/addresses')).toBe(addresses);
    live.refresh('all');
    await waitUntil(() => count('/addresses') > addresses, 2_000, 'addresses again');
    await sleep(100);
    expect(count('/dictionary/networks')).toBe(networks); // cached for the session
    expect(stores.session.getState().notices).toEqual([]);
  });
});
