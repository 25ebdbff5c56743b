// Issue 7, Faults: the live engine against the sandbox's --chaos modes for a sustained while, with
// the world generating transactions fast. The end state is compared with a full read of the
// server: every transaction equal (status and updatedAt), none missing, none duplicated.
// Busy servers (503/429 with Retry-After), writes under them, a create whose answer is lost, and
// malformed frames and responses (garbage, wrong types, missing fields, a huge payload).
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import type { SandboxResponse } from '../../src/sandbox/index.js';
import type { ConnectionKind } from '../../src/store/index.js';
import { type SandboxFixture, startTestSandbox, type TestSandboxOptions, waitUntil } from '../helpers/sandbox.js';
import { ALL_TRANSACTIONS, txQueryKey } from '../../src/store/index.js';
import { createInWorld, diffWithTruth, type Engine, engineOn, firstPageIn, serverTruth, sleep, withdrawal } from './helpers.js';
import { startTamperProxy, type TamperProxy } from './http-tamper.js';

/** The connection kinds the header went through, in order (repeats collapsed). */
function recordKinds(stores: Engine['stores']): ConnectionKind[] {
  const kinds: ConnectionKind[] = [stores.session.getState().connection.kind];
  stores.session.subscribe((s) => {
    if (s.connection.kind !== kinds.at(-1)) kinds.push(s.connection.kind);
  });
  return kinds;
}

/**
 * Moves the manual clock `stepMs` every `everyMs` of real time (the generator makes a transaction
 * every 3-7 s of world time and moves the older ones through their lifecycle), and creates one
 * more withdrawal in the world every few ticks. Returns a stop function.
 */
function driveWorld(fx: SandboxFixture, stepMs: number, everyMs = 100): { stop: () => Promise<void>; ticks: () => number } {
  let ticks = 0;
  let busy: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    ticks += 1;
    fx.advance(stepMs);
    if (ticks % 3 === 0) busy = createInWorld(fx, 1).catch(() => undefined);
  }, everyMs);
  return {
    ticks: () => ticks,
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}

let direct = 0;
/** Withdrawals created in the world itself (no HTTP: unaffected by HTTP chaos); each is a frame. */
function createDirect(fx: SandboxFixture, accountId: string, n: number): void {
  const actor = fx.sandbox.world.members[0]!.userId;
  for (let i = 0; i < n; i++) {
    const body = withdrawal(accountId, `faults-direct-${direct++}`);
    const result = fx.sandbox.world.create(body as Parameters<typeof fx.sandbox.world.create>[0], actor);
    if (!result.ok) throw new Error(`create failed: ${result.message}`);
  }
}

const subscribes = (responses: SandboxResponse[]) =>
  responses.filter((r) => r.kind === 'ws' && r.method === 'SUBSCRIBE' && r.status === 200).length;
const pushes = (responses: SandboxResponse[]) => responses.filter((r) => r.kind === 'ws' && r.method === 'PUSH').length;

/** Waits for the store to equal a fresh full read of the server (the world must be still). */
async function expectStoreEqualsServer(fx: SandboxFixture, engine: Engine, timeoutMs = 10_000): Promise<number> {
  await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', timeoutMs, 'live at the end');
  const truth = await serverTruth(fx);
  const since = { since: engine.startedAt! };
  await waitUntil(() => diffWithTruth(engine.stores, truth, since).length === 0, timeoutMs, 'the store to equal the server').catch(
    () => undefined,
  );
  expect(diffWithTruth(engine.stores, truth, since)).toEqual([]);
  const order = engine.stores.transactions.getState().order;
  expect(new Set(order).size).toBe(order.length);
  // Compared: every row held, and every one the server changed while the engine ran.
  return order.length;
}

