// Retries (GET only, 429/5xx/network/timeout), fresh tokens per attempt, timeouts, refusals.
import { afterEach, describe, expect, it } from 'vitest';
import { requestDigest } from '../../src/auth/index.js';
import {
  ApiError,
  createApiClient,
  createHttp,
  NetworkError,
  type RequestInfo,
} from '../../src/client/index.js';
import { WorkspaceSchema } from '../../src/contract/index.js';
import { minimalTransaction } from '../contract/fixtures/records.js';
import { jwtPayload, makeTestKey, tokenOf } from '../helpers/api-key.js';
import { closedPort, type Reply, startHttpServer, type TestServer } from '../helpers/http-server.js';
import { expectNoSecrets } from '../helpers/secrets.js';

const workspace = { workspaceId: 'ws1', name: 'Acme', tag: 'acme' };
const fast = { baseDelayMs: 10, maxDelayMs: 2_000 };
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Answers the scripted replies in order, then the last one forever. */
function script(...replies: Reply[]): () => Reply {
  let i = 0;
  return () => replies[Math.min(i++, replies.length - 1)] as Reply;
}

describe('GET retries', () => {
  it('503 then 200: retried with a fresh, valid token per attempt and one Correlation-Id', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(
      script({ status: 503, json: { error: 'x', message: 'busy' } }, { json: workspace }),
      {
        verifier: key.verifier(),
      },
    );
    const attempts: RequestInfo[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: fast,
      onRequest: (info) => attempts.push(info),
    });
    await expect(client.workspaces.get()).resolves.toEqual(workspace);
    const [first, second] = server.requests;
    expect(server.requests).toHaveLength(2);
    // The verifier (with replay detection) accepted both: each attempt carried its own token.
    expect(first?.verified?.ok).toBe(true);
    expect(second?.verified?.ok).toBe(true);
    const t1 = tokenOf(first?.headers.authorization);
    const t2 = tokenOf(second?.headers.authorization);
    expect(t1).not.toBe(t2);
    for (const token of [t1, t2]) {
      const payload = jwtPayload(token);
      expect(payload.message).toBe(requestDigest(payload.iat as number, 'GET', '/workspaces/ws1', ''));
      expect(Math.abs((payload.iat as number) - Date.now() / 1000)).toBeLessThan(5);
    }
    expect(first?.headers['correlation-id']).toBe(second?.headers['correlation-id']);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    for (const a of attempts) {
      expect(a).toMatchObject({ method: 'GET', path: '/workspaces/ws1' });
      expect(JSON.stringify(a)).not.toContain(t1);
      expect(JSON.stringify(a)).not.toContain(t2);
    }
  });

  it('429 with Retry-After: 1 waits about that long before the retry', async () => {
    const key = await makeTestKey();
    const arrivals: number[] = [];
    const replies = script(
      { status: 429, json: { error: 'too-many-requests', message: 'slow' }, headers: { 'retry-after': '1' } },
      { json: workspace },
    );
    server = await startHttpServer(
      () => {
        arrivals.push(Date.now());
        return replies();
      },
      { verifier: key.verifier() },
    );
    const http = createHttp({ baseUrl: server.url, signer: key.signer, retry: { baseDelayMs: 10 } });
    const result = await http.request({ method: 'GET', path: '/workspaces/ws1', schema: WorkspaceSchema });
    expect(result.status).toBe(200);
    expect(arrivals).toHaveLength(2);
    const waited = (arrivals[1] as number) - (arrivals[0] as number);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5_000);
  });

  it('Retry-After is capped by maxDelayMs', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(
      script(
        { status: 503, json: { error: 'x', message: 'busy' }, headers: { 'retry-after': '3600' } },
        { json: workspace },
      ),
    );
    const http = createHttp({ baseUrl: server.url, signer: key.signer, retry: { maxDelayMs: 50 } });
    const started = Date.now();
    await http.request({ method: 'GET', path: '/workspaces/ws1', schema: WorkspaceSchema });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(server.requests).toHaveLength(2);
  });

  it('respects the limit, then throws the last ApiError', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ status: 500, json: { error: 'internal', message: 'boom' } }));
    const attempts: RequestInfo[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      retry: { ...fast, limit: 2 },
      onRequest: (a) => attempts.push(a),
    });
    const err = await http.request({ method: 'GET', path: '/x', schema: WorkspaceSchema }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, code: 'internal' });
    expect(server.requests).toHaveLength(3);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expectNoSecrets(err, [key.jwk.d, ...server.requests.map((r) => tokenOf(r.headers.authorization))]);
  });

  it('does not retry 4xx other than 429', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ status: 404, json: { error: 'not-found', message: 'no' } }));
    const http = createHttp({ baseUrl: server.url, signer: key.signer, retry: fast });
    await expect(http.request({ method: 'GET', path: '/x', schema: WorkspaceSchema })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries a dropped connection, then succeeds', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(script({ destroy: true }, { json: workspace }), {
      verifier: key.verifier(),
    });
    const attempts: RequestInfo[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      retry: fast,
      onRequest: (a) => attempts.push(a),
    });
    await expect(http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema })).resolves.toMatchObject(
      {
        status: 200,
      },
    );
    expect(server.requests).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ attempt: 1, error: expect.any(String) });
    expect(attempts[0]?.status).toBeUndefined();
    expect(attempts[1]).toMatchObject({ attempt: 2, status: 200 });
  });

  it('a timed-out attempt is retried; when every attempt times out → NetworkError timedOut', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ hang: true }));
    const attempts: RequestInfo[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      timeoutMs: 150,
      retry: { ...fast, limit: 1 },
      onRequest: (a) => attempts.push(a),
    });
    const err = await http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema }).catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ timedOut: true, method: 'GET', path: '/w' });
    expect(err.message).toMatch(/within 0.15 s/);
    expect(server.requests).toHaveLength(2);
    expectNoSecrets(err, [key.jwk.d, ...server.requests.map((r) => tokenOf(r.headers.authorization))]);
  });

  it('the timeout covers a body that never ends', async () => {
    const key = await makeTestKey();
    const { createServer } = await import('node:http');
    const slow = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"workspaceId":');
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const port = (slow.address() as { port: number }).port;
    try {
      const http = createHttp({
        baseUrl: `http://127.0.0.1:${port}`,
        signer: key.signer,
        timeoutMs: 150,
        retry: { limit: 0 },
      });
      const err = await http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema }).catch((e) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.timedOut).toBe(true);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });
});

