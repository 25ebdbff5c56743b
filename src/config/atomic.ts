import { randomBytes } from 'node:crypto';
// Called through the module object (not destructured) so a test can inject a failure at any step.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, errnoCode } from './errors.js';

export interface WriteOptions {
  /** Final file mode, set on the temp file from the start; default 0600. */
  mode?: number;
}

function tempPathFor(target: string): string {
  const nonce = `${process.pid}.${randomBytes(6).toString('hex')}`;
  return path.join(path.dirname(target), `.${path.basename(target)}.${nonce}.tmp`);
}

/** True while a process with this pid exists (EPERM: it exists, it is someone else's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM';
  }
}

/**
 * Removes the temp files of `file` whose writer is dead (kill -9 or a power cut between the create
 * and the rename leaves one; each run picks a new name, so without this they pile up, and for a
 * key file each is a stale copy of the private key). Best effort: never fails a write.
 */
async function removeStaleTemps(file: string): Promise<void> {
  const prefix = `.${path.basename(file)}.`;
  try {
    for (const name of await fsp.readdir(path.dirname(file))) {
      if (!name.startsWith(prefix)) continue;
      const pid = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(name.slice(prefix.length))?.[1];
      if (pid === undefined || Number(pid) === process.pid || isAlive(Number(pid))) continue;
      await fsp.rm(path.join(path.dirname(file), name), { force: true });
    }
  } catch {
    // A folder we cannot list or a file we cannot remove: the write itself has succeeded.
  }
}

/** Creates `file` exclusively with `mode`, writes `data` and flushes it to disk. */
async function writeNewFile(file: string, data: string | Uint8Array, mode: number): Promise<void> {
  const handle = await fsp.open(file, 'wx', mode);
  try {
    // The umask may have narrowed the mode given to open(); set exactly what was asked.
    await handle.chmod(mode);
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a directory entry change (rename, link). Some file systems cannot fsync a directory. */
async function syncDir(dir: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, 'r');
    await handle.sync();
  } catch (err) {
    const code = errnoCode(err);
    if (
      code !== 'EINVAL' &&
      code !== 'ENOTSUP' &&
      code !== 'EISDIR' &&
      code !== 'EPERM' &&
      code !== 'EBADF'
    ) {
      throw err;
    }
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** The file a path finally names, so replacing a symlinked config (dotfile managers) keeps the link. */
async function realTarget(target: string): Promise<string> {
  try {
    return await fsp.realpath(target);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return target;
    throw err;
  }
}

/**
 * Replaces `target` with `data` so that a crash at any moment leaves either the old file or the new
 * one, both whole: write a temp file beside it, fsync, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): Promise<void> {
  const mode = opts.mode ?? 0o600;
  const file = await realTarget(path.resolve(target));
  const temp = tempPathFor(file);
  try {
    await writeNewFile(temp, data, mode);
    await fsp.rename(temp, file);
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => {});
    throw err;
  }
  await syncDir(path.dirname(file));
  await removeStaleTemps(file);
}

/**
 * Creates `target` with `data`, never replacing an existing file (throws EEXIST), and never leaving
 * a half-written file under the final name: the temp file is written and flushed first, then
 * hard-linked into place (link() refuses an existing name atomically). On file systems without
 * hard links it falls back to an exclusive create of the target itself.
 */
export async function writeFileExclusive(
  target: string,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): Promise<void> {
  const mode = opts.mode ?? 0o600;
  const file = path.resolve(target);
  const temp = tempPathFor(file);
  let linked = false;
  try {
    await writeNewFile(temp, data, mode);
    try {
      await fsp.link(temp, file);
      linked = true;
    } catch (err) {
      const code = errnoCode(err);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw err;
    }
  } finally {
    await fsp.rm(temp, { force: true }).catch(() => {});
  }
  if (!linked) {
    try {
      await writeNewFile(file, data, mode);
    } catch (err) {
      // Our own half-written file would block the next attempt; an EEXIST file is someone else's.
      if (errnoCode(err) !== 'EEXIST') await fsp.rm(file, { force: true }).catch(() => {});
      throw err;
    }
  }
  await syncDir(path.dirname(file));
  await removeStaleTemps(file);
}

/**
 * mkdir -p where every folder we create is 0700. Folders that already exist (~/.config, a home
 * folder, a user's chosen CUSTODY_CONFIG folder) are left as they are: they are not ours to chmod.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  const missing: string[] = [];
  let current = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fsp.stat(current);
      if (!stats.isDirectory()) {
        throw new ConfigError(`${current} exists but is not a folder`, { path: current });
      }
      break;
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw err;
      missing.push(current);
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
  for (const folder of missing.reverse()) {
    try {
      await fsp.mkdir(folder, { mode: 0o700 });
    } catch (err) {
      // Created by someone else in the meantime: then it is not ours either.
      if (errnoCode(err) === 'EEXIST') continue;
      throw err;
    }
    await fsp.chmod(folder, 0o700);
  }
}
