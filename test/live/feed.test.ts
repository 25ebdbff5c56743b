// The live feed on its own (src/live/feed.ts), on a real sandbox over loopback: what it tells its
// owner (changes with their source, events, the connection, problems), when it reads, and from
// where. The engine and `custody watch` are tested through it elsewhere.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Signer } from '../../src/auth/index.js';
import type { RealtimeOptions } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import {
  createFeed,
  type Feed,
  type FeedChange,
  type FeedConnection,
  type FeedEvent,
  type FeedOptions,
  type FeedProblem,
} from '../../src/live/feed.js';
import { millisMinus } from '../../src/live/reads.js';
import type { SandboxResponse } from '../../src/sandbox/index.js';
import { manualTimers } from '../helpers/manual-timers.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { startWsServer } from '../helpers/ws-server.js';
import { createInWorld, type Gate, sleep, startGate, withdrawal } from './helpers.js';

let fx: SandboxFixture;
const feeds: Feed[] = [];
let gate: Gate | undefined;
let accountId: string;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 120 });
  const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  accountId = account!.accountId;
});
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.stop();
  await gate?.close();
  gate = undefined;
  fx.sandbox.setChaos(undefined);
});
afterAll(async () => {
  await fx.close();
});

interface Told {
  changes: { items: Transaction[]; change: FeedChange }[];
  events: FeedEvent[];
  connections: FeedConnection['kind'][];
  problems: FeedProblem[];
  logs: string[];
}

function feedOn(
  o: { realtime?: Partial<RealtimeOptions>; feed?: Partial<Omit<FeedOptions, 'on'>>; key?: { signer: Signer } } = {},
): { feed: Feed; told: Told } {
  const told: Told = { changes: [], events: [], connections: [], problems: [], logs: [] };
  const feed = createFeed({
    api: fx.client('full-access', { ...o.key }),
    realtime: fx.realtime('full-access', { reconnectStepMs: 50, reconnectMaxMs: 200, ...o.key, ...o.realtime }),
    pageSize: 50,
    socketGraceMs: 60_000,
    pollIntervalMs: 200,
    retryBaseMs: 100,
    retryMaxMs: 500,
    log: (line) => told.logs.push(line),
    ...o.feed,
    on: {
      changes: (items, change) => told.changes.push({ items: [...items], change }),
      event: (e) => told.events.push(e),
      connection: (c) => told.connections.push(c.kind),
      problem: (p) => told.problems.push(p),
    },
  });
  feeds.push(feed);
  return { feed, told };
}

/** The feed's own list reads (oldest change first) the sandbox answered, from `since`. */
const readsOf = (since: number): SandboxResponse[] =>
  fx.responses.slice(since).filter((r) => r.kind === 'http' && r.target.includes('sortBy=updated&sortDirection=ASC'));
const targets = (since: number) => readsOf(since).map((r) => r.target);

const updatedAtFrom = (r: SandboxResponse) => new URL(r.target, 'http://x').searchParams.get('updatedAtFrom') ?? undefined;

const ids = (told: Told, source: FeedChange['source']) =>
  told.changes.filter((c) => c.change.source === source).flatMap((c) => c.items.map((tx) => tx.transactionId));

/** The owner's baseline: one page of the newest changes, noted. */
async function baseline(feed: Feed): Promise<void> {
  const mark = feed.beginBaseline();
  const page = await fx.client().transactions.list({ sortBy: 'updated', sortDirection: 'DESC', limit: 50 });
  feed.note(page);
  feed.baselineRead(mark);
}

