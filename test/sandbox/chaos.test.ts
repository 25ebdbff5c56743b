// Faults on purpose (--chaos): 503/429 shares with Retry-After, latency, and the socket faults
// seen by a raw client (drop → 1006, close 4001, stall, garbage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChaosSpecError } from '../../src/sandbox/index.js';
import { openRawSocket, type RawSocket } from '../helpers/raw-ws.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  fx = await startTestSandbox({ history: 100 });
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

async function subscribe(socket: RawSocket, id: string): Promise<void> {
  const uri = `/workspaces/${fx.workspaceId}/transactions?limit=0`;
  socket.send({
    method: 'SUBSCRIBE',
    uri,
    headers: { 'Correlation-Id': id, Authorization: await fx.authorization('SUBSCRIBE', uri, '{}') },
    body: {},
  });
}

describe('HTTP faults', () => {
  it('answers shares of requests 503 and 429, each with Retry-After: 1, before doing anything', async () => {
    fx.sandbox.setChaos('503=0.3,429=0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await fx.fetch('GET', '/workspaces');
      statuses.push(res.status);
      if (res.status !== 200) {
        expect(res.headers.get('retry-after')).toBe('1');
        expect(res.headers.get('correlation-id')).toMatch(/^[0-9a-f]{32}$/);
        expect(res.json.error).toBe(res.status === 503 ? 'service-unavailable' : 'too-many-requests');
      }
    }
    fx.sandbox.setChaos(undefined);
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect(count(503)).toBeGreaterThan(30);
    expect(count(503)).toBeLessThan(90);
    expect(count(429)).toBeGreaterThan(15);
    expect(count(429)).toBeLessThan(65);
    expect(count(200) + count(503) + count(429)).toBe(200);
    // Marked in the tap, so that conformance checks know these are not the API's own answers.
    expect(fx.responses.some((r) => r.chaos === '503')).toBe(true);
    expect((await fx.fetch('GET', '/workspaces')).status).toBe(200);
  });

  it('a write refused with 503 did nothing (the token was not even spent)', async () => {
    const [tx] = await fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 1 });
    fx.sandbox.setChaos('503=1');
    const target = `/workspaces/${fx.workspaceId}/transactions/${tx!.transactionId}/decline`;
    const authorization = await fx.authorization('POST', target, '{}');
    expect((await fx.fetch('POST', target, { body: '{}', authorization })).status).toBe(503);
    fx.sandbox.setChaos(undefined);
    expect((await fx.client().transactions.get(tx!.transactionId)).status).toBe('waiting-approval');
    expect((await fx.fetch('POST', target, { body: '{}', authorization })).status).toBe(200);
  });

  it('adds latency', async () => {
    fx.sandbox.setChaos({ latencyMs: { min: 150, max: 150 } });
    const started = performance.now();
    expect((await fx.fetch('GET', '/workspaces')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    fx.sandbox.setChaos(undefined);
  });

  it('refuses a bad spec with a clear error', () => {
    expect(() => fx.sandbox.setChaos('explode=1')).toThrow(ChaosSpecError);
    expect(() => fx.sandbox.setChaos({ share503: 2 })).toThrow(/503/);
  });
});

describe('socket faults', () => {
  it('drop: every socket is cut without a close frame (1006)', async () => {
    const socket = await raw();
    fx.sandbox.setChaos('drop=0.2');
    expect((await socket.closed).code).toBe(1006);
    fx.sandbox.setChaos(undefined);
  });

  it('close4001: every socket is closed with 4001', async () => {
    const a = await raw();
    const b = await raw();
    fx.sandbox.setChaos('close4001=0.2');
    expect((await a.closed).code).toBe(4001);
    expect((await b.closed).code).toBe(4001);
    fx.sandbox.setChaos(undefined);
  });

  it('stall: the socket stays open but sends no frame and answers no ping', async () => {
    const socket = await raw();
    await subscribe(socket, 'before-stall');
    await socket.next();
    let pongs = 0;
    socket.ws.on('pong', () => (pongs += 1));
    socket.ws.ping();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pongs).toBe(1);

    fx.sandbox.setChaos('stall=0.1');
    await new Promise((resolve) => setTimeout(resolve, 250));
    fx.sandbox.setChaos(undefined);
    socket.ws.ping();
    await subscribe(socket, 'after-stall');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pongs).toBe(1);
    expect(socket.frames).toHaveLength(1);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('garbage: frames replaced by malformed JSON, marked in the tap', async () => {
    fx.sandbox.setChaos('garbage=1');
    const socket = await raw();
    await subscribe(socket, 'garbled');
    const frame = await socket.next();
    expect(frame.json).toBeUndefined();
    expect(() => JSON.parse(frame.text)).toThrow();
    expect(fx.responses.filter((r) => r.kind === 'ws').at(-1)?.chaos).toBe('garbage');
    fx.sandbox.setChaos(undefined);
  });
});

describe('chaos at start', () => {
  it('takes the spec as text', async () => {
    const other = await startTestSandbox({ history: 20, chaos: '429=1' });
    const res = await other.fetch('GET', '/workspaces');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    await other.close();
  });

  it('refuses a bad spec', async () => {
    await expect(startTestSandbox({ history: 20, chaos: 'latency=slow' })).rejects.toThrow(ChaosSpecError);
  });
});
