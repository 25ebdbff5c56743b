// Where a user file (key, config, audit log, debug log) may live, as OpenSSH's StrictModes has it
// (misc.c safe_path, with Debian's private-group exception): the file and every folder above it,
// up to the home or up to / for a path outside it, are owned by the user or root and writable by
// nobody else. Otherwise another user of the machine could swap the key, the config or a log line.
// A folder may be writable by others when it is sticky (/tmp): then nobody can rename or remove
// entries of others in it. Symlinks on the way are followed, and the folders of their targets and
// the folders holding the links are checked too.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, errnoCode } from './errors.js';

/** What the check reads of a file or folder (node's Stats has all of it). */
export interface PathStats {
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  readonly dev?: number;
  readonly ino?: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface Account {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

export interface Group {
  readonly name: string;
  readonly gid: number;
  /** Supplementary members by name (the fourth field of /etc/group). */
  readonly members: readonly string[];
}

export interface Accounts {
  readonly users: readonly Account[];
  readonly groups: readonly Group[];
}

/** Who runs custody and how the file system is read; each defaults to this process (tests inject). */
export interface SecurePathOptions {
  readonly uid?: number;
  /** The user's primary group: the only one that can be their private group. */
  readonly gid?: number;
  readonly home?: string;
  /** The user's login name (else looked up by uid). */
  readonly user?: string;
  readonly lstat?: (p: string) => Promise<PathStats>;
  readonly readlink?: (p: string) => Promise<string>;
  /** The user and group databases, read only when a group-writable entry is met. */
  readonly accounts?: () => Promise<Accounts>;
}

export interface PathProblem {
  /** The file or folder at fault (links resolved). */
  readonly path: string;
  readonly message: string;
  /** A chmod or chown command that fixes it. */
  readonly fix: string;
}

export interface PathReport {
  /** The file the path finally names, symlinks resolved (as far as it exists). */
  readonly real: string;
  readonly exists: boolean;
  /** The path as given is itself a symlink. */
  readonly link: boolean;
  /** Of the final file, when it exists. */
  readonly stats?: PathStats;
  /** Empty when the path is safe; the file's own problems first, then its folders' from the nearest up. */
  readonly problems: readonly PathProblem[];
}

// As the kernel's limit on links followed in one lookup (Linux: 40).
const MAX_LINKS = 40;
const STICKY = 0o1000;

interface Who {
  readonly uid: number;
  readonly gid: number | undefined;
  readonly home: string;
  readonly lstat: (p: string) => Promise<PathStats>;
  readonly readlink: (p: string) => Promise<string>;
  readonly accounts: () => Promise<Accounts>;
  readonly user: () => Promise<string | undefined>;
}

/** One line of a colon-separated database, as fields; undefined for a comment or a short line. */
function fields(line: string, count: number): string[] | undefined {
  if (line.startsWith('#')) return undefined;
  const parts = line.split(':');
  return parts.length >= count ? parts : undefined;
}

/** Parses /etc/passwd and /etc/group text. Unreadable lines are skipped: they can only deny the exception. */
export function parseAccounts(passwd: string, group: string): Accounts {
  const users: Account[] = [];
  for (const line of passwd.split('\n')) {
    const f = fields(line, 4);
    if (f && /^\d+$/.test(f[2]!) && /^\d+$/.test(f[3]!)) {
      users.push({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]) });
    }
  }
  const groups: Group[] = [];
  for (const line of group.split('\n')) {
    const f = fields(line, 4);
    if (f && /^\d+$/.test(f[2]!)) {
      groups.push({ name: f[0]!, gid: Number(f[2]), members: f[3]!.split(',').filter((m) => m !== '') });
    }
  }
  return { users, groups };
}

async function systemAccounts(): Promise<Accounts> {
  // Users and groups kept elsewhere (LDAP, sssd) are not seen: the exception then does not apply.
  const read = (file: string) => fsp.readFile(file, 'utf8').catch(() => '');
  return parseAccounts(await read('/etc/passwd'), await read('/etc/group'));
}

function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= fn());
}

