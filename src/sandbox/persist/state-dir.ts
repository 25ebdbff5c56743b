// The folder a sandbox keeps its world in (`--state-dir`): `state.json` (what the world was made
// with, written once), `journal.jsonl` (every change since, appended before it takes effect) and
// `lock` (the pid of the sandbox using it). Files are the user's alone (0600 in a 0700 folder) and
// never followed through a link: the journal holds the key registry.
import fs from 'node:fs';
import path from 'node:path';
import { type Failure, failure } from '../errors.js';
import { type JournalEntry, JournalEntrySchema, STATE_FORMAT, type StateMeta, StateMetaSchema } from './entries.js';

/** A state dir that cannot be used as it is; the message says why and what to do. */
export class StateDirError extends Error {
  override name = 'StateDirError';
}

/** A journal write failed (disk full, I/O error): the change it was for must not happen. */
export class StateWriteError extends Error {
  override name = 'StateWriteError';

  /** The answer: the one 5xx the sandbox sends by design. */
  failure(): Failure {
    return failure('service-unavailable', `${this.message}: nothing was changed; try again later`);
  }
}

/** What the state dir does with files; tests hand in a write that fails. */
export interface StateFs {
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
}

const META = 'state.json';
const JOURNAL = 'journal.jsonl';
const LOCK = 'lock';
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

export interface OpenedState {
  readonly dir: string;
  /** Undefined for a new state: the caller makes it with `create`. */
  readonly meta: StateMeta | undefined;
  readonly entries: readonly JournalEntry[];
  /** A torn last line (a write cut short by a crash) was dropped. */
  readonly droppedTail: boolean;
  create(meta: StateMeta): void;
  /** Appends one entry; throws StateWriteError and leaves the journal as it was when that fails. */
  append(entry: JournalEntry): void;
  /** Puts written entries on the disk (a crash of the machine, not only of the process). */
  flush(): void;
  close(): void;
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** The folder and the files in it are the user's alone, as the console's own files are. */
function checkOwned(file: string, stat: fs.Stats, kind: 'folder' | 'file'): void {
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid && stat.uid !== 0) {
    throw new StateDirError(`${file} is owned by another user (uid ${stat.uid}); the state dir must be yours`);
  }
  if ((stat.mode & 0o022) !== 0) {
    const fix = kind === 'folder' ? 'chmod 700' : 'chmod 600';
    throw new StateDirError(`${file} is writable by others; run: ${fix} ${file}`);
  }
}

function ensureFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new StateDirError(`cannot make the state dir ${dir}: ${errno(err) ?? (err as Error).message}`);
  }
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new StateDirError(`${dir} is not a folder`);
  checkOwned(dir, stat, 'folder');
}

function pidAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return errno(err) === 'EPERM';
  }
  // A sandbox killed a moment ago may still be a zombie its parent has not reaped: not running.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Folders this process holds: its own pid in a lock file does not make that lock stale. */
const held = new Set<string>();

