// Nothing secret is ever written anywhere (issue 7, "Files and secrets"): with one known key (its
// `d` known) and a known passphrase, the built program runs the way users run it, through its
// happy and error paths, and EVERY byte it writes is kept and searched:
// - the console in a pseudo-terminal (demo off) against standalone sandboxes: a decline typed at
//   the keyboard (the audit log gets a line), a pending key (401), a revoked key (403), a wrong
//   passphrase, a corrupt config, the key given in CUSTODY_API_KEY; all with --log-file;
// - `custody watch`, `custody audit`, `custody doctor`, `custody init` error paths and
//   `custody config show`, their stdout and stderr;
// - the sandboxes' stdout and stderr (one log line per request);
// - every file left in the test's home: the debug logs, the audit log, the config files.
// The tokens sent are captured by a recording proxy between the program and the sandbox (HTTP
// Authorization headers and the WebSocket SUBSCRIBE messages), so the search knows exactly what a
// token looks like. Searched for: d as base64url, base64, hex and raw bytes; the passphrase (right
// and wrong); every captured token, its signature and its protected header (a JWS with this key's
// kid); any `ApiKey <value>` and any JWS-shaped string at all.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { encryptPrivateJwk, generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import {
  CUSTODY_BIN,
  disposeAllPtys,
  type PtySession,
  ptyEnv,
  REPO_ROOT,
  spawnCustody,
} from '../helpers/pty.js';

afterEach(disposeAllPtys);

const PASSPHRASE = 'Tr0ub4dor&3 purple-otter 1848';
const WRONG = 'Tr0ub4dor&3 purple-otter 1849';

let home: string;
let jwk: PrivateJwk;
const keyFiles = { plain: '', encrypted: '' };
/** Everything written, by whom. */
const captured: Array<{ where: string; bytes: Buffer }> = [];
const capture = (where: string, data: string | Buffer) =>
  captured.push({ where, bytes: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });

// ---- sandboxes, each behind a recording proxy ----

interface Served {
  /** The proxy's address: what the program is given as its base URL. */
  url: string;
  workspaceId: string;
  child: ChildProcess;
  stdout: Buffer[];
  stderr: Buffer[];
  close(): Promise<void>;
}
const tokens = new Set<string>();
const tokensBy = { http: 0, ws: 0 };
const served: Served[] = [];

function record(authorization: unknown, via: 'http' | 'ws'): void {
  if (typeof authorization !== 'string' || authorization === '') return;
  tokens.add(authorization.replace(/^ApiKey\s+/i, ''));
  tokensBy[via] += 1;
}

/** Forwards HTTP and WebSocket traffic to `target`, noting every Authorization it carries. */
async function recordingProxy(target: URL): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    record(req.headers.authorization, 'http');
    const upstream = http.request(
      // A fresh connection each time: a kept-alive one the sandbox closes while idle would be a
      // proxy's fault passed on to the program as a network error.
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const wss = new WebSocketServer({ noServer: true });
  const sockets = new Set<WebSocket>();
  const closeWith = (ws: WebSocket, code: number, reason: Buffer) => {
    try {
      if (code === 1000 || (code >= 3000 && code < 5000) || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1011))
        ws.close(code, reason);
      else ws.terminate();
    } catch {
      ws.terminate();
    }
  };
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (client) => {
      const upstream = new WebSocket(`ws://${target.host}${req.url ?? '/'}`, { perMessageDeflate: false });
      sockets.add(client).add(upstream);
      const queued: Array<[WebSocket.RawData, boolean]> = [];
      client.on('message', (data, binary) => {
        try {
          const message = JSON.parse(data.toString()) as { headers?: Record<string, unknown> };
          record(message.headers?.Authorization ?? message.headers?.authorization, 'ws');
        } catch {
          // not JSON: nothing to note
        }
        if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
        else queued.push([data, binary]);
      });
      upstream.on('open', () => {
        for (const [data, binary] of queued.splice(0)) upstream.send(data, { binary });
      });
      upstream.on('message', (data, binary) => {
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
      });
      upstream.on('close', (code, reason) => closeWith(client, code, reason));
      client.on('close', (code, reason) => closeWith(upstream, code, reason));
      upstream.on('error', () => client.terminate());
      client.on('error', () => upstream.terminate());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const ws of sockets) ws.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `custody sandbox` with the known key registered (its public half is what it keeps). */
