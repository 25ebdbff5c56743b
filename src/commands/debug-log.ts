// The console's debug log (--log-file, CUSTODY_LOG_FILE): where it may be, and how it is opened.
import { closeSync, constants, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  inspectPath,
  isTrustedOwner,
  type PathReport,
  pathError,
  type SecurePathOptions,
} from '../config/index.js';
import { UsageError } from './cli.js';
import { shellQuote } from './shell.js';

export interface DebugLog {
  (source: string, line: string): void;
  close(): void;
}

export const noLog: DebugLog = Object.assign(() => {}, { close: () => {} });

// O_NOFOLLOW: a symlink planted at the path fails the open (ELOOP) instead of being written
// through; O_NONBLOCK keeps a FIFO from hanging it.
const OPEN_FLAGS =
  constants.O_WRONLY |
  constants.O_APPEND |
  constants.O_CREAT |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

function symlinkError(file: string): ConfigError {
  return new ConfigError(`cannot open the log file ${file}: it is a symlink (give the real path)`, {
    path: file,
    fix: `give the path the link points to: --log-file "$(readlink -f ${shellQuote(file)})"`,
  });
}

/**
 * What the log's path must be before it is opened: not a symlink itself, and the file (when there
 * is one) and every folder on the way the user's or root's and writable by nobody else
 * (secure-path.ts), else another user could read the log's lines as they are written, or forge
 * some. Returns the report of the path, for the open to compare with.
 */
export async function checkDebugLogPath(file: string, secure?: SecurePathOptions): Promise<PathReport> {
  const resolved = path.resolve(file);
  const report = await inspectPath(resolved, secure);
  if (report.link) throw symlinkError(resolved);
  if (report.problems.length > 0) throw pathError(resolved, report.problems);
  if (report.stats && !report.stats.isFile()) {
    const what = report.stats.isDirectory() ? 'it is a folder' : 'it is not a regular file';
    throw new UsageError(`cannot open the log file ${resolved}: ${what}`);
  }
  return report;
}

function narrow(fd: number): void {
  try {
    fchmodSync(fd, 0o600);
  } catch {
    // root's file, opened by another user: not ours to change, and root may read it anyway
  }
}

/**
 * An append-only debug log (mode 0600, never through a symlink, in a place only the user can
 * change). Synchronous writes: lines are few, and the last ones before a crash or a SIGHUP are
 * the ones worth having. Callers never pass a token, a key or a passphrase; request lines carry
 * method, path, status and timing only.
 */
export async function openDebugLog(file: string, secure?: SecurePathOptions): Promise<DebugLog> {
  const resolved = path.resolve(file);
  const checked = await checkDebugLogPath(resolved, secure);
  let fd: number;
  try {
    fd = openSync(resolved, OPEN_FLAGS, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw symlinkError(resolved);
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (err as Error).message;
    throw new UsageError(`cannot open the log file ${resolved}: ${why}`);
  }
  try {
    const st = fstatSync(fd);
    // The file opened must be the one checked (or, when there was none, a new one of ours).
    const same = checked.stats === undefined || (st.ino === checked.stats.ino && st.dev === checked.stats.dev);
    if (!st.isFile() || !same || !isTrustedOwner(st.uid, secure)) {
      throw new UsageError(`cannot open the log file ${resolved}: it changed while it was being opened; try again`);
    }
    // Readable by others is narrowed; writable by others was refused above.
    if ((st.mode & 0o077) !== 0) narrow(fd);
  } catch (err) {
    closeSync(fd);
    throw err;
  }
  let open = true;
  const log = (source: string, line: string) => {
    if (!open) return;
    try {
      writeSync(fd, `${new Date().toISOString()} ${source}: ${line.replace(/\r?\n/g, ' | ')}\n`);
    } catch {
      // A full disk must not take the console down.
    }
  };
  return Object.assign(log, {
    close: () => {
      if (!open) return;
      open = false;
      closeSync(fd);
    },
  });
}
