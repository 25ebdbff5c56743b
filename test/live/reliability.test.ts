// The live engine when things go wrong: socket drops under chaos, no socket at all (polling), the
// network gone (offline), refused keys, malformed frames, 429s. It never crashes, says what is
// happening, and ends with the server's truth.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionKind } from '../../src/store/index.js';
import { closedPort } from '../helpers/http-server.js';
import { expectNoSecrets } from '../helpers/secrets.js';
import { startWsServer } from '../helpers/ws-server.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { createInWorld, diffWithTruth, engineOn, type Gate, serverTruth, sleep, startGate } from './helpers.js';

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

function recordKinds(stores: ReturnType<typeof engineOn>['stores']): ConnectionKind[] {
  const kinds: ConnectionKind[] = [stores.session.getState().connection.kind];
  stores.session.subscribe((s) => {
    if (s.connection.kind !== kinds.at(-1)) kinds.push(s.connection.kind);
  });
  return kinds;
}

async function waitingIds(): Promise<string[]> {
  const list = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
  return list.map((t) => t.transactionId);
}

describe('reconnects', () => {
  it('after socket drops under chaos the store equals the server: none missing, duplicated or stale', async () => {
    const { live, stores, logs } = engineOn(fx);
    const kinds = recordKinds(stores);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');

    // Sockets are cut every 300 ms for 3 s while the world keeps changing.
    fx.sandbox.setChaos('drop=0.3');
    const waiting = await waitingIds();
    for (let i = 0; i < 15; i++) {
      fx.advance(4_000);
      const id = waiting[i];
      if (id !== undefined && i % 3 === 0) await fx.client().transactions.decide('decline', id);
      await sleep(200);
    }
    fx.sandbox.setChaos(undefined);

    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 8_000, 'the store to match the server');
    expect(diffWithTruth(stores, truth)).toEqual([]);
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live again');
    expect(kinds).toContain('reconnecting');
    expect(logs.some((l) => l.startsWith('catch-up:'))).toBe(true);
    expect(stores.session.getState().notices).toEqual([]);
  });

  it('close 4001 (token refresh) reconnects and catches up too', async () => {
    const { live, stores, logs } = engineOn(fx, { realtime: { tokenRefreshDelayMs: 250 } });
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    fx.sandbox.setChaos('close4001=0.4');
    for (let i = 0; i < 15; i++) {
      fx.advance(3_000);
      await sleep(100);
    }
    fx.sandbox.setChaos(undefined);
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 8_000, 'the store to match the server');
    expect(logs.some((l) => l.startsWith('catch-up:'))).toBe(true);
  });
});

describe('no socket: polling', () => {
  it('polls the list when the WebSocket cannot connect, says so, and changes still arrive', async () => {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const { live, stores } = engineOn(fx, {
      realtime: { baseUrl: refused },
      live: { socketGraceMs: 300, pollIntervalMs: 200 },
    });
    const kinds = recordKinds(stores);
    await live.start();
    expect(stores.transactions.getState().byId.size).toBeGreaterThan(0); // the list loaded anyway
    await waitUntil(() => stores.session.getState().connection.kind === 'polling', 3_000, 'polling');
    expect(kinds).toContain('reconnecting');
    expect(stores.session.getState().connection.detail).toMatch(/socket closed \(1006\)|no live socket/);

    const [id] = await waitingIds();
    await fx.client().transactions.decide('decline', id!);
    fx.advance(10_000);
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'polls to bring the changes');
    expect(stores.transactions.getState().byId.get(id!)!.status).toBe('canceled');
    expect(stores.session.getState().connection.kind).toBe('polling');
    expect(stores.session.getState().freshAt).toBeGreaterThan(Date.now() - 2_000);
  });
});

