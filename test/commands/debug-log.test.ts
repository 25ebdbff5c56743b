// The console's debug log (--log-file): opened only where nobody else can change it, never
// through a symlink, never a file of another user. The rule itself is table-tested in
// test/config/secure-path.test.ts; here it is the real opener on real temp files.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/commands/cli.js';
import { checkDebugLogPath, openDebugLog } from '../../src/commands/debug-log.js';
import { ConfigError } from '../../src/config/index.js';

const isRoot = process.geteuid?.() === 0;
const OTHER = 4242;

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-log-'));
  made.push(dir);
  return dir;
}

async function failure(promise: Promise<unknown>): Promise<ConfigError | UsageError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error instanceof ConfigError || error instanceof UsageError).toBe(true);
  return error as ConfigError | UsageError;
}

describe('openDebugLog', () => {
  it('creates the file 0600 and appends lines', async () => {
    const file = path.join(await tempDir(), 'custody.log');
    const log = await openDebugLog(file);
    log('test', 'one');
    log('test', 'two\nlines');
    log.close();
    const lines = (await fs.readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual(['test: one', 'test: two | lines']);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('narrows a file of the user readable by others to 0600', async () => {
    const file = path.join(await tempDir(), 'custody.log');
    await fs.writeFile(file, '');
    await fs.chmod(file, 0o644);
    (await openDebugLog(file)).close();
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses a symlink as the file itself, and writes nothing through it', async () => {
    const dir = await tempDir();
    const real = path.join(dir, 'real.log');
    await fs.writeFile(real, 'mine\n', { mode: 0o600 });
    const file = path.join(dir, 'custody.log');
    await fs.symlink(real, file);
    const e = await failure(openDebugLog(file));
    expect(e.message).toBe(`cannot open the log file ${file}: it is a symlink (give the real path)`);
    expect(await fs.readFile(real, 'utf8')).toBe('mine\n');
  });

  it('refuses a file writable by others, with the chmod, and leaves it alone', async () => {
    const file = path.join(await tempDir(), 'custody.log');
    await fs.writeFile(file, 'x\n');
    await fs.chmod(file, 0o666);
    const e = await failure(openDebugLog(file));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe(`${file} is writable by others (mode 0666): anyone on this machine can change it`);
    expect((e as ConfigError).fix).toBe(`chmod go-w ${file}`);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o666);
    expect(await fs.readFile(file, 'utf8')).toBe('x\n');
  });

  it('refuses a folder on the way that is world-writable without the sticky bit; sticky is fine', async () => {
    const dir = await tempDir();
    const logs = path.join(dir, 'logs');
    await fs.mkdir(logs, { mode: 0o777 });
    await fs.chmod(logs, 0o777);
    const file = path.join(logs, 'custody.log');
    const e = await failure(openDebugLog(file));
    expect(e.message).toContain(`the folder ${logs} (on the way to ${file}) is writable by others (mode 0777) and not sticky`);
    expect((e as ConfigError).fix).toBe(`chmod go-w ${logs}`);
    expect(await fs.readdir(logs)).toEqual([]);
    await fs.chmod(logs, 0o1777);
    (await openDebugLog(file)).close();
    expect(await fs.readdir(logs)).toEqual(['custody.log']);
  });

  it('follows a symlinked parent folder and checks its target', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'target');
    await fs.mkdir(target, { mode: 0o700 });
    await fs.symlink(target, path.join(dir, 'logs'));
    const file = path.join(dir, 'logs', 'custody.log');
    (await openDebugLog(file)).close();
    expect(await fs.readdir(target)).toEqual(['custody.log']);
    await fs.chmod(target, 0o777);
    await expect(openDebugLog(file)).rejects.toThrow(`the folder ${target} (on the way to ${file}) is writable by others`);
  });

  it.skipIf(!isRoot)('refuses a file owned by another user (needs root to chown)', async () => {
    const file = path.join(await tempDir(), 'custody.log');
    await fs.writeFile(file, '', { mode: 0o600 });
    await fs.chown(file, OTHER, OTHER);
    const e = await failure(openDebugLog(file));
    expect(e.message).toBe(`${file} is owned by uid ${OTHER}, not by you (root): its owner can change it`);
    expect((e as ConfigError).fix).toBe(`chown root ${file}`);
  });

  it('says what is wrong with a folder in place of the file and a missing folder', async () => {
    const dir = await tempDir();
    await expect(openDebugLog(dir)).rejects.toThrow(`cannot open the log file ${dir}: it is a folder`);
    const missing = path.join(dir, 'nope', 'custody.log');
    await expect(openDebugLog(missing)).rejects.toThrow(`cannot open the log file ${missing}: its folder does not exist`);
  });

  it('checkDebugLogPath reports a file not made yet as safe', async () => {
    const file = path.join(await tempDir(), 'custody.log');
    await expect(checkDebugLogPath(file)).resolves.toMatchObject({ exists: false, real: file, problems: [] });
  });
});
