// Sandbox at scale (issue 3): `custody sandbox --history 200000` must be ready in under 10 s, and
// a filtered transactions list (status + account, limit 100) must answer in under 50 ms.
// Usage: node scripts/build.mjs && node test/bench/sandbox-scale.mjs [--history N] [--requests N]
// Runs the built program as a child process and signs its requests with node:crypto alone.
import { spawn } from 'node:child_process';
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({ options: { history: { type: 'string' }, requests: { type: 'string' } } });
const history = Number(values.history ?? 200_000);
const requests = Number(values.requests ?? 200);

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(12).toString('hex') };
const dir = mkdtempSync(join(tmpdir(), 'custody-bench-'));
const keyFile = join(dir, 'key.json');
writeFileSync(keyFile, JSON.stringify(jwk), { mode: 0o600 });

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
function authorization(method, target, body = '') {
  const iat = Math.floor(Date.now() / 1000);
  const message = createHash('sha256').update(`${iat}\n${method}\n${target}\n${body}`).digest('hex');
  const input = `${b64({ alg: 'ES256', kid: jwk.kid })}.${b64({ iat, exp: iat + 300, message })}`;
  const signature = createSign('SHA256').update(input).sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `ApiKey ${input}.${signature.toString('base64url')}`;
}

const started = performance.now();
const child = spawn(
  process.execPath,
  ['bin/custody.js', 'sandbox', '--port', '0', '--history', String(history), '--register', `${keyFile}=view-only`],
  { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] },
);
let out = '';
const line = await new Promise((resolve, reject) => {
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const end = out.indexOf('\n');
    if (end >= 0) resolve(JSON.parse(out.slice(0, end)));
  });
  child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
});
const startupMs = performance.now() - started;

async function get(target) {
  const t0 = performance.now();
  const res = await fetch(line.baseUrl + target, { headers: { Authorization: authorization('GET', target) } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${target}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, body };
}

const ws = `/workspaces/${line.workspaceId}`;
const accounts = (await get(`${ws}/accounts`)).body.accounts;
const statuses = ['completed', 'waiting-approval', 'canceled', 'failed-on-blockchain'];
const times = [];
let returned = 0;
for (let i = 0; i < requests; i++) {
  const account = accounts[i % accounts.length].accountId;
  const status = statuses[i % statuses.length];
  const r = await get(`${ws}/transactions?accountId=${account}&transactionStatuses=${status}&limit=100`);
  times.push(r.ms);
  returned += r.body.transactions.length;
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

const report = {
  history,
  startupMs: Math.round(startupMs),
  list: { requests, medianMs: pct(50), p95Ms: pct(95), maxMs: times.at(-1).toFixed(1), avgRows: Math.round(returned / requests) },
};
process.stdout.write(`${JSON.stringify(report)}\n`);
const ok = startupMs < 10_000 && Number(pct(95)) < 50;
process.stdout.write(ok ? 'within targets (start < 10 s, p95 list < 50 ms)\n' : 'OVER TARGET\n');
process.exitCode = ok ? 0 : 1;
