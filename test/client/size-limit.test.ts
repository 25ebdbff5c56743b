// Answers too big to hold: the HTTP client reads no more than `maxResponseBytes` of a body (by
// Content-Length or while streaming) and fails with a ContractError, never retried; the realtime
// client refuses a frame over `maxFrameBytes` (close 1009) and reconnects after a delay that grows
// to minutes (the server would send the frame again at once), with the reason in its state. The
// defaults leave room for the largest legitimate answer, a full page of 1000 transactions.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ContractError,
  createApiClient,
  createRealtime,
  DEFAULT_MAX_FRAME_BYTES,
  DEFAULT_MAX_RESPONSE_BYTES,
  type RealtimeState,
  type RequestInfo,
} from '../../src/client/index.js';
import { makeTestKey } from '../helpers/api-key.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { startWsServer, waitFor } from '../helpers/ws-server.js';
import { manualTimers } from '../helpers/manual-timers.js';

const MB = 1024 * 1024;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** A server whose every answer is `bytes` of a (valid) JSON list, with or without Content-Length. */
async function bigServer(bytes: number, declared: boolean): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits += 1;
    const head = '{"prices":[],"padding":"';
    const tail = '"}';
    const pad = bytes - head.length - tail.length;
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declared ? { 'content-length': String(bytes) } : {}),
    });
    res.write(head);
    // Streamed in 64 KiB chunks (chunked encoding when undeclared).
    const chunk = 'x'.repeat(64 * 1024);
    let left = pad;
    const pump = () => {
      while (left > 0) {
        const piece = chunk.slice(0, Math.min(left, chunk.length));
        left -= piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end(tail);
    };
    res.on('error', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

describe('HTTP answers over the size limit', () => {
  it.each([
    ['declared by Content-Length', true],
    ['streamed without a length', false],
  ])('%s: refused unread as a ContractError, one attempt, no retry', async (_name, declared) => {
    const server = await bigServer(6 * MB, declared);
    const key = await makeTestKey();
    const attempts: RequestInfo[] = [];
    const api = createApiClient({
      baseUrl: server.url,
      workspaceId: 'ws1',
      signer: key.signer,
      maxResponseBytes: 1 * MB,
      retry: { limit: 3, baseDelayMs: 1, maxDelayMs: 5 },
      onRequest: (info) => attempts.push(info),
    });
    const err = await api.dictionary.symbolPrices().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).message).toMatch(/answered with more than 1 MB: not read/);
    expect(server.hits()).toBe(1);
    expect(attempts).toEqual([expect.objectContaining({ status: 200, error: 'answer too large', attempt: 1 })]);
  });

  it('an answer under the limit is read as before', async () => {
    const server = await bigServer(900 * 1024, false);
    const key = await makeTestKey();
    const api = createApiClient({ baseUrl: server.url, workspaceId: 'ws1', signer: key.signer, maxResponseBytes: 1 * MB });
    expect(await api.dictionary.symbolPrices()).toEqual([]);
  });

  it('the default limit is far above a full page of 1000 transactions from the sandbox', async () => {
    const fx = await startTestSandbox({ history: 1200 });
    try {
      const page = await fx.fetch('GET', `/workspaces/${fx.workspaceId}/transactions?limit=1000`);
      expect(page.json.transactions).toHaveLength(1000);
      const bytes = Buffer.byteLength(page.text);
      expect(bytes * 4).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES);
      expect(bytes * 4).toBeLessThan(DEFAULT_MAX_FRAME_BYTES);
      // And the client reads it under the default.
      expect(await fx.client().transactions.list({ limit: 1000 })).toHaveLength(1000);
    } finally {
      await fx.close();
    }
  });
});


describe('WebSocket frames over the size limit', () => {
  it('closes the socket (1009) unbuffered, and reconnects only after 30 s, 1 min ... up to 5 min, saying why', async () => {
    const key = await makeTestKey();
    const server = await startWsServer({ verifier: key.verifier() });
    cleanups.push(() => server.close());
    const timers = manualTimers();
    const rt = createRealtime({
      baseUrl: server.baseUrl,
      signer: key.signer,
      workspaceId: 'ws1',
      maxFrameBytes: 1 * MB,
      timers,
    });
    cleanups.push(() => rt.close());
    let snapshots = 0;
    const updates: number[] = [];
    const sub = rt.subscribe({}, { onSnapshot: () => (snapshots += 1), onUpdate: (t) => updates.push(t.length) });
    await waitFor(() => snapshots === 1, 3_000, 'snapshot');
    const delays: number[] = [];
    for (let round = 1; round <= 6; round++) {
      server.connections.at(-1)!.frame(sub.correlationId, { transactions: [], padding: 'x'.repeat(3 * MB) });
      const state = await waitFor(
        () => (rt.state.kind === 'reconnecting' ? (rt.state as Extract<RealtimeState, { kind: 'reconnecting' }>) : undefined),
        3_000,
        `round ${round}: the socket closed`,
      );
      expect(state.frameTooLarge).toBe(1 * MB);
      delays.push(state.delayMs);
      // Nothing is asked again until that delay has passed: no reconnect, no second download.
      expect(timers.pending.map((t) => t.ms)).toEqual([state.delayMs]);
      expect(server.connections).toHaveLength(round);
      timers.pass();
      await waitFor(() => snapshots === round + 1, 3_000, `round ${round}: a new snapshot after the reconnect`);
    }
    expect(delays).toEqual([30, 60, 120, 240, 300, 300].map((s) => s * 1_000));
    // The frame was refused (never delivered as an update), and the server heard 1009.
    await waitFor(() => server.connections[0]!.closed !== undefined, 3_000, 'the server saw the close');
    expect(server.connections[0]!.closed?.code).toBe(1009);
    expect(updates).toEqual([]);
    // The user's reconnect (after fixing things) starts the count over.
    server.connections.at(-1)!.frame(sub.correlationId, { transactions: [], padding: 'x'.repeat(3 * MB) });
    await waitFor(() => rt.state.kind === 'reconnecting', 3_000, 'closed again');
    rt.reconnect();
    await waitFor(() => snapshots === 8, 3_000, 'reconnected by hand');
    server.connections.at(-1)!.frame(sub.correlationId, { transactions: [], padding: 'x'.repeat(3 * MB) });
    await waitFor(() => rt.state.kind === 'reconnecting', 3_000, 'closed once more');
    expect(rt.state).toMatchObject({ delayMs: 30_000, frameTooLarge: 1 * MB });
  });

  it('a drop for another reason keeps the usual short delay and says no frame was too large', async () => {
    const key = await makeTestKey();
    const server = await startWsServer({ verifier: key.verifier() });
    cleanups.push(() => server.close());
    const timers = manualTimers();
    const rt = createRealtime({ baseUrl: server.baseUrl, signer: key.signer, workspaceId: 'ws1', timers });
    cleanups.push(() => rt.close());
    let snapshots = 0;
    rt.subscribe({}, { onSnapshot: () => (snapshots += 1), onUpdate: () => undefined });
    await waitFor(() => snapshots === 1, 3_000, 'snapshot');
    server.connections[0]!.socket.terminate();
    await waitFor(() => rt.state.kind === 'reconnecting', 3_000, 'dropped');
    expect(rt.state).toEqual({ kind: 'reconnecting', attempt: 1, delayMs: 1_000, code: 1006 });
  });
});
