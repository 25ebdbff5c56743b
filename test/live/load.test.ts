// The live engine's first load, background paging, live changes and the open detail, against a
// real sandbox over loopback HTTP and WebSocket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isSlim, type LoadProgress } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { firstPageLimit } from '../../src/live/reads.js';
import { diffWithTruth, engineOn, serverTruth, sleep } from './helpers.js';

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
  it('fills every slice and goes live', async () => {
    const { live, stores } = engineOn(fx);
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

    await waitUntil(() => stores.transactions.getState().progress.complete, 5_000, 'the list loaded');
    expect(diffWithTruth(stores, truth)).toEqual([]);
    const tx = stores.transactions.getState();
    expect(tx.progress).toEqual({ loaded: truth.size, complete: true, loading: false });
    expect(tx.awaitingApproval).toBe([...truth.values()].filter((t) => t.status === 'waiting-approval').length);
    expect(tx.changedAt.size).toBe(0); // the first load marks nothing as changed
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
  });

  it('pages the history in the background and reports progress until complete', async () => {
    // Each page takes 120 ms, so pages land in different flush windows (chaos is reset after each test).
    fx.sandbox.setChaos({ latencyMs: { min: 120, max: 120 } });
    const { live, stores } = engineOn(fx, { live: { pageSize: 50 } });
    const progress: LoadProgress[] = [];
    stores.transactions.subscribe((s, prev) => {
      if (s.progress !== prev.progress) progress.push(s.progress);
    });
    await live.start();
    // start() settles with the first page in; the rest follows.
    expect(progress[0]).toEqual({ loaded: 50, complete: false, loading: true });
    await waitUntil(() => stores.transactions.getState().progress.complete, 10_000, 'all pages');
    fx.sandbox.setChaos(undefined);
    const truth = await serverTruth(fx);
    expect(truth.size).toBeGreaterThan(250);
    expect(diffWithTruth(stores, truth)).toEqual([]);
    const last = progress.at(-1)!;
    expect(last).toEqual({ loaded: truth.size, complete: true, loading: false });
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded);
    expect(progress.some((p) => p.loaded > 50 && p.loading)).toBe(true);
  });

  it('a small first page (firstPageSize), then full pages, held until backgroundPagesAfter settles', async () => {
    let firstFrameDrawn = () => {};
    const firstFrame = new Promise<void>((resolve) => {
      firstFrameDrawn = resolve;
    });
    const { live, stores, requests } = engineOn(fx, { live: { pageSize: 100, firstPageSize: 40, backgroundPagesAfter: firstFrame } });
    const progress: LoadProgress[] = [];
    stores.transactions.subscribe((s, prev) => {
      if (s.progress !== prev.progress) progress.push(s.progress);
    });
    await live.start();
    expect(stores.transactions.getState().progress).toEqual({ loaded: 40, complete: false, loading: true });
    // Nothing more of the history is read while the first frame is being drawn.
    await sleep(300);
    expect(requests.filter((r) => r.path.endsWith('/transactions'))).toHaveLength(1);
    expect(stores.transactions.getState().order).toHaveLength(40);
    firstFrameDrawn();
    await waitUntil(() => stores.transactions.getState().progress.complete, 10_000, 'all pages');
    const truth = await serverTruth(fx);
    expect(diffWithTruth(stores, truth)).toEqual([]);
    // 40, then pages of 100 (the background pages may share a flush window).
    const loaded = progress.map((p) => p.loaded);
    expect(loaded[0]).toBe(40);
    for (const n of loaded.slice(1, -1)) expect((n - 40) % 100).toBe(0);
    expect(progress.at(-1)).toEqual({ loaded: truth.size, complete: true, loading: false });
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
    await fx.client().transactions.decline(waiting.transactionId, 'live engine test');
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
    await waitUntil(() => stores.transactions.getState().progress.complete, 5_000, 'loaded');
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
    await fx.client().transactions.decline(waiting.transactionId);
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
    await waitUntil(() => stores.transactions.getState().progress.complete, 5_000, 'the list loaded');
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
