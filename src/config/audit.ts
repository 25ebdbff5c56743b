// The local audit log: one JSON object per line, appended, never rewritten (issue 5). Several
// consoles may append at once: every line goes out in one write() on an O_APPEND descriptor, so
// lines never interleave, and a reader skips (and counts) any line that is not a whole entry.
import { constants, type Stats } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { ensurePrivateDir } from './atomic.js';
import { ConfigError, errnoCode } from './errors.js';

/** One attempt of an action and how it ended. Holds no secret: no token, key or passphrase. */
export interface AuditEntry {
  /** ISO 8601, UTC, milliseconds. */
  readonly time: string;
  readonly profile?: string;
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly keyId?: string;
  /** decline | approve | create (more may come: readers show unknown ones as they are). */
  readonly action: string;
  readonly transactionId?: string;
  /** The idempotency key of a create. */
  readonly externalId?: string;
  readonly reason?: string;
  /** The new status on success, else the error code (conflict, forbidden, network, bad-request…). */
  readonly result: string;
  readonly correlationId?: string;
}

export interface AuditReadResult {
  readonly entries: AuditEntry[];
  /** Lines that were not a valid entry (a torn last line, hand edits): counted, not fatal. */
  readonly skipped: number;
}

export interface AuditLog {
  readonly path: string;
  /** Appends one line (folder 0700, file 0600, no symlinks); rejects with a ConfigError saying why. */
  append(entry: AuditEntry): Promise<void>;
  /** Every entry, oldest first, optionally only those of one transaction. A missing file is empty. */
  read(filter?: { transactionId?: string }): Promise<AuditReadResult>;
}

const text = z.string().min(1).max(10_000);

/**
 * The shape of a line, field by field: what is written is exactly these fields (nothing else an
 * object happens to carry can slip into the file), and what is read back must have them.
 */
const AuditEntrySchema = z.object({
  time: z.iso.datetime({ offset: true }),
  profile: text.optional(),
  baseUrl: text,
  workspaceId: text,
  keyId: text.optional(),
  action: text,
  transactionId: text.optional(),
  externalId: text.optional(),
  reason: z.string().max(10_000).optional(),
  result: text,
  correlationId: text.optional(),
});

const FIELDS = Object.keys(AuditEntrySchema.shape) as (keyof AuditEntry)[];

// O_NOFOLLOW: a symlink planted at the log's path (pointing at a file of the user's) fails the
// open with ELOOP instead of being written through. O_NONBLOCK keeps a FIFO from hanging it.
// Read and write: the last byte is read to see whether a crash left a line unfinished; with
// O_APPEND every write still lands at the end, whatever was read.
const APPEND_FLAGS =
  constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function symlinkError(file: string): ConfigError {
  return new ConfigError(`${file} is a symlink; the audit log must be a regular file (a link could point anywhere)`, {
    path: file,
    fix: `move the link away (mv ${JSON.stringify(file)} ${JSON.stringify(`${file}.link`)}); a new log is started`,
  });
}

/** The audit log is readable and writable by its owner only; anything wider is refused, never repaired. */
function checkStats(file: string, stats: Stats): void {
  if (!stats.isFile()) throw new ConfigError(`${file} is not a regular file`, { path: file });
  if ((stats.mode & 0o077) !== 0) {
    const octal = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new ConfigError(`${file} has mode ${octal}: the audit log must be readable by you alone (0600)`, {
      path: file,
      fix: `chmod 600 ${JSON.stringify(file)}`,
    });
  }
}

function openError(file: string, err: unknown, doing: string): ConfigError {
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

/** The entry as one line of JSON, its fields in a fixed order, only the known ones. */
export function auditLine(entry: AuditEntry): string {
  const parsed = AuditEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`not a valid audit entry: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`);
  }
  const ordered: Record<string, unknown> = {};
  for (const field of FIELDS) if (parsed.data[field] !== undefined) ordered[field] = parsed.data[field];
  // JSON.stringify escapes every newline inside strings: the entry is one line whatever the reason says.
  return `${JSON.stringify(ordered)}\n`;
}

/** One line read back: the entry, or undefined for anything else (torn, edited, foreign). */
export function parseAuditLine(line: string): AuditEntry | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = AuditEntrySchema.safeParse(json);
  if (!parsed.success) return undefined;
  const entry: Record<string, unknown> = {};
  for (const field of FIELDS) if (parsed.data[field] !== undefined) entry[field] = parsed.data[field];
  return entry as unknown as AuditEntry;
}

async function appendLine(file: string, line: string): Promise<void> {
  try {
    await ensurePrivateDir(path.dirname(file));
  } catch (err) {
    throw openError(path.dirname(file), err, 'create the folder of');
  }
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, APPEND_FLAGS, 0o600);
  } catch (err) {
    throw openError(file, err, 'open');
  }
  try {
    const stats = await handle.stat();
    checkStats(file, stats);
    let data = Buffer.from(line, 'utf8');
    // A crash mid-append can leave a last line without its newline; ours must not be glued to it.
    if (stats.size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, stats.size - 1);
      if (last[0] !== 0x0a) data = Buffer.concat([Buffer.from('\n'), data]);
    }
    // One write() per line: on an O_APPEND descriptor it lands whole at the end, even when other
    // consoles append at the same moment.
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

async function readEntries(file: string, filter: { transactionId?: string } = {}): Promise<AuditReadResult> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, READ_FLAGS);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return { entries: [], skipped: 0 };
    throw openError(file, err, 'open');
  }
  const entries: AuditEntry[] = [];
  let skipped = 0;
  try {
    checkStats(file, await handle.stat());
    // Line by line: the log only grows, and a reader should not hold all of it at once.
    const lines = createInterface({ input: handle.createReadStream({ encoding: 'utf8', autoClose: false }), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      const entry = parseAuditLine(line);
      if (entry === undefined) skipped++;
      else if (filter.transactionId === undefined || entry.transactionId === filter.transactionId) entries.push(entry);
    }
  } catch (err) {
    throw err instanceof ConfigError ? err : openError(file, err, 'read');
  } finally {
    await handle.close().catch(() => {});
  }
  return { entries, skipped };
}

export function openAuditLog(file: string): AuditLog {
  const resolved = path.resolve(file);
  // Appends of this process go one after another, in the order they were asked for.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    path: resolved,
    append(entry) {
      let line: string;
      try {
        line = auditLine(entry);
      } catch (err) {
        return Promise.reject(err);
      }
      const done = queue.then(() => appendLine(resolved, line));
      queue = done.catch(() => {});
      return done;
    },
    read: (filter) => readEntries(resolved, filter),
  };
}