/** The identity the checks hold files to; undefined where there are no uids (Windows). */
function whoIs(opts: SecurePathOptions): Who | undefined {
  const uid = opts.uid ?? process.geteuid?.();
  if (uid === undefined) return undefined;
  const accounts = once(opts.accounts ?? systemAccounts);
  const user = once(async () => {
    if (opts.user !== undefined) return opts.user;
    if (opts.uid === undefined) {
      try {
        return os.userInfo().username;
      } catch {
        // no passwd entry for this uid (a container's arbitrary uid): look it up below
      }
    }
    return (await accounts()).users.find((u) => u.uid === uid)?.name;
  });
  return {
    uid,
    gid: opts.gid ?? (opts.uid === undefined ? process.getegid?.() : undefined),
    home: opts.home ?? (process.env.HOME || os.homedir()),
    lstat: opts.lstat ?? ((p) => fsp.lstat(p)),
    readlink: opts.readlink ?? ((p) => fsp.readlink(p)),
    accounts,
    user,
  };
}

/** A word as a POSIX shell reads it back (config may not import commands/shell.ts, which does the same). */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/** Root may own anything on the way: it can change any file anyway. */
export function isTrustedOwner(uid: number, opts: SecurePathOptions = {}): boolean {
  const me = opts.uid ?? process.geteuid?.();
  return me === undefined || uid === me || uid === 0;
}

interface Resolved {
  real: string;
  exists: boolean;
  stats?: PathStats;
  /** The deepest existing folder: the file's own when it exists. */
  folder: string;
  /** Folders (resolved) that hold a symlink followed on the way. */
  linkFolders: string[];
}

function cannotCheck(file: string, at: string, err: unknown): ConfigError {
  const code = errnoCode(err);
  if (err instanceof ConfigError) return err;
  if (code === 'ENOTDIR') return new ConfigError(`${file}: ${at} is not a folder`, { path: file });
  return new ConfigError(`cannot check ${at} on the way to ${file}: ${code ?? 'unknown error'}`, { path: file });
}

/** Follows the path one entry at a time as the kernel does, noting where each symlink lives. */
async function resolve(file: string, who: Who): Promise<Resolved> {
  const pending = file.split('/');
  const linkFolders = new Set<string>();
  let current = '/';
  let stats: PathStats | undefined;
  let links = 0;
  while (pending.length > 0) {
    const part = pending.shift()!;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let st: PathStats;
    try {
      st = await who.lstat(next);
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw cannotCheck(file, next, err);
      return { real: path.join(next, ...pending), exists: false, folder: current, linkFolders: [...linkFolders] };
    }
    if (st.isSymbolicLink()) {
      if (++links > MAX_LINKS) {
        throw new ConfigError(`${file}: too many symlinks on the way (a loop?)`, { path: file });
      }
      linkFolders.add(current);
      let target: string;
      try {
        target = await who.readlink(next);
      } catch (err) {
        throw cannotCheck(file, next, err);
      }
      if (path.isAbsolute(target)) current = '/';
      pending.unshift(...target.split('/'));
      continue;
    }
    if (pending.some((p) => p !== '' && p !== '.') && !st.isDirectory()) {
      throw new ConfigError(`${file}: ${next} is not a folder`, { path: file });
    }
    current = next;
    stats = st;
  }
  if (stats === undefined) return { real: current, exists: true, folder: current, linkFolders: [...linkFolders] };
  return { real: current, exists: true, stats, folder: path.dirname(current), linkFolders: [...linkFolders] };
}

/** The folder and those above it, up to and with `home`, or up to /. */
function foldersUp(start: string, home: string | undefined): string[] {
  const out: string[] = [];
  for (let dir = start; ; dir = path.dirname(dir)) {
    out.push(dir);
    if (dir === home || path.dirname(dir) === dir) return out;
  }
}

/** Debian's exception: a group of the user's own (named as the user, no one else in it) may write. */
async function isPrivateGroup(gid: number, who: Who): Promise<boolean> {
  if (who.gid === undefined || gid !== who.gid) return false;
  const name = await who.user();
  const { users, groups } = await who.accounts();
  const group = groups.find((g) => g.gid === gid);
  if (name === undefined || group === undefined || group.name !== name) return false;
  const primary = users.filter((u) => u.gid === gid);
  if (primary.some((u) => u.uid !== who.uid)) return false;
  if (group.members.some((m) => m !== name)) return false;
  return primary.length + group.members.length > 0;
}

async function ownerName(uid: number, who: Who): Promise<string> {
  const name = (await who.accounts()).users.find((u) => u.uid === uid)?.name;
  return name === undefined ? `uid ${uid}` : `uid ${uid} (${name})`;
}

async function groupName(gid: number, who: Who): Promise<string> {
  const name = (await who.accounts()).groups.find((g) => g.gid === gid)?.name;
  return name === undefined ? `gid ${gid}` : name;
}

