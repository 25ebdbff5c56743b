// The live engine and the watch engine behind a real proxy on loopback, on a real sandbox: live
// (not polling) through a CONNECT tunnel; a proxy that refuses tunnels gets a notice naming it
// while the engine falls back to polling and still brings every change.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWatch, type WatchReport } from '../../src/live/watch.js';
import { NO_FILTER } from '../../src/live/watch-filter.js';
import type { ConnectionKind } from '../../src/store/index.js';
import { startForwardProxy, type TestProxy } from '../helpers/forward-proxy.js';
import { type SandboxFixture, startTestSandbox, waitUntil } from '../helpers/sandbox.js';
import { createInWorld, diffWithTruth, engineOn, serverTruth } from './helpers.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await startTestSandbox({ history: 200 });
});
afterAll(async () => {
  await fx.close();
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function proxyWith(connect: 'tunnel' | number): Promise<TestProxy> {
  const proxy = await startForwardProxy({ connect });
  cleanups.push(() => proxy.close());
  return proxy;
}

const sandboxHost = () => new URL(fx.baseUrl).host;

describe('the console engine behind a proxy', () => {
  it('goes live through the tunnel (never polling); HTTP reads go through the same proxy', async () => {
    const proxy = await proxyWith('tunnel');
    const env = { HTTP_PROXY: proxy.url, NO_PROXY: 'localhost' };
    // The default grace (5 s): busy cores must not turn a slow first tunnel into polling.
    const { live, stores } = engineOn(fx, { client: { env }, realtime: { env }, live: { socketGraceMs: 5_000 } });
    const kinds: ConnectionKind[] = [];
    stores.session.subscribe((s) => kinds.push(s.connection.kind));
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'live', 5_000, 'live');
    expect(proxy.connects).toEqual([sandboxHost()]);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((target) => target.startsWith(`http://${sandboxHost()}/`))).toBe(true);

    // A change arrives as a frame through the tunnel.
    await createInWorld(fx, 1);
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'the change');
    expect(kinds).not.toContain('polling');
    expect(stores.session.getState().notices.filter((n) => n.key === 'proxy')).toEqual([]);
  });

  it('a proxy that refuses tunnels: a notice names it, the engine polls, and changes still arrive', async () => {
    const proxy = await proxyWith(403);
    const env = { HTTP_PROXY: proxy.url };
    const { live, stores } = engineOn(fx, {
      client: { env },
      realtime: { env },
      live: { socketGraceMs: 300, pollIntervalMs: 200 },
    });
    await live.start();
    await waitUntil(() => stores.session.getState().connection.kind === 'polling', 5_000, 'polling');
    const notice = stores.session.getState().notices.find((n) => n.key === 'proxy');
    expect(notice?.level).toBe('warn');
    expect(notice?.text).toBe(
      `live updates: proxy ${proxy.host} refused the tunnel to ${sandboxHost()} (403 Refused): ` +
        'the proxy does not allow this destination',
    );

    await createInWorld(fx, 1);
    const truth = await serverTruth(fx);
    await waitUntil(() => diffWithTruth(stores, truth).length === 0, 5_000, 'polls to bring the change');
    expect(stores.session.getState().connection.kind).toBe('polling');
  });
});

describe('the watch engine behind a proxy', () => {
  it('a refused tunnel is said once, naming the proxy; live once the proxy lets it through', async () => {
    const proxy = await proxyWith(407);
    const env = { HTTP_PROXY: proxy.url };
    const reports: WatchReport[] = [];
    const watch = createWatch({
      api: fx.client('full-access', { env }),
      realtime: fx.realtime('full-access', { env, reconnectStepMs: 50, reconnectMaxMs: 200 }),
      filter: NO_FILTER,
      subscribeWaitMs: 200,
      socketGraceMs: 300,
      pollIntervalMs: 200,
      print: () => undefined,
      report: (line) => reports.push(line),
    });
    cleanups.push(() => watch.stop());
    await watch.start();
    await waitUntil(() => proxy.connects.length >= 3, 5_000, 'several attempts');
    const said = reports.filter((r) => r.key === 'state:proxy');
    expect(said).toEqual([
      {
        level: 'warn',
        key: 'state:proxy',
        text: `live updates: proxy ${proxy.host} refused the tunnel to ${sandboxHost()} (407 Refused): the proxy wants a user name and password (http://user:password@host:port)`,
      },
    ]);
    proxy.setConnect('tunnel');
    await waitUntil(() => reports.some((r) => r.key === 'state:live'), 5_000, 'live');
  });
});
