// The StrictModes rule (secure-path.ts) through the real functions, on real temp files: the key
// file, the config and the audit log. Giving a file to another user needs root (the suite runs as
// root here and in CI); those tests say so in their names and are skipped otherwise. The rule
// itself, owner by owner and mode by mode, is table-tested in secure-path.test.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import {
  type Accounts,
  ConfigError,
  emptyConfig,
  KeyFileError,
  loadConfig,
  openAuditLog,
  readPrivateKey,
  saveConfig,
  type SecurePathOptions,
  upsertProfile,
  verifyAuditLog,
  writePrivateKey,
} from '../../src/config/index.js';
import { tempDir } from './tmp.js';
import { auditEntry } from '../helpers/audit-entry.js';

const isRoot = process.geteuid?.() === 0;
const OTHER = 4242; // a uid with no account here: "another user"
const prod = { baseUrl: 'https://api.example.com', workspaceId: 'ws-prod' };

let jwk: PrivateJwk;
beforeAll(async () => {
  jwk = await generatePrivateJwk();
});

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...a: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  const e = error as T;
  expect(`${e.message} ${String((e as { fix?: string }).fix)}`).not.toContain(jwk.d);
  return e;
}

/** A key in `<dir>/keys/prod.jwk`, the folders 0700, the file 0600. */
async function keyIn(dir: string): Promise<string> {
  const file = path.join(dir, 'keys', 'prod.jwk');
  await writePrivateKey(file, jwk);
  return file;
}

/** The identity of the user running the test, with a group database of the test's making. */
function me(accounts: Accounts): SecurePathOptions {
  return { uid: process.geteuid!(), gid: process.getegid!(), user: 'me', accounts: async () => accounts };
}

/** A database where the test user's primary group is its private group, or is shared with `also`. */
function groupsWhere(also: string[]): Accounts {
  const gid = process.getegid!();
  return {
    users: [{ name: 'me', uid: process.geteuid!(), gid }],
    groups: [{ name: 'me', gid, members: also }],
  };
}


