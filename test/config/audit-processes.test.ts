// The audit log across processes, as several consoles use it: separate processes appending at
// once keep one unbroken chain with every line whole; and appenders killed with SIGKILL at random
// moments (inside the lock, too) leave a log whose chain holds and a lock the next append breaks
// at once (its holder is dead). AUDIT_KILL9_ROUNDS (default 12) and KILL9_SEED reproduce a run.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAuditLog, verifyAuditLog } from '../../src/config/index.js';

const ROUNDS = Math.max(1, Number(process.env.AUDIT_KILL9_ROUNDS ?? 12) || 12);
const SEED = Number(process.env.KILL9_SEED ?? 0xa0d17) >>> 0;
const MAX_DELAY_MS = 40;

const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let program: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'custody-audit-procs-'));
  program = path.join(dir, 'audit-appender.mjs');
  await esbuild.build({
    entryPoints: [path.join(here, 'programs/audit-appender.ts')],
    outfile: program,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Appender {
  readonly child: ChildProcess;
  readonly exited: Promise<NodeJS.Signals | number | null>;
  readonly ready: Promise<void>;
  err(): string;
}

function appender(file: string, tag: string, count: number): Appender {
  const child = spawn(process.execPath, [program, file, tag, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('ready\n') && resolve());
    void exited.then(() => (out.includes('ready\n') ? resolve() : reject(new Error(`appender ${tag} exited: ${err}`))));
  });
  return { child, exited, ready, err: () => err };
}

it('separate processes appending at once: every line whole, one unbroken chain', async () => {
  const file = path.join(dir, 'together', 'audit.jsonl');
  const procs = Array.from({ length: 5 }, (_, i) => appender(file, `p${i}`, 30));
  for (const p of procs) expect(await p.exited, p.err()).toBe(0);
  const report = await verifyAuditLog(file);
  expect(report?.breaks).toEqual([]);
  expect(report).toMatchObject({ intact: true, lines: 150, chained: 150, entries: 150 });
  const { entries, skipped } = await openAuditLog(file).read();
  expect(skipped).toBe(0);
  expect(new Set(entries.map((e) => e.transactionId)).size).toBe(150);
  // Several processes really were interleaved, not one after the other.
  const runs = entries.filter((e, i) => i > 0 && e.transactionId!.split('-')[0] !== entries[i - 1]!.transactionId!.split('-')[0]);
  expect(runs.length).toBeGreaterThan(4);
  expect(await fs.readdir(path.dirname(file))).toEqual(['audit.jsonl']);
}, 60_000);

it(`appenders killed with SIGKILL at random moments (${ROUNDS} rounds): the chain holds, the next append goes on`, async () => {
  const file = path.join(dir, 'killed', 'audit.jsonl');
  const next = random(SEED);
  let lockLeft = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Two at once, so one is often waiting for the lock the other dies holding.
    const procs = [appender(file, `r${round}a`, 0), appender(file, `r${round}b`, 0)];
    await Promise.all(procs.map((p) => p.ready));
    await new Promise((r) => setTimeout(r, next() * MAX_DELAY_MS));
    for (const p of procs) p.child.kill('SIGKILL');
    for (const p of procs) expect(await p.exited, p.err()).toBe('SIGKILL');

    const names = await fs.readdir(path.dirname(file));
    for (const name of names) expect(name, 'only the log and its lock').toMatch(/^audit\.jsonl(\.lock(\.break)?)?$/);
    if (names.includes('audit.jsonl.lock')) lockLeft++;
    const report = await verifyAuditLog(file, { lock: { staleMs: 3_600_000, waitMs: 20_000 } });
    expect(report?.breaks, `round ${round} (KILL9_SEED=${SEED})`).toEqual([]);
    expect(report?.torn).toBeUndefined();
  }
  // A later console appends over whatever the kills left: a dead holder's lock does not stop it.
  await openAuditLog(file, { lock: { staleMs: 3_600_000, waitMs: 20_000 } }).append({
    time: new Date().toISOString(),
    baseUrl: 'https://api.example',
    workspaceId: 'ws-procs',
    action: 'approve',
    result: 'completed',
  });
  const report = await verifyAuditLog(file);
  expect(report).toMatchObject({ intact: true, legacy: 0 });
  expect(report!.chained).toBe(report!.lines);
  expect(await fs.readdir(path.dirname(file))).toEqual(['audit.jsonl']);
  process.stdout.write(`[audit kill9] seed ${SEED}: ${ROUNDS} rounds, ${report!.lines} lines; a lock was left by a killed holder in ${lockLeft} rounds\n`);
}, 120_000);
