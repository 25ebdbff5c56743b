// The realtime client against a real `ws` server on a loopback port (wire notes §6).
import { afterEach, describe, expect, it } from 'vitest';
import { requestDigest } from '../../src/auth/index.js';
import {
  ApiError,
  ContractError,
  createRealtime,
  type RealtimeClient,
  type RealtimeOptions,
  type RealtimeState,
  realtimeUrl,
  type SubscriptionHandlers,
} from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { fullTransaction, minimalTransaction } from '../contract/fixtures/records.js';
import { jwtPayload, makeTestKey, type TestKey, tokenOf } from '../helpers/api-key.js';
import { closedPort } from '../helpers/http-server.js';
import { expectNoSecrets } from '../helpers/secrets.js';
import { startWsServer, type WsServerOptions, type WsTestServer, waitFor } from '../helpers/ws-server.js';

interface Recorder extends SubscriptionHandlers {
  snapshots: { transactions: Transaction[]; correlationId: string; reconnect: boolean }[];
  updates: Transaction[][];
  errors: ApiError[];
  malformed: ContractError[];
}

function recorder(): Recorder {
  const r: Recorder = {
    snapshots: [],
    updates: [],
    errors: [],
    malformed: [],
    onSnapshot: (transactions, info) => r.snapshots.push({ transactions, ...info }),
    onUpdate: (transactions) => r.updates.push(transactions),
    onError: (err) => r.errors.push(err),
    onMalformed: (err) => r.malformed.push(err),
  };
  return r;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(
  serverOptions: Omit<WsServerOptions, 'verifier'> = {},
  clientOptions: Partial<RealtimeOptions> = {},
): Promise<{ key: TestKey; server: WsTestServer; rt: RealtimeClient; states: RealtimeState[] }> {
  const key = await makeTestKey();
  const server = await startWsServer({ ...serverOptions, verifier: key.verifier() });
  cleanups.push(() => server.close());
  const rt = createRealtime({
    baseUrl: server.baseUrl,
    signer: key.signer,
    workspaceId: 'ws1',
    reconnectStepMs: 50,
    reconnectMaxMs: 200,
    tokenRefreshDelayMs: 300,
    ...clientOptions,
  });
  cleanups.push(() => rt.close());
  const states: RealtimeState[] = [];
  rt.on('state', (s) => states.push(s));
  return { key, server, rt, states };
}

const tx = (id: string, updatedAt = '1747241036052'): Record<string, unknown> => ({
  ...minimalTransaction,
  transactionId: id,
  updatedAt,
});

describe('realtimeUrl', () => {
  it.each([
    ['http://h:1', 'ws://h:1/ws'],
    ['https://api.example', 'wss://api.example/ws'],
    ['https://api.example/prefix/', 'wss://api.example/prefix/ws'],
    ['http://h/a/b', 'ws://h/a/b/ws'],
  ])('%s → %s', (base, url) => {
    expect(realtimeUrl(base)).toBe(url);
  });
});

describe('subscribe, snapshot, updates', () => {
  it('sends a signed SUBSCRIBE and routes the snapshot and later frames', async () => {
    const { server, rt } = await setup({ prefix: '/api' });
    server.snapshot = [fullTransaction];
    const frames: number[] = [];
    rt.on('frame', ({ bytes }) => frames.push(bytes));
    const rec = recorder();
    const sub = rt.subscribe({ transactionStatuses: ['waiting-approval', 'new'], limit: 50 }, rec);
    expect(sub.uri).toBe('/workspaces/ws1/transactions?transactionStatuses=waiting-approval%2Cnew&limit=50');
    expect(sub.correlationId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => rec.snapshots.length === 1, 3_000, 'snapshot');
    expect(rt.state).toEqual({ kind: 'open' });

    const conn = server.connections[0]!;
    const msg = conn.messages[0]!;
    expect(JSON.parse(msg.raw)).toEqual({
      method: 'SUBSCRIBE',
      uri: sub.uri,
      headers: {
        'Correlation-Id': sub.correlationId,
        Authorization: expect.stringMatching(/^ApiKey [\w-]+\.[\w-]+\.[\w-]+$/),
        'Content-Type': 'application/json',
      },
      body: {},
    });
    expect(msg.verified?.ok).toBe(true);
    const payload = jwtPayload(tokenOf(msg.headers.Authorization));
    expect(payload.message).toBe(requestDigest(payload.iat as number, 'SUBSCRIBE', sub.uri, '{}'));

    expect(rec.snapshots[0]).toMatchObject({ correlationId: sub.correlationId, reconnect: false });
    expect(rec.snapshots[0]?.transactions[0]?.embedded?.events).toHaveLength(2);

    conn.frame(sub.correlationId, { transactions: [tx('tx2')] });
    // A body sent as a string holding JSON is unwrapped once.
    conn.frame(sub.correlationId, JSON.stringify({ transactions: [tx('tx3'), tx('tx4')] }));
    await waitFor(() => rec.updates.length === 2, 3_000, 'updates');
    expect(rec.updates.map((u) => u.map((t) => t.transactionId))).toEqual([['tx2'], ['tx3', 'tx4']]);
    expect(rec.errors).toEqual([]);
    expect(rec.malformed).toEqual([]);
    expect(frames).toHaveLength(3);
    expect(frames.every((n) => n > 0)).toBe(true);
  });

  it('two subscriptions on one socket, frames routed by Correlation-Id; unknown ids ignored', async () => {
    const { server, rt } = await setup();
    const a = recorder();
    const b = recorder();
    const subA = rt.subscribe({ accountId: 'A' }, a);
    const subB = rt.subscribe({ accountId: 'B' }, b);
    await waitFor(() => a.snapshots.length === 1 && b.snapshots.length === 1);
    const conn = server.connections[0]!;
    conn.frame('f'.repeat(32), { transactions: [tx('stray')] });
    conn.frame(subB.correlationId, { transactions: [tx('b1')] });
    conn.frame(subA.correlationId, { transactions: [tx('a1')] });
    await waitFor(() => a.updates.length === 1 && b.updates.length === 1);
    expect(a.updates[0]?.[0]?.transactionId).toBe('a1');
    expect(b.updates[0]?.[0]?.transactionId).toBe('b1');
    expect(server.connections).toHaveLength(1);
  });

  it('UNSUBSCRIBE with the same uri and Correlation-Id; later frames are dropped', async () => {
    const { server, rt } = await setup();
    const rec = recorder();
    const sub = rt.subscribe({ limit: 0 }, rec);
    await waitFor(() => rec.snapshots.length === 1);
    sub.unsubscribe();
    sub.unsubscribe(); // idempotent
    const conn = server.connections[0]!;
    await waitFor(() => conn.messages.length === 2, 3_000, 'UNSUBSCRIBE');
    expect(JSON.parse(conn.messages[1]!.raw)).toEqual({
      method: 'UNSUBSCRIBE',
      uri: '/workspaces/ws1/transactions?limit=0',
      headers: { 'Correlation-Id': sub.correlationId },
    });
    expect(sub.active).toBe(false);
    conn.frame(sub.correlationId, { transactions: [tx('late')] });
    await new Promise((r) => setTimeout(r, 50));
    expect(rec.updates).toEqual([]);
  });
});

describe('bad frames', () => {
  it('a frame with status >= 400 ends that subscription with an ApiError', async () => {
    const { server, rt, key } = await setup();
    const bad = recorder();
    const good = recorder();
    const badSub = rt.subscribe({ accountId: 'forbidden' }, bad);
    const goodSub = rt.subscribe({}, good);
    await waitFor(() => bad.snapshots.length === 1 && good.snapshots.length === 1);
    const conn = server.connections[0]!;
    conn.frame(badSub.correlationId, { error: 'forbidden', message: 'role does not allow this' }, 403);
    await waitFor(() => bad.errors.length === 1);
    const err = bad.errors[0]!;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'role does not allow this',
      correlationId: badSub.correlationId,
      method: 'SUBSCRIBE',
      path: '/workspaces/ws1/transactions',
    });
    expectNoSecrets(err, [key.jwk.d, ...conn.messages.map((m) => tokenOf(m.headers.Authorization))]);
    expect(badSub.active).toBe(false);
    // Later frames for it are ignored; the other subscription and the socket go on.
    conn.frame(badSub.correlationId, { transactions: [tx('x')] });
    conn.frame(goodSub.correlationId, { transactions: [tx('y')] });
    await waitFor(() => good.updates.length === 1);
    expect(bad.updates).toEqual([]);

    // After a reconnect only the live subscription is sent again.
    conn.socket.terminate();
    await waitFor(() => good.snapshots.length === 2, 3_000, 'resubscribe');
    const uris = server.connections[1]!.messages.map((m) => m.headers['Correlation-Id']);
    expect(uris).toEqual([goodSub.correlationId]);
  });

  it('a real 401 (SUBSCRIBE signed by an unknown key) ends the subscription without leaking the token', async () => {
    const { server } = await setup();
    const stranger = await makeTestKey();
    const rt = createRealtime({ baseUrl: server.baseUrl, signer: stranger.signer, workspaceId: 'ws1' });
    cleanups.push(() => rt.close());
    const rec = recorder();
    rt.subscribe({}, rec);
    await waitFor(() => rec.errors.length === 1);
    expect(rec.errors[0]).toMatchObject({ status: 401, code: 'unauthorized' });
    const sent = server.connections.at(-1)!.messages.map((m) => tokenOf(m.headers.Authorization));
    expectNoSecrets(rec.errors[0], [stranger.jwk.d, ...sent]);
  });

  it('a frame that does not parse is reported and skipped; the socket stays', async () => {
    const { server, rt } = await setup();
    const rec = recorder();
    const sub = rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    const conn = server.connections[0]!;
    const { createdAt: _gone, ...broken } = minimalTransaction;
    conn.frame(sub.correlationId, { transactions: [broken] });
    conn.socket.send('this is not json');
    conn.frame(sub.correlationId, '{"transactions": [');
    conn.frame(sub.correlationId, { transactions: [tx('ok')] });
    await waitFor(() => rec.updates.length === 1);
    expect(rec.malformed).toHaveLength(3);
    const [first, second, third] = rec.malformed as [ContractError, ContractError, ContractError];
    expect(first).toBeInstanceOf(ContractError);
    expect(first.field).toBe('body.transactions.0.createdAt');
    expect(first.correlationId).toBe(sub.correlationId);
    expect(first.endpoint).toBe('SUBSCRIBE /workspaces/ws1/transactions');
    expect(second.field).toBe('');
    expect(third.field).toBe('body');
    expect(server.connections).toHaveLength(1);
    expect(rt.state.kind).toBe('open');
  });

  it("a handler that throws does not break the socket (reported as 'error')", async () => {
    const { server, rt } = await setup();
    const errors: Error[] = [];
    rt.on('error', (e) => errors.push(e));
    const updates: string[] = [];
    const sub = rt.subscribe(
      {},
      {
        onSnapshot: () => {
          throw new Error('consumer bug');
        },
        onUpdate: (t) => updates.push(t[0]!.transactionId),
      },
    );
    await waitFor(() => errors.length === 1);
    server.connections[0]!.frame(sub.correlationId, { transactions: [tx('u')] });
    await waitFor(() => updates.length === 1);
    expect(errors[0]?.message).toBe('consumer bug');
  });
});