/** Takes the folder's lock; a lock left by a sandbox that no longer runs (kill -9) is taken over. */
function lock(dir: string): () => void {
  const file = path.join(dir, LOCK);
  if (held.has(dir)) throw new StateDirError(`${dir} is in use by another sandbox in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      held.add(dir);
      return () => {
        held.delete(dir);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Gone already: nothing to release.
        }
      };
    } catch (err) {
      if (errno(err) !== 'EEXIST') throw new StateDirError(`cannot lock ${dir}: ${errno(err) ?? (err as Error).message}`);
    }
    let holder = Number.NaN;
    try {
      holder = Number(fs.readFileSync(file, 'utf8').trim());
    } catch {
      // Unreadable or just removed: treated as stale.
    }
    if (pidAlive(holder)) {
      throw new StateDirError(
        `${dir} is in use by another sandbox (pid ${holder}); stop it first, or use another --state-dir`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new StateDirError(`cannot lock ${dir}: another sandbox took it at the same moment`);
}

function readMeta(dir: string): StateMeta | undefined {
  const file = path.join(dir, META);
  let text: string;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
    try {
      checkOwned(file, fs.fstatSync(fd), 'file');
      text = fs.readFileSync(fd, 'utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    if (errno(err) === 'ENOENT') return undefined;
    if (err instanceof StateDirError) throw err;
    throw new StateDirError(`cannot read ${file}: ${errno(err) ?? (err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new StateDirError(`${file} is not JSON: the state dir is damaged`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format !== STATE_FORMAT) {
    throw new StateDirError(
      `${dir} holds a state of format ${format}; this sandbox reads format ${STATE_FORMAT}. Use another --state-dir`,
    );
  }
  const parsed = StateMetaSchema.safeParse(raw);
  if (!parsed.success) throw new StateDirError(`${file} is not a sandbox state (format ${STATE_FORMAT})`);
  return parsed.data;
}

/** The journal's entries; a last line cut short by a crash is dropped (and cut off the file). */
function readJournal(file: string, fd: number): { entries: JournalEntry[]; size: number; droppedTail: boolean } {
  const text = fs.readFileSync(fd, 'utf8');
  const entries: JournalEntry[] = [];
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    line++;
    if (end < 0) {
      // No newline: the write that made it was cut short. Nothing answered it, so it never happened.
      fs.ftruncateSync(fd, Buffer.byteLength(text.slice(0, start)));
      return { entries, size: Buffer.byteLength(text.slice(0, start)), droppedTail: true };
    }
    let entry: JournalEntry | undefined;
    try {
      const parsed = JournalEntrySchema.safeParse(JSON.parse(text.slice(start, end)));
      if (parsed.success) entry = parsed.data;
    } catch {
      entry = undefined;
    }
    if (entry === undefined) throw new StateDirError(`${file}: line ${line} is damaged; the state cannot be replayed`);
    entries.push(entry);
    start = end + 1;
  }
  return { entries, size: Buffer.byteLength(text), droppedTail: false };
}

function writeAll(io: StateFs, fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += io.writeSync(fd, buf, off, buf.length - off);
}

/** Opens (or makes) a state dir and takes its lock. Throws StateDirError with the reason. */
export function openStateDir(dir: string, io: StateFs = fs): OpenedState {
  const folder = path.resolve(dir);
  ensureFolder(folder);
  const unlock = lock(folder);
  try {
    const meta = readMeta(folder);
    const journalFile = path.join(folder, JOURNAL);
    if (meta === undefined && fs.existsSync(journalFile)) {
      throw new StateDirError(`${journalFile} has no ${META} beside it: the state dir is damaged`);
    }
    let fd: number;
    try {
      fd = fs.openSync(journalFile, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_APPEND | NOFOLLOW, 0o600);
    } catch (err) {
      throw new StateDirError(`cannot open ${journalFile}: ${errno(err) ?? (err as Error).message}`);
    }
    checkOwned(journalFile, fs.fstatSync(fd), 'file');
    const read = readJournal(journalFile, fd);
    let size = read.size;
    let dirty = false;
    return {
      dir: folder,
      meta,
      entries: read.entries,
      droppedTail: read.droppedTail,
      create(m) {
        // Written whole, then renamed into place: a crash leaves no half of it.
        const tmp = path.join(folder, `${META}.tmp`);
        const out = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | NOFOLLOW, 0o600);
        try {
          writeAll(io, out, Buffer.from(`${JSON.stringify(m, null, 2)}\n`));
          fs.fsyncSync(out);
        } finally {
          fs.closeSync(out);
        }
        fs.renameSync(tmp, path.join(folder, META));
      },
      append(entry) {
        const buf = Buffer.from(`${JSON.stringify(entry)}\n`);
        try {
          writeAll(io, fd, buf);
        } catch (err) {
          // A part may have reached the file: cut it off, so the journal stays whole lines.
          try {
            fs.ftruncateSync(fd, size);
          } catch {
            // The replay drops a torn last line in any case.
          }
          throw new StateWriteError(`the state dir could not be written (${errno(err) ?? (err as Error).message})`);
        }
        size += buf.length;
        dirty = true;
      },
      flush() {
        if (!dirty) return;
        dirty = false;
        try {
          fs.fdatasyncSync(fd);
        } catch {
          // The next append reports a disk that fails.
        }
      },
      close() {
        try {
          if (dirty) fs.fdatasyncSync(fd);
          fs.closeSync(fd);
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