describe('the network goes away and comes back', () => {
  let gate: Gate;
  afterEach(async () => {
    await gate?.close();
  });

  it('offline while neither socket nor HTTP answers; live again afterwards with nothing missed', async () => {
    gate = await startGate(fx.sandbox.port);
    const { live, stores, logs } = engineOn(fx, {
      client: { baseUrl: gate.baseUrl, timeoutMs: 2_000 },
      realtime: { baseUrl: gate.baseUrl },
      live: { socketGraceMs: 300, pollIntervalMs: 200 },
    });
    const kinds = recordKinds(stores);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');

    gate.setOpen(false);
    await waitUntil(() => stores.session.getState().connection.kind === 'offline', 5_000, 'offline');
    // An answer that passed the gate before it closed may still land (a busy machine delays it).
    await sleep(300);
    const freshAt = stores.session.getState().freshAt!;
    // The world moves on while we are away.
    const waiting = await waitingIds();
    await fx.client().transactions.decide('decline', waiting[0]!);
    fx.advance(20_000);
    await sleep(300);
    expect(stores.session.getState().connection.kind).toBe('offline');
    expect(stores.session.getState().freshAt).toBe(freshAt); // nothing confirmed while away
    expect(stores.transactions.getState().byId.get(waiting[0]!)?.status).not.toBe('canceled');
    expect(stores.session.getState().notices.some((n) => n.key === 'network')).toBe(true);

    gate.setOpen(true);
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live again');
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'the store to match the server');
    expect(kinds).toEqual(expect.arrayContaining(['live', 'offline']));
    expect(logs.some((l) => /^(catch-up|poll):/.test(l))).toBe(true);
  });

  it('a first subscription that arrives after the list was read still misses nothing', async () => {
    gate = await startGate(fx.sandbox.port);
    const { live, stores, logs } = engineOn(fx, {
      realtime: { baseUrl: gate.baseUrl },
      live: { socketGraceMs: 60_000 },
    });
    gate.setOpen(false);
    await live.start(); // the list is read without a subscription
    expect(stores.transactions.getState().byId.size).toBeGreaterThan(0);
    expect(stores.session.getState().connection.kind).toBe('reconnecting');
    const ids = await createInWorld(fx, 2);
    fx.advance(5_000);
    gate.setOpen(true);
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live');
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'the store to match the server');
    for (const id of ids) expect(stores.transactions.getState().byId.has(id)).toBe(true);
    expect(logs.some((l) => l.startsWith('catch-up:'))).toBe(true);
  });

  it('polling, then the socket comes back: live, with a gap fill', async () => {
    gate = await startGate(fx.sandbox.port);
    // HTTP goes straight to the sandbox; only the socket goes through the gate.
    const { live, stores, logs } = engineOn(fx, {
      realtime: { baseUrl: gate.baseUrl },
      live: { socketGraceMs: 300, pollIntervalMs: 5_000 },
    });
    gate.setOpen(false);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'polling', 3_000, 'polling');
    // A change the (slow) poller has not seen yet: the return of the socket must fetch it.
    const [id] = await waitingIds();
    await fx.client().transactions.decide('decline', id!);
    gate.setOpen(true);
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live');
    await waitUntil(
      () => stores.transactions.getState().byId.get(id!)?.status === 'canceled',
      3_000,
      'the change made while polling',
    );
    expect(logs.some((l) => l.startsWith('catch-up:'))).toBe(true);
  });
});

describe('logged out', () => {
  it('close 4000: the header says logged-out, a notice explains, and nothing polls', async () => {
    const ws = await startWsServer();
    try {
      const { live, stores, requests } = engineOn(fx, {
        realtime: { baseUrl: ws.baseUrl },
        live: { socketGraceMs: 100, pollIntervalMs: 50 },
      });
      await live.start();
      await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
      ws.connections[0]!.socket.close(4000, 'logged out');
      await waitUntil(() => stores.session.getState().connection.kind === 'logged-out', 3_000, 'logged-out');
      const reads = requests.filter((r) => r.path.endsWith('/transactions')).length;
      await sleep(400);
      expect(requests.filter((r) => r.path.endsWith('/transactions')).length).toBe(reads);
      expect(stores.session.getState().connection.kind).toBe('logged-out');
      expect(stores.session.getState().notices.find((n) => n.key === 'logged-out')?.text).toMatch(/4000/);
      expect(ws.connections).toHaveLength(1); // no reconnect either
    } finally {
      await ws.close();
    }
  });
});

