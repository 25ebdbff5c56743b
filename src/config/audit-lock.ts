// An advisory lock beside the audit log, so that two consoles never chain to the same last line:
// an appender reads the end of the log and appends its line while holding it. Node has no flock()
// without native code, so the lock is a file created with O_EXCL (atomic on every local file
// system), holding who took it. A lock whose holder is gone (kill -9, a power cut) is broken: at
// once when its process is dead on this machine, after LOCK_STALE_MS otherwise. Breaking goes
// through a second O_EXCL file, so that two waiters never both break one lock and then each other's.
import { randomBytes } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import { ConfigError, errnoCode } from './errors.js';

export interface LockOptions {
  /** A lock older than this is broken even when its holder looks alive (a reused pid, a frozen process). */
  readonly staleMs?: number;
  /** How long to wait for a lock held by a live process before giving up. */
  readonly waitMs?: number;
}

export const LOCK_STALE_MS = 30_000;
const LOCK_WAIT_MS = 45_000;
const EMPTY_STALE_MS = 2_000;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

interface Owner {
  readonly pid: number;
  readonly host: string;
  readonly boot?: string;
  readonly nonce: string;
}

interface Seen {
  readonly owner: Owner | undefined;
  readonly raw: string;
  readonly ino: number;
  readonly ageMs: number;
}

/** Locks this process holds or is taking, by nonce: a lock with our pid and another nonce is a dead namesake's. */
const ours = new Set<string>();

let bootId: string | undefined | null = null;
/** Linux's id of this boot: a lock from before a reboot is stale whatever its pid says. */
function currentBoot(): string | undefined {
  if (bootId === null) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
    } catch {
      bootId = undefined;
    }
  }
  return bootId;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM';
  }
}

function parseOwner(raw: string): Owner | undefined {
  try {
    const o = JSON.parse(raw) as Partial<Owner>;
    if (typeof o.pid !== 'number' || typeof o.host !== 'string' || typeof o.nonce !== 'string') return undefined;
    return { pid: o.pid, host: o.host, nonce: o.nonce, ...(typeof o.boot === 'string' ? { boot: o.boot } : {}) };
  } catch {
    return undefined;
  }
}

function lockError(file: string, err: unknown): ConfigError {
  const code = errnoCode(err);
  if (code === 'ELOOP') {
    return new ConfigError(`${file} is a symlink; the audit log's lock must be a regular file`, {
      path: file,
      fix: `rm ${JSON.stringify(file)}`,
    });
  }
  if (err instanceof ConfigError) return err;
  return new ConfigError(`cannot lock the audit log (${file}): ${code ?? (err instanceof Error ? err.message : 'unknown error')}`, {
    path: file,
  });
}

/** Who holds `file`, or undefined when nobody does (it is gone). */
async function inspect(file: string): Promise<Seen | undefined> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, READ_FLAGS);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw lockError(file, err);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new ConfigError(`${file} is not a regular file; it is in the audit log's way`, { path: file });
    const buf = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const raw = buf.subarray(0, bytesRead).toString('utf8');
    return { owner: parseOwner(raw), raw, ino: stats.ino, ageMs: Date.now() - stats.mtimeMs };
  } finally {
    await handle.close().catch(() => {});
  }
}

function isStale(seen: Seen, staleMs: number): boolean {
  const o = seen.owner;
  if (o !== undefined && o.host === os.hostname()) {
    const boot = currentBoot();
    if (o.boot !== undefined && boot !== undefined && o.boot !== boot) return true;
    if (o.pid === process.pid ? !ours.has(o.nonce) : !isAlive(o.pid)) return true;
  }
  // Empty: its taker writes who it is right after creating it, so an empty lock that stays empty
  // is one whose taker was killed in between.
  if (seen.raw === '') return seen.ageMs > Math.min(staleMs, EMPTY_STALE_MS);
  // Another machine's (its pid means nothing here), unreadable, or held too long.
  return seen.ageMs > staleMs;
}

/** Creates `file` exclusively holding `owner`; false when it exists. */
async function create(file: string, owner: Owner): Promise<boolean> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, CREATE_FLAGS, 0o600);
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    throw lockError(file, err);
  }
  try {
    await handle.write(JSON.stringify(owner));
  } catch (err) {
    await handle.close().catch(() => {});
    await fsp.rm(file, { force: true }).catch(() => {});
    throw lockError(file, err);
  }
  await handle.close().catch(() => {});
  return true;
}

async function removeIfSame(file: string, seen: Seen): Promise<void> {
  const now = await inspect(file);
  if (now === undefined || now.ino !== seen.ino || now.raw !== seen.raw) return;
  await fsp.rm(file, { force: true });
}

/**
 * Removes the stale lock `seen`, unless another waiter broke it (and someone took it anew) first.
 * False when another waiter is breaking it right now.
 */
async function breakLock(file: string, seen: Seen, owner: Owner, staleMs: number): Promise<boolean> {
  const breaker = `${file}.break`;
  if (!(await create(breaker, owner))) {
    // Another waiter's breaker, held for microseconds unless that waiter died holding it. (Two
    // waiters clearing one dead breaker at once could each go on to break: that needs a death
    // inside the breaker and a race on top of it, and would at worst show as a break in --verify.)
    const other = await inspect(breaker);
    if (other === undefined) return true;
    if (!isStale(other, Math.min(staleMs, 5_000))) return false;
    await removeIfSame(breaker, other);
    return true;
  }
  try {
    await removeIfSame(file, seen);
  } finally {
    await fsp.rm(breaker, { force: true }).catch(() => {});
  }
  return true;
}

function describeHolder(seen: Seen): string {
  const o = seen.owner;
  const who = o === undefined ? 'an unknown process' : `process ${o.pid} on ${o.host}`;
  return `${who} for ${Math.round(seen.ageMs / 1000)} s`;
}

/** Runs `fn` holding the lock `file`; the lock is released however `fn` ends. */
export async function withLock<T>(file: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const staleMs = opts.staleMs ?? LOCK_STALE_MS;
  const waitMs = opts.waitMs ?? LOCK_WAIT_MS;
  const boot = currentBoot();
  const owner: Owner = { pid: process.pid, host: os.hostname(), ...(boot ? { boot } : {}), nonce: randomBytes(8).toString('hex') };
  ours.add(owner.nonce);
  try {
    await acquire(file, owner, staleMs, waitMs).catch((err: unknown) => Promise.reject(lockError(file, err)));
    try {
      return await fn();
    } finally {
      const seen = await inspect(file).catch(() => undefined);
      if (seen?.owner?.nonce === owner.nonce) await fsp.rm(file, { force: true }).catch(() => {});
    }
  } finally {
    ours.delete(owner.nonce);
  }
}

async function acquire(file: string, owner: Owner, staleMs: number, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let delay = 1;
  for (;;) {
    if (await create(file, owner)) return;
    const seen = await inspect(file);
    if (seen === undefined) continue;
    if (isStale(seen, staleMs)) {
      if (await breakLock(file, seen, owner, staleMs)) continue;
    } else if (Date.now() > deadline) {
      throw new ConfigError(`the audit log is locked by ${describeHolder(seen)} (${file})`, {
        path: file,
        fix: `if no custody is running, remove the lock: rm ${JSON.stringify(file)}`,
      });
    }
    // Held for a few milliseconds per append: poll, a little longer each time, never in step with others.
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 16);
  }
}