describe('sustained socket faults while the world generates transactions fast', () => {
  let fx: SandboxFixture;
  beforeAll(async () => {
    fx = await startTestSandbox({ history: 200, generator: true });
  });
  afterEach(() => {
    fx.sandbox.setChaos(undefined);
  });
  afterAll(async () => {
    await fx.close();
  });

  /** Runs an engine under `chaos` for `ms` of real time; returns what happened. */
  async function underChaos(chaos: string, ms: number, o: Parameters<typeof engineOn>[1] = {}) {
    const engine = engineOn(fx, o);
    const kinds = recordKinds(engine.stores);
    await engine.live.start();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const subscribesBefore = subscribes(fx.responses);
    const pushesBefore = pushes(fx.responses);
    const sizeBefore = engine.stores.transactions.getState().byId.size;
    fx.sandbox.setChaos(chaos);
    // 5 s of world time every 100 ms: ~50x, a new transaction about every 100 ms of real time.
    const world = driveWorld(fx, 5_000);
    await sleep(ms);
    fx.sandbox.setChaos(undefined);
    await world.stop();
    const compared = await expectStoreEqualsServer(fx, engine);
    return {
      engine,
      kinds,
      reconnects: kinds.filter((k) => k === 'reconnecting').length,
      resubscribes: subscribes(fx.responses) - subscribesBefore,
      frames: pushes(fx.responses) - pushesBefore,
      grew: engine.stores.transactions.getState().byId.size - sizeBefore,
      compared,
    };
  }

  it('drop every 2 s for a minute: the store equals the server, none missing, none duplicated', async () => {
    const r = await underChaos('drop=2', 60_000);
    console.info(
      `drop=2 for 60 s: ${r.reconnects} reconnects, ${r.resubscribes} re-subscriptions, ${r.frames} frames pushed, ` +
        `${r.grew} new transactions, ${r.compared} transactions compared`,
    );
    expect(r.reconnects).toBeGreaterThanOrEqual(25);
    expect(r.resubscribes).toBeGreaterThanOrEqual(25);
    expect(r.grew).toBeGreaterThanOrEqual(300);
    // Every return was followed by a gap fill (catch-up), and no notice was needed.
    expect(r.engine.logs.filter((l) => l.startsWith('catch-up:')).length).toBeGreaterThanOrEqual(r.reconnects - 1);
    expect(r.engine.stores.session.getState().notices).toEqual([]);
  }, 120_000);

  it('close 4001 (token refresh) every 2 s: reconnects after the refresh delay, the store equals the server', async () => {
    const r = await underChaos('close4001=2', 15_000, { realtime: { tokenRefreshDelayMs: 300 } });
    console.info(`close4001=2 for 15 s: ${r.reconnects} reconnects, ${r.resubscribes} re-subscriptions, ${r.compared} compared`);
    expect(r.reconnects).toBeGreaterThanOrEqual(5);
    expect(r.resubscribes).toBeGreaterThanOrEqual(5);
    expect(r.grew).toBeGreaterThanOrEqual(60);
    expect(r.engine.stores.session.getState().notices).toEqual([]);
  }, 40_000);

  it('a stalled socket (no frames, no pongs, never closed) is detected by the missing pongs and replaced', async () => {
    const r = await underChaos('stall=2', 15_000, { realtime: { pingIntervalMs: 200, pongTimeoutMs: 400 } });
    const stalls = r.engine.logs.filter((l) => l.startsWith('socket stalled')).length;
    console.info(`stall=2 for 15 s: ${stalls} stalls detected, ${r.reconnects} reconnects, ${r.resubscribes} re-subscriptions, ${r.compared} compared`);
    expect(stalls).toBeGreaterThanOrEqual(4);
    expect(r.reconnects).toBeGreaterThanOrEqual(4);
    expect(r.resubscribes).toBeGreaterThanOrEqual(4);
    expect(r.kinds).toEqual(expect.arrayContaining(['live', 'reconnecting']));
  }, 40_000);
});

