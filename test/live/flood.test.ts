// A hostile or broken server floods the console: thousands of frames over distinct waiting ids,
// and frames over the size limit. The unfinished work held stays under its ceiling (low here,
// through the option), the most urgent kept and the ceiling said; a frame too large is not
// fetched again in a tight loop: the reconnect waits 30 s, then 1 min ... (a hand-driven timer
// here, no real waiting), and the status line, the header and the log say why.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { isTerminalTransactionStatus } from '../../src/format/index.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { startWsServer, type WsTestServer } from '../helpers/ws-server.js';
import { type Engine, engineOn } from './helpers.js';
import { manualTimers } from '../helpers/manual-timers.js';

let fx: SandboxFixture;
let ws: WsTestServer;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 300 });
});
afterEach(async () => {
  await ws?.close();
});
afterAll(async () => {
  await fx.close();
});

const notice = (e: Engine, key: string) => e.stores.session.getState().notices.find((n) => n.key === key);
const live = (e: Engine) => e.stores.session.getState().connection.kind === 'live';

/** The Correlation-Id of the engine's subscription on the hand-made server's `n`th connection. */
function subscription(n = 0): string {
  const sub = ws.connections[n]!.messages.find((m) => m.method === 'SUBSCRIBE')!;
  return sub.headers['Correlation-Id']!;
}


describe('a flood of distinct waiting transactions', () => {
  it('holds at most the ceiling, the most urgent first, and says so; `r` ends it once the server fits', async () => {
    ws = await startWsServer();
    const api = fx.client();
    const open = await api.transactions.list({ isTerminated: false, limit: 1000 });
    const ceiling = open.length + 20;
    const e = engineOn(fx, { realtime: { baseUrl: ws.baseUrl }, live: { maxUnfinished: ceiling } });
    await e.live.start();
    await waitUntil(() => live(e), 5_000, 'live');

    const sample = open[0]!;
    const forged = (id: string, expiresAt?: string): Transaction =>
      ({ ...sample, transactionId: id, status: 'waiting-approval', updatedAt: String(Date.now()), expiresAt }) as Transaction;
    const urgent = Array.from({ length: 10 }, (_, i) => `urgent-${i}`);
    const id = subscription();
    for (let i = 0; i < 3_000; i++) ws.connections[0]!.frame(id, { transactions: [forged(`flood-${i}`)] });
    // Last: ten with the soonest expiry of all; they must push their way in.
    for (const u of urgent) ws.connections[0]!.frame(id, { transactions: [forged(u, String(Date.UTC(2020, 0, 1)))] });
    const held = () => e.stores.transactions.getState();
    await waitUntil(() => urgent.every((u) => held().byId.has(u)), 20_000, 'the urgent ones');

    const s = held();
    const unfinished = [...s.byId.values()].filter((t) => !isTerminalTransactionStatus(t.status));
    expect(s.unfinished).toBe(unfinished.length);
    expect(s.unfinished).toBeLessThanOrEqual(ceiling);
    expect(s.unfinishedLimit).toBe(ceiling);
    expect(s.awaitingApproval).toBe(unfinished.filter((t) => t.status === 'waiting-approval').length);
    // The real work waiting for approval was held first: a flood of equals does not push it out.
    for (const t of open.filter((o) => o.status === 'waiting-approval')) expect(s.byId.has(t.transactionId)).toBe(true);
    // Memory follows the ceiling, not the flood: the history's first page and the ceiling's work.
    expect(s.byId.size).toBeLessThan(ceiling + 300);
    expect(s.ceiling).toBeDefined();
    const said = notice(e, 'ceiling')!;
    expect(said.text).toBe(
      `more than ${ceiling} unfinished transactions: the ${ceiling} most urgent are held (waiting for approval first, ` +
        'then the nearest expiry or end of security delay); the rest are left out',
    );
    expect(said.count).toBe(1);
    expect(e.logs.filter((l) => l.startsWith('notice [ceiling]'))).toHaveLength(1);

    // `r`: the server's own unfinished work fits; what it never had is checked and goes.
    e.live.refresh('transactions');
    await waitUntil(() => held().ceiling === undefined, 5_000, 'the ceiling mark cleared');
    expect(notice(e, 'ceiling')).toBeUndefined();
  }, 30_000);
});

describe('a frame over the size limit', () => {
  it('is not fetched again in a loop: 30 s, then 1 min before the next socket, said on the status line and in the log', async () => {
    ws = await startWsServer();
    const timers = manualTimers();
    const e = engineOn(fx, {
      realtime: { baseUrl: ws.baseUrl, maxFrameBytes: 64 * 1024, timers },
      live: { socketGraceMs: 60_000 },
    });
    await e.live.start();
    await waitUntil(() => live(e), 5_000, 'live');
    const big = { transactions: [], padding: 'x'.repeat(100 * 1024) };

    ws.connections[0]!.frame(subscription(0), big);
    const words = 'the server sent a live update of more than 64 KB (refused unread); reconnecting in 30s';
    await waitUntil(() => notice(e, 'frame:too-large') !== undefined, 5_000, 'the notice');
    expect(notice(e, 'frame:too-large')!.text).toBe(words);
    expect(e.stores.session.getState().connection).toMatchObject({ kind: 'reconnecting', detail: words });
    expect(e.logs).toContain(`live updates stopped (${words}); what changes meanwhile is fetched on return`);
    // Nothing is asked again until the delay passes.
    expect(timers.pending.map((t) => t.ms)).toEqual([30_000]);
    expect(ws.connections).toHaveLength(1);

    timers.pass();
    await waitUntil(() => live(e), 5_000, 'live again');
    // Live again: the notice's cause (the socket) is over.
    expect(notice(e, 'frame:too-large')).toBeUndefined();
    ws.connections[1]!.frame(subscription(1), big);
    await waitUntil(() => notice(e, 'frame:too-large') !== undefined, 5_000, 'the second notice');
    expect(notice(e, 'frame:too-large')!.text).toMatch(/more than 64 KB \(refused unread\); reconnecting in 1m$/);
    expect(timers.pending.map((t) => t.ms)).toEqual([60_000]);
    expect(ws.connections).toHaveLength(2);
  });
});
