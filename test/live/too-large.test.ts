// Answers over the client's size limit (32 MB; 256 KB here) from a real sandbox behind a proxy that
// pads its records: every paged read asks the same page again with half the rows and misses
// nothing; a record too large even alone ends the read with what came before it, a notice that
// says why, and no retry loop. The feed's catch-up is checked against a scripted server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import { readChangedSince } from '../../src/live/reads.js';
import { ALL_TRANSACTIONS, type Notice, txQueryKey } from '../../src/store/index.js';
import { makeTestKey } from '../helpers/api-key.js';
import { type RecordedRequest, startHttpServer, type TestServer } from '../helpers/http-server.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { tx } from '../store/helpers.js';
import { type Engine, engineOn, firstPageIn, sleep } from './helpers.js';
import { type Exchange, startTamperProxy, type Tamper, type TamperProxy } from './http-tamper.js';

const KB = 1024;
const LIMIT = 256 * KB;

let fx: SandboxFixture;
let proxy: TamperProxy;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 300 });
  proxy = await startTamperProxy(fx.sandbox.port);
});
afterEach(() => {
  proxy.setTamper(undefined);
});
afterAll(async () => {
  await proxy.close();
  await fx.close();
});

/** Every record of the answer's lists padded with `bytes(record)` bytes (an unknown field: the size is what counts). */
function padded(x: Exchange, bytes: (record: Record<string, unknown>) => number): Tamper {
  if (x.status !== 200) return { kind: 'pass' };
  const body = JSON.parse(x.body) as Record<string, unknown>;
  for (const value of Object.values(body)) {
    if (!Array.isArray(value)) continue;
    for (const record of value as Record<string, unknown>[]) {
      const n = bytes(record);
      if (n > 0) record.padding = 'p'.repeat(n);
    }
  }
  return { kind: 'replace', body: JSON.stringify(body) };
}

/** The `limit` of each request the proxy forwarded to paths ending with `suffix` (and matching `also`). */
const limitsAsked = (suffix: string, also: (x: Exchange) => boolean = () => true) =>
  proxy.exchanges
    .filter((x) => x.path.endsWith(suffix) && also(x))
    .map((x) => Number(new URL(x.url, 'http://x').searchParams.get('limit')));

const notices = (e: Engine, key: string): Notice[] => e.stores.session.getState().notices.filter((n) => n.key === key);

function engine(): Engine {
  return engineOn(fx, { client: { baseUrl: proxy.baseUrl, maxResponseBytes: LIMIT }, realtime: { baseUrl: fx.baseUrl } });
}

describe('pages over the size limit are asked smaller', () => {
  it('members, balances, the history and the unfinished work: all read, none refused', async () => {
    const finished = (x: Exchange) => x.url.includes('isTerminated=true');
    proxy.setTamper((x) => {
      if (x.path.endsWith('/members')) return padded(x, () => 40 * KB);
      if (x.path.endsWith('/balances')) return padded(x, () => 10 * KB);
      if (x.path.endsWith('/transactions')) return padded(x, () => 20 * KB);
      return { kind: 'pass' };
    });
    const from = proxy.exchanges.length;
    const e = engine();
    await e.live.start();
    const dir = () => e.stores.directory.getState();
    await waitUntil(() => dir().membersState === 'loaded' && e.stores.balances.getState().state === 'loaded', 10_000, 'lists');
    const api = fx.client();
    const members = await api.members.list({ limit: 200 });
    expect([...dir().members.keys()].sort()).toEqual(members.map((m) => m.userId).sort());
    expect(e.stores.balances.getState().byId.size).toBe((await api.balances.list({ limit: 1000 })).length);
    // The page was asked again with half the rows until it fitted (6 members of 40 KB), then read on at that size.
    const own = (suffix: string, also?: (x: Exchange) => boolean) =>
      limitsAsked(suffix, (x) => proxy.exchanges.indexOf(x) >= from && (also?.(x) ?? true));
    expect(own('/members').slice(0, 7)).toEqual([200, 100, 50, 25, 12, 6, 6]);
    // Every unfinished transaction is held, whatever the page size it took.
    const open = await api.transactions.list({ isTerminated: false, limit: 1000 });
    const held = e.stores.transactions.getState();
    for (const t of open) expect(held.byId.has(t.transactionId)).toBe(true);
    expect(held.unfinished).toBe(open.length);
    expect(Math.min(...own('/transactions', (x) => !finished(x)))).toBeLessThan(open.length);
    // The history's first page is the newest finished rows that fitted in one answer.
    await waitUntil(() => firstPageIn(e.stores), 5_000, 'the first page');
    const w = e.stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS))!;
    expect(w.error).toBeUndefined();
    expect(w.ids.length).toBeGreaterThan(0);
    const newest = await api.transactions.list({ isTerminated: true, sortBy: 'activity', sortDirection: 'DESC', limit: w.ids.length });
    expect(w.ids).toEqual(newest.map((t) => t.transactionId));
    expect(e.stores.session.getState().notices.filter((n) => n.key?.startsWith('too-large:'))).toEqual([]);
  });

  it('the activity feed: the page asked for arrives whole, in smaller reads', async () => {
    proxy.setTamper((x) => (x.path.endsWith('/activities') ? padded(x, () => 5 * KB) : { kind: 'pass' }));
    const from = proxy.exchanges.length;
    const e = engine();
    e.live.readActivity();
    await waitUntil(() => e.stores.activity.getState().readAt !== undefined, 10_000, 'the first page');
    const held = e.stores.activity.getState();
    expect(held.error).toBeUndefined();
    const truth = await fx.client().activities.list({ limit: 100, offset: 0 });
    expect(held.rows.map((a) => a.activityId)).toEqual(truth.map((a) => a.activityId));
    expect(limitsAsked('/activities', (x) => proxy.exchanges.indexOf(x) >= from)[0]).toBe(100);
    expect(Math.max(...limitsAsked('/activities', (x) => proxy.exchanges.indexOf(x) >= from).slice(1))).toBeLessThan(100);
  });
});

