// The engine's parts on their own: the connection table, the batcher's flush spacing (fake
// timers), the notices, and the page readers against a scripted server (keyset paging through
// ties and records that move while we page; one bad record skipped, not its page).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ContractError,
  createApiClient,
  NetworkError,
  type RealtimeState,
} from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { createBatcher, type FlushWork } from '../../src/live/batcher.js';
import { type ConnectionFacts, deriveConnection } from '../../src/live/connection.js';
import { malformedFrameNotice, noticeFor } from '../../src/live/notices.js';
import { millisMinus, readChangedSince, readTransactionsPage } from '../../src/live/reads.js';
import { backoffMs, createTimers } from '../../src/live/timers.js';
import { applyTransactions, type Connection, emptyTransactions, type TransactionsState } from '../../src/store/index.js';
import { makeTestKey } from '../helpers/api-key.js';
import { type RecordedRequest, startHttpServer, type TestServer } from '../helpers/http-server.js';
import { tx } from '../store/helpers.js';

describe('deriveConnection', () => {
  const open: RealtimeState = { kind: 'open' };
  const base: ConnectionFacts = { socket: open, subscribed: true, everLive: true, polling: false };
  it.each<[string, Partial<ConnectionFacts>, Omit<Connection, 'since'>]>([
    ['first connect', { socket: { kind: 'connecting', attempt: 1 }, subscribed: false, everLive: false }, { kind: 'connecting' }],
    ['open, waiting for the snapshot', { subscribed: false, everLive: false }, { kind: 'connecting' }],
    ['live', {}, { kind: 'live' }],
    ['live beats a failed read', { httpDown: 'x' }, { kind: 'live' }],
    ['dropped', { socket: { kind: 'reconnecting', attempt: 1, delayMs: 50, code: 1006 }, subscribed: false, lastCloseCode: 1006 }, { kind: 'reconnecting', attempt: 1, detail: 'socket closed (1006)' }],
    ['trying again after a drop', { socket: { kind: 'connecting', attempt: 2 }, subscribed: false }, { kind: 'reconnecting', attempt: 2, detail: 'no live socket' }],
    ['never connected, second attempt', { socket: { kind: 'connecting', attempt: 2 }, subscribed: false, everLive: false }, { kind: 'reconnecting', attempt: 2, detail: 'no live socket' }],
    ['reconnected, waiting for the snapshot', { subscribed: false }, { kind: 'reconnecting', detail: 'no live socket' }],
    ['subscription refused', { subscribed: false, everLive: false, refused: 'forbidden (403)' }, { kind: 'reconnecting', detail: 'forbidden (403)' }],
    ['a frame too large: the why, not the code', { socket: { kind: 'reconnecting', attempt: 1, delayMs: 30_000, code: 1006, frameTooLarge: 1024 }, subscribed: false, lastCloseCode: 1006, lastCloseWhy: 'too large; reconnecting in 30s' }, { kind: 'reconnecting', attempt: 1, detail: 'too large; reconnecting in 30s' }],
    ['polling', { socket: { kind: 'reconnecting', attempt: 4, delayMs: 1, code: 1006 }, subscribed: false, polling: true, lastCloseCode: 1006 }, { kind: 'polling', detail: 'socket closed (1006)' }],
    ['polling and reads fail too', { socket: { kind: 'connecting', attempt: 3 }, subscribed: false, polling: true, httpDown: 'cannot reach' }, { kind: 'offline', detail: 'cannot reach' }],
    ['socket down and reads fail', { socket: { kind: 'reconnecting', attempt: 1, delayMs: 1 }, subscribed: false, httpDown: 'cannot reach' }, { kind: 'offline', detail: 'cannot reach' }],
    ['logged out beats everything', { socket: { kind: 'logged-out' }, subscribed: false, polling: true, httpDown: 'x' }, { kind: 'logged-out', detail: expect.stringMatching(/4000/) }],
    ['closed', { socket: { kind: 'closed' }, subscribed: false }, { kind: 'offline', detail: 'the live connection was closed' }],
  ])('%s', (_name, facts, want) => {
    expect(deriveConnection({ ...base, ...facts })).toEqual(want);
  });
});