/**
 * The problems of one entry: `what` names it in messages ("/x/k.jwk", "the folder /x on the way
 * to /x/k.jwk"), `at` is the resolved path the fix applies to. Folders may be sticky; files not.
 */
async function entryProblems(
  at: string,
  what: string,
  st: PathStats,
  folder: boolean,
  who: Who,
): Promise<PathProblem[]> {
  const problems: PathProblem[] = [];
  const me = (await who.user()) ?? String(who.uid);
  if (st.uid !== who.uid && st.uid !== 0) {
    const by = await ownerName(st.uid, who);
    const can = folder ? 'can swap what is in it' : 'can change it';
    const notBy = who.uid === 0 ? 'not by you (root)' : `not by you (${me}) or root`;
    problems.push({
      path: at,
      message: `${what} is owned by ${by}, ${notBy}: its owner ${can}`,
      fix: `chown ${shellWord(me)} ${shellWord(at)}`,
    });
  }
  const writable = st.mode & 0o022;
  if (writable === 0 || (folder && (st.mode & STICKY) !== 0)) return problems;
  const sticky = folder ? ' and not sticky' : '';
  if ((writable & 0o002) !== 0) {
    problems.push({
      path: at,
      message: `${what} is writable by others (mode ${octal(st.mode)})${sticky}: anyone on this machine ${
        folder ? 'can swap what is in it' : 'can change it'
      }`,
      fix: `chmod ${writable === 0o022 ? 'go-w' : 'o-w'} ${shellWord(at)}`,
    });
  } else if (!(await isPrivateGroup(st.gid, who))) {
    problems.push({
      path: at,
      message:
        `${what} is writable by its group ${await groupName(st.gid, who)} (mode ${octal(st.mode)})${sticky}, ` +
        'which is not your private group',
      fix: `chmod g-w ${shellWord(at)}`,
    });
  }
  return problems;
}

/**
 * Checks where `file` lives: the file itself when it exists (after any symlinks), and every
 * folder on the way. A missing file is no problem in itself; the folders that exist are checked,
 * since the file would be created there. Throws a ConfigError only when the path cannot be
 * followed (not a folder, a loop, permission denied).
 */
export async function inspectPath(file: string, opts: SecurePathOptions = {}): Promise<PathReport> {
  const abs = path.resolve(file);
  const who = whoIs(opts);
  if (who === undefined) return { real: abs, exists: true, link: false, problems: [] };
  let link = false;
  try {
    link = (await who.lstat(abs)).isSymbolicLink();
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR') throw cannotCheck(abs, abs, err);
  }
  const resolved = await resolve(abs, who);
  let home: string | undefined;
  try {
    const r = await resolve(path.resolve(who.home), who);
    if (r.exists && r.stats?.isDirectory()) home = r.real;
  } catch {
    // a home that cannot be followed is no stop: the walk goes on up to /
  }

  const problems: PathProblem[] = [];
  if (resolved.stats) {
    const shown = resolved.real === abs ? abs : `${abs} (→ ${resolved.real})`;
    const { stats } = resolved;
    problems.push(...(await entryProblems(resolved.real, shown, stats, stats.isDirectory(), who)));
  }
  const seen = new Set<string>();
  for (const start of [resolved.folder, ...resolved.linkFolders]) {
    for (const dir of foldersUp(start, home)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      let st: PathStats;
      try {
        st = await who.lstat(dir);
      } catch (err) {
        throw cannotCheck(abs, dir, err);
      }
      problems.push(...(await entryProblems(dir, `the folder ${dir} (on the way to ${abs})`, st, true, who)));
    }
  }
  return {
    real: resolved.real,
    exists: resolved.exists,
    link,
    ...(resolved.stats ? { stats: resolved.stats } : {}),
    problems,
  };
}

/** One error for all of a path's problems: each named, with every fix in one command line. */
export function pathError(file: string, problems: readonly PathProblem[]): ConfigError {
  const message = problems.map((p) => p.message).join('; ');
  const fixes = [...new Set(problems.map((p) => p.fix))];
  return new ConfigError(message, { path: file, fix: fixes.join(' && ') });
}

/** inspectPath that throws the error of its problems, if any. */
export async function assertSecurePath(file: string, opts: SecurePathOptions = {}): Promise<PathReport> {
  const report = await inspectPath(file, opts);
  if (report.problems.length > 0) throw pathError(path.resolve(file), report.problems);
  return report;
}
