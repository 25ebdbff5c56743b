// The live subscription (wire notes §6) with our real realtime client and a raw socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { openRawSocket, type RawSocket } from '../helpers/raw-ws.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let ws: string;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 800 });
  ws = `/workspaces/${fx.workspaceId}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await fx.close();
});

async function raw(): Promise<RawSocket> {
  const socket = await openRawSocket(fx.sandbox.wsUrl);
  sockets.push(socket);
  return socket;
}

async function subscribeMessage(uri: string, correlationId: string, role = 'full-access' as const) {
  return {
    method: 'SUBSCRIBE',
    uri,
    headers: {
      'Correlation-Id': correlationId,
      Authorization: await fx.authorization('SUBSCRIBE', uri, '{}', { role }),
      'Content-Type': 'application/json',
    },
    body: {},
  };
}

const byId = (id: string) => (frame: { json: any }) => frame.json?.headers?.['Correlation-Id'] === id;

async function waitingApproval(): Promise<Transaction[]> {
  return fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
}

describe('with the realtime client', () => {
  it('snapshot first (what the list returns), then a frame per change', async () => {
    const [tx] = await waitingApproval();
    const rt = fx.realtime();
    const snapshots: Transaction[][] = [];
    const updates: Transaction[] = [];
    rt.subscribe(
      { accountId: tx!.accountId, limit: 50 },
      { onSnapshot: (txs) => snapshots.push(txs), onUpdate: (txs) => updates.push(...txs) },
    );
    await waitUntil(() => snapshots.length === 1, 5_000, 'the snapshot');
    const listed = await fx.client().transactions.list({ accountId: tx!.accountId, limit: 50 });
    expect(snapshots[0]!.map((t) => t.transactionId)).toEqual(listed.map((t) => t.transactionId));

    await fx.client().transactions.decide('decline', tx!.transactionId, { reason: 'live test' });
    await waitUntil(() => updates.some((t) => t.transactionId === tx!.transactionId), 5_000, 'the live frame');
    const frame = updates.find((t) => t.transactionId === tx!.transactionId)!;
    expect(frame.status).toBe('canceled');
    rt.close();
  });

  it('limit=0 gives an empty snapshot, then live frames only; two subscriptions on one socket', async () => {
    const rt = fx.realtime();
    const empty: Transaction[][] = [];
    const full: Transaction[][] = [];
    const live: Transaction[] = [];
    rt.subscribe({ limit: 0 }, { onSnapshot: (txs) => empty.push(txs), onUpdate: (txs) => live.push(...txs) });
    rt.subscribe({ transactionStatuses: ['waiting-approval'] }, { onSnapshot: (txs) => full.push(txs), onUpdate: () => {} });
    await waitUntil(() => empty.length === 1 && full.length === 1, 5_000, 'two snapshots');
    expect(empty[0]).toEqual([]);
    expect(full[0]!.length).toBeGreaterThan(0);
    expect(fx.sandbox.world).toBeDefined();
    const [tx] = await waitingApproval();
    await fx.client().transactions.decide('approve', tx!.transactionId);
    await waitUntil(() => live.some((t) => t.transactionId === tx!.transactionId), 5_000, 'a live frame');
    rt.close();
  });
});

describe('with a raw socket', () => {
  it('echoes the Correlation-Id and honours the filters', async () => {
    const socket = await raw();
    const [a, b] = await waitingApproval().then((txs) => {
      const first = txs[0]!;
      return [first, txs.find((t) => t.accountId !== first.accountId)!];
    });
    expect(b).toBeDefined();
    const uriA = `${ws}/transactions?accountId=${a!.accountId}&limit=0`;
    socket.send(await subscribeMessage(uriA, 'sub-account-a'));
    const snap = await socket.next(byId('sub-account-a'));
    expect(snap.json).toEqual({ status: 200, headers: { 'Correlation-Id': 'sub-account-a' }, body: { transactions: [] } });

    // A change in another account does not reach this subscription; one in its account does.
    await fx.client().transactions.decide('decline', b!.transactionId);
    await fx.client().transactions.decide('decline', a!.transactionId);
    const live = await socket.next(byId('sub-account-a'));
    expect(live.json.body.transactions.map((t: Transaction) => t.transactionId)).toEqual([a!.transactionId]);
    expect(socket.frames.some((f) => f.text.includes(b!.transactionId))).toBe(false);
  });

  it('UNSUBSCRIBE ends one subscription and leaves the other', async () => {
    const socket = await raw();
    const uri = `${ws}/transactions?limit=0`;
    socket.send(await subscribeMessage(uri, 'keep-me'));
    socket.send(await subscribeMessage(uri, 'drop-me'));
    await socket.next(byId('keep-me'));
    await socket.next(byId('drop-me'));
    socket.send({ method: 'UNSUBSCRIBE', uri, headers: { 'Correlation-Id': 'drop-me' } });
    // Messages of one socket are read in order: once the probe answers, the UNSUBSCRIBE is done.
    socket.send(await subscribeMessage(uri, 'probe'));
    await socket.next(byId('probe'));
    const [tx] = await waitingApproval();
    await fx.client().transactions.decide('decline', tx!.transactionId);
    const frame = await socket.next(byId('keep-me'));
    expect(frame.json.body.transactions[0].transactionId).toBe(tx!.transactionId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.frames.filter(byId('drop-me'))).toHaveLength(1);
  });

  it('includeEvents decides whether live frames carry events', async () => {
    const socket = await raw();
    socket.send(await subscribeMessage(`${ws}/transactions?limit=0&includeEvents=true`, 'with-events'));
    socket.send(await subscribeMessage(`${ws}/transactions?limit=0`, 'without-events'));
    await socket.next(byId('with-events'));
    await socket.next(byId('without-events'));
    const [tx] = await waitingApproval();
    await fx.client().transactions.decide('decline', tx!.transactionId);
    const withEvents = await socket.next(byId('with-events'));
    const without = await socket.next(byId('without-events'));
    const expected = (await fx.client().transactions.list({ transactionId: tx!.transactionId, includeEvents: true }))[0];
    expect(withEvents.json.body.transactions[0]._embedded?.events ?? []).toEqual(
      (expected!.embedded?.events ?? []).map((e) => expect.objectContaining({ eventId: e.eventId })),
    );
    expect(without.json.body.transactions[0]._embedded?.events).toBeUndefined();
  });

  it.each([
    ['a bad token', async (uri: string) => ({ ...(await subscribeMessage(uri, 'c1')), headers: { 'Correlation-Id': 'c1', Authorization: 'ApiKey nope' } }), 401, 'unauthorized'],
    ['no Authorization', async (uri: string) => ({ method: 'SUBSCRIBE', uri, headers: { 'Correlation-Id': 'c1' }, body: {} }), 401, 'unauthorized'],
    ['a token for another uri', async (uri: string) => ({ ...(await subscribeMessage(`${uri}&x=1`, 'c1')), uri }), 401, 'unauthorized'],
    ['a bad uri', async () => subscribeMessage('/workspaces/x/accounts', 'c1'), 400, 'bad-request'],
    ['a bad filter', async () => subscribeMessage(`${ws}/transactions?limit=5000`, 'c1'), 400, 'bad-request'],
    ['another workspace', async () => subscribeMessage('/workspaces/other/transactions', 'c1'), 403, 'forbidden'],
  ] as const)('refuses a SUBSCRIBE with %s: one frame %i', async (_name, make, status, error) => {
    const socket = await raw();
    socket.send(await make(`${ws}/transactions?limit=0`));
    const frame = await socket.next();
    expect(frame.json).toEqual({ status, headers: { 'Correlation-Id': 'c1' }, body: { error, message: expect.any(String) } });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('refuses a revoked key with 403, and ends live subscriptions of a key revoked later', async () => {
    const key = await fx.addKey('view-only');
    const uri = `${ws}/transactions?limit=0`;
    const socket = await raw();
    const message = async (id: string) => ({
      method: 'SUBSCRIBE',
      uri,
      headers: { 'Correlation-Id': id, Authorization: await fx.authorization('SUBSCRIBE', uri, '{}', { signer: key.signer }) },
      body: {},
    });
    socket.send(await message('before'));
    expect((await socket.next(byId('before'))).json.status).toBe(200);
    fx.sandbox.setKeyState(key.kid, 'revoked');
    const ended = await socket.next(byId('before'));
    expect(ended.json).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    socket.send(await message('after'));
    expect((await socket.next(byId('after'))).json).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });

  it.each([
    ['not JSON', 'hello'],
    ['a JSON array', '[1,2]'],
    ['an unknown method', JSON.stringify({ method: 'PUBLISH', uri: '/x', headers: { 'Correlation-Id': 'm1' } })],
    ['no uri', JSON.stringify({ method: 'SUBSCRIBE', headers: { 'Correlation-Id': 'm1' } })],
    ['no Correlation-Id', JSON.stringify({ method: 'SUBSCRIBE', uri: '/x', headers: {} })],
  ])('answers %s with a 400 frame and keeps the socket', async (_name, text) => {
    const socket = await raw();
    socket.send(text);
    const frame = await socket.next();
    expect(frame.json.status).toBe(400);
    expect(frame.json.body.error).toBe('bad-request');
    expect(typeof frame.json.headers['Correlation-Id']).toBe('string');
    socket.send(await subscribeMessage(`${ws}/transactions?limit=0`, 'still-alive'));
    expect((await socket.next(byId('still-alive'))).json.status).toBe(200);
  });

  it('closes with 1009 a message over 64 KiB', async () => {
    const socket = await raw();
    socket.send('x'.repeat(64 * 1024 + 1));
    expect((await socket.closed).code).toBe(1009);
  });
});

describe('socket lifetime', () => {
  it('closes an idle socket; pings keep one alive', async () => {
    const idle = await startTestSandbox({ idleTimeoutMs: 300, history: 50 });
    const quiet = await openRawSocket(idle.sandbox.wsUrl);
    const pinging = await openRawSocket(idle.sandbox.wsUrl);
    const timer = setInterval(() => pinging.ws.ping(), 100);
    const closed = await quiet.closed;
    expect(closed.code).toBe(1000);
    expect(closed.reason).toContain('idle');
    expect(pinging.ws.readyState).toBe(pinging.ws.OPEN);
    clearInterval(timer);
    pinging.close();
    await idle.close();
  });

  it('closes every socket with 1001 on shutdown, and close() is idempotent', async () => {
    const other = await startTestSandbox({ history: 50 });
    const socket = await openRawSocket(other.sandbox.wsUrl);
    await Promise.all([other.close(), other.sandbox.close()]);
    expect((await socket.closed).code).toBe(1001);
    await other.sandbox.close();
  });

  it('answers an upgrade on another path with 404', async () => {
    const err = await openRawSocket(fx.sandbox.wsUrl.replace(/\/ws$/, '/other')).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error).message)).toContain('404');
  });
});