describe('busy server: bursts of 503 and 429 with Retry-After', () => {
  let fx: SandboxFixture;
  /** Every answer the sandbox sent, with the time it was sent. */
  const timed: { at: number; r: SandboxResponse }[] = [];
  let accountId: string;
  beforeAll(async () => {
    fx = await startTestSandbox({ history: 400, onResponse: (r) => timed.push({ at: Date.now(), r }) });
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    accountId = account!.accountId;
  });
  afterEach(() => {
    fx.sandbox.setChaos(undefined);
  });
  afterAll(async () => {
    await fx.close();
  });

  /** An engine whose client retries reads as the console's does (3 retries, Retry-After honoured). */
  function busyEngine(o: Parameters<typeof engineOn>[1] = {}): Engine {
    return engineOn(fx, { ...o, client: { retry: { limit: 3, baseDelayMs: 50, maxDelayMs: 3_000 }, ...o.client } });
  }

  /** `n` transactions waiting for approval: large withdrawals made in the world just now. */
  async function waiting(n: number): Promise<Transaction[]> {
    const actor = fx.sandbox.world.members[0]!.userId;
    for (let i = 0; i < n + 2; i++) {
      const body = withdrawal(accountId, `faults-large-${direct++}`, '50');
      const made = fx.sandbox.world.create(body as Parameters<typeof fx.sandbox.world.create>[0], actor);
      if (!made.ok) throw new Error(`create failed: ${made.message}`);
    }
    fx.advance(5_000);
    const list = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
    if (list.length < n) throw new Error(`the seed has ${list.length} waiting-approval transactions, ${n} needed`);
    return list.slice(0, n);
  }

  const postsTo = (suffix: string, since: number) =>
    timed.slice(since).filter(({ r }) => r.kind === 'http' && r.method === 'POST' && r.target.endsWith(suffix));

  it('reads back off (Retry-After honoured), the session is degraded during and clear after, and the store recovers', async () => {
    const engine = busyEngine({ live: { pricePollMs: 100 } });
    const degradedSeen: string[] = [];
    engine.stores.session.subscribe((s) => {
      const reason = s.degraded?.reason;
      if (reason !== undefined && degradedSeen.at(-1) !== reason) degradedSeen.push(reason);
    });
    await engine.live.start();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const from = timed.length;

    // 60% of requests refused for 6 s, while the socket drops every second (each return is a
    // gap fill through the refusals) and the world keeps changing.
    fx.sandbox.setChaos('503=0.3,429=0.3,drop=1');
    for (let i = 0; i < 30; i++) {
      fx.advance(4_000);
      if (i % 5 === 0) createDirect(fx, accountId, 2);
      if (i % 10 === 0) engine.live.refresh('all');
      await sleep(200);
    }
    fx.sandbox.setChaos(undefined);

    await expectStoreEqualsServer(fx, engine);
    await waitUntil(() => engine.stores.session.getState().degraded === undefined, 5_000, 'degraded cleared');

    const refusals = timed.slice(from).filter(({ r }) => r.chaos === '503' || r.chaos === '429');
    expect(refusals.length).toBeGreaterThan(10);
    expect(refusals.every(({ r }) => r.headers['retry-after'] === '1')).toBe(true);
    // The next attempt of the same request (same Correlation-Id) came no sooner than Retry-After.
    const gaps: number[] = [];
    for (const refusal of refusals) {
      const id = refusal.r.headers['correlation-id'];
      const next = timed.find((t) => t.at >= refusal.at && t !== refusal && t.r.headers['correlation-id'] === id);
      if (next) gaps.push(next.at - refusal.at);
    }
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
    expect(degradedSeen.some((r) => /429/.test(r))).toBe(true);
    expect(degradedSeen.some((r) => /503/.test(r))).toBe(true);
    // The engine said so on counted notices and never failed.
    const notices = engine.stores.session.getState().notices;
    // (Most refused reads succeed on a retry; a notice appears only when all four attempts were refused.)
    const busy = notices.filter((n) => n.key?.startsWith('busy:'));
    expect(notices.filter((n) => n.level === 'error')).toEqual([]);
    expect(engine.logs.filter((l) => /start failed|failed after|bug/.test(l))).toEqual([]);
    console.info(
      `503/429 for 6 s: ${refusals.length} refusals, ${gaps.length} retries after Retry-After (shortest ${Math.min(...gaps)} ms), ` +
        `notices ${busy.map((n) => `${n.key}×${n.count}`).join(', ') || 'none (every read got through on a retry)'}`,
    );
  }, 30_000);

  it.each([
    ['503', '503=1'],
    ['429', '429=1'],
  ])('a decline refused with %s is sent exactly once, never retried, and changes nothing', async (status, chaos) => {
    const engine = busyEngine();
    const [tx] = await waiting(1);
    const from = timed.length;
    fx.sandbox.setChaos(chaos);
    const outcome = await engine.live.decide('decline', tx!.transactionId, { reason: 'busy' });
    fx.sandbox.setChaos(undefined);
    expect(outcome).toMatchObject({ kind: 'refused', status: Number(status) });
    await sleep(1_500); // a blind retry would have come after Retry-After: 1
    expect(postsTo('/decline', from)).toHaveLength(1);
    expect(engine.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await fx.client().transactions.get(tx!.transactionId)).status).toBe('waiting-approval');
  });

  it('declines under a 60% burst: one POST per decline, each outcome agrees with the server', async () => {
    const engine = busyEngine();
    const txs = await waiting(6);
    const from = timed.length;
    fx.sandbox.setChaos('503=0.3,429=0.3');
    const outcomes = [];
    for (const tx of txs) outcomes.push(await engine.live.decide('decline', tx.transactionId, { reason: 'burst' }));
    fx.sandbox.setChaos(undefined);
    expect(postsTo('/decline', from)).toHaveLength(txs.length);
    expect(engine.requests.filter((r) => r.method === 'POST')).toHaveLength(txs.length);
    for (const [i, outcome] of outcomes.entries()) {
      const now = await fx.client().transactions.get(txs[i]!.transactionId);
      if (outcome.kind === 'done') expect(now.status).toBe('canceled');
      else {
        expect(outcome).toMatchObject({ kind: 'refused', status: expect.toBeOneOf([503, 429]) });
        expect(now.status).toBe('waiting-approval');
      }
    }
    console.info(`declines under 503/429: ${outcomes.map((o) => (o.kind === 'refused' ? o.status : o.kind)).join(' ')}, POSTs ${postsTo('/decline', from).length}`);
  });

  describe('a create whose answer is lost', () => {
    let proxy: TamperProxy;
    afterEach(async () => {
      await proxy?.close();
    });

    it('carries its externalId; the retry by the user gets the same transaction (200), never a second one', async () => {
      proxy = await startTamperProxy(fx.sandbox.port);
      const engine = busyEngine({ client: { baseUrl: proxy.baseUrl } });
      const externalId = `faults-lost-create-${Date.now()}`;
      const body = withdrawal(accountId, externalId);
      // The server creates it; its answer never reaches the console.
      proxy.setTamper((x) => (x.method === 'POST' && x.path.endsWith('/transactions') ? { kind: 'lose' } : { kind: 'pass' }));
      const first = await engine.live.create(body);
      expect(first).toMatchObject({ kind: 'network', changed: 'unknown' });
      // The lookup by externalId found what it made.
      expect((first as { message: string }).message).toMatch(/it was created: \S+ is now/);
      proxy.setTamper(undefined);
      const again = await engine.live.create(body);
      expect(again.kind).toBe('done');
      const created = (again as { transaction: Transaction }).transaction;
      expect(created.externalId).toBe(externalId);

      const posts = proxy.exchanges.filter((x) => x.method === 'POST' && x.path.endsWith('/transactions'));
      expect(posts.map((x) => x.status)).toEqual([201, 200]);
      expect(posts.every((x) => JSON.parse(x.requestBody).externalId === externalId)).toBe(true);
      expect(JSON.parse(posts[0]!.body).transactionId).toBe(created.transactionId);
      const onServer = await fx.client().transactions.list({ externalId, accountId });
      expect(onServer.map((t) => t.transactionId)).toEqual([created.transactionId]);
      expect(engine.stores.transactions.getState().byId.has(created.transactionId)).toBe(true);
    });
  });
});