describe('POST is never retried', () => {
  it('on 503', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ status: 503, json: { error: 'x', message: 'busy' } }));
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: fast,
    });
    const err = await client.transactions.decide('decline', 'tx1', { reason: 'no' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('on 429', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({
      status: 429,
      json: { error: 'too-many-requests', message: 'slow' },
      headers: { 'retry-after': '0' },
    }));
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: fast,
    });
    await expect(client.transactions.decide('approve', 'tx1')).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 0,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('on a network error', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ destroy: true }));
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: fast,
    });
    const err = await client.transactions
      .create({ accountId: 'a', externalId: 'e', transactionType: 'withdrawal', params: { amount: '1' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.method).toBe('POST');
    expect(server.requests).toHaveLength(1);
    expectNoSecrets(err, [key.jwk.d, ...server.requests.map((r) => tokenOf(r.headers.authorization))]);
  });

  it('on a timeout', async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ hang: true }));
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      timeoutMs: 100,
      retry: fast,
    });
    const err = await client.transactions
      .swapRoute({ accountId: 'a', fromAssetId: '1', toAssetId: '2', fromAmount: '1' })
      .catch((e) => e);
    expect(err).toMatchObject({ name: 'NetworkError', timedOut: true, method: 'POST' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('nothing listening', () => {
  it('connection refused → NetworkError after the retries', async () => {
    const key = await makeTestKey();
    const port = await closedPort();
    const attempts: RequestInfo[] = [];
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      signer: key.signer,
      workspaceId: 'ws1',
      retry: { ...fast, limit: 2 },
      onRequest: (a) => attempts.push(a),
    });
    const err = await client.transactions.list().catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      timedOut: false,
      code: 'ECONNREFUSED',
      path: '/workspaces/ws1/transactions',
    });
    expect(err.message).toMatch(/connection refused/);
    expect(err.correlationId).toMatch(/^[0-9a-f]{32}$/);
    expect(attempts).toHaveLength(3);
    expectNoSecrets(err, [key.jwk.d]);
  });
});

describe('abort', () => {
  it("the caller's signal ends the call (and its retries) with the signal's reason", async () => {
    const key = await makeTestKey();
    server = await startHttpServer(() => ({ hang: true }));
    const http = createHttp({ baseUrl: server.url, signer: key.signer, retry: fast });
    const controller = new AbortController();
    const pending = http.request({
      method: 'GET',
      path: '/w',
      schema: WorkspaceSchema,
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 50));
    const reason = new Error('user left the screen');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).toHaveLength(1);
  });
});

describe('signing what is sent', () => {
  it('the injected fetch receives the exact signed target, body text and headers', async () => {
    const key = await makeTestKey();
    const seen: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(minimalTransaction), { status: 201 });
    }) as unknown as typeof fetch;
    const client = createApiClient({
      baseUrl: 'https://api.example/p/',
      signer: key.signer,
      workspaceId: 'w',
      fetch: fakeFetch,
    });
    await client.transactions.create({
      accountId: 'a',
      externalId: 'é',
      transactionType: 'withdrawal',
      params: { amount: '1' },
    });
    const [{ url, init }] = seen as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://api.example/p/workspaces/w/transactions');
    const headers = init.headers as Record<string, string>;
    const payload = jwtPayload(tokenOf(headers.authorization));
    expect(payload.message).toBe(
      requestDigest(payload.iat as number, 'POST', '/p/workspaces/w/transactions', init.body as string),
    );
    expect(init.body).toBe(
      '{"accountId":"a","externalId":"é","transactionType":"withdrawal","params":{"amount":"1"}}',
    );
    expect(headers['content-type']).toBe('application/json');
    expect(init.redirect).toBe('manual');
  });
});
