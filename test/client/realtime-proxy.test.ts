// The live WebSocket through a real CONNECT proxy on loopback, against a real sandbox: the same
// proxy decision as HTTP (env, NO_PROXY, explicit), credentials, and proxies that refuse, are
// down or stay silent (a clear error naming the proxy, never its credentials, and no crash).
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ProxyError,
  type RealtimeClient,
  type RealtimeOptions,
  type RealtimeState,
  type SubscriptionHandlers,
} from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { basicAuth, type ForwardProxyOptions, startForwardProxy, type TestProxy } from '../helpers/forward-proxy.js';
import { closedPort } from '../helpers/http-server.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { expectNoSecrets } from '../helpers/secrets.js';
import { createInWorld } from '../live/helpers.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await startTestSandbox({ history: 30 });
});
afterAll(async () => {
  await fx.close();
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function proxyWith(opts: ForwardProxyOptions = { connect: 'tunnel' }): Promise<TestProxy> {
  const proxy = await startForwardProxy(opts);
  cleanups.push(() => proxy.close());
  return proxy;
}

/** host:port of the sandbox, as a CONNECT names it. */
const sandboxHost = () => new URL(fx.baseUrl).host;

interface Live {
  rt: RealtimeClient;
  snapshots: Transaction[][];
  updates: Transaction[][];
  errors: Error[];
  states: RealtimeState[];
}

/** A realtime client on the sandbox with one subscription, recording everything. */
function live(opts: Partial<RealtimeOptions>): Live {
  const rt = fx.realtime('full-access', { reconnectStepMs: 50, reconnectMaxMs: 200, ...opts });
  cleanups.push(() => rt.close());
  const out: Live = { rt, snapshots: [], updates: [], errors: [], states: [] };
  rt.on('error', (err) => out.errors.push(err));
  rt.on('state', (s) => out.states.push(s));
  const handlers: SubscriptionHandlers = {
    onSnapshot: (txs) => out.snapshots.push(txs),
    onUpdate: (txs) => out.updates.push(txs),
  };
  rt.subscribe({ limit: 5 }, handlers);
  return out;
}

const snapshot = (l: Live) => waitUntil(() => l.snapshots.length > 0, 5_000, 'a snapshot');
const firstError = async (l: Live): Promise<Error> => {
  await waitUntil(() => l.errors.length > 0, 5_000, 'an error');
  return l.errors[0]!;
};

describe('through the proxy', () => {
  it('HTTP_PROXY from the given env: the socket is tunnelled (CONNECT host:port) and frames arrive', async () => {
    const proxy = await proxyWith();
    const env = { HTTP_PROXY: proxy.url };
    const l = live({ env });
    await snapshot(l);
    expect(proxy.connects).toEqual([sandboxHost()]);

    const [id] = await createInWorld(fx, 1);
    await waitUntil(() => l.updates.flat().some((t) => t.transactionId === id), 5_000, 'the update');
    expect(l.errors).toEqual([]);
    expect(l.states.at(-1)).toEqual({ kind: 'open' });

    // HTTP with the same settings goes through the same proxy (absolute form for http://).
    await fx.client('full-access', { env }).transactions.list({ limit: 1 });
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]).toContain(`http://${sandboxHost()}/`);
  });

  it('lower-case http_proxy too', async () => {
    const proxy = await proxyWith();
    await snapshot(live({ env: { http_proxy: proxy.url } }));
    expect(proxy.connects).toEqual([sandboxHost()]);
  });

  it('an explicit proxy carries the socket, even when NO_PROXY names the host', async () => {
    const proxy = await proxyWith();
    const other = await proxyWith();
    await snapshot(live({ proxy: proxy.url, env: { HTTP_PROXY: other.url, NO_PROXY: '*' } }));
    expect(proxy.connects).toEqual([sandboxHost()]);
    expect(other.connects).toEqual([]);
  });

  it('credentials in the proxy URL are sent as Proxy-Authorization, for the socket and for HTTP', async () => {
    const proxy = await proxyWith({ connect: 'tunnel', auth: { user: 'ops', password: 's3cret-pw' } });
    const url = proxy.url.replace('http://', 'http://ops:s3cret-pw@');
    const l = live({ proxy: url });
    await snapshot(l);
    await fx.client('full-access', { proxy: url }).transactions.list({ limit: 1 });
    expect(proxy.connects).toEqual([sandboxHost()]);
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.authorizations).toEqual([basicAuth('ops', 's3cret-pw'), basicAuth('ops', 's3cret-pw')]);
  });

  it('percent-encoded credentials are decoded before they are sent', async () => {
    const proxy = await proxyWith({ connect: 'tunnel', auth: { user: 'ops@corp', password: 'p:w/d' } });
    const url = proxy.url.replace('http://', `http://${encodeURIComponent('ops@corp')}:${encodeURIComponent('p:w/d')}@`);
    await snapshot(live({ env: { HTTP_PROXY: url } }));
    expect(proxy.authorizations).toEqual([basicAuth('ops@corp', 'p:w/d')]);
  });
});