describe('batcher', () => {
  function setup() {
    vi.useFakeTimers();
    const writes: (FlushWork & { at: number })[] = [];
    const batcher = createBatcher({
      batchMs: 100,
      timers: createTimers(),
      monotonic: () => Date.now(),
      write: (work) => writes.push({ ...work, at: Date.now() }),
    });
    return { batcher, writes };
  }

  /** The writes applied as the engine applies them: the store's merge is the only one. */
  function applied(writes: readonly FlushWork[]): TransactionsState {
    let state = emptyTransactions;
    for (const w of writes) state = applyTransactions(state, w.live, { now: 0, live: true });
    return state;
  }

  it('holds live updates until open, then writes at most once per window; the store keeps the newest version per id', () => {
    try {
      const { batcher, writes } = setup();
      batcher.addLive([tx('a', { updatedAt: '1' })]);
      vi.advanceTimersByTime(500);
      expect(writes.filter((w) => w.live.length > 0)).toHaveLength(0);
      batcher.open();
      vi.advanceTimersByTime(0);
      expect(writes.at(-1)!.live.map((t) => t.transactionId)).toEqual(['a']);
      // 500 updates over 1 s: 10 writes, none closer than 100 ms.
      writes.length = 0;
      for (let i = 0; i < 500; i++) {
        batcher.addLive([tx(`t${i % 50}`, { updatedAt: String(i) })]);
        vi.advanceTimersByTime(2);
      }
      vi.advanceTimersByTime(200);
      expect(writes.length).toBeLessThanOrEqual(11);
      for (let i = 1; i < writes.length; i++) expect(writes[i]!.at - writes[i - 1]!.at).toBeGreaterThanOrEqual(100);
      const store = applied(writes);
      expect(store.byId.size).toBe(50);
      expect(store.byId.get('t49')!.updatedAt).toBe('499');
      // An older version arriving late does not replace the newer one, in one write or across two.
      batcher.addLive([tx('x', { updatedAt: '9' }), tx('x', { updatedAt: '3' })]);
      vi.advanceTimersByTime(200);
      batcher.addLive([tx('x', { updatedAt: '5' })]);
      vi.advanceTimersByTime(200);
      expect(applied(writes).byId.get('x')).toEqual(tx('x', { updatedAt: '9' }));
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('before open, frames are held one version per id (bounded memory); open writes the newest of each', () => {
    try {
      const { batcher, writes } = setup();
      for (let i = 0; i < 3_000; i++) batcher.addLive([tx(`h${i % 7}`, { updatedAt: String(1_000 - (i % 400)) })]);
      expect(batcher.waiting).toBe(7);
      batcher.open();
      vi.advanceTimersByTime(0);
      const live = writes.flatMap((w) => w.live);
      expect(live).toHaveLength(7);
      for (const t of live) expect(t.updatedAt).toBe('1000');
      expect(batcher.waiting).toBe(0);
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('with a token bucket: a lone change goes at once, the next may come early, a burst stays at perSecond', () => {
    vi.useFakeTimers();
    try {
      const writes: number[] = [];
      const batcher = createBatcher({
        batchMs: 85,
        perSecond: 10,
        timers: createTimers(),
        monotonic: () => Date.now(),
        write: () => writes.push(Date.now()),
      });
      batcher.open();
      vi.advanceTimersByTime(1_000);
      writes.length = 0;
      const start = Date.now();
      batcher.addLive([tx('a', { updatedAt: '1' })]);
      vi.advanceTimersByTime(0);
      expect(writes).toEqual([start]); // leading edge: no wait after a quiet moment
      vi.advanceTimersByTime(10);
      batcher.addLive([tx('b', { updatedAt: '1' })]);
      vi.advanceTimersByTime(200);
      expect(writes[1]! - writes[0]!).toBe(85); // early, not a whole 100 ms window
      // A sustained burst: never two writes closer than 85 ms, never more than 11 in a second.
      vi.advanceTimersByTime(2_000);
      writes.length = 0;
      for (let i = 0; i < 1_500; i++) {
        batcher.addLive([tx(`t${i % 40}`, { updatedAt: String(i) })]);
        vi.advanceTimersByTime(2);
      }
      vi.advanceTimersByTime(300);
      for (let i = 1; i < writes.length; i++) expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(85);
      for (const at of writes) expect(writes.filter((t) => t >= at && t < at + 1_000).length).toBeLessThanOrEqual(11);
      expect(writes.length).toBeLessThanOrEqual(Math.ceil(3_300 / 100) + 1);
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a trickle of changes goes out one by one at once; a burst falls back to perSecond', () => {
    vi.useFakeTimers();
    try {
      const writes: number[] = [];
      const batcher = createBatcher({
        batchMs: 85,
        perSecond: 10,
        steadyPerSecond: 15,
        steadyGapMs: 40,
        timers: createTimers(),
        monotonic: () => Date.now(),
        write: () => writes.push(Date.now()),
      });
      batcher.open();
      vi.advanceTimersByTime(1_000);
      writes.length = 0;
      // About 12 changes a second, 83 ms apart: each written the moment it arrives.
      const arrived: number[] = [];
      for (let i = 0; i < 36; i++) {
        arrived.push(Date.now());
        batcher.addLive([tx(`s${i}`, { updatedAt: '1' })]);
        vi.advanceTimersByTime(83);
      }
      expect(writes).toEqual(arrived);
      // Then 500 in a second: never two writes closer than 85 ms, at most 11 in any second.
      vi.advanceTimersByTime(2_000);
      writes.length = 0;
      for (let i = 0; i < 500; i++) {
        batcher.addLive([tx(`b${i % 40}`, { updatedAt: String(i) })]);
        vi.advanceTimersByTime(2);
      }
      vi.advanceTimersByTime(300);
      for (let i = 2; i < writes.length; i++) expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(85);
      for (const at of writes) expect(writes.filter((t) => t >= at && t < at + 1_000).length).toBeLessThanOrEqual(12);
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a short-window limit: 25 changes a second each go at once, a clump within burstMs is a burst', () => {
    vi.useFakeTimers();
    try {
      const writes: number[] = [];
      const batcher = createBatcher({
        batchMs: 85,
        perSecond: 10,
        steadyPerSecond: 30,
        burstMs: 100,
        burstCount: 6,
        steadyGapMs: 16,
        timers: createTimers(),
        monotonic: () => Date.now(),
        write: () => writes.push(Date.now()),
      });
      batcher.open();
      vi.advanceTimersByTime(1_000);
      writes.length = 0;
      // 25 a second, 40 ms apart, for 2 s: each written the moment it arrives.
      const arrived: number[] = [];
      for (let i = 0; i < 50; i++) {
        arrived.push(Date.now());
        batcher.addLive([tx(`s${i}`, { updatedAt: '1' })]);
        vi.advanceTimersByTime(40);
      }
      expect(writes).toEqual(arrived);
      // After a quiet second, 10 at once: one write at once; 10 more 50 ms later wait for the bucket.
      vi.advanceTimersByTime(1_000);
      writes.length = 0;
      const clump = Date.now();
      batcher.addLive(Array.from({ length: 10 }, (_, i) => tx(`c${i}`, { updatedAt: '1' })));
      vi.advanceTimersByTime(50);
      batcher.addLive(Array.from({ length: 10 }, (_, i) => tx(`d${i}`, { updatedAt: '1' })));
      vi.advanceTimersByTime(200);
      expect(writes[0]).toBe(clump);
      expect(writes[1]! - writes[0]!).toBeGreaterThanOrEqual(85);
      // 500 in a second: at most two quick writes at its start, then never closer than 85 ms.
      vi.advanceTimersByTime(2_000);
      writes.length = 0;
      for (let i = 0; i < 500; i++) {
        batcher.addLive([tx(`b${i % 40}`, { updatedAt: String(i) })]);
        vi.advanceTimersByTime(2);
      }
      vi.advanceTimersByTime(300);
      for (let i = 2; i < writes.length; i++) expect(writes[i]! - writes[i - 1]!).toBeGreaterThanOrEqual(85);
      for (const at of writes) expect(writes.filter((t) => t >= at && t < at + 1_000).length).toBeLessThanOrEqual(12);
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('paused: holds live updates merged by id, counts them, applies them on resume', () => {
    try {
      const { batcher, writes } = setup();
      batcher.open();
      batcher.setPaused(true);
      for (let i = 0; i < 1000; i++) batcher.addLive([tx(`t${i % 10}`, { updatedAt: String(i) })]);
      vi.advanceTimersByTime(300);
      expect(writes.every((w) => w.live.length === 0)).toBe(true);
      expect(writes.at(-1)).toMatchObject({ held: 10 });
      // The newest version of each, for the store to judge what they change of the approval queue.
      expect(writes.at(-1)!.holding.map((t) => t.updatedAt).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => String(990 + i)),
      );
      expect(batcher.waiting).toBe(10);
      batcher.setPaused(false);
      vi.advanceTimersByTime(200);
      expect(writes.at(-1)).toMatchObject({ held: 0, holding: [] });
      expect(writes.at(-1)!.live).toHaveLength(10);
      batcher.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop drops pending work and sets no more timers', () => {
    try {
      const timers = createTimers();
      vi.useFakeTimers();
      const writes: FlushWork[] = [];
      const batcher = createBatcher({ batchMs: 100, timers, write: (w) => writes.push(w) });
      batcher.open();
      batcher.addLive([tx('a')]);
      batcher.stop();
      timers.stop();
      batcher.addLive([tx('b')]);
      vi.advanceTimersByTime(1_000);
      expect(writes).toEqual([]);
      expect(timers.pending).toBe(0);
      expect(timers.after(10, () => writes.push({} as FlushWork))).toBeTypeOf('function');
      vi.advanceTimersByTime(100);
      expect(writes).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('what waits while paused is under the same ceiling as the store: the most urgent kept', () => {
    try {
      vi.useFakeTimers();
      const writes: FlushWork[] = [];
      const batcher = createBatcher({ batchMs: 100, timers: createTimers(), maxUnfinished: 5, write: (w) => writes.push(w) });
      batcher.open();
      batcher.setPaused(true);
      const waiting = (i: number, expiresAt?: string) => tx(`w${i}`, { status: 'waiting-approval', ...(expiresAt ? { expiresAt } : {}) });
      batcher.addLive(Array.from({ length: 1_000 }, (_, i) => waiting(i)));
      batcher.addLive([waiting(5_000, '100')]);
      expect(batcher.waiting).toBeLessThanOrEqual(5);
      batcher.setPaused(false);
      vi.advanceTimersByTime(1_000);
      const written = writes.flatMap((w) => w.live.map((t) => t.transactionId));
      expect(written).toContain('w5000');
      expect(new Set(written).size).toBeLessThanOrEqual(5);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('small helpers', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 100],
    [2, 200],
    [3, 400],
    [5, 1_000],
    [60, 1_000],
  ])('backoffMs(%d) = %d', (failures, want) => {
    expect(backoffMs(failures, 100, 1_000)).toBe(want);
  });

  it.each<[string, number, string]>([
    ['1749211871023', 2_000, '1749211869023'],
    ['1500', 2_000, '0'],
    ['99999999999999999', 1, '99999999999999998'],
  ])('millisMinus(%s, %d) = %s', (millis, ms, want) => {
    expect(millisMinus(millis, ms)).toBe(want);
  });

  const api401 = new ApiError({ status: 401, code: 'unauthorized', message: 'key not accepted', method: 'GET', path: '/x' });
  const api403 = new ApiError({ status: 403, code: 'forbidden', message: 'revoked', method: 'GET', path: '/x' });
  const api429 = new ApiError({ status: 429, code: 'too-many-requests', message: 'slow down', method: 'GET', path: '/x' });
  const api404 = new ApiError({ status: 404, code: 'not-found', message: 'no', method: 'GET', path: '/x' });
  const contract = new ContractError({ message: 'bad createdAt', field: 'transactions.0.createdAt', endpoint: 'GET /x' });
  const network = new NetworkError({ message: 'connection refused', method: 'GET', path: '/x' });
  // The cause says what ends the notice: any answer (server, auth, busy) or that read's own success.
  it.each<[string, unknown, { key: string; level: string; cause: string; text: RegExp }]>([
    ['401', api401, { key: 'auth:401', level: 'error', cause: 'auth', text: /^not authenticated \(401\).*retrying/ }],
    ['403', api403, { key: 'auth:403:revoked', level: 'error', cause: 'read:loading accounts', text: /^forbidden \(403\): revoked; retrying/ }],
    ['429', api429, { key: 'busy:429', level: 'warn', cause: 'busy', text: /^rate limited by the server \(429\)/ }],
    ['404', api404, { key: 'http:404:loading accounts', level: 'warn', cause: 'read:loading accounts', text: /not found/ }],
    ['contract', contract, { key: 'contract:loading accounts', level: 'warn', cause: 'read:loading accounts', text: /skipped: unexpected answer/ }],
    ['network', network, { key: 'network', level: 'warn', cause: 'server', text: /^cannot reach the server: connection refused$/ }],
    ['a bug', new TypeError('oops'), { key: 'bug:loading accounts', level: 'error', cause: 'read:loading accounts', text: /failed: oops/ }],
  ])('noticeFor %s', (_name, err, want) => {
    const notice = noticeFor(err, 'loading accounts');
    expect(notice.key).toBe(want.key);
    expect(notice.level).toBe(want.level);
    expect(notice.cause).toBe(want.cause);
    expect(notice.text).toMatch(want.text);
    // Which read hit it goes into the detail, with the whole description.
    expect(notice.detail).toMatch(/^loading accounts: /);
  });

  it('the words of a shared cause are the same whichever read or attempt hit it: repeats count', () => {
    const attempt = (path: string, correlationId: string) =>
      new ApiError({ status: 401, code: 'unauthorized', message: 'key not accepted', method: 'GET', path, correlationId });
    const a = noticeFor(attempt('/a', 'c-1'), 'loading accounts');
    const b = noticeFor(attempt('/b', 'c-2'), 'polling prices');
    expect(b.text).toBe(a.text);
    expect(a.text).not.toContain('c-1');
    expect(b.detail).toContain('correlation id c-2');
    const net = (path: string) => new NetworkError({ message: '127.0.0.1:9: connection refused', method: 'GET', path });
    expect(noticeFor(net('/x'), 'a').text).toBe(noticeFor(net('/y'), 'b').text);
  });

  it('a read given its own cause (the feed\'s reads share one) keeps the shared causes of any answer', () => {
    expect(noticeFor(api404, 'polling for changes', 'read:feed').cause).toBe('read:feed');
    expect(noticeFor(network, 'polling for changes', 'read:feed').cause).toBe('server');
  });

  it('a malformed frame has one key whatever it says', () => {
    expect(malformedFrameNotice(contract).key).toBe('frame:malformed');
  });
});

describe('page readers against a scripted server', () => {
  let server: TestServer;
  let records: Transaction[] = [];
  let onPage: (req: RecordedRequest) => void = () => undefined;
  let badIds = new Set<string>();

  /** `GET .../transactions` with updatedAtFrom, sortBy=updated ASC, limit, offset over `records`. */
  function list(req: RecordedRequest) {
    const q = new URL(req.url, 'http://x').searchParams;
    const from = Number(q.get('updatedAtFrom') ?? '0');
    const offset = Number(q.get('offset') ?? '0');
    const limit = Number(q.get('limit') ?? '100');
    const sorted = records
      .filter((t) => Number(t.updatedAt) >= from)
      .sort((a, b) => Number(a.updatedAt) - Number(b.updatedAt) || (a.transactionId < b.transactionId ? -1 : 1));
    const page = sorted.slice(offset, offset + limit).map((t) => (badIds.has(t.transactionId) ? { ...t, createdAt: 'yesterday' } : t));
    onPage(req);
    return { json: { transactions: page } };
  }

  beforeAll(async () => {
    server = await startHttpServer(list);
  });
  afterAll(async () => {
    await server.close();
  });

  async function api() {
    const key = await makeTestKey();
    return createApiClient({ baseUrl: server.url, workspaceId: 'ws1', signer: key.signer, retry: { limit: 0 } });
  }

  it('reads every record through runs of equal timestamps longer than a page', async () => {
    badIds = new Set();
    onPage = () => undefined;
    records = [
      ...Array.from({ length: 5 }, (_, i) => tx(`a${i}`, { updatedAt: '100' })),
      ...Array.from({ length: 23 }, (_, i) => tx(`b${String(i).padStart(2, '0')}`, { updatedAt: '200' })),
      ...Array.from({ length: 4 }, (_, i) => tx(`c${i}`, { updatedAt: String(300 + i) })),
    ];
    const seen: string[] = [];
    const { newest } = await readChangedSince(await api(), undefined, 7, (page) => seen.push(...page.items.map((t) => t.transactionId)));
    expect(new Set(seen)).toEqual(new Set(records.map((t) => t.transactionId)));
    expect(newest).toBe('303');
  });

  it('does not skip a record when one already read changes (moves to the end) while paging', async () => {
    badIds = new Set();
    records = Array.from({ length: 30 }, (_, i) => tx(`t${String(i).padStart(2, '0')}`, { updatedAt: String(1000 + i) }));
    let pages = 0;
    onPage = () => {
      pages += 1;
      // After the first page, the first record changes: plain offsets would now skip one.
      if (pages === 1) records[0] = tx('t00', { updatedAt: '5000', status: 'signed' });
    };
    const seen = new Map<string, Transaction>();
    await readChangedSince(await api(), '0', 10, (page) => {
      for (const t of page.items) seen.set(t.transactionId, t);
    });
    expect(seen.size).toBe(30);
    expect(seen.get('t00')!.status).toBe('signed');
  });

  it('skips only the bad record of a page, and says how many', async () => {
    records = Array.from({ length: 5 }, (_, i) => tx(`r${i}`, { updatedAt: String(10 + i) }));
    badIds = new Set(['r2']);
    onPage = () => undefined;
    const page = await readTransactionsPage(await api(), { sortBy: 'updated', sortDirection: 'ASC', limit: 10 });
    expect(page.items.map((t) => t.transactionId)).toEqual(['r0', 'r1', 'r3', 'r4']);
    expect(page.rawCount).toBe(5);
    expect(page.skipped?.count).toBe(1);
    expect(page.skipped?.error).toBeInstanceOf(ContractError);
  });
});