describe('malformed frames and responses', () => {
  let fx: SandboxFixture;
  let proxy: TamperProxy | undefined;
  beforeAll(async () => {
    fx = await startTestSandbox({ history: 300, generator: true });
  });
  afterEach(async () => {
    fx.sandbox.setChaos(undefined);
    await proxy?.close();
    proxy = undefined;
  });
  afterAll(async () => {
    await fx.close();
  });

  const notice = (engine: Engine, key: string) => engine.stores.session.getState().notices.filter((n) => n.key === key);

  it('garbled frames: each one counted on a single notice, skipped, the socket kept, every change still arrives', async () => {
    const engine = engineOn(fx);
    const kinds = recordKinds(engine.stores);
    await engine.live.start();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const from = fx.responses.length;
    fx.sandbox.setChaos('garbage=0.3');
    const world = driveWorld(fx, 5_000);
    await sleep(4_000);
    fx.sandbox.setChaos(undefined);
    await world.stop();
    const garbled = fx.responses.slice(from).filter((r) => r.chaos === 'garbage').length;
    expect(garbled).toBeGreaterThan(20);
    await waitUntil(() => (notice(engine, 'frame:malformed')[0]?.count ?? 0) >= garbled, 3_000, 'every garbled frame counted');
    expect(notice(engine, 'frame:malformed')).toHaveLength(1);
    expect(notice(engine, 'frame:malformed')[0]!.count).toBe(garbled);
    await expectStoreEqualsServer(fx, engine);
    // Never reconnected for it: garbage is skipped, not a reason to drop the socket.
    expect(kinds).toEqual(['connecting', 'live']);
    console.info(`garbage=0.3: ${garbled} garbled frames, notice count ${notice(engine, 'frame:malformed')[0]!.count}`);
  }, 20_000);

  it('bad HTTP answers (wrong types, missing fields, garbage JSON, a 6 MB payload): reported once, counted, skipped; the engine runs on', async () => {
    proxy = await startTamperProxy(fx.sandbox.port);
    // HTTP through the proxy; the socket straight to the sandbox.
    // A 7 MB limit: the 6 MB answers are read (and fail the contract), the 8 MB one is refused unread.
    const engine = engineOn(fx, {
      client: { baseUrl: proxy.baseUrl, maxResponseBytes: 7 * 1024 * 1024 },
      live: { pricePollMs: 50, retryMaxMs: 200 },
    });
    const broken: string[] = [];
    let prices: (body: string) => string | undefined = () => undefined;
    proxy.setTamper((x) => {
      if (x.path.endsWith('/transactions') && x.url.includes('isTerminated=true') && !/(offset|createdAtTo)=/.test(x.url)) {
        // The history's first page: three records break the contract in different ways.
        const body = JSON.parse(x.body) as { transactions: Record<string, unknown>[] };
        const [a, b, c] = body.transactions as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
        if (broken.length === 0) broken.push(a.transactionId as string, b.transactionId as string, c.transactionId as string);
        a.status = 42;
        delete b.createdAt;
        c.updatedAt = { when: 'now' };
        return { kind: 'replace', body: JSON.stringify(body) };
      }
      if (x.path.endsWith('/symbol-market-prices')) {
        const body = prices(x.body);
        if (body !== undefined) return { kind: 'replace', body };
      }
      return { kind: 'pass' };
    });
    await engine.live.start();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const skipped = notice(engine, 'contract:reading transactions');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.text).toMatch(/skipped 3 transactions that did not match the contract/);
    // The rest of that page is held; the three are not.
    await waitUntil(() => firstPageIn(engine.stores), 5_000, 'the first page');
    for (const id of broken) expect(engine.stores.transactions.getState().byId.has(id)).toBe(false);
    const first = engine.stores.transactions.getState().windows.get(txQueryKey(ALL_TRANSACTIONS))!;
    expect(first.ids.length).toBeGreaterThan(100);

    const pricesNotice = () => notice(engine, 'contract:polling prices');
    const count = () => pricesNotice()[0]?.count ?? 0;
    const phases: [string, (body: string) => string][] = [
      ['garbage JSON', () => '{"prices": [{"symbol'],
      ['wrong types', (body) => body.replace(/"prices":\[/, '"prices":[42,')],
      ['missing fields', () => '{}'],
      ['6 MB of the wrong type', () => `{"prices":"${'x'.repeat(6 * 1024 * 1024)}"}`],
      ['6 MB of garbage', () => 'y'.repeat(6 * 1024 * 1024)],
      ['8 MB, over the limit', () => `{"prices":[],"padding":"${'z'.repeat(8 * 1024 * 1024)}"}`],
    ];
    const counts: string[] = [];
    for (const [name, make] of phases) {
      const before = pricesNotice()[0];
      // Three answers of this phase: new words count from 1 (notices.ts), the same words count on.
      const phaseCount = () => {
        const now = pricesNotice()[0];
        if (now === undefined) return 0;
        return before !== undefined && now.text === before.text ? now.count - before.count : now.count;
      };
      prices = make;
      await waitUntil(() => phaseCount() >= 3, 10_000, `${name}: three more bad answers counted`);
      counts.push(`${name} +${phaseCount()}`);
      expect(pricesNotice()).toHaveLength(1);
      expect(engine.stores.session.getState().connection.kind).toBe('live');
    }
    expect(counts).toHaveLength(phases.length);
    // The last phase was refused by the size limit, and the notice says so.
    expect(pricesNotice()[0]!.text).toMatch(/more than 7 MB: not read/);

    // The server speaks properly again: prices arrive, transactions keep flowing.
    prices = () => undefined;
    const pricedAt = engine.stores.prices.getState();
    await waitUntil(() => engine.stores.prices.getState() !== pricedAt, 3_000, 'prices again');
    createDirect(fx, (await fx.client().accounts.list({ statuses: ['active'], isTestnet: false }))[0]!.accountId, 3);
    fx.advance(10_000);
    const truth = await serverTruth(fx);
    await waitUntil(
      () => diffWithTruth(engine.stores, truth).every((d) => broken.some((id) => d === `missing ${id}`)),
      5_000,
      'the store to equal the server but for the skipped records',
    );
    const diff = diffWithTruth(engine.stores, truth);
    expect(diff.every((d) => broken.some((id) => d === `missing ${id}`))).toBe(true);
    expect(engine.stores.session.getState().notices.filter((n) => n.level === 'error')).toEqual([]);
    expect(engine.logs.filter((l) => /start failed|failed after|bug/.test(l))).toEqual([]);
    console.info(`bad price answers counted on one notice: ${counts.join(', ')} (total ${count()})`);
  }, 20_000);
});

