// `custody sandbox`: in-process with fake streams for the details, and once as a real child
// process for the one JSON line on stdout, the log on stderr and a clean exit on SIGTERM.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk, publicHalf } from '../../src/auth/index.js';
import { parseCommandArgs } from '../../src/commands/cli.js';
import { parseRegister, serve, spec } from '../../src/commands/sandbox.js';
import { createApiClient } from '../../src/client/index.js';
import { createSigner } from '../../src/auth/index.js';
import { custody, fakeIo, tempHome } from '../helpers/cli-io.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function keyFiles(dir: string) {
  const jwk = await generatePrivateJwk();
  const privateFile = path.join(dir, 'private.json');
  const publicFile = path.join(dir, 'pub=lic.json');
  await fs.writeFile(privateFile, JSON.stringify(jwk), { mode: 0o600 });
  await fs.writeFile(publicFile, JSON.stringify(publicHalf(jwk)));
  return { jwk, privateFile, publicFile };
}

/** Runs `serve` in-process until the JSON line is out; `stop()` ends it and gives the exit code. */
async function startServe(argv: string[]) {
  const home = await tempHome();
  const io = fakeIo(home.env());
  const controller = new AbortController();
  const done = serve(parseCommandArgs(spec, argv), io, { signal: controller.signal });
  await Promise.race([io.waitFor('Ctrl-C stops it', { timeoutMs: 15_000 }), done]);
  return {
    io,
    line: () => JSON.parse(io.out().split('\n')[0]!) as { baseUrl: string; workspaceId: string; keys: unknown[] },
    async stop() {
      controller.abort();
      return done;
    },
  };
}

describe('custody sandbox (in-process)', () => {
  it('prints one JSON line with the keys, serves them, logs requests to stderr', async () => {
    const home = await tempHome();
    const { jwk, privateFile, publicFile } = await keyFiles(home.dir);
    const other = await generatePrivateJwk();
    const otherFile = path.join(home.dir, 'other.json');
    await fs.writeFile(otherFile, JSON.stringify(other));
    const run = await startServe([
      '--history', '50', '--seed', '3',
      '--register', `${privateFile}=full-access`,
      '--register', `${otherFile}=view-only:pending`,
    ]);
    const line = run.line();
    expect(line.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line.keys).toEqual([
      { kid: jwk.kid, role: 'full-access', state: 'active' },
      { kid: other.kid, role: 'view-only', state: 'pending' },
    ]);
    const api = createApiClient({ baseUrl: line.baseUrl, workspaceId: line.workspaceId, signer: await createSigner(jwk), retry: { limit: 0 } });
    expect((await api.workspaces.list())[0]!.workspaceId).toBe(line.workspaceId);
    await run.io.waitFor(/GET \/workspaces 200/);
    expect(await run.stop()).toBe(0);
    expect(run.io.out().split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.io.err()).toContain('loopback only');
    expect(run.io.all()).not.toContain(jwk.d);
    void publicFile;
  });

  it('takes a public JWK file whose name holds "=" (split on the last one)', async () => {
    const home = await tempHome();
    const { jwk, publicFile } = await keyFiles(home.dir);
    expect(parseRegister(`${publicFile}=mpc-hot-signer:rotated`)).toEqual({ file: publicFile, role: 'mpc-hot-signer', state: 'rotated' });
    const run = await startServe(['--history', '10', '--register', `${publicFile}=transaction-operator`]);
    expect(run.line().keys).toEqual([{ kid: jwk.kid, role: 'transaction-operator', state: 'active' }]);
    expect(await run.stop()).toBe(0);
  });

  it('warns when it listens beyond loopback', async () => {
    const run = await startServe(['--history', '10', '--host', '0.0.0.0']);
    expect(run.io.err()).toMatch(/warning: listening on 0\.0\.0\.0/);
    expect(run.io.err()).toContain('no key registered');
    expect(await run.stop()).toBe(0);
  });

  it.each([
    [['--register', 'nofile'], /--register must be FILE=ROLE/],
    [['--register', '/nonexistent/key.json=full-access'], /no such file/],
    [['--register', 'KEYFILE=admin'], /ROLE must be one of view-only/],
    [['--register', 'KEYFILE=view-only:gone'], /STATE must be one of active/],
    [['--register', 'BADFILE=view-only'], /not valid JSON/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--speed', '0'], /--speed must be a number above 0/],
    [['--history', 'lots'], /--history must be an integer/],
    [['--chaos', 'latency=slow'], /--chaos: chaos latency/],
    [['--bogus'], /unknown option --bogus/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const home = await tempHome();
    const { privateFile } = await keyFiles(home.dir);
    const bad = path.join(home.dir, 'bad.json');
    await fs.writeFile(bad, '{"kty":"EC", "d": "secret"');
    const args = argv.map((a) => a.replace('KEYFILE', privateFile).replace('BADFILE', bad));
    const result = await custody(['sandbox', ...args], home.env());
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).toContain('custody sandbox --help');
    expect(result.out).toBe('');
    expect(result.err).not.toContain('secret');
  });

  it('says so when the port is taken (exit 1)', async () => {
    const first = await startServe(['--history', '10']);
    const port = new URL(first.line().baseUrl).port;
    const home = await tempHome();
    const result = await custody(['sandbox', '--history', '10', '--port', port], home.env());
    expect(result.code).toBe(1);
    expect(result.err).toContain('already in use');
    expect(await first.stop()).toBe(0);
  });

  it('stops on SIGTERM through the command table, and gives the signal back', async () => {
    const home = await tempHome();
    const io = fakeIo(home.env());
    const { run } = await import('../../src/commands/index.js');
    const before = process.listenerCount('SIGTERM');
    const done = run(['sandbox', '--history', '10'], io);
    await io.waitFor('Ctrl-C stops it', { timeoutMs: 15_000 });
    process.emit('SIGTERM');
    expect(await done).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });

  it('documents itself in --help', async () => {
    const home = await tempHome();
    const result = await custody(['sandbox', '--help'], home.env());
    expect(result.code).toBe(0);
    expect(result.out).toContain('--register FILE=ROLE[:STATE]');
    expect(result.out).toContain('--chaos SPEC');
  });
});

describe('custody sandbox (child process)', () => {
  it('prints exactly one JSON line, logs to stderr, and exits 0 on SIGTERM', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
    const home = await tempHome();
    const { jwk, privateFile } = await keyFiles(home.dir);
    const child = spawn(
      process.execPath,
      ['bin/custody.js', 'sandbox', '--port', '0', '--history', '100', '--register', `${privateFile}=full-access`],
      { cwd: root, env: { ...home.env(), PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const started = Date.now();
    while (!out.includes('\n')) {
      if (Date.now() - started > 15_000) throw new Error(`no JSON line; stderr:\n${err}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const line = JSON.parse(out.split('\n')[0]!);
    expect(line).toEqual({
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      workspaceId: expect.any(String),
      keys: [{ kid: jwk.kid, role: 'full-access', state: 'active' }],
    });
    const api = createApiClient({ baseUrl: line.baseUrl, workspaceId: line.workspaceId, signer: await createSigner(jwk), retry: { limit: 0 } });
    expect((await api.accounts.list()).length).toBeGreaterThan(0);
    while (!err.includes('/accounts 200')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
    expect(err).toMatch(/GET \/workspaces\/[^ ]+\/accounts 200 [\d.]+ms/);
    expect(err).not.toContain('ApiKey');
    expect(err + out).not.toContain(jwk.d);
  }, 60_000);
});