describe('NO_PROXY: the same host goes direct for HTTP and for the socket', () => {
  it.each([
    ['127.0.0.1'],
    ['port'],
    ['127.0.0.0/8'],
    [' localhost , 127.0.0.1 '],
    ['LOCALHOST,127.0.0.1'],
    ['*'],
  ])('NO_PROXY=%j: neither is proxied', async (form) => {
    const proxy = await proxyWith();
    const noProxy = form === 'port' ? sandboxHost() : form;
    const env = { HTTP_PROXY: proxy.url, NO_PROXY: noProxy };
    await snapshot(live({ env }));
    await fx.client('full-access', { env }).transactions.list({ limit: 1 });
    expect(proxy.connects).toEqual([]);
    expect(proxy.seen).toEqual([]);
  });

  it.each([['127.0.0.1:1'], ['0.0.1'], ['localhost'], ['10.0.0.0/8']])(
    'NO_PROXY=%j: both are proxied',
    async (noProxy) => {
      const proxy = await proxyWith();
      const env = { HTTP_PROXY: proxy.url, NO_PROXY: noProxy };
      await snapshot(live({ env }));
      await fx.client('full-access', { env }).transactions.list({ limit: 1 });
      expect(proxy.connects).toEqual([sandboxHost()]);
      expect(proxy.seen).toHaveLength(1);
    },
  );
});

