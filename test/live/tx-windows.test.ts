// The windowed transaction loader against a real sandbox: unfinished work read whole, the history
// of a view read by key down to its oldest row and back up after cuts, every row exactly once and
// in the server's order, the budget held, filtered views as server queries, failures retried.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { createEngineContext } from '../../src/live/engine-context.js';
import { createTimers } from '../../src/live/timers.js';
import { createTxWindows, type TxWindows } from '../../src/live/tx-windows.js';
import { ALL_TRANSACTIONS, createStores, type Stores, type TxQuery, txQueryKey } from '../../src/store/index.js';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let truth: Transaction[];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 1200 });
  const api = fx.client();
  truth = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await api.transactions.list({ sortBy: 'activity', sortDirection: 'DESC', limit: 1000, offset });
    truth.push(...page);
    if (page.length < 1000) break;
  }
});

const made: TxWindows[] = [];
afterEach(() => {
  for (const w of made.splice(0)) w.stop();
});

function loader(o: { pageSize?: number; budget?: number; client?: ReturnType<SandboxFixture['client']> } = {}) {
  const stores: Stores = createStores({ baseUrl: fx.baseUrl, workspaceId: fx.workspaceId, now: Date.now() });
  const failures: string[] = [];
  const timers = createTimers();
  const ctx = createEngineContext({
    api: o.client ?? fx.client(),
    stores,
    timers,
    now: Date.now,
    retryBaseMs: 50,
    retryMaxMs: 200,
    stopped: () => timers.stopped,
    feed: () => ({ readAnswered: () => {}, readFailed: (err: unknown) => failures.push(String(err)), note: () => {} }),
  });
  const windows = createTxWindows(ctx, { pageSize: o.pageSize ?? 50, budget: o.budget ?? 200 });
  made.push({ ...windows, stop: () => (windows.stop(), timers.stop()) });
  return { stores, windows, failures };
}

const finished = () => truth.filter((t) => isTerminalTransactionStatus(t.status));
const newestFirst = (a: Transaction, b: Transaction) =>
  Number(b.createdAt) - Number(a.createdAt) || (a.transactionId < b.transactionId ? 1 : -1);

/** Moves the cursor to the window's last row until the history is complete; returns every id seen, in order. */
async function walkDown(stores: Stores, windows: TxWindows, key: string): Promise<string[]> {
  const seen: string[] = [];
  const note = () => {
    const w = stores.transactions.getState().windows.get(key)!;
    for (const id of w.ids) if (!seen.includes(id)) seen.push(id);
  };
  for (let i = 0; i < 400; i++) {
    await waitUntil(() => stores.transactions.getState().windows.get(key)?.loading === undefined, 5_000, 'a page');
    note();
    const w = stores.transactions.getState().windows.get(key)!;
    if (w.complete) return seen;
    windows.viewport({ key, anchorId: w.ids.at(-1)!, visibleRows: 10 });
  }
  throw new Error('the history never completed');
}

