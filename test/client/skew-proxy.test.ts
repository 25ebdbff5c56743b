// Clock skew from the Date header, and proxies (explicit, and from the environment).
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, createHttp, proxyPlan } from '../../src/client/index.js';
import { WorkspaceSchema } from '../../src/contract/index.js';
import { makeTestKey } from '../helpers/api-key.js';
import { startForwardProxy, type TestProxy } from '../helpers/forward-proxy.js';
import { startHttpServer, type TestServer } from '../helpers/http-server.js';

const workspace = { workspaceId: 'ws1', name: 'Acme', tag: 'acme' };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function track<T extends { close(): Promise<void> }>(thing: Promise<T>): Promise<T> {
  const t = await thing;
  open.push(t);
  return t;
}

describe('clock skew', () => {
  it('a server 2 minutes ahead is reported once, with about 120000 ms', async () => {
    const key = await makeTestKey();
    const server = await track(
      startHttpServer(() => ({ json: workspace }), { date: () => new Date(Date.now() + 120_000) }),
    );
    const reports: number[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      onClockSkew: (ms) => reports.push(ms),
    });
    await http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema });
    await http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema });
    expect(reports).toHaveLength(1);
    expect(Math.abs((reports[0] as number) - 120_000)).toBeLessThan(2_500);
    expect(Math.abs((http.clockSkewMs as number) - 120_000)).toBeLessThan(2_500);
  });

  it('is read from error answers too, and negative when the server is behind', async () => {
    const key = await makeTestKey();
    const server = await track(
      startHttpServer(() => ({ status: 404, json: { error: 'not-found', message: 'no' } }), {
        date: () => new Date(Date.now() - 120_000),
      }),
    );
    const reports: number[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      onClockSkew: (ms) => reports.push(ms),
    });
    await expect(http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(reports).toHaveLength(1);
    expect(Math.abs((reports[0] as number) + 120_000)).toBeLessThan(2_500);
  });

  it('within 30 s is not reported', async () => {
    const key = await makeTestKey();
    const server = await track(
      startHttpServer(() => ({ json: workspace }), { date: () => new Date(Date.now() + 10_000) }),
    );
    const reports: number[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      onClockSkew: (ms) => reports.push(ms),
    });
    await http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema });
    expect(reports).toEqual([]);
    expect(Math.abs((http.clockSkewMs as number) - 10_000)).toBeLessThan(2_500);
  });

  it('is reported again after the clock came back and drifted off again', async () => {
    const key = await makeTestKey();
    const server = await track(startHttpServer(() => ({ json: workspace })));
    let offset = 60_000;
    const reports: number[] = [];
    const http = createHttp({
      baseUrl: server.url,
      signer: key.signer,
      now: () => Date.now() + offset,
      onClockSkew: (ms) => reports.push(ms),
    });
    const get = () => http.request({ method: 'GET', path: '/w', schema: WorkspaceSchema });
    await get();
    await get();
    offset = 0;
    await get();
    offset = 60_000;
    await get();
    expect(reports).toHaveLength(2);
    for (const ms of reports) expect(Math.abs(ms + 60_000)).toBeLessThan(2_500);
  });
});

describe('proxy', () => {
  async function setup(): Promise<{
    server: TestServer;
    proxy: TestProxy;
    key: Awaited<ReturnType<typeof makeTestKey>>;
  }> {
    const key = await makeTestKey();
    const server = await track(
      startHttpServer(() => ({ json: { transactions: [] } }), { verifier: key.verifier() }),
    );
    const proxy = await track(startForwardProxy());
    return { server, proxy, key };
  }

  it('an explicit proxy carries the request (absolute form), the signature still verifies', async () => {
    const { server, proxy, key } = await setup();
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      proxy: proxy.url,
    });
    await client.transactions.list({ toAddress: 'a b,c', transactionStatuses: ['new', 'signing'] });
    const target = '/workspaces/ws1/transactions?transactionStatuses=new%2Csigning&toAddress=a+b%2Cc';
    expect(proxy.seen).toEqual([`${server.url}${target}`]);
    expect(server.requests[0]?.url).toBe(target);
    expect(server.requests[0]?.verified?.ok).toBe(true);
  });

  it('HTTP_PROXY from the given environment', async () => {
    const { server, proxy, key } = await setup();
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      env: { HTTP_PROXY: proxy.url },
    });
    await client.transactions.list();
    expect(proxy.seen).toHaveLength(1);
    expect(server.requests[0]?.verified?.ok).toBe(true);
  });

  it('lower-case http_proxy too', async () => {
    const { server, proxy, key } = await setup();
    const client = createApiClient({
      baseUrl: server.url,
      signer: key.signer,
      workspaceId: 'ws1',
      env: { http_proxy: proxy.url },
    });
    await client.transactions.list();
    expect(proxy.seen).toHaveLength(1);
  });

  it('NO_PROXY is honoured', async () => {
    const { server, proxy, key } = await setup();
    for (const noProxy of ['127.0.0.1', `127.0.0.1:${server.port}`, 'localhost,127.0.0.1']) {
      const client = createApiClient({
        baseUrl: server.url,
        signer: key.signer,
        workspaceId: 'ws1',
        env: { HTTP_PROXY: proxy.url, NO_PROXY: noProxy },
      });
      await client.transactions.list();
    }
    expect(proxy.seen).toEqual([]);
    expect(server.requests).toHaveLength(3);
  });

  it('a proxy that is down gives a NetworkError without the proxy URL', async () => {
    const key = await makeTestKey();
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      signer: key.signer,
      workspaceId: 'ws1',
      proxy: 'http://user:s3cret@127.0.0.1:9',
      retry: { limit: 0 },
    });
    const err = await client.transactions.list().catch((e) => e);
    expect(err).toMatchObject({ name: 'NetworkError' });
    expect(String(err)).not.toContain('s3cret');
  });

  it('an invalid proxy URL is refused without echoing it', async () => {
    const key = await makeTestKey();
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      signer: key.signer,
      workspaceId: 'ws1',
      proxy: 'not a url s3cret',
    });
    const err = await client.transactions.list().catch((e) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(String(err)).not.toContain('s3cret');
  });

  it.each([
    [{}, undefined],
    [{ NO_PROXY: 'x' }, undefined],
    [{ HTTPS_PROXY: 'http://p:1' }, { kind: 'env', httpProxy: '', httpsProxy: 'http://p:1', noProxy: '' }],
    [
      { https_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2', no_proxy: 'h' },
      { kind: 'env', httpProxy: 'http://b:2', httpsProxy: 'http://a:1', noProxy: 'h' },
    ],
  ])('proxyPlan(%j)', (env, plan) => {
    expect(proxyPlan({ env })).toEqual(plan);
  });

  it('an explicit proxy wins over the environment', () => {
    expect(proxyPlan({ proxy: 'http://x:1', env: { HTTP_PROXY: 'http://y:2' } })).toEqual({
      kind: 'explicit',
      uri: 'http://x:1',
    });
  });
});
