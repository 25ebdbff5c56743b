// The local audit log (issue 5): one JSON object per line, appended, never rewritten, each line
// chained to the ones before it by a hash (audit-chain.ts), so a changed, removed or inserted line
// shows. Several consoles may append at once: an appender holds a lock beside the log while it
// reads the end and appends (audit-lock.ts), every line goes out in one write() on an O_APPEND
// descriptor, and a reader skips (and counts) any line that is not a whole entry.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AuditChainVerifier, type ChainReport } from './audit-chain.js';
import { APPEND_FLAGS, chainLink, checkAuditPath, checkStats, fileLines, openError, READ_FLAGS } from './audit-file.js';
import { type AuditEntry, type AuditFilter, auditLine, matchesFilter, parseAuditLine, type StoredAuditEntry } from './audit-line.js';
import { type LockOptions, withLock } from './audit-lock.js';
import { ensurePrivateDir } from './atomic.js';
import { ConfigError, errnoCode } from './errors.js';
import type { SecurePathOptions } from './secure-path.js';

export * from './audit-line.js';
export { CHAIN_GENESIS, type ChainBreak, type ChainReport, type UnlinkedLine, verifyAuditChain } from './audit-chain.js';
export { LOCK_STALE_MS, type LockOptions } from './audit-lock.js';
export { checkAuditPath } from './audit-file.js';

export interface AuditReadResult {
  /** Oldest first, as the log holds them (`prev` on chained lines). */
  readonly entries: StoredAuditEntry[];
  /** Lines that were not a valid entry (a torn last line, hand edits): counted, not fatal. */
  readonly skipped: number;
}

export interface AuditLog {
  /** The file, or for a log kept in memory a description saying so. */
  readonly path: string;
  /** False for a log kept in memory (the demo's): nothing of it reaches the disk. */
  readonly onDisk: boolean;
  /** Appends one line (folder 0700, file 0600, no symlinks); rejects with a ConfigError saying why. */
  append(entry: AuditEntry): Promise<void>;
  /** Every entry, oldest first, optionally only those matching the filter. A missing file is empty. */
  read(filter?: AuditFilter): Promise<AuditReadResult>;
}

export interface AuditLogOptions {
  readonly lock?: LockOptions;
  /** Who the log and its folders must belong to (default: this process's user; tests inject). */
  readonly secure?: SecurePathOptions;
}

export interface VerifyOptions extends AuditLogOptions {
  /** A seal printed by an earlier check, to look for (see ChainReport.kept). */
  readonly kept?: string;
}

/** The lock file beside a log. */
function auditLockPath(file: string): string {
  return `${path.resolve(file)}.lock`;
}

async function appendLine(file: string, entry: AuditEntry, opts: AuditLogOptions): Promise<void> {
  try {
    await ensurePrivateDir(path.dirname(file));
  } catch (err) {
    throw openError(path.dirname(file), err, 'create the folder of');
  }
  // Before the lock file is made beside it: a folder others can change is not written to at all.
  await checkAuditPath(file, opts.secure);
  // The line's link is the hash of what is at the end now: nobody may append in between.
  await withLock(auditLockPath(file), () => appendLinked(file, entry, opts.secure), opts.lock);
}

async function appendLinked(file: string, entry: AuditEntry, secure: SecurePathOptions | undefined): Promise<void> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, APPEND_FLAGS, 0o600);
  } catch (err) {
    throw openError(file, err, 'open');
  }
  try {
    const stats = await handle.stat();
    checkStats(file, stats, secure);
    const { prev, newlineFirst } = await chainLink(handle, stats.size);
    const data = Buffer.from(`${newlineFirst ? '\n' : ''}${auditLine(entry, prev)}`, 'utf8');
    // One write() per line: on an O_APPEND descriptor it lands whole at the end, even next to an
    // older custody that appends without the lock.
    const { bytesWritten } = await handle.write(data, 0, data.length);
    if (bytesWritten !== data.length) {
      throw new ConfigError(`${file}: only ${bytesWritten} of ${data.length} bytes were written (disk full?)`, {
        path: file,
      });
    }
    await handle.datasync();
  } catch (err) {
    throw err instanceof ConfigError ? err : openError(file, err, 'write');
  } finally {
    await handle.close().catch(() => {});
  }
}

