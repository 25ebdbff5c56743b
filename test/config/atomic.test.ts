import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensurePrivateDir, writeFileAtomic, writeFileExclusive } from '../../src/config/index.js';
import { modeOf, tempDir } from './tmp.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function ioError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

describe('writeFileAtomic', () => {
  it('writes a new file with mode 0600 and leaves no temp file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    await writeFileAtomic(file, 'hello\n');
    expect(await fs.readFile(file, 'utf8')).toBe('hello\n');
    expect(await modeOf(file)).toBe(0o600);
    expect(await fs.readdir(dir)).toEqual(['config.json']);
  });

  it('replaces an existing file and sets the requested mode even under a wide umask', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'f');
    await fs.writeFile(file, 'old', { mode: 0o644 });
    const previous = process.umask(0o277);
    try {
      await writeFileAtomic(file, 'new', { mode: 0o600 });
    } finally {
      process.umask(previous);
    }
    expect(await fs.readFile(file, 'utf8')).toBe('new');
    expect(await modeOf(file)).toBe(0o600);
    expect(await fs.readdir(dir)).toEqual(['f']);
  });

  it('keeps a symlinked target linked and writes the file it points at', async () => {
    const dir = await tempDir();
    const real = path.join(dir, 'dotfiles-config.json');
    const link = path.join(dir, 'config.json');
    await fs.writeFile(real, 'old');
    await fs.symlink(real, link);
    await writeFileAtomic(link, 'new');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toBe('new');
  });

  it('fails cleanly when the target is a folder (rename fails): temp removed', async () => {
    const dir = await tempDir();
    const target = path.join(dir, 'config.json');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'inside'), 'x');
    await expect(writeFileAtomic(target, 'new')).rejects.toMatchObject({ code: expect.any(String) });
    expect((await fs.readdir(dir)).sort()).toEqual(['config.json']);
    expect(await fs.readFile(path.join(target, 'inside'), 'utf8')).toBe('x');
  });

  // Each injected failure happens after the temp file exists; the old file must stay whole.
  const steps: Array<[string, () => void]> = [
    ['rename', () => vi.spyOn(fs, 'rename').mockRejectedValueOnce(ioError('EIO'))],
    [
      'write (half written)',
      () => {
        const open = fs.open.bind(fs);
        vi.spyOn(fs, 'open').mockImplementationOnce(async (...args: Parameters<typeof fs.open>) => {
          const handle = await open(...args);
          vi.spyOn(handle, 'writeFile').mockImplementationOnce(async (data) => {
            await handle.write(String(data).slice(0, 3));
            throw ioError('ENOSPC');
          });
          return handle;
        });
      },
    ],
    [
      'fsync',
      () => {
        const open = fs.open.bind(fs);
        vi.spyOn(fs, 'open').mockImplementationOnce(async (...args: Parameters<typeof fs.open>) => {
          const handle = await open(...args);
          vi.spyOn(handle, 'sync').mockRejectedValueOnce(ioError('EIO'));
          return handle;
        });
      },
    ],
  ];
  it.each(steps)('a failure at %s leaves the old file intact and no temp file', async (_step, inject) => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const old = '{"version":1,"profiles":{}}\n';
    await fs.writeFile(file, old, { mode: 0o600 });
    inject();
    await expect(writeFileAtomic(file, '{"version":1,"profiles":{"new":{}}}\n')).rejects.toThrow(/injected/);
    expect(await fs.readFile(file, 'utf8')).toBe(old);
    expect(await fs.readdir(dir)).toEqual(['config.json']);
  });

  it('refuses to reuse an existing temp name (exclusive create of the temp file)', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'f');
    const spy = vi.spyOn(fs, 'open');
    await writeFileAtomic(file, 'a');
    const [tempPath, flags, mode] = spy.mock.calls[0]!;
    expect(path.dirname(String(tempPath))).toBe(dir);
    expect(String(tempPath)).not.toBe(file);
    expect(flags).toBe('wx');
    expect(mode).toBe(0o600);
  });
});

describe('writeFileExclusive', () => {
  it('creates the file whole with the mode, and never replaces one', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'k.jwk');
    await writeFileExclusive(file, 'first', { mode: 0o600 });
    expect(await modeOf(file)).toBe(0o600);
    await expect(writeFileExclusive(file, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await fs.readFile(file, 'utf8')).toBe('first');
    expect(await fs.readdir(dir)).toEqual(['k.jwk']);
  });

  it('does not follow a dangling symlink at the target', async () => {
    const dir = await tempDir();
    const link = path.join(dir, 'k.jwk');
    await fs.symlink(path.join(dir, 'elsewhere'), link);
    await expect(writeFileExclusive(link, 'x')).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(fs.stat(path.join(dir, 'elsewhere'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('falls back to an exclusive create where hard links are not supported', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'k.jwk');
    vi.spyOn(fs, 'link').mockRejectedValue(ioError('EPERM'));
    await writeFileExclusive(file, 'data');
    expect(await fs.readFile(file, 'utf8')).toBe('data');
    expect(await fs.readdir(dir)).toEqual(['k.jwk']);
    await expect(writeFileExclusive(file, 'again')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await fs.readFile(file, 'utf8')).toBe('data');
  });
});

describe('ensurePrivateDir', () => {
  it('creates missing folders 0700 (even under a restrictive umask) and leaves existing ones alone', async () => {
    const dir = await tempDir();
    const existing = path.join(dir, 'dot-config');
    await fs.mkdir(existing);
    await fs.chmod(existing, 0o755);
    const keys = path.join(existing, 'custody', 'keys');
    const previous = process.umask(0o277);
    try {
      await ensurePrivateDir(keys);
    } finally {
      process.umask(previous);
    }
    expect(await modeOf(existing)).toBe(0o755);
    expect(await modeOf(path.join(existing, 'custody'))).toBe(0o700);
    expect(await modeOf(keys)).toBe(0o700);
  });

  it('does not chmod a folder that already exists', async () => {
    const dir = await tempDir();
    const mine = path.join(dir, 'custody');
    await fs.mkdir(mine, { mode: 0o750 });
    await fs.chmod(mine, 0o750);
    await ensurePrivateDir(mine);
    expect(await modeOf(mine)).toBe(0o750);
  });

  it('refuses a path that is a file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'custody');
    await fs.writeFile(file, '');
    await expect(ensurePrivateDir(file)).rejects.toThrow(/not a folder/);
  });
});