describe('the key file', () => {
  it.skipIf(!isRoot)('owned by another user with mode 0600 is refused, with the chown (needs root to chown)', async () => {
    const file = await keyIn(await tempDir());
    await fs.chown(file, OTHER, OTHER);
    const e = await rejection(readPrivateKey(file), KeyFileError);
    expect(e.message).toBe(`${file} is owned by uid ${OTHER}, not by you (root): its owner can change it`);
    expect(e.fix).toBe(`chown root ${file}`);
    expect(e.path).toBe(file);
  });

  it.skipIf(!isRoot)('owned by the user reading it loads, in root-owned folders (needs root to chown)', async () => {
    const file = await keyIn(await tempDir());
    await fs.chown(file, OTHER, OTHER);
    await expect(readPrivateKey(file, { secure: { uid: OTHER, gid: OTHER, user: 'other' } })).resolves.toEqual(jwk);
  });

  it.skipIf(!isRoot)('owned by root loads for another user (needs root to own the temp folders)', async () => {
    const file = await keyIn(await tempDir());
    await expect(readPrivateKey(file, { secure: { uid: OTHER, gid: OTHER, user: 'other' } })).resolves.toEqual(jwk);
  });

  it('in a world-writable folder without the sticky bit is refused, naming the folder; with it, it loads', async () => {
    const dir = await tempDir();
    const file = await keyIn(dir);
    const keys = path.dirname(file);
    await fs.chmod(keys, 0o777);
    const e = await rejection(readPrivateKey(file), KeyFileError);
    expect(e.message).toBe(
      `the folder ${keys} (on the way to ${file}) is writable by others (mode 0777) and not sticky: ` +
        'anyone on this machine can swap what is in it',
    );
    expect(e.fix).toBe(`chmod go-w ${keys}`);
    await fs.chmod(keys, 0o1777);
    await expect(readPrivateKey(file)).resolves.toEqual(jwk);
  });

  it('in a group-writable folder: fine for the private group, refused for a shared one', async () => {
    const dir = await tempDir();
    const file = await keyIn(dir);
    const keys = path.dirname(file);
    await fs.chmod(keys, 0o770);
    await expect(readPrivateKey(file, { secure: me(groupsWhere([])) })).resolves.toEqual(jwk);
    const e = await rejection(readPrivateKey(file, { secure: me(groupsWhere(['me', 'bob'])) }), KeyFileError);
    expect(e.message).toMatch(/the folder .*keys .* is writable by its group me \(mode 0770\) and not sticky, which is not/);
    expect(e.fix).toBe(`chmod g-w ${keys}`);
  });

  it('behind a symlinked parent folder: the link is followed and its target checked', async () => {
    const dir = await tempDir();
    const elsewhere = path.join(dir, 'elsewhere');
    const file = await keyIn(elsewhere);
    const linked = path.join(dir, 'linked');
    await fs.symlink(elsewhere, linked);
    const through = path.join(linked, 'keys', 'prod.jwk');
    await expect(readPrivateKey(through)).resolves.toEqual(jwk);
    await fs.chmod(elsewhere, 0o777);
    const e = await rejection(readPrivateKey(through), KeyFileError);
    expect(e.message).toContain(`the folder ${elsewhere} (on the way to ${through}) is writable by others`);
    expect(e.fix).toBe(`chmod go-w ${elsewhere}`);
    expect(file).toBe(path.join(elsewhere, 'keys', 'prod.jwk'));
  });

  it('is not written into a folder others can change', async () => {
    const dir = await tempDir();
    await fs.chmod(dir, 0o777);
    const file = path.join(dir, 'prod.jwk');
    const e = await rejection(writePrivateKey(file, jwk), KeyFileError);
    expect(e.message).toMatch(/writable by others \(mode 0777\) and not sticky/);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

describe('the config file', () => {
  it.skipIf(!isRoot)('owned by another user is refused and left untouched (needs root to chown)', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const text = JSON.stringify({ version: 1, profiles: { prod } });
    await fs.writeFile(file, text, { mode: 0o644 });
    await fs.chown(file, OTHER, OTHER);
    const e = await rejection(loadConfig(file), ConfigError);
    expect(e.message).toBe(`${file} is owned by uid ${OTHER}, not by you (root): its owner can change it`);
    expect(e.fix).toBe(`chown root ${file}`);
    await expect(saveConfig(file, upsertProfile(emptyConfig(), 'dev', prod))).rejects.toThrow(/is owned by uid 4242/);
    expect(await fs.readFile(file, 'utf8')).toBe(text);
  });

  it('readable by others is fine; writable by a shared group or by others is refused', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    await fs.writeFile(file, JSON.stringify({ version: 1, profiles: { prod } }));
    await fs.chmod(file, 0o644);
    expect((await loadConfig(file)).config.profiles.prod).toEqual(prod);
    await fs.chmod(file, 0o664);
    await expect(loadConfig(file, { secure: me(groupsWhere([])) })).resolves.toMatchObject({ exists: true });
    const shared = await rejection(loadConfig(file, { secure: me(groupsWhere(['me', 'bob'])) }), ConfigError);
    expect(shared.message).toBe(`${file} is writable by its group me (mode 0664), which is not your private group`);
    await fs.chmod(file, 0o646);
    const e = await rejection(loadConfig(file), ConfigError);
    expect(e.message).toBe(`${file} is writable by others (mode 0646): anyone on this machine can change it`);
    expect(e.fix).toBe(`chmod o-w ${file}`);
  });

  it('in a world-writable folder: refused to load and to save, left untouched', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const text = JSON.stringify({ version: 1, profiles: { prod } });
    await fs.writeFile(file, text, { mode: 0o600 });
    await fs.chmod(dir, 0o777);
    const e = await rejection(loadConfig(file), ConfigError);
    expect(e.message).toMatch(/writable by others \(mode 0777\) and not sticky/);
    expect(e.fix).toBe(`chmod go-w ${dir}`);
    await expect(saveConfig(file, upsertProfile(emptyConfig(), 'dev', prod))).rejects.toBeInstanceOf(ConfigError);
    expect(await fs.readFile(file, 'utf8')).toBe(text);
    expect((await fs.readdir(dir)).sort()).toEqual(['config.json']);
  });

  it('a symlink to a safe file loads (dotfile managers); one into a folder others can change is refused', async () => {
    const dir = await tempDir();
    const dotfiles = path.join(dir, 'dotfiles');
    await fs.mkdir(dotfiles, { mode: 0o700 });
    const real = path.join(dotfiles, 'custody.json');
    await fs.writeFile(real, JSON.stringify({ version: 1, profiles: { prod } }), { mode: 0o600 });
    const file = path.join(dir, 'config.json');
    await fs.symlink(real, file);
    expect((await loadConfig(file)).config.profiles.prod).toEqual(prod);
    await fs.chmod(dotfiles, 0o777);
    const e = await rejection(loadConfig(file), ConfigError);
    expect(e.message).toContain(`the folder ${dotfiles} (on the way to ${file}) is writable by others`);
  });
});

describe('the audit log', () => {
  it.skipIf(!isRoot)('owned by another user: not appended to, read or verified (needs root to chown)', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'audit.jsonl');
    await openAuditLog(file).append(auditEntry());
    const before = await fs.readFile(file, 'utf8');
    await fs.chown(file, OTHER, OTHER);
    const log = openAuditLog(file);
    const message = `${file} is owned by uid ${OTHER}, not by you (root): its owner can change it`;
    expect((await rejection(log.append(auditEntry()), ConfigError)).message).toBe(message);
    expect((await rejection(log.read(), ConfigError)).message).toBe(message);
    expect((await rejection(verifyAuditLog(file), ConfigError)).fix).toBe(`chown root ${file}`);
    expect(await fs.readFile(file, 'utf8')).toBe(before);
  });

  it('behind a symlinked parent folder: followed when its target is safe, refused when not', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'target');
    await fs.mkdir(target, { mode: 0o700 });
    await fs.symlink(target, path.join(dir, 'state'));
    const file = path.join(dir, 'state', 'audit.jsonl');
    await openAuditLog(file).append(auditEntry());
    expect((await fs.readFile(path.join(target, 'audit.jsonl'), 'utf8')).split('\n')).toHaveLength(2);

    await fs.chmod(target, 0o777);
    const e = await rejection(openAuditLog(file).append(auditEntry()), ConfigError);
    expect(e.message).toContain(`the folder ${target} (on the way to ${file}) is writable by others (mode 0777)`);
    expect(e.fix).toBe(`chmod go-w ${target}`);
    expect((await fs.readFile(path.join(target, 'audit.jsonl'), 'utf8')).split('\n')).toHaveLength(2);
    await expect(openAuditLog(file).read()).rejects.toThrow(/writable by others/);
  });

  it('in a world-writable folder without the sticky bit: nothing is created', async () => {
    const dir = await tempDir();
    await fs.chmod(dir, 0o777);
    const file = path.join(dir, 'audit.jsonl');
    await expect(openAuditLog(file).append(auditEntry())).rejects.toThrow(/writable by others/);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
