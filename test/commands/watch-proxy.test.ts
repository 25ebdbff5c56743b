// The built bin behind a real proxy on loopback: `custody watch` against a standalone sandbox with
// HTTP_PROXY reads through the proxy (absolute form) and goes live through a CONNECT tunnel; a
// proxy that refuses tunnels is named on stderr and the watch polls instead; the demo's in-process
// sandbox is never sent to a proxy. (The bundle loads undici and https-proxy-agent as split
// chunks: this is where a bundling mistake would show.)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli-io.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';
import { type StandaloneSandbox, startStandaloneSandbox } from '../helpers/pty.js';
import { waitUntil } from '../helpers/sandbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'custody.js');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

let sandbox: StandaloneSandbox | undefined;
async function server(): Promise<string[]> {
  if (sandbox === undefined) {
    sandbox = await startStandaloneSandbox({ args: ['--history', '200'] });
    cleanups.push(async () => {
      await sandbox?.close();
      sandbox = undefined;
    });
  }
  return ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.keyFile];
}

/** Runs `custody watch ARGS` until stderr matches `until`; returns stderr and what stdout had. */
async function watchUntil(proxyUrl: string, until: RegExp, args: string[]): Promise<{ err: string; out: string }> {
  const home = await tempHome();
  const url = proxyUrl.replace('http://', 'http://ops:s3cret-pw@');
  const child = spawn(process.execPath, [bin, 'watch', ...args], {
    env: home.env({ HTTP_PROXY: url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stderr never matched ${until}:\n${err}`)), 15_000);
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      if (until.test(err)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => reject(new Error(`exited early:\n${err}`)));
  });
  return { err, out };
}

describe.skipIf(!existsSync(path.join(root, 'dist', 'main.js')))('the built bin behind a proxy', () => {
  it('reads through the proxy and goes live through a CONNECT tunnel, with the credentials', async () => {
    const proxy = await startForwardProxy({ connect: 'tunnel', auth: { user: 'ops', password: 's3cret-pw' } });
    cleanups.push(() => proxy.close());
    const { err } = await watchUntil(proxy.url, /live on workspace/, [...(await server()), '--with-history']);
    expect(err).not.toMatch(/proxy|error/i);
    await waitUntil(() => proxy.seen.length > 0, 5_000, 'the history read through the proxy');
    expect(proxy.connects).toHaveLength(1);
    expect(proxy.connects[0]).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.authorizations.every((a) => a === proxy.authorizations[0] && a.startsWith('Basic '))).toBe(true);
  }, 20_000);

  it('a proxy that refuses tunnels is named on stderr (never the credentials), and the watch polls', async () => {
    const proxy = await startForwardProxy({ connect: 403 });
    cleanups.push(() => proxy.close());
    const { err } = await watchUntil(proxy.url, /polling every/, await server());
    expect(err).toMatch(
      new RegExp(`live updates: proxy ${proxy.host.replace(/\./g, '\\.')} refused the tunnel to 127\\.0\\.0\\.1:\\d+ \\(403 Refused\\)`),
    );
    expect(err).not.toContain('s3cret-pw');
    expect(proxy.seen.length).toBeGreaterThan(0);
  }, 20_000);

  it('the demo never goes through a proxy from the environment: its sandbox is in the process, on loopback', async () => {
    const proxy = await startForwardProxy({ connect: 403 });
    cleanups.push(() => proxy.close());
    const { err } = await watchUntil(proxy.url, /live on workspace/, ['--demo', '--with-history']);
    expect(err).not.toMatch(/proxy|polling/i);
    expect(proxy.seen).toHaveLength(0);
    expect(proxy.connects).toHaveLength(0);
  }, 20_000);
});