/** Opens the log for reading: undefined when there is none yet. Refuses what appends refuse. */
async function openForReading(
  file: string,
  secure: SecurePathOptions | undefined,
): Promise<{ handle: fsp.FileHandle; size: number } | undefined> {
  // Lines others could have written would be shown, and verified, as the user's own.
  if (!(await checkAuditPath(file, secure))) return undefined;
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, READ_FLAGS);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw openError(file, err, 'open');
  }
  try {
    const stats = await handle.stat();
    checkStats(file, stats, secure);
    return { handle, size: stats.size };
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function lineEntry(bytes: Buffer): { entry: StoredAuditEntry; text: string } | undefined | 'blank' {
  let text: string;
  try {
    text = utf8.decode(bytes[bytes.length - 1] === 0x0a ? bytes.subarray(0, -1) : bytes);
  } catch {
    return undefined;
  }
  if (text.trim() === '') return 'blank';
  const entry = parseAuditLine(text);
  return entry === undefined ? undefined : { entry, text };
}

/** The matching lines as the file holds them (without their newline), and what was skipped. */
export interface AuditLinesResult {
  readonly lines: string[];
  readonly skipped: number;
}

async function readEntries(
  file: string,
  filter: AuditFilter,
  secure: SecurePathOptions | undefined,
): Promise<AuditReadResult> {
  const { entries, skipped } = await readMatching(file, filter, secure);
  return { entries: entries.map((e) => e.entry), skipped };
}

/**
 * The lines of the entries that match, each exactly as stored: `custody audit --json` prints
 * them so, fields a newer custody added included.
 */
export async function readAuditLines(file: string, filter: AuditFilter = {}, opts: AuditLogOptions = {}): Promise<AuditLinesResult> {
  const { entries, skipped } = await readMatching(path.resolve(file), filter, opts.secure);
  return { lines: entries.map((e) => e.text), skipped };
}

async function readMatching(
  file: string,
  filter: AuditFilter,
  secure: SecurePathOptions | undefined,
): Promise<{ entries: { entry: StoredAuditEntry; text: string }[]; skipped: number }> {
  const opened = await openForReading(file, secure);
  if (opened === undefined) return { entries: [], skipped: 0 };
  const entries: { entry: StoredAuditEntry; text: string }[] = [];
  let skipped = 0;
  try {
    // Line by line, up to the size it had when opened: the log only grows, and a reader should
    // not hold all of it at once.
    for await (const bytes of fileLines(opened.handle, opened.size)) {
      const entry = lineEntry(bytes);
      if (entry === 'blank') continue;
      if (entry === undefined) skipped++;
      else if (matchesFilter(entry.entry, filter)) entries.push(entry);
    }
  } catch (err) {
    throw err instanceof ConfigError ? err : openError(file, err, 'read');
  } finally {
    await opened.handle.close().catch(() => {});
  }
  return { entries, skipped };
}

/**
 * Walks the whole log and checks its chain. Undefined when there is no log. The size is taken
 * under the appenders' lock, so a line being appended is not mistaken for a torn one; a log in a
 * folder we cannot write (a copy handed over) is read without it.
 */
export async function verifyAuditLog(file: string, opts: VerifyOptions = {}): Promise<ChainReport | undefined> {
  const resolved = path.resolve(file);
  const open = () => openForReading(resolved, opts.secure);
  let opened: Awaited<ReturnType<typeof open>>;
  try {
    opened = await withLock(auditLockPath(resolved), open, { waitMs: 5_000, ...opts.lock });
  } catch (err) {
    if (err instanceof ConfigError && err.path === resolved) throw err;
    opened = await open();
  }
  if (opened === undefined) return undefined;
  const verifier = new AuditChainVerifier(opts.kept);
  try {
    for await (const bytes of fileLines(opened.handle, opened.size)) verifier.push(bytes);
  } catch (err) {
    throw err instanceof ConfigError ? err : openError(resolved, err, 'read');
  } finally {
    await opened.handle.close().catch(() => {});
  }
  return verifier.finish();
}

export function openAuditLog(file: string, opts: AuditLogOptions = {}): AuditLog {
  const resolved = path.resolve(file);
  // Appends of this process go one after another, in the order they were asked for.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    path: resolved,
    onDisk: true,
    append(entry) {
      try {
        auditLine(entry); // a wrong shape is refused before the file is touched
      } catch (err) {
        return Promise.reject(err);
      }
      const done = queue.then(() => appendLine(resolved, entry, opts));
      queue = done.catch(() => {});
      return done;
    },
    read: (filter = {}) => readEntries(resolved, filter, opts.secure),
  };
}

/**
 * A log that lives in this process only: the demo's, whose sandbox and key are thrown away at
 * exit. It checks entries as the file does and answers reads the same way, so the detail's audit
 * section shows the demo's own actions, and nothing of them mixes into the real log.
 */
export function createMemoryAuditLog(description = 'kept in memory for this session (nothing is written to disk)'): AuditLog {
  const held: StoredAuditEntry[] = [];
  return {
    path: description,
    onDisk: false,
    append(entry) {
      try {
        const stored = parseAuditLine(auditLine(entry).trimEnd());
        if (stored !== undefined) held.push(stored);
        return Promise.resolve();
      } catch (err) {
        return Promise.reject(err);
      }
    },
    read: (filter = {}) => Promise.resolve({ entries: held.filter((e) => matchesFilter(e, filter)), skipped: 0 }),
  };
}