describe('reconnecting', () => {
  it('after a dropped socket (1006): re-signed SUBSCRIBE, same Correlation-Id, snapshot with reconnect: true', async () => {
    const { server, rt, states } = await setup();
    const rec = recorder();
    const sub = rt.subscribe({ isTerminated: false }, rec);
    await waitFor(() => rec.snapshots.length === 1);
    server.connections[0]!.socket.terminate();
    await waitFor(() => rec.snapshots.length === 2, 3_000, 'second snapshot');
    expect(rec.snapshots[1]).toMatchObject({ correlationId: sub.correlationId, reconnect: true });
    const [m1, m2] = [server.connections[0]!.messages[0]!, server.connections[1]!.messages[0]!];
    expect(m2.headers['Correlation-Id']).toBe(m1.headers['Correlation-Id']);
    expect(m2.uri).toBe(m1.uri);
    expect(tokenOf(m2.headers.Authorization)).not.toBe(tokenOf(m1.headers.Authorization));
    // One verifier with replay detection accepted both tokens.
    expect(m1.verified?.ok).toBe(true);
    expect(m2.verified?.ok).toBe(true);
    const reconnecting = states.find((s) => s.kind === 'reconnecting');
    expect(reconnecting).toEqual({ kind: 'reconnecting', attempt: 1, delayMs: 50, code: 1006 });
    expect(states.map((s) => s.kind)).toEqual(['connecting', 'open', 'reconnecting', 'connecting', 'open']);
  });

  it('a server close 1000 on a short-lived socket reconnects with the step delay, a long-lived one at once', async () => {
    const { server, rt, states } = await setup({}, { longLivedMs: 300 });
    const rec = recorder();
    rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    server.connections[0]!.socket.close(1000, 'bye');
    await waitFor(() => rec.snapshots.length === 2);
    expect(states.filter((s) => s.kind === 'reconnecting')).toEqual([
      { kind: 'reconnecting', attempt: 1, delayMs: 50, code: 1000, reason: 'bye' },
    ]);
    await new Promise((r) => setTimeout(r, 350));
    server.connections[1]!.socket.close(1001);
    await waitFor(() => rec.snapshots.length === 3);
    expect(states.filter((s) => s.kind === 'reconnecting').at(-1)).toEqual({
      kind: 'reconnecting',
      attempt: 1,
      delayMs: 0,
      code: 1001,
    });
  });

  it('4001 reconnects after the token refresh delay', async () => {
    const { server, rt } = await setup({}, { tokenRefreshDelayMs: 300 });
    const rec = recorder();
    rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    const closedAt = Date.now();
    server.connections[0]!.socket.close(4001, 'token refresh');
    await waitFor(() => server.connections.length === 2, 3_000, 'reconnect');
    expect(server.connections[1]!.openedAt - closedAt).toBeGreaterThanOrEqual(250);
    await waitFor(() => rec.snapshots.length === 2);
    expect(rec.snapshots[1]?.reconnect).toBe(true);
  });

  it('4000 means logged out: no reconnect', async () => {
    const { server, rt, states } = await setup();
    const rec = recorder();
    const sub = rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    server.connections[0]!.socket.close(4000, 'logged out');
    await waitFor(() => rt.state.kind === 'logged-out');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.connections).toHaveLength(1);
    expect(states.at(-1)).toEqual({ kind: 'logged-out' });
    expect(sub.active).toBe(false);
    // reconnect() is the way back once the user fixed the key.
    rt.reconnect();
    await waitFor(() => rec.snapshots.length === 2);
    expect(rec.snapshots[1]?.reconnect).toBe(true);
  });

  it('a stalled server (no pongs) is detected within pingInterval + pongTimeout and reconnected', async () => {
    const { server, rt } = await setup({ autoPong: false }, { pingIntervalMs: 100, pongTimeoutMs: 200 });
    const stalls: number[] = [];
    rt.on('stalled', () => stalls.push(Date.now()));
    const rec = recorder();
    rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    const openedAt = Date.now();
    await waitFor(() => stalls.length === 1, 3_000, 'stall');
    const detectedAfter = (stalls[0] as number) - openedAt;
    expect(detectedAfter).toBeGreaterThanOrEqual(250);
    expect(detectedAfter).toBeLessThan(1_000);
    await waitFor(() => rec.snapshots.length === 2, 3_000, 'resubscribe after stall');
    expect(server.connections[0]!.closed).toBeDefined();
  });

  it('pongs keep a quiet socket open', async () => {
    const { server, rt } = await setup({}, { pingIntervalMs: 50, pongTimeoutMs: 100 });
    let stalled = false;
    rt.on('stalled', () => {
      stalled = true;
    });
    rt.subscribe({}, recorder());
    await waitFor(() => rt.state.kind === 'open');
    await new Promise((r) => setTimeout(r, 400));
    expect(stalled).toBe(false);
    expect(server.connections).toHaveLength(1);
  });

  it('failed connects back off step by step up to the maximum', async () => {
    const key = await makeTestKey();
    const port = await closedPort();
    const rt = createRealtime({
      baseUrl: `http://127.0.0.1:${port}`,
      signer: key.signer,
      workspaceId: 'ws1',
      reconnectStepMs: 20,
      reconnectMaxMs: 60,
    });
    cleanups.push(() => rt.close());
    const states: RealtimeState[] = [];
    rt.on('state', (s) => states.push(s));
    await waitFor(() => states.filter((s) => s.kind === 'reconnecting').length >= 5, 3_000);
    rt.close();
    const delays = states.filter((s) => s.kind === 'reconnecting').map((s) => [s.attempt, s.delayMs]);
    expect(delays.slice(0, 5)).toEqual([
      [2, 20],
      [3, 40],
      [4, 60],
      [5, 60],
      [6, 60],
    ]);
  });
});