describe('a proxy that refuses, is down or stays silent', () => {
  it('wrong credentials (407): a ProxyError naming the proxy, never the credentials; no crash', async () => {
    const proxy = await proxyWith({ connect: 'tunnel', auth: { user: 'ops', password: 'right' } });
    const l = live({ proxy: proxy.url.replace('http://', 'http://ops:wr0ng-s3cret@') });
    const err = await firstError(l);
    expect(err).toBeInstanceOf(ProxyError);
    expect(err).toMatchObject({ status: 407, proxyHost: proxy.host, method: 'GET', path: '/ws' });
    expect(err.message).toBe(
      `proxy ${proxy.host} refused the tunnel to ${sandboxHost()} (407 Proxy Authentication Required): ` +
        'the proxy refused the user name and password in the proxy URL',
    );
    expectNoSecrets(err, ['wr0ng-s3cret', basicAuth('ops', 'wr0ng-s3cret').slice(6), 'ops:']);
    await waitUntil(() => l.states.some((s) => s.kind === 'reconnecting'), 5_000, 'reconnecting');
    expect(l.snapshots).toEqual([]);
  });

  it('no credentials where the proxy wants them (407): says how to give them', async () => {
    const proxy = await proxyWith({ connect: 'tunnel', auth: { user: 'ops', password: 'right' } });
    const err = await firstError(live({ env: { HTTP_PROXY: proxy.url } }));
    expect(err.message).toContain('(407 Proxy Authentication Required): the proxy wants a user name and password');
  });

  it.each([
    [403, 'the proxy does not allow this destination'],
    [502, ''],
  ])('a CONNECT answered %i: the error names the proxy; once it lets the tunnel through, live', async (status, hint) => {
    const proxy = await proxyWith({ connect: status });
    const l = live({ env: { HTTP_PROXY: proxy.url } });
    const err = await firstError(l);
    expect(err).toBeInstanceOf(ProxyError);
    expect(err.message).toBe(
      `proxy ${proxy.host} refused the tunnel to ${sandboxHost()} (${status} Refused)${hint ? `: ${hint}` : ''}`,
    );
    await waitUntil(() => proxy.connects.length >= 2, 5_000, 'a second attempt');
    expect(l.states.filter((s) => s.kind === 'reconnecting').length).toBeGreaterThan(0);

    proxy.setConnect('tunnel');
    await snapshot(l);
    expect(l.rt.state).toEqual({ kind: 'open' });
  });

  it('a proxy that is down: "cannot reach proxy host:port (connection refused)"', async () => {
    const port = await closedPort();
    const l = live({ proxy: `http://ops:s3cret-pw@127.0.0.1:${port}` });
    const err = await firstError(l);
    expect(err).toBeInstanceOf(ProxyError);
    expect(err.message).toBe(`cannot reach proxy 127.0.0.1:${port} (connection refused)`);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', proxyHost: `127.0.0.1:${port}` });
    expectNoSecrets(err, ['s3cret-pw']);
    await waitUntil(() => l.states.some((s) => s.kind === 'reconnecting'), 5_000, 'reconnecting');
  });

  it('a silent proxy: the attempt ends after the connect timeout, and its connection is dropped', async () => {
    const proxy = await proxyWith({ connect: 'silent' });
    // One attempt only (the next is 10 s away): its own connection must be gone.
    const l = live({ env: { HTTP_PROXY: proxy.url }, connectTimeoutMs: 300, reconnectStepMs: 10_000 });
    const err = await firstError(l);
    expect(err.message).toBe(`proxy ${proxy.host} did not answer CONNECT within 0.3 s`);
    expect(err).toMatchObject({ timedOut: true, proxyHost: proxy.host });
    await waitUntil(() => l.states.some((s) => s.kind === 'reconnecting'), 5_000, 'reconnecting');
    expect(proxy.connects).toHaveLength(1);
    await waitUntil(() => proxy.openSockets() === 0, 5_000, 'no connection left open at the proxy');
  });

  it('close() while CONNECT is unanswered drops the connection to the proxy, quietly', async () => {
    const proxy = await proxyWith({ connect: 'silent' });
    const l = live({ env: { HTTP_PROXY: proxy.url }, connectTimeoutMs: 30_000 });
    await waitUntil(() => proxy.connects.length === 1, 5_000, 'the CONNECT');
    l.rt.close();
    await waitUntil(() => proxy.openSockets() === 0, 5_000, 'no connection left open at the proxy');
    expect(l.errors).toEqual([]);
    expect(l.rt.state).toEqual({ kind: 'closed' });
  });

  it('an unusable proxy URL: a TypeError naming the variable, not its value; reconnects, no crash', async () => {
    const l = live({ env: { HTTP_PROXY: 'socks5://ops:s3cret-pw@127.0.0.1:1080' } });
    const err = await firstError(l);
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toContain('HTTP_PROXY');
    expectNoSecrets(err, ['s3cret-pw']);
    await waitUntil(() => l.states.some((s) => s.kind === 'reconnecting'), 5_000, 'reconnecting');
  });
});

describe('debug output', () => {
  it('DEBUG=https-proxy-agent* prints the proxy without its credentials', async () => {
    // The agent logs through `debug`; its output is caught here instead of going to stderr.
    const name = 'debug';
    const { default: debug } = (await import(name)) as {
      default: { enable(ns: string): void; disable(): string; log: (...args: unknown[]) => void };
    };
    const lines: string[] = [];
    const savedLog = debug.log;
    debug.log = (...args: unknown[]) => lines.push(format(...args));
    debug.enable('https-proxy-agent*');
    try {
      const proxy = await proxyWith({ connect: 'tunnel', auth: { user: 'ops', password: 's3cret-pw' } });
      await snapshot(live({ proxy: proxy.url.replace('http://', 'http://ops:s3cret-pw@') }));
      expect(lines.join('\n')).toContain(proxy.host);
      for (const line of lines) {
        expect(line).not.toContain('s3cret-pw');
        expect(line).not.toContain(basicAuth('ops', 's3cret-pw').slice(6));
      }
    } finally {
      debug.disable();
      debug.log = savedLog;
    }
  });
});
