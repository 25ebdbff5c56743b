// A standalone `custody sandbox` child for the benchmark, and requests to it signed with
// node:crypto alone (the API's ApiKey scheme: ES256 over iat, method, target and body).
import { spawn } from 'node:child_process';
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv } from './pty.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The program the benchmark runs; run.mjs points it at its own snapshot of the build. */
export let CUSTODY_BIN = join(ROOT, 'bin/custody.js');
export function setBinary(path) {
  CUSTODY_BIN = path;
}

/** A fresh P-256 key, written as a private JWK (0600) in a fresh temporary folder. */
export function makeKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(12).toString('hex') };
  const dir = mkdtempSync(join(tmpdir(), 'custody-bench-'));
  const keyFile = join(dir, 'key.json');
  writeFileSync(keyFile, JSON.stringify(jwk), { mode: 0o600 });
  return { privateKey, jwk, dir, keyFile };
}

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The Authorization header of one request. */
export function authorization(key, method, target, body = '') {
  const iat = Math.floor(Date.now() / 1000);
  const message = createHash('sha256').update(`${iat}\n${method}\n${target}\n${body}`).digest('hex');
  const input = `${b64({ alg: 'ES256', kid: key.jwk.kid })}.${b64({ iat, exp: iat + 300, message })}`;
  const signature = createSign('SHA256').update(input).sign({ key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  return `ApiKey ${input}.${signature.toString('base64url')}`;
}

/**
 * Starts `custody sandbox --port 0 --history N --register KEY=full-access [...extra]` and resolves
 * once it printed its JSON line: { baseUrl, workspaceId, key, startupMs, child, request(), close() }.
 */
export async function startSandbox({ history, extra = [], key = makeKey(), timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [CUSTODY_BIN, 'sandbox', '--port', '0', '--history', String(history), '--register', `${key.keyFile}=full-access`, ...extra],
    { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000); // one line per request: keep only the tail
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)));
    });
    void exited.then((code) => reject(new Error(`custody sandbox exited (${code}) before it was ready:\n${stderr}`)));
    setTimeout(() => reject(new Error(`custody sandbox not ready in ${timeoutMs} ms:\n${stderr}`)), timeoutMs).unref();
  });
  const startupMs = performance.now() - started;
  const ws = `/workspaces/${line.workspaceId}`;

  async function request(method, path, body) {
    const target = path.startsWith('/workspaces') ? path : `${ws}${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const t0 = performance.now();
    const res = await fetch(line.baseUrl + target, {
      method,
      headers: {
        Authorization: authorization(key, method, target, text),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: text }),
    });
    const json = await res.json().catch(() => undefined);
    const ms = performance.now() - t0;
    if (res.status >= 300) throw new Error(`${method} ${target}: ${res.status} ${JSON.stringify(json)}`);
    return { ms, body: json };
  }

  async function close() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(key.dir, { recursive: true, force: true });
  }

  return { ...line, key, startupMs, child, request, close, stderr: () => stderr };
}