describe('close', () => {
  it('closes with 1000, stops reconnecting, leaves no timers behind', async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const { server, rt, states } = await setup({}, { pingIntervalMs: 30 });
    const rec = recorder();
    const sub = rt.subscribe({}, rec);
    await waitFor(() => rec.snapshots.length === 1);
    rt.close();
    expect(rt.state).toEqual({ kind: 'closed' });
    expect(states.at(-1)).toEqual({ kind: 'closed' });
    expect(sub.active).toBe(false);
    await waitFor(() => server.connections[0]!.closed, 3_000, 'server-side close');
    expect(server.connections[0]!.closed?.code).toBe(1000);
    await new Promise((r) => setTimeout(r, 150));
    expect(server.connections).toHaveLength(1);
    expect(() => rt.subscribe({}, recorder())).toThrow(/closed/);
    const after = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    expect(after).toBeLessThanOrEqual(before);
  });

  it('close() while waiting to reconnect cancels the reconnect', async () => {
    const { server, rt } = await setup({}, { reconnectStepMs: 200 });
    rt.subscribe({}, recorder());
    await waitFor(() => rt.state.kind === 'open');
    server.connections[0]!.socket.terminate();
    await waitFor(() => rt.state.kind === 'reconnecting');
    rt.close();
    await new Promise((r) => setTimeout(r, 350));
    expect(server.connections).toHaveLength(1);
  });

  it('close() before the first connection opens', async () => {
    const { server, rt } = await setup();
    rt.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(rt.state.kind).toBe('closed');
    expect(server.connections.filter((c) => !c.closed).length).toBe(0);
  });
});