describe('a record too large even alone', () => {
  it('members: those before it are kept, a notice says why, and it is not asked again at once', async () => {
    const members = await fx.client().members.list({ limit: 200 });
    const huge = members[4]!.userId;
    proxy.setTamper((x) => (x.path.endsWith('/members') ? padded(x, (m) => (m.userId === huge ? 300 * KB : 0)) : { kind: 'pass' }));
    const e = engine();
    await e.live.start();
    await waitUntil(() => notices(e, 'too-large:loading members').length === 1, 10_000, 'the notice');
    const held = e.stores.directory.getState();
    expect(held.membersState).toBe('loaded');
    expect([...held.members.keys()]).toEqual(members.slice(0, 4).map((m) => m.userId));
    expect(notices(e, 'too-large:loading members')[0]!.text).toBe(
      'loading members: a record is over the 256 KB answer limit even alone; 4 members read before it are kept, the rest was refused',
    );
    // Not a failure retried with backoff (100 ms in these engines): asked again only at its period or on `r`.
    const asked = limitsAsked('/members').length;
    await sleep(1_500);
    expect(limitsAsked('/members').length).toBe(asked);
  });

  it('the history: the rows before it stay, the pane says why the rest is missing, no retry loop', async () => {
    const newest = await fx.client().transactions.list({ isTerminated: true, sortBy: 'activity', sortDirection: 'DESC', limit: 30 });
    const huge = newest[12]!.transactionId;
    const finished = (x: Exchange) => x.path.endsWith('/transactions') && x.url.includes('isTerminated=true');
    proxy.setTamper((x) => (finished(x) ? padded(x, (t) => (t.transactionId === huge ? 300 * KB : 0)) : { kind: 'pass' }));
    const e = engineOn(fx, {
      client: { baseUrl: proxy.baseUrl, maxResponseBytes: LIMIT },
      realtime: { baseUrl: fx.baseUrl },
      live: { firstPageSize: 10, historyPageSize: 10 },
    });
    await e.live.start();
    const key = txQueryKey(ALL_TRANSACTIONS);
    const windowOf = () => e.stores.transactions.getState().windows.get(key)!;
    await waitUntil(() => firstPageIn(e.stores), 5_000, 'the first page');
    expect(windowOf().ids).toEqual(newest.slice(0, 10).map((t) => t.transactionId));
    // The cursor at the bottom, as the pane tells it after each page: the pages after hold the record too large.
    await waitUntil(
      () => {
        e.live.transactionsViewport({ key, anchorId: windowOf().ids.at(-1)!, visibleRows: 10 });
        return windowOf().error !== undefined;
      },
      5_000,
      'the refusal',
    );
    expect(windowOf().ids).toEqual(newest.slice(0, 12).map((t) => t.transactionId));
    expect(windowOf().error).toBe('a transaction is over the 256 KB answer limit: the rows after it were refused');
    expect(notices(e, 'too-large:reading transactions')[0]!.text).toMatch(/12 transactions read before it are kept/);
    const asked = proxy.exchanges.filter(finished).length;
    await sleep(1_500);
    expect(proxy.exchanges.filter(finished).length).toBe(asked);
  });

  it('the unfinished work: what was read is held, the console goes on, and says why', async () => {
    const open = await fx.client().transactions.list({ isTerminated: false, sortBy: 'activity', sortDirection: 'DESC', limit: 1000 });
    const huge = open[5]!.transactionId;
    const unfinished = (x: Exchange) => x.path.endsWith('/transactions') && x.url.includes('isTerminated=false');
    proxy.setTamper((x) => (unfinished(x) ? padded(x, (t) => (t.transactionId === huge ? 300 * KB : 0)) : { kind: 'pass' }));
    const e = engine();
    await e.live.start();
    const state = e.stores.transactions.getState();
    // The baseline still counts as read: the console is live, its arrivals known from here.
    expect(state.baselineAt).toBeDefined();
    for (const t of open.slice(0, 5)) expect(state.byId.has(t.transactionId)).toBe(true);
    expect(state.byId.has(huge)).toBe(false);
    expect(notices(e, 'too-large:reading unfinished transactions')[0]!.text).toMatch(
      /over the 256 KB answer limit even alone; 5 unfinished transactions read before it are kept/,
    );
  });
});

