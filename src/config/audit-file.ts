// The audit log's file handling: how it is opened (never through a symlink, never wider than
// 0600, only where nobody else can change it), read line by line as bytes, and where the chain's
// last span starts.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import type fsp from 'node:fs/promises';
import { CHAIN_GENESIS, linkOf } from './audit-chain.js';
import { ConfigError, errnoCode } from './errors.js';
import { inspectPath, isTrustedOwner, type PathStats, pathError, type SecurePathOptions } from './secure-path.js';

// O_NOFOLLOW: a symlink planted at the log's path (pointing at a file of the user's) fails the
// open with ELOOP instead of being written through. O_NONBLOCK keeps a FIFO from hanging it.
// Read and write: the end is read to chain the new line; with O_APPEND every write still lands
// at the end, whatever was read.
export const APPEND_FLAGS =
  constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const CHUNK = 64 * 1024;

function symlinkError(file: string): ConfigError {
  return new ConfigError(`${file} is a symlink; the audit log must be a regular file (a link could point anywhere)`, {
    path: file,
    fix: `move the link away (mv ${JSON.stringify(file)} ${JSON.stringify(`${file}.link`)}); a new log is started`,
  });
}

/**
 * The audit log is the user's (or root's), readable and writable by its owner only; anything
 * wider is refused, never repaired.
 */
export function checkStats(file: string, stats: PathStats, secure?: SecurePathOptions): void {
  if (!stats.isFile()) throw new ConfigError(`${file} is not a regular file`, { path: file });
  if ((stats.mode & 0o077) !== 0) {
    const octal = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new ConfigError(`${file} has mode ${octal}: the audit log must be readable by you alone (0600)`, {
      path: file,
      fix: `chmod 600 ${JSON.stringify(file)}`,
    });
  }
  // Said in full (with the fix) by checkAuditPath; here it guards the file actually opened.
  if (!isTrustedOwner(stats.uid, secure)) {
    throw new ConfigError(`${file} is owned by uid ${stats.uid}, not by you or root`, { path: file });
  }
}

/**
 * What the log's path must be before it is opened: not a symlink itself, the file (when there is
 * one) and every folder on the way the user's or root's and writable by nobody else
 * (secure-path.ts), a private regular file. Returns whether the log exists.
 */
export async function checkAuditPath(file: string, secure?: SecurePathOptions): Promise<boolean> {
  let report: Awaited<ReturnType<typeof inspectPath>>;
  try {
    report = await inspectPath(file, secure);
  } catch (err) {
    throw openError(file, err, 'check');
  }
  if (report.link) throw symlinkError(file);
  if (report.problems.length > 0) throw pathError(file, report.problems);
  if (report.stats) checkStats(file, report.stats, secure);
  return report.exists;
}

export function openError(file: string, err: unknown, doing: string): ConfigError {
  const code = errnoCode(err);
  if (code === 'ELOOP') return symlinkError(file);
  if (code === 'EISDIR') return new ConfigError(`${file} is a folder, not the audit log`, { path: file });
  if (code === 'EACCES' || code === 'EPERM') {
    return new ConfigError(`cannot ${doing} ${file}: permission denied`, { path: file });
  }
  if (err instanceof ConfigError) return err;
  return new ConfigError(`cannot ${doing} ${file}: ${code ?? (err instanceof Error ? err.message : 'unknown error')}`, {
    path: file,
  });
}

/**
 * The lines of bytes [0, end), each with its newline (only the last may lack one). Split on the
 * newline byte alone: not readline, which since Node 24 also ends a line at U+2028 and U+2029
 * (legal, unescaped, inside a JSON string) and so tore such entries in two.
 */
export async function* fileLines(handle: fsp.FileHandle, end: number): AsyncGenerator<Buffer> {
  let carry: Buffer[] = [];
  let pos = 0;
  while (pos < end) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, end - pos));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, pos);
    if (bytesRead === 0) break;
    pos += bytesRead;
    const data = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a, start)) {
      const piece = data.subarray(start, nl + 1);
      yield carry.length === 0 ? piece : Buffer.concat([...carry, piece]);
      carry = [];
      start = nl + 1;
    }
    if (start < data.length) carry.push(data.subarray(start));
  }
  if (carry.length > 0) yield Buffer.concat(carry);
}

/** Where the last line that carries a link starts, or 0 when none does: read from the end back. */
async function lastLinkStart(handle: fsp.FileHandle, size: number): Promise<number> {
  // `tail` holds bytes [pos, lineEnd): a line whose start is not read yet.
  let tail = Buffer.alloc(0);
  let pos = size;
  while (pos > 0) {
    const n = Math.min(CHUNK, pos);
    pos -= n;
    const chunk = Buffer.allocUnsafe(n);
    const { bytesRead } = await handle.read(chunk, 0, n, pos);
    if (bytesRead !== n) throw new ConfigError('the audit log shrank while it was being appended to');
    const buf = Buffer.concat([chunk, tail]);
    let end = buf.length;
    // The newline before each line's own last byte ends the line before it.
    for (let nl = end >= 2 ? buf.lastIndexOf(0x0a, end - 2) : -1; nl !== -1; nl = end >= 2 ? buf.lastIndexOf(0x0a, end - 2) : -1) {
      if (linkOf(buf.subarray(nl + 1, end)) !== undefined) return pos + nl + 1;
      end = nl + 1;
    }
    tail = buf.subarray(0, end);
  }
  // The first line is linked, or none is: either way the span starts at the file's start.
  return 0;
}

/**
 * The `prev` for a line appended now: the hash of the bytes from the last linked line's start to
 * the end (the whole file when no line is linked yet), and whether a newline must go first (a
 * crash left the last line unfinished: ours must not be glued to it; the chain covers it).
 */
export async function chainLink(handle: fsp.FileHandle, size: number): Promise<{ prev: string; newlineFirst: boolean }> {
  if (size === 0) return { prev: CHAIN_GENESIS, newlineFirst: false };
  const start = await lastLinkStart(handle, size);
  const hash = createHash('sha256');
  let last = 0x0a;
  for (let pos = start; pos < size; ) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - pos));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, pos);
    if (bytesRead === 0) throw new ConfigError('the audit log shrank while it was being appended to');
    hash.update(chunk.subarray(0, bytesRead));
    last = chunk[bytesRead - 1]!;
    pos += bytesRead;
  }
  const newlineFirst = last !== 0x0a;
  if (newlineFirst) hash.update('\n');
  return { prev: hash.digest('hex'), newlineFirst };
}