/**
 * A test sandbox whose own HTTP server (the one `startSandbox` creates) the test can take down and
 * bring back on the same port, every connection cut, while its world lives on in this process.
 * The server is caught by wrapping `http.createServer` while the sandbox starts.
 */
async function startRestartableSandbox(opts: TestSandboxOptions) {
  const original = http.createServer;
  let server: http.Server | undefined;
  const sockets = new Set<Socket>();
  (http as { createServer: unknown }).createServer = (...args: Parameters<typeof http.createServer>) => {
    const created = original(...args);
    server = created;
    // Every TCP connection, upgraded WebSockets included.
    created.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return created;
  };
  syncBuiltinESMExports();
  let fx: SandboxFixture;
  try {
    fx = await startTestSandbox(opts);
  } finally {
    (http as { createServer: unknown }).createServer = original;
    syncBuiltinESMExports();
  }
  if (server === undefined) throw new Error('the sandbox server was not caught (http.createServer not called)');
  const caught = server;
  return {
    fx,
    /** Stops listening and resets every open connection (as when the process dies). */
    async down(): Promise<number> {
      const closed = new Promise<void>((resolve) => caught.close(() => resolve()));
      const cut = sockets.size;
      for (const socket of [...sockets]) socket.resetAndDestroy();
      await closed;
      return cut;
    },
    /** Listens again on the same port. */
    up(): Promise<void> {
      return new Promise((resolve, reject) => {
        caught.once('error', reject);
        caught.listen(fx.sandbox.port, '127.0.0.1', () => {
          caught.off('error', reject);
          resolve();
        });
      });
    },
  };
}