describe("the feed's catch-up against a scripted server", () => {
  let server: TestServer;
  let records: Transaction[] = [];

  /** `GET .../transactions` with updatedAtFrom, sortBy=updated ASC, limit, offset over `records`. */
  function list(req: RecordedRequest) {
    const q = new URL(req.url, 'http://x').searchParams;
    const from = Number(q.get('updatedAtFrom') ?? '0');
    const offset = Number(q.get('offset') ?? '0');
    const limit = Number(q.get('limit') ?? '100');
    const sorted = records.filter((t) => Number(t.updatedAt) >= from).sort((a, b) => Number(a.updatedAt) - Number(b.updatedAt));
    return { json: { transactions: sorted.slice(offset, offset + limit) } };
  }

  beforeAll(async () => {
    server = await startHttpServer(list);
  });
  afterAll(async () => {
    await server.close();
  });

  async function api() {
    const key = await makeTestKey();
    return createApiClient({ baseUrl: server.url, workspaceId: 'ws1', signer: key.signer, retry: { limit: 0 }, maxResponseBytes: 8 * KB });
  }
  const fat = (i: number, bytes = KB) =>
    ({ ...tx(`t${String(i).padStart(2, '0')}`, { updatedAt: String(1000 + i) }), padding: 'p'.repeat(bytes) }) as Transaction;
  const limits = () => server.requests.map((r) => Number(new URL(r.url, 'http://x').searchParams.get('limit')));

  it('halves the page until it fits, keeps that size, and misses nothing', async () => {
    records = Array.from({ length: 30 }, (_, i) => fat(i));
    const before = server.requests.length;
    const seen: string[] = [];
    const read = await readChangedSince(await api(), undefined, 20, (page) => seen.push(...page.items.map((t) => t.transactionId)));
    expect(new Set(seen)).toEqual(new Set(records.map((t) => t.transactionId)));
    expect(read).toEqual({ newest: '1029', pageSize: 5 });
    expect(limits().slice(before, before + 4)).toEqual([20, 10, 5, 5]);
    expect(records.every((t) => !isTerminalTransactionStatus(t.status))).toBe(true);
  });

  it('a record too large even alone: the pages before it are delivered and the read says so', async () => {
    records = Array.from({ length: 12 }, (_, i) => fat(i, i === 7 ? 20 * KB : 100));
    const seen: string[] = [];
    const read = await readChangedSince(await api(), undefined, 4, (page) => seen.push(...page.items.map((t) => t.transactionId)));
    expect(seen).toEqual(records.slice(0, 7).map((t) => t.transactionId));
    expect(read.refused?.limitBytes).toBe(8 * KB);
    expect(read.newest).toBe('1006');
  });
});