describe('the windowed transaction loader', () => {
  it('reads every unfinished transaction, and nothing finished', async () => {
    const { stores, windows } = loader();
    await windows.readLive();
    const held = [...stores.transactions.getState().byId.values()];
    const live = truth.filter((t) => !isTerminalTransactionStatus(t.status));
    expect(live.length).toBeGreaterThan(3);
    expect(held.map((t) => t.transactionId).sort()).toEqual(live.map((t) => t.transactionId).sort());
  });

  it('pages a view down by key to its oldest row: every finished row once, in order, within the budget', async () => {
    const { stores, windows } = loader({ pageSize: 50, budget: 200 });
    const key = txQueryKey(ALL_TRANSACTIONS);
    windows.show(ALL_TRANSACTIONS);
    let most = 0;
    const off = stores.transactions.subscribe((s) => {
      most = Math.max(most, s.windows.get(key)?.ids.length ?? 0);
    });
    const seen = await walkDown(stores, windows, key);
    off();
    expect(seen).toEqual(finished().sort(newestFirst).map((t) => t.transactionId));
    expect(most).toBeLessThanOrEqual(200 + 2 * 50);
    const w = stores.transactions.getState().windows.get(key)!;
    expect(w.droppedAbove).toBeGreaterThan(0);
    expect(w.top).toBeDefined();
    // What the store holds stays near the budget: the window's rows plus unfinished work.
    expect(stores.transactions.getState().byId.size).toBeLessThanOrEqual(most + truth.length - finished().length);
  });

  it('reads back up after a cut, to the top, in order', async () => {
    const { stores, windows } = loader({ pageSize: 50, budget: 200 });
    const key = txQueryKey(ALL_TRANSACTIONS);
    windows.show(ALL_TRANSACTIONS);
    await walkDown(stores, windows, key);
    for (let i = 0; i < 400; i++) {
      await waitUntil(() => stores.transactions.getState().windows.get(key)?.loading === undefined, 5_000, 'a page');
      const w = stores.transactions.getState().windows.get(key)!;
      if (w.top === undefined) break;
      windows.viewport({ key, anchorId: w.ids[0]!, visibleRows: 10 });
    }
    const w = stores.transactions.getState().windows.get(key)!;
    expect(w.top).toBeUndefined();
    expect(w.droppedAbove).toBe(0);
    const all = finished().sort(newestFirst).map((t) => t.transactionId);
    expect(w.ids).toEqual(all.slice(0, w.ids.length));
  });

  it('oldest first (S): the server reads it ASC; down to the newest row, each once, in order, and back up', async () => {
    const { stores, windows } = loader({ pageSize: 50, budget: 200 });
    const query: TxQuery = { ...ALL_TRANSACTIONS, oldestFirst: true };
    const key = txQueryKey(query);
    expect(key).not.toBe(txQueryKey(ALL_TRANSACTIONS));
    windows.show(query);
    const seen = await walkDown(stores, windows, key);
    const oldestFirst = finished().sort(newestFirst).reverse().map((t) => t.transactionId);
    expect(seen).toEqual(oldestFirst);
    const deep = stores.transactions.getState().windows.get(key)!;
    expect(deep.droppedAbove).toBeGreaterThan(0); // the oldest rows were let go under the budget
    for (let i = 0; i < 400; i++) {
      await waitUntil(() => stores.transactions.getState().windows.get(key)?.loading === undefined, 5_000, 'a page');
      const w = stores.transactions.getState().windows.get(key)!;
      if (w.top === undefined) break;
      windows.viewport({ key, anchorId: w.ids[0]!, visibleRows: 10 });
    }
    const w = stores.transactions.getState().windows.get(key)!;
    expect(w.top).toBeUndefined();
    expect(w.ids).toEqual(oldestFirst.slice(0, w.ids.length));
  });

  it('a view kept from before, cut at the top, opens again at its first page (a new query opens at row 1)', async () => {
    const { stores, windows } = loader({ pageSize: 50, budget: 200 });
    const key = txQueryKey(ALL_TRANSACTIONS);
    windows.show(ALL_TRANSACTIONS);
    await walkDown(stores, windows, key);
    const deepWindow = stores.transactions.getState().windows.get(key)!;
    expect(deepWindow.top).toBeDefined(); // the newest rows were let go: the cursor is deep
    // Another view, then back: the whole list opens at its newest rows, not where the cursor was.
    const other: TxQuery = { filter: { transactionTypes: ['deposit'] }, sort: 'created' };
    windows.show(other);
    windows.show(ALL_TRANSACTIONS);
    await waitUntil(() => {
      const w = stores.transactions.getState().windows.get(key);
      return w !== undefined && w.loading === undefined && w.ids.length > 0;
    }, 5_000, 'the first page again');
    const w = stores.transactions.getState().windows.get(key)!;
    expect(w.top).toBeUndefined();
    expect(w.droppedAbove).toBe(0);
    expect(w.ids[0]).toBe(finished().sort(newestFirst)[0]!.transactionId);
    // The same view shown again (its pane drawn anew) keeps what it holds.
    windows.show(ALL_TRANSACTIONS);
    expect(stores.transactions.getState().windows.get(key)).toBe(w);
  });

  it.each<[string, TxQuery['filter'], (t: Transaction) => boolean]>([
    ['a status', { transactionStatuses: ['canceled'] }, (t) => t.status === 'canceled'],
    ['a type', { transactionTypes: ['deposit'] }, (t) => t.transactionType === 'deposit'],
    ['an account', { accountId: 'ACCOUNT' }, (t) => t.accountId === 'ACCOUNT'],
  ])('a filtered view (%s) is a server query: its rows are the server\'s', async (_name, filter, match) => {
    const account = truth[0]!.accountId;
    const f = 'accountId' in filter ? { accountId: account } : filter;
    const m = 'accountId' in filter ? (t: Transaction) => t.accountId === account : match;
    const { stores, windows } = loader({ pageSize: 100, budget: 100_000 });
    const query: TxQuery = { filter: f, sort: 'created' };
    const key = txQueryKey(query);
    windows.show(query);
    const seen = await walkDown(stores, windows, key);
    expect(seen).toEqual(finished().filter(m).sort(newestFirst).map((t) => t.transactionId));
  });

  it('sorted by update: the server\'s order by updatedAt', async () => {
    const { stores, windows } = loader({ pageSize: 100, budget: 100_000 });
    const query: TxQuery = { filter: {}, sort: 'updated' };
    const key = txQueryKey(query);
    windows.show(query);
    const seen = await walkDown(stores, windows, key);
    const byUpdate = finished().sort(
      (a, b) => Number(b.updatedAt) - Number(a.updatedAt) || (a.transactionId < b.transactionId ? 1 : -1),
    );
    expect(seen).toEqual(byUpdate.map((t) => t.transactionId));
  });

  it('a view of unfinished statuses only reads no history: complete at once', async () => {
    const { stores, windows, failures } = loader();
    const query: TxQuery = { filter: { transactionStatuses: ['waiting-approval'] }, sort: 'created' };
    windows.show(query);
    await windows.settled();
    expect(stores.transactions.getState().windows.get(txQueryKey(query))).toMatchObject({ ids: [], complete: true });
    expect(failures).toEqual([]);
  });

  it('keeps the default view and the newest others; older views and their rows are let go', async () => {
    const { stores, windows } = loader({ pageSize: 50 });
    const q = (s: string): TxQuery => ({ filter: { transactionStatuses: [s] }, sort: 'created' });
    windows.show(ALL_TRANSACTIONS);
    await windows.settled();
    for (const s of ['completed', 'canceled', 'expired']) {
      windows.show(q(s));
      await windows.settled();
    }
    const keys = [...stores.transactions.getState().windows.keys()].sort();
    expect(keys).toEqual([txQueryKey(ALL_TRANSACTIONS), txQueryKey(q('canceled')), txQueryKey(q('expired'))].sort());
    const held = stores.transactions.getState().byId;
    const completedOnly = stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS))!;
    for (const [id, tx] of held) {
      if (tx.status === 'completed') expect(completedOnly.keys.has(id)).toBe(true);
    }
  });

  it('a failed read says so in the window and is tried again', async () => {
    let calls = 0;
    const real = fx.client();
    const flaky = {
      ...real,
      transactions: {
        ...real.transactions,
        list: (q?: Parameters<typeof real.transactions.list>[0]) => {
          calls += 1;
          if (calls === 1) return Promise.reject(new Error('the line is down'));
          return real.transactions.list(q);
        },
      },
    } as typeof real;
    const { stores, windows, failures } = loader({ client: flaky });
    const key = txQueryKey(ALL_TRANSACTIONS);
    windows.show(ALL_TRANSACTIONS);
    await waitUntil(() => stores.transactions.getState().windows.get(key)?.error !== undefined, 5_000, 'the error');
    expect(failures).toHaveLength(1);
    await waitUntil(() => (stores.transactions.getState().windows.get(key)?.ids.length ?? 0) > 0, 5_000, 'the retry');
    expect(stores.transactions.getState().windows.get(key)?.error).toBeUndefined();
  });
});