describe('the feed', () => {
  it('subscribes with limit=0; a baseline read while frames flow needs no catch-up; frames come as frames', async () => {
    const { feed, told } = feedOn();
    const from = fx.responses.length;
    feed.start();
    await feed.waitForSubscription(3_000);
    expect(told.events[0]).toEqual({ kind: 'live', first: true, wasPolling: false, catchUp: false });
    await baseline(feed);
    const made = await createInWorld(fx, 2);
    await waitUntil(() => made.every((id) => ids(told, 'frame').includes(id)), 3_000, 'the frames');
    await sleep(100);
    expect(targets(from)).toEqual([]); // nothing to catch up on
    expect(told.connections).toEqual(['connecting', 'live']);
    const subscribe = fx.responses.slice(from).find((r) => r.kind === 'ws' && r.method === 'SUBSCRIBE');
    expect(subscribe?.target).toContain('limit=0');
    // The watermark follows the frames.
    const newest = told.changes.at(-1)!.items.at(-1)!.updatedAt;
    expect(feed.watermark).toBe(newest);
  });

  it('reads wait for the baseline: polling asked before it reads only after it', async () => {
    gate = await startGate(fx.sandbox.port);
    gate.setOpen(false);
    const { feed, told } = feedOn({ realtime: { baseUrl: gate.baseUrl }, feed: { socketGraceMs: 100 } });
    const from = fx.responses.length;
    feed.start();
    feed.beginBaseline();
    await waitUntil(() => told.events.some((e) => e.kind === 'polling'), 3_000, 'polling');
    await sleep(400);
    expect(targets(from)).toEqual([]);
    const mark = feed.beginBaseline();
    feed.note(await fx.client().transactions.list({ sortBy: 'updated', sortDirection: 'DESC', limit: 50 }));
    feed.baselineRead(mark);
    // Then every pollIntervalMs.
    await waitUntil(() => readsOf(from).length >= 3, 3_000, 'three polls');
    expect(told.connections).toContain('polling');
    const [id] = await createInWorld(fx, 1);
    await waitUntil(() => ids(told, 'poll').includes(id!), 3_000, 'a poll to bring the new one');
  });

  it('its delays run on the clock it is given: polling when the grace passes, then every pollIntervalMs', async () => {
    gate = await startGate(fx.sandbox.port);
    gate.setOpen(false);
    const clock = manualTimers();
    const { feed, told } = feedOn({ realtime: { baseUrl: gate.baseUrl }, feed: { clock, socketGraceMs: 60_000 } });
    feed.start();
    expect(clock.pending.map((t) => t.ms)).toEqual([60_000]);
    await waitUntil(() => told.connections.includes('reconnecting'), 3_000, 'the socket refused');
    expect(told.events).toEqual([]); // the grace has not passed on this clock
    clock.pass();
    expect(told.events).toEqual([{ kind: 'polling' }]);
    expect(told.connections.at(-1)).toBe('polling');
    const from = fx.responses.length;
    await baseline(feed);
    await waitUntil(() => told.logs.some((l) => l.startsWith('poll:')), 3_000, 'the first poll');
    expect(readsOf(from)).toHaveLength(1);
    expect(clock.pending.map((t) => t.ms)).toEqual([200]);
    clock.pass();
    await waitUntil(() => readsOf(from).length === 2, 3_000, 'the next poll, when the clock says');
  });

  it('after a drop: lost, then live with a catch-up from the watermark before the drop - 2 s, which closes the gap', async () => {
    gate = await startGate(fx.sandbox.port);
    const { feed, told } = feedOn({ realtime: { baseUrl: gate.baseUrl } });
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    await createInWorld(fx, 1);
    fx.advance(1_000);
    await waitUntil(() => told.changes.length > 0, 3_000, 'a frame');
    await sleep(200); // the world is still (a manual clock): every frame of that change is in
    const before = feed.watermark!;

    gate.setOpen(false);
    await waitUntil(() => told.events.some((e) => e.kind === 'lost'), 3_000, 'the drop');
    const missed = await createInWorld(fx, 3);
    fx.advance(5_000);
    const from = fx.responses.length;
    gate.setOpen(true);
    await waitUntil(() => told.events.some((e) => e.kind === 'caught-up'), 5_000, 'the catch-up');
    for (const id of missed) expect(ids(told, 'catch-up')).toContain(id);
    const [read] = readsOf(from);
    expect(updatedAtFrom(read!)).toBe(millisMinus(before, 2_000));
    const kinds = told.events.map((e) => e.kind);
    expect(kinds.slice(kinds.indexOf('lost'))).toEqual(['lost', 'live', 'caught-up']);
    expect(told.events.find((e) => e.kind === 'live' && !e.first)).toMatchObject({ catchUp: true });
    expect(told.connections).toEqual(expect.arrayContaining(['live', 'reconnecting']));
    expect(told.logs.some((l) => l.startsWith('catch-up:'))).toBe(true);
  });

  it('a catch-up that fails is retried from where the gap began, though new frames moved the watermark', async () => {
    gate = await startGate(fx.sandbox.port);
    const { feed, told } = feedOn({ realtime: { baseUrl: gate.baseUrl } });
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    const before = feed.watermark!;
    gate.setOpen(false);
    await waitUntil(() => told.events.some((e) => e.kind === 'lost'), 3_000, 'the drop');
    const missed = await createInWorld(fx, 2);
    fx.advance(3_000);
    // Reads refused while the socket comes back: frames flow again and move the watermark.
    fx.sandbox.setChaos('503=1');
    const from = fx.responses.length;
    gate.setOpen(true);
    await waitUntil(() => told.problems.some((p) => p.kind === 'failed'), 5_000, 'a refused catch-up');
    // In the world itself: HTTP is refused.
    const body = withdrawal(accountId, `feed-${Date.now()}`) as Parameters<typeof fx.sandbox.world.create>[0];
    const made = fx.sandbox.world.create(body, fx.sandbox.world.members[0]!.userId);
    if (!made.ok) throw new Error(made.message);
    await waitUntil(() => ids(told, 'frame').includes(made.value.transactionId), 3_000, 'a frame after the return');
    expect(feed.watermark).not.toBe(before);
    fx.sandbox.setChaos(undefined);
    await waitUntil(() => told.events.some((e) => e.kind === 'caught-up'), 5_000, 'the retried catch-up');
    for (const id of missed) expect(ids(told, 'catch-up')).toContain(id);
    const reads = readsOf(from).filter((r) => r.status === 200);
    expect(reads.map(updatedAtFrom)).toEqual([millisMinus(before, 2_000)]);
  });

  it('catchUp (a refresh) reads what changed since the watermark - 2 s, marked refresh', async () => {
    const { feed, told } = feedOn();
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    const watermark = feed.watermark!;
    const from = fx.responses.length;
    feed.catchUp();
    await waitUntil(() => told.logs.some((l) => l.startsWith('refresh:')), 3_000, 'the refresh');
    expect(readsOf(from).map(updatedAtFrom)).toEqual([millisMinus(watermark, 2_000)]);
    expect(told.changes.every((c) => c.change.source !== 'catch-up')).toBe(true);
  });

  it('a malformed frame: a problem, and what changed lately is read again', async () => {
    const { feed, told } = feedOn();
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    fx.sandbox.setChaos('garbage=1');
    const [id] = await createInWorld(fx, 1);
    await waitUntil(() => ids(told, 'catch-up').includes(id!), 3_000, 'the change read again');
    expect(told.problems.some((p) => p.kind === 'malformed')).toBe(true);
  });

  it('filters go with the subscription and every read', async () => {
    gate = await startGate(fx.sandbox.port);
    const { feed, told } = feedOn({
      realtime: { baseUrl: gate.baseUrl },
      feed: { filters: { transactionTypes: ['withdrawal'] } },
    });
    const from = fx.responses.length;
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    gate.setOpen(false);
    await waitUntil(() => told.events.some((e) => e.kind === 'lost'), 3_000, 'the drop');
    gate.setOpen(true);
    await waitUntil(() => told.events.some((e) => e.kind === 'caught-up'), 5_000, 'the catch-up');
    const subscribes = fx.responses.slice(from).filter((r) => r.kind === 'ws' && r.method === 'SUBSCRIBE');
    expect(subscribes.length).toBeGreaterThanOrEqual(2);
    for (const s of subscribes) expect(s.target).toContain('transactionTypes=withdrawal');
    expect(readsOf(from).length).toBeGreaterThan(0);
    for (const r of readsOf(from)) expect(r.target).toContain('transactionTypes=withdrawal');
  });

  it('a refused subscription: a problem each time, asked again with backoff; waitForSubscription returns', async () => {
    const key = await fx.addKey('full-access', { state: 'revoked' });
    const { feed, told } = feedOn({ key: { signer: key.signer } });
    feed.start();
    const started = Date.now();
    await feed.waitForSubscription(5_000);
    expect(Date.now() - started).toBeLessThan(4_000);
    await waitUntil(() => told.problems.filter((p) => p.kind === 'refused').length >= 3, 5_000, 'three refusals');
    expect(told.problems.every((p) => p.kind === 'refused')).toBe(true);
    expect(told.connections.at(-1)).toBe('reconnecting');
    fx.sandbox.setKeyState(key.kid, 'active');
    await waitUntil(() => told.connections.at(-1) === 'live', 5_000, 'live once the key is accepted');
  });

  it('close 4000: logged-out, no polling, no more reads', async () => {
    const ws = await startWsServer();
    try {
      // The feed's delays on a hand-driven clock: a busy machine cannot pass the grace before live.
      const clock = manualTimers();
      const { feed, told } = feedOn({ realtime: { baseUrl: ws.baseUrl }, feed: { clock } });
      feed.start();
      await waitUntil(() => told.events.some((e) => e.kind === 'live'), 3_000, 'live');
      await baseline(feed);
      const from = fx.responses.length;
      ws.connections[0]!.socket.close(4000, 'logged out');
      await waitUntil(() => told.events.some((e) => e.kind === 'logged-out'), 3_000, 'logged out');
      // No grace toward polling is left, nor a poll: nothing is waiting on the clock.
      expect(clock.pending).toEqual([]);
      await sleep(300);
      expect(told.connections.at(-1)).toBe('logged-out');
      expect(told.events.some((e) => e.kind === 'polling')).toBe(false);
      expect(targets(from)).toEqual([]);
    } finally {
      await ws.close();
    }
  });

  it('stop: the subscription ends, nothing is told afterwards', async () => {
    const { feed, told } = feedOn();
    const from = fx.responses.length;
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    feed.stop();
    const count = told.changes.length;
    const after = fx.responses.length;
    await createInWorld(fx, 2);
    feed.catchUp();
    await sleep(200);
    expect(told.changes).toHaveLength(count);
    // Unsubscribed: the server pushes it nothing more (the socket itself stays, it is the owner's).
    expect(fx.responses.slice(after).filter((r) => r.kind === 'ws' && r.method === 'PUSH')).toEqual([]);
    expect(targets(from)).toEqual([]);
  });

  it("an owner's listener that throws is logged; the feed runs on", async () => {
    const logs: string[] = [];
    const seen: string[] = [];
    const feed = createFeed({
      api: fx.client(),
      realtime: fx.realtime('full-access'),
      pageSize: 50,
      socketGraceMs: 60_000,
      pollIntervalMs: 200,
      retryBaseMs: 100,
      retryMaxMs: 500,
      log: (line) => logs.push(line),
      on: {
        changes(items) {
          seen.push(...items.map((tx) => tx.transactionId));
          throw new Error('the owner broke');
        },
      },
    });
    feeds.push(feed);
    feed.start();
    await feed.waitForSubscription(3_000);
    await baseline(feed);
    const made = await createInWorld(fx, 2);
    await waitUntil(() => made.every((id) => seen.includes(id)), 3_000, 'both frames');
    expect(logs.some((l) => /the feed's owner failed: .*the owner broke/.test(l))).toBe(true);
  });
});