async function startServed(name: string, registration: string, extra: string[]): Promise<Served> {
  const child = spawn(
    process.execPath,
    [CUSTODY_BIN, 'sandbox', '--port', '0', '--register', `${keyFiles.plain}=${registration}`, ...extra],
    { cwd: REPO_ROOT, env: ptyEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d));
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox ${name} not ready`)), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      stdout.push(d);
      const text = Buffer.concat(stdout).toString('utf8');
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.slice(0, text.indexOf('\n')));
      }
    });
  });
  const ready = JSON.parse(line) as { baseUrl: string; workspaceId: string };
  const proxy = await recordingProxy(new URL(ready.baseUrl));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: proxy.url,
    workspaceId: ready.workspaceId,
    child,
    stdout,
    stderr,
    close: async () => {
      await proxy.close();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
      capture(`sandbox ${name} stdout`, Buffer.concat(stdout));
      capture(`sandbox ${name} stderr`, Buffer.concat(stderr));
    },
  };
}

let ok: Served;
let pending: Served;
let revoked: Served;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'custody-nosecrets-'));
  jwk = await generatePrivateJwk();
  mkdirSync(join(home, 'keys'), { mode: 0o700 });
  mkdirSync(join(home, 'logs'), { mode: 0o700 });
  keyFiles.plain = join(home, 'keys', 'plain.jwk');
  writeFileSync(keyFiles.plain, JSON.stringify(jwk), { mode: 0o600 });
  keyFiles.encrypted = join(home, 'keys', 'key.jwe');
  writeFileSync(keyFiles.encrypted, await encryptPrivateJwk(jwk, PASSPHRASE, { iterations: 10_000 }), { mode: 0o600 });
  [ok, pending, revoked] = await Promise.all([
    // A slow world: the waiting transaction is still waiting when the keys arrive.
    startServed('ok', 'transaction-operator', ['--seed', '5', '--history', '300', '--speed', '0.01']),
    startServed('pending', 'full-access:pending', ['--seed', '6', '--history', '50']),
    startServed('revoked', 'full-access:revoked', ['--seed', '7', '--history', '50']),
  ]);
  served.push(ok, pending, revoked);
});

afterAll(async () => {
  await Promise.all(served.map((s) => s.close()));
  rmSync(home, { recursive: true, force: true });
});

// ---- the program's runs ----

/** The environment of every run: custody's paths all inside the test's home. */
function envOf(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    HOME: home,
    CUSTODY_CONFIG: join(home, 'config', 'config.json'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_STATE_HOME: join(home, 'state'),
    ...extra,
  };
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** A command with pipes (no terminal); stdout and stderr are captured. */
function run(args: string[], extra: Record<string, string | undefined> = {}, stopAfterMs?: number): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CUSTODY_BIN, ...args], {
      cwd: REPO_ROOT,
      env: ptyEnv(envOf(extra)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    const stop = stopAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGTERM'), stopAfterMs);
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(stop);
      clearTimeout(kill);
      const o = Buffer.concat(out);
      const e = Buffer.concat(err);
      capture(`custody ${args.join(' ')} stdout`, o);
      capture(`custody ${args.join(' ')} stderr`, e);
      resolve({ code, out: o.toString('utf8'), err: e.toString('utf8') });
    });
  });
}

/** run(), failing with the output when the exit code is not `code`. */
async function runExpecting(code: number, args: string[], extra: Record<string, string | undefined> = {}): Promise<Run> {
  const r = await run(args, extra);
  expect(r.code, `custody ${args.join(' ')}:\n${r.out}${r.err}`).toBe(code);
  return r;
}

/** The console in a pseudo-terminal; its whole output is captured once it exits. */
function console_(args: string[], extra: Record<string, string | undefined> = {}): PtySession {
  const pty = spawnCustody(args, { cols: 120, rows: 40, configFile: envOf().CUSTODY_CONFIG!, env: envOf(extra) });
  void pty.exit.then(() => capture(`console ${args.join(' ')}`, pty.output));
  return pty;
}

const conn = (s: Served) => ['--base-url', s.url, '--workspace', s.workspaceId];
const logFile = (name: string) => ['--log-file', join(home, 'logs', `${name}.log`)];

async function declineFromTheKeyboard(pty: PtySession): Promise<void> {
  await pty.waitForText(/● live/, { timeoutMs: 15_000 });
  await pty.press(':');
  await pty.waitForText(/^ :█/m);
  await pty.type('tx waiting-approval');
  await pty.waitForText(':tx waiting-approval█');
  await pty.press('enter');
  await pty.waitForText(/d decline/, { timeoutMs: 10_000 });
  await pty.press('d');
  await pty.waitForText('DECLINE transaction');
  await pty.type('no secrets here');
  await pty.waitForText('> no secrets here█');
  await pty.press('enter');
  await pty.waitForText(/Reason +no secrets here/);
  if (pty.screen().includes('Type the last 4 characters')) {
    const id = /^ Id +(\S+)\s*$/m.exec(pty.screen())![1]!;
    await pty.type(id.slice(-4));
    await pty.waitForText(`> ${id.slice(-4)}█`);
    await pty.decide('enter');
  } else {
    await pty.decide('y');
  }
  await pty.waitForText('declined: now canceled', { timeoutMs: 10_000 });
  await pty.press('enter');
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    // Node's module compile cache (Node >= 22.1, bin/custody.js) holds the program's own compiled
    // code, string literals such as 'ApiKey ' included; V8 writes it, never a value of ours.
    if (p.endsWith(join('custody', 'compile-cache'))) continue;
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

it('no byte the console, the commands or the sandbox write holds d, the passphrase or a token', async () => {
  const withPass = { CUSTODY_KEY_PASSPHRASE: PASSPHRASE };
  const jwkText = JSON.stringify(jwk);

  // 1. The console, the whole way: live, a decline typed at the keyboard, quit.
  const main = console_([...conn(ok), '--key-file', keyFiles.encrypted, ...logFile('main')], withPass);
  await declineFromTheKeyboard(main);
  await main.press('q');
  expect((await main.exit).exitCode).toBe(0);

  // 2. A key the server does not accept yet (401) and a revoked one (403): said on screen.
  const p401 = console_([...conn(pending), '--key-file', keyFiles.encrypted, ...logFile('401')], withPass);
  await p401.waitForText(/401/, { timeoutMs: 15_000 });
  await p401.press('ctrl-c');
  await p401.exit;
  const p403 = console_([...conn(revoked), '--key-file', keyFiles.encrypted, ...logFile('403')], withPass);
  await p403.waitForText(/403/, { timeoutMs: 15_000 });
  await p403.press('ctrl-c');
  await p403.exit;

  // 3. The key given in CUSTODY_API_KEY, and the key given with a wrong passphrase.
  const envKey = console_([...conn(ok), ...logFile('env-key')], { CUSTODY_API_KEY: jwkText });
  await envKey.waitForText(/● live/, { timeoutMs: 15_000 });
  await envKey.press('ctrl-c');
  await envKey.exit;
  const wrong = console_([...conn(ok), '--key-file', keyFiles.encrypted, ...logFile('wrong')], { CUSTODY_KEY_PASSPHRASE: WRONG });
  expect((await wrong.exit).exitCode).toBe(1);
  expect(wrong.output).toMatch(/wrong passphrase/);

  // 4. Commands: watch (live, then 401/403/wrong passphrase), doctor, init, config show, audit.
  const watch = await run(['watch', ...conn(ok), '--key-file', keyFiles.encrypted, '--with-history'], withPass, 2_500);
  expect(watch.code).toBe(0);
  expect(watch.out.split('\n').length).toBeGreaterThan(10);
  expect((await run(['watch', ...conn(pending), '--key-file', keyFiles.encrypted], withPass)).err).toMatch(/401/);
  expect((await run(['watch', ...conn(revoked), '--key-file', keyFiles.encrypted], withPass)).err).toMatch(/403/);
  await runExpecting(1, ['watch', ...conn(ok), '--key-file', keyFiles.encrypted], { CUSTODY_KEY_PASSPHRASE: WRONG });
  await runExpecting(0, ['doctor', ...conn(ok), '--key-file', keyFiles.encrypted], withPass);
  expect((await run(['doctor', ...conn(pending), '--key-file', keyFiles.encrypted, '--json'], withPass)).out).toMatch(/401/);
  expect((await run(['doctor', ...conn(revoked), '--key-file', keyFiles.encrypted], withPass)).out).toMatch(/403/);
  expect((await run(['doctor', ...conn(ok), '--key-file', keyFiles.encrypted], { CUSTODY_KEY_PASSPHRASE: WRONG })).out).toMatch(/wrong passphrase/);
  await runExpecting(1, ['doctor', ...conn(ok)], { CUSTODY_API_KEY: jwkText, CUSTODY_KEY_FILE: keyFiles.plain });
  await runExpecting(1, ['init', '--base-url', pending.url, '--key-file', keyFiles.encrypted, '--yes'], withPass);
  await runExpecting(1, ['init', ...conn(revoked), '--key-file', keyFiles.encrypted], withPass);
  await runExpecting(1, ['init', '--base-url', 'http://127.0.0.1:9', '--key-file', keyFiles.encrypted, '--yes'], withPass);
  await runExpecting(1, ['init', '--base-url', ok.url, '--key-file', keyFiles.encrypted, '--yes'], { CUSTODY_KEY_PASSPHRASE: WRONG });
  // The one that succeeds writes the config file (searched below with every other file).
  const init = await run(['init', ...conn(ok), '--profile', 'prod', '--key-file', keyFiles.encrypted, '--yes'], withPass);
  expect(init.code, init.out + init.err).toBe(0);
  await runExpecting(0, ['config', 'show'], { CUSTODY_API_KEY: jwkText });
  await runExpecting(0, ['config', 'show'], withPass);
  await runExpecting(0, ['doctor'], withPass);
  const audit = await run(['audit']);
  expect(audit.out).toMatch(/decline/);
  expect((await run(['audit', '--json'])).out).toMatch(/"action":"decline"/);

  // 5. A corrupt config: console and doctor refuse it.
  const corruptConfig = join(home, 'corrupt', 'config.json');
  mkdirSync(join(home, 'corrupt'));
  writeFileSync(corruptConfig, '{"version":1,"profiles":{"prod":{"baseUrl":');
  const corrupt = spawnCustody(['--key-file', keyFiles.encrypted], {
    cols: 160,
    rows: 20,
    configFile: corruptConfig,
    env: envOf({ ...withPass, CUSTODY_CONFIG: corruptConfig }),
  });
  expect((await corrupt.exit).exitCode).toBe(1);
  capture('console with a corrupt config', corrupt.output);
  await runExpecting(1, ['doctor'], { ...withPass, CUSTODY_CONFIG: corruptConfig });

  // 6. The sandboxes' output, then every file left in the home but the two key files.
  await Promise.all(served.splice(0).map((s) => s.close()));
  const files = filesUnder(home).filter((f) => f !== keyFiles.plain && f !== keyFiles.encrypted);
  for (const f of files) capture(`file ${f.slice(home.length)}`, readFileSync(f));
  const names = files.map((f) => f.slice(home.length));
  expect(names).toEqual(expect.arrayContaining(['/state/custody/audit.jsonl', '/config/config.json', '/logs/main.log']));
  expect(readFileSync(join(home, 'logs', 'main.log'), 'utf8').length).toBeGreaterThan(0);

  // ---- the search ----
  const d = Buffer.from(jwk.d, 'base64url');
  const tokenList = [...tokens];
  // Tokens of both kinds were captured on the way to the sandbox (HTTP requests, WebSocket SUBSCRIBEs).
  expect(tokensBy.http).toBeGreaterThan(20);
  expect(tokensBy.ws).toBeGreaterThan(1);
  const headers = new Set(tokenList.map((t) => t.split('.')[0]!));
  const needles: Array<[string, Buffer]> = [
    ['d (base64url)', Buffer.from(jwk.d)],
    ['d (base64)', Buffer.from(d.toString('base64').replace(/=+$/, ''))],
    ['d (hex)', Buffer.from(d.toString('hex'))],
    ['d (HEX)', Buffer.from(d.toString('hex').toUpperCase())],
    ['d (raw bytes)', d],
    ['the passphrase', Buffer.from(PASSPHRASE)],
    ['the wrong passphrase', Buffer.from(WRONG)],
    ...[...headers].map((h): [string, Buffer] => ['a token header (a JWS with this kid)', Buffer.from(h)]),
    ...tokenList.map((t): [string, Buffer] => ['a token', Buffer.from(t)]),
    ...tokenList.map((t): [string, Buffer] => ['a token signature', Buffer.from(t.split('.')[2]!)]),
  ];
  const leaks: string[] = [];
  let scanned = 0;
  for (const { where, bytes } of captured) {
    scanned += bytes.length;
    for (const [what, needle] of needles) if (bytes.includes(needle)) leaks.push(`${where}: ${what}`);
    const text = bytes.toString('utf8');
    if (/ApiKey\s+[^\s…]/.test(text)) leaks.push(`${where}: an ApiKey value`);
    if (/eyJ[\w-]{4,}\.[\w-]*\.[\w-]{20,}/.test(text)) leaks.push(`${where}: a JWS-shaped string`);
  }
  process.stdout.write(
    `[no-secrets] ${captured.length} captures, ${scanned} bytes scanned, ${tokenList.length} tokens captured (${tokensBy.http} HTTP, ${tokensBy.ws} WebSocket), ` +
      `${needles.length} needles; files: ${names.join(' ')}\n`,
  );
  expect(scanned).toBeGreaterThan(100_000);
  expect([...new Set(leaks)]).toEqual([]);
}, 120_000);