describe('refused keys', () => {
  it.each([
    ['pending', 401, /not authenticated \(401\)/],
    ['revoked', 403, /forbidden \(403\)/],
  ] as const)('a %s key: explained notices, counted retries, no crash', async (state, status, text) => {
    const key = await fx.addKey('full-access', { state });
    const { live, stores, logs } = engineOn(fx, {
      client: { signer: key.signer },
      realtime: { signer: key.signer },
      live: { socketGraceMs: 200, pollIntervalMs: 100 },
    });
    await live.start();
    const notice = () => stores.session.getState().notices.find((n) => n.key?.startsWith(`auth:${status}`));
    expect(notice()?.text).toMatch(text);
    expect(notice()?.level).toBe('error');
    await waitUntil(() => (notice()?.count ?? 0) >= 5, 3_000, 'retries counted on one notice');
    // Every read is refused in the same words: one notice, whichever read hit it.
    expect(stores.session.getState().notices.filter((n) => n.key?.startsWith(`auth:${status}`))).toHaveLength(1);
    expect(stores.transactions.getState().byId.size).toBe(0);
    expect(stores.session.getState().connection.kind).not.toBe('live');

    // Nothing secret in what the engine said: no token, no private key.
    const said = [...logs, ...stores.session.getState().notices.map((n) => n.text)].join('\n');
    expectNoSecrets(said, [key.jwk.d]);

    // The key gets accepted: the engine recovers on its own.
    fx.sandbox.setKeyState(key.kid, 'active');
    await waitUntil(() => stores.transactions.getState().byId.size > 0, 5_000, 'the list after the key is accepted');
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live after the key is accepted');
  });

  it('a role without addresses or dictionary (mpc-hot-signer): those are explained, transactions still live', async () => {
    const { live, stores } = engineOn(fx, { role: 'mpc-hot-signer' });
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    expect(stores.transactions.getState().byId.size).toBeGreaterThan(0);
    expect(stores.workspace.getState().accounts.length).toBeGreaterThan(0);
    // One notice per refusal in its own words (the role names what it may not read), each ended
    // only by its own read.
    const auth = stores.session.getState().notices.filter((n) => n.key?.startsWith('auth:403'));
    expect(auth.length).toBeGreaterThanOrEqual(1);
    expect(new Set(auth.map((n) => n.text)).size).toBe(auth.length);
    for (const n of auth) {
      expect(n.text).toMatch(/^forbidden \(403\): role mpc-hot-signer cannot /);
      expect(n.cause).toMatch(/^read:/);
    }
  });
});

describe('malformed frames and busy servers', () => {
  it('a malformed frame is one counted notice; the engine keeps running and loses no change', async () => {
    const { live, stores } = engineOn(fx);
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 3_000, 'live');
    fx.sandbox.setChaos('garbage=1');
    const ids = await createInWorld(fx, 3);
    const malformed = () => stores.session.getState().notices.filter((n) => n.key === 'frame:malformed');
    await waitUntil(() => (malformed()[0]?.count ?? 0) >= 3, 3_000, 'three malformed frames counted');
    fx.sandbox.setChaos(undefined);
    expect(malformed()).toHaveLength(1);
    expect(malformed()[0]!.text).toMatch(/malformed live update/);

    // The garbled frames carried the three new transactions: a read after them fetched them anyway.
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'the store to match the server');
    for (const id of ids) expect(stores.transactions.getState().byId.has(id)).toBe(true);
    expect(stores.session.getState().connection.kind).toBe('live');
  });

  it('429s mark the session degraded; the next success clears it', async () => {
    const { live, stores } = engineOn(fx, { live: { pricePollMs: 50 } });
    await live.start();
    fx.sandbox.setChaos('429=1');
    await waitUntil(() => stores.session.getState().degraded !== undefined, 3_000, 'degraded');
    expect(stores.session.getState().degraded!.reason).toMatch(/429/);
    fx.sandbox.setChaos(undefined);
    await waitUntil(() => stores.session.getState().degraded === undefined, 3_000, 'cleared');
  });
});
