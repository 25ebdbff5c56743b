// The lock beside the audit log: held by a live console it makes an appender wait; left by a
// dead one (kill -9, a reboot) it is broken, at once when its process is known dead, after the
// stale age otherwise; and breaking it never lets two appenders chain to one line.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuditEntry, ConfigError, openAuditLog, verifyAuditLog } from '../../src/config/index.js';
import { tempDir } from './tmp.js';

/** Long enough that only the pid rule (or an explicit age) can break a lock in these tests. */
const PATIENT = { staleMs: 3_600_000, waitMs: 30_000 };

const entry = (i: number): AuditEntry => ({
  time: '2026-11-21T12:00:00.000Z',
  baseUrl: 'https://api.example',
  workspaceId: 'ws1',
  action: 'approve',
  transactionId: `tx-${i}`,
  result: 'completed',
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

async function deadPid(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '0']);
  return new Promise((resolve) => gone.once('exit', () => resolve(gone.pid!)));
}

function livePid(): number {
  const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  children.push(alive);
  return alive.pid!;
}

async function logWithLock(content: string, ageMs = 0): Promise<{ file: string; lock: string }> {
  const file = path.join(await tempDir(), 'audit.jsonl');
  const lock = `${file}.lock`;
  await fs.writeFile(lock, content, { mode: 0o600 });
  if (ageMs > 0) {
    const then = new Date(Date.now() - ageMs);
    await fs.utimes(lock, then, then);
  }
  return { file, lock };
}

const owner = (pid: number, host = os.hostname(), nonce = '0123456789abcdef') => JSON.stringify({ pid, host, nonce });

/** Whether the promise is still pending after other work had a fair chance to settle it. */
async function pending(promise: Promise<unknown>, ms = 300): Promise<boolean> {
  const marker = Symbol('pending');
  const result = await Promise.race([promise.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r(marker), ms))]);
  return result === marker;
}

describe('audit lock: a lock nobody holds any more is broken', () => {
  it.each([
    ['a dead process on this machine', async () => owner(await deadPid())],
    ['this process’s pid with a nonce it never made (a namesake before a restart)', async () => owner(process.pid)],
  ])('%s: at once, whatever its age', async (_name, content) => {
    const { file, lock } = await logWithLock(await content());
    const log = openAuditLog(file, { lock: PATIENT });
    await log.append(entry(1));
    expect((await log.read()).entries).toHaveLength(1);
    expect(existsSync(lock)).toBe(false);
  });

  it.skipIf(!existsSync('/proc/sys/kernel/random/boot_id'))('a live pid from before a reboot (another boot id)', async () => {
    const content = JSON.stringify({ pid: livePid(), host: os.hostname(), boot: 'another-boot', nonce: 'feedfacefeedface' });
    const { file } = await logWithLock(content);
    await openAuditLog(file, { lock: PATIENT }).append(entry(1));
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 1 });
  });

  it.each([
    ['a live process held it longer than the stale age', () => owner(livePid())],
    ['another machine’s, old', () => owner(1, 'some-other-host')],
  ])('%s', async (_name, content) => {
    const { file, lock } = await logWithLock(content(), 10_000);
    await openAuditLog(file, { lock: { staleMs: 5_000, waitMs: 30_000 } }).append(entry(1));
    expect(existsSync(lock)).toBe(false);
  });

  it('an empty lock a few seconds old: its taker died before writing who it was', async () => {
    const { file, lock } = await logWithLock('', 5_000);
    await openAuditLog(file, { lock: PATIENT }).append(entry(1));
    expect(existsSync(lock)).toBe(false);
  });

  it('a breaker left by a dead waiter does not stop the next one', async () => {
    const { file, lock } = await logWithLock(owner(await deadPid()));
    await fs.writeFile(`${lock}.break`, owner(await deadPid(), os.hostname(), 'aaaaaaaaaaaaaaaa'), { mode: 0o600 });
    await openAuditLog(file, { lock: PATIENT }).append(entry(1));
    expect((await fs.readdir(path.dirname(file))).sort()).toEqual(['audit.jsonl']);
  });

  it('many appenders finding one stale lock: broken once, the chain stays one line of descent', async () => {
    const { file } = await logWithLock(owner(await deadPid()));
    const logs = Array.from({ length: 12 }, () => openAuditLog(file, { lock: PATIENT }));
    await Promise.all(logs.map((log, i) => log.append(entry(i))));
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 12, breaks: [] });
  });
});

describe('audit lock: a lock someone holds is waited for', () => {
  it('a live console’s lock: the append waits, and goes on when it is released', async () => {
    const { file, lock } = await logWithLock(owner(livePid()));
    const append = openAuditLog(file, { lock: PATIENT }).append(entry(1));
    expect(await pending(append)).toBe(true);
    expect(existsSync(file)).toBe(false);
    await fs.rm(lock);
    await append;
    expect(await verifyAuditLog(file)).toMatchObject({ intact: true, chained: 1 });
  });

  it.each([
    ['a live process', () => owner(livePid()), /locked by process \d+ on /],
    ['an empty lock being written', () => '', /locked by an unknown process/],
    ['another machine’s', () => owner(1, 'some-other-host'), /locked by process 1 on some-other-host/],
  ])('%s, fresh: waits, then gives up saying who holds it and the fix', async (_name, content, words) => {
    const { file, lock } = await logWithLock(content());
    const err = await openAuditLog(file, { lock: { staleMs: 3_600_000, waitMs: 200 } }).append(entry(1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(words);
    expect((err as ConfigError).fix).toBe(`if no custody is running, remove the lock: rm ${JSON.stringify(lock)}`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(lock)).toBe(true);
  });

  it('a symlink at the lock’s path is refused and nothing is written through it', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'precious.txt');
    await fs.writeFile(target, 'keep me\n');
    const file = path.join(dir, 'audit.jsonl');
    await fs.symlink(target, `${file}.lock`);
    await expect(openAuditLog(file, { lock: PATIENT }).append(entry(1))).rejects.toThrow(/lock must be a regular file/);
    expect(await fs.readFile(target, 'utf8')).toBe('keep me\n');
  });
});