describe('the server goes away and comes back on the same port', () => {
  let restartable: Awaited<ReturnType<typeof startRestartableSandbox>>;
  beforeAll(async () => {
    restartable = await startRestartableSandbox({ history: 300, generator: true });
  });
  afterAll(async () => {
    await restartable.fx.close();
  });

  it('its own listener closed and every connection cut: offline, then live again by itself, the gap filled', async () => {
    const { fx } = restartable;
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const engine = engineOn(fx, {
      client: { timeoutMs: 2_000 },
      live: { socketGraceMs: 300, pollIntervalMs: 200 },
    });
    const kinds = recordKinds(engine.stores);
    await engine.live.start();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 3_000, 'live');
    const world = driveWorld(fx, 5_000);
    await sleep(1_000);

    const cut = await restartable.down();
    expect(cut).toBeGreaterThan(0);
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'offline', 5_000, 'offline');
    // The world moves on while the server cannot be reached: new transactions, a decline, lifecycles.
    createDirect(fx, account!.accountId, 5);
    const [waitingTx] = fx.sandbox.world.transactions({ transactionStatuses: ['waiting-approval'] });
    if (waitingTx) fx.sandbox.world.decline(waitingTx.transactionId, fx.sandbox.world.members[0]!.userId);
    await sleep(1_500);
    expect(engine.stores.session.getState().connection.kind).toBe('offline');
    expect(engine.stores.session.getState().notices.some((n) => n.key === 'network')).toBe(true);
    const missed = fx.sandbox.world.stats().transactions - engine.stores.transactions.getState().byId.size;
    expect(missed).toBeGreaterThan(5);

    await restartable.up();
    await waitUntil(() => engine.stores.session.getState().connection.kind === 'live', 8_000, 'live again');
    await sleep(1_000);
    await world.stop();
    const compared = await expectStoreEqualsServer(fx, engine);
    if (waitingTx) expect(engine.stores.transactions.getState().byId.get(waitingTx.transactionId)?.status).toBe('canceled');
    expect(kinds).toEqual(expect.arrayContaining(['live', 'offline']));
    expect(kinds.lastIndexOf('live')).toBeGreaterThan(kinds.indexOf('offline'));
    console.info(
      `server down and back: ${cut} connections cut, ${missed} transactions made while away, ${compared} compared; kinds ${kinds.join(' > ')}`,
    );
  });
});
