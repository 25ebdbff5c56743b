import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Config,
  ConfigError,
  emptyConfig,
  getProfile,
  loadConfig,
  MAX_CONFIG_BYTES,
  parseConfigText,
  ProfileNameError,
  profileNames,
  removeProfile,
  saveConfig,
  setActiveProfile,
  upsertProfile,
} from '../../src/config/index.js';
import { modeOf, tempDir } from './tmp.js';

const prod = { baseUrl: 'https://api.example.com', workspaceId: 'ws-prod' };

describe('loadConfig', () => {
  it('gives an empty config for a missing file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'custody', 'config.json');
    expect(await loadConfig(file)).toEqual({ path: file, exists: false, config: emptyConfig(), errors: [] });
    await expect(fs.stat(path.join(dir, 'custody'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reads a valid file and keeps unknown fields of newer versions', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const text = JSON.stringify({
      version: 1,
      activeProfile: 'prod',
      theme: 'dark',
      profiles: { prod: { ...prod, role: 'some-future-role', futureField: [1, 2] } },
    });
    await fs.writeFile(file, text);
    const loaded = await loadConfig(file);
    expect(loaded.exists).toBe(true);
    expect(loaded.config).toMatchObject({ theme: 'dark', activeProfile: 'prod' });
    expect(loaded.config.profiles.prod).toMatchObject({ role: 'some-future-role', futureField: [1, 2] });
  });

  // Each corrupt file: the error names the path and the problem, and the bytes stay as they were.
  const corrupt: Array<[string, string, RegExp]> = [
    ['empty file', '', /is empty/],
    [
      'truncated JSON',
      '{"version":1,"profiles":{',
      /not valid JSON at line 1, column 26 \(unexpected end of file/,
    ],
    ['missing value', '{\n  "version": 1,\n  "profiles": }', /not valid JSON at line 3, column 15/],
    ['trailing comma', '{"version":1,"profiles":{},}', /line 1, column 28.*quoted property name/],
    ['garbage after', '{"version":1,"profiles":{}} x', /after the end of the JSON value/],
    ['not an object', '[]', /\(top level\)/],
    ['no version', '{"profiles":{}}', /version:/],
    ['newer version', '{"version":2,"profiles":{}}', /config version 2; this custody reads version 1/],
    [
      'wrong type',
      '{"version":1,"profiles":{"prod":{"baseUrl":"https://x","workspaceId":7}}}',
      /profiles\.prod\.workspaceId: .*expected string/,
    ],
    [
      'bad URL',
      '{"version":1,"profiles":{"prod":{"baseUrl":"ftp://x","workspaceId":"w"}}}',
      /profiles\.prod\.baseUrl: expected an http/,
    ],
    [
      'poll too fast',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","pricePollMs":100}}}',
      /profiles\.p\.pricePollMs/,
    ],
    [
      'poll not int',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","pricePollMs":600.5}}}',
      /profiles\.p\.pricePollMs/,
    ],
    [
      'threshold number',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","approvalThresholdUsd":5}}}',
      /approvalThresholdUsd/,
    ],
    [
      'threshold text',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","approvalThresholdUsd":"1e5"}}}',
      /approvalThresholdUsd: expected a decimal/,
    ],
    [
      'readOnly text',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","readOnly":"yes"}}}',
      /profiles\.p\.readOnly/,
    ],
    [
      'bad proxy',
      '{"version":1,"profiles":{"p":{"baseUrl":"https://x","workspaceId":"w","proxy":"nope"}}}',
      /profiles\.p\.proxy/,
    ],
    [
      'bad activeProfile',
      '{"version":1,"activeProfile":"__proto__","profiles":{}}',
      /activeProfile: invalid profile name "__proto__"/,
    ],
  ];
  it.each(corrupt)('%s → ConfigError naming the path; file untouched', async (_name, text, problem) => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    await fs.writeFile(file, text, { mode: 0o644 });
    const before = await fs.stat(file);
    const error = await loadConfig(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(file);
    expect((error as ConfigError).message).toMatch(problem);
    expect((error as ConfigError).path).toBe(file);

    // Saving over it is refused too: the user's bytes are never replaced by us.
    await expect(saveConfig(file, upsertProfile(emptyConfig(), 'prod', prod))).rejects.toBeInstanceOf(
      ConfigError,
    );
    expect(await fs.readFile(file, 'utf8')).toBe(text);
    const after = await fs.stat(file);
    expect([after.ino, after.mtimeMs, after.mode]).toEqual([before.ino, before.mtimeMs, before.mode]);
    expect(await fs.readdir(dir)).toEqual(['config.json']);
  });

  it('reports a folder in place of the file', async () => {
    const dir = await tempDir();
    await expect(loadConfig(dir)).rejects.toThrow(/is a folder/);
  });

  it('accepts a byte-order mark', () => {
    expect(parseConfigText('\uFEFF{"version":1}', 'c.json')).toEqual({ version: 1, profiles: {} });
  });
});

describe('profile names in the config file', () => {
  // Each bad name is left out with an error naming it; prod and the good odd name still load.
  const good = 'ok-name_1.x';
  it.each(['__proto__', 'constructor', 'prototype', 'a b', '../evil', '.hidden', 'x'.repeat(65)])(
    '%j: an error naming it, and the other profiles load',
    async (bad) => {
      const dir = await tempDir();
      const file = path.join(dir, 'config.json');
      // Written by hand: JSON.stringify of an object literal would not hold an own "__proto__".
      const text = `{"version":1,"activeProfile":"prod","profiles":{"prod":${JSON.stringify(prod)},${JSON.stringify(
        bad,
      )}:${JSON.stringify({ ...prod, workspaceId: 'ws-bad' })},${JSON.stringify(good)}:${JSON.stringify(prod)}}}`;
      await fs.writeFile(file, text, { mode: 0o600 });

      const loaded = await loadConfig(file);
      expect(profileNames(loaded.config)).toEqual([good, 'prod']);
      expect(Object.getPrototypeOf(loaded.config.profiles)).toBe(Object.prototype);
      expect(getProfile(loaded.config, 'prod')).toEqual(prod);
      expect(loaded.errors).toHaveLength(1);
      const error = loaded.errors[0]!;
      expect(error).toBeInstanceOf(ProfileNameError);
      expect(error.profile).toBe(bad);
      expect(error.message).toContain(`${file}: profile name ${JSON.stringify(bad)} is not allowed`);
      expect(error.message).toMatch(/not __proto__, constructor or prototype\); that profile is left out$/);
      expect(error.fix).toBe(`rename the profile ${JSON.stringify(bad)} in ${file}`);

      // Saving would drop the profile the user wrote: refused, naming it, file untouched.
      const before = await fs.stat(file);
      const save = saveConfig(file, upsertProfile(loaded.config, 'dev', prod));
      await expect(save).rejects.toThrow(`its profile ${JSON.stringify(bad)} has a name that is not allowed`);
      expect(await fs.readFile(file, 'utf8')).toBe(text);
      expect((await fs.stat(file)).mtimeMs).toBe(before.mtimeMs);
    },
  );

  it('a config without a bad name has no errors', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    await fs.writeFile(file, JSON.stringify({ version: 1, profiles: { [good]: prod } }), { mode: 0o600 });
    expect(await loadConfig(file)).toMatchObject({ exists: true, errors: [] });
  });
});

describe('a config file over 1 MB', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts the bytes loadConfig reads through any handle it opens. */
  function countReads(): { bytes: number } {
    const counted = { bytes: 0 };
    const open = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (...args: Parameters<typeof fs.open>) => {
      const handle = await open(...args);
      const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<{ bytesRead: number }>;
      handle.read = (async (...a: unknown[]) => {
        const result = await read(...a);
        counted.bytes += result.bytesRead;
        return result;
      }) as typeof handle.read;
      return handle;
    });
    return counted;
  }

  it('is refused with a clear error, without being read, and left untouched', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const head = `{"version":1,"profiles":{}}`;
    await fs.writeFile(file, head, { mode: 0o600 });
    await fs.truncate(file, 50 * 1024 * 1024); // 50 MB (sparse: cheap to make)
    const before = await fs.stat(file);
    const reads = countReads();

    const error = await loadConfig(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      `${file} is 52,428,800 bytes; a custody config is at most 1,048,576 bytes (1 MB), so it was not read`,
    );
    expect((error as ConfigError).fix).toMatch(/CUSTODY_CONFIG/);
    expect(reads.bytes).toBe(0);

    await expect(saveConfig(file, upsertProfile(emptyConfig(), 'prod', prod))).rejects.toThrow(/so it was not read/);
    const after = await fs.stat(file);
    expect([after.ino, after.size, after.mtimeMs, after.mode]).toEqual([before.ino, before.size, before.mtimeMs, before.mode]);
    expect(await fs.readdir(dir)).toEqual(['config.json']);
  });

  it('exactly 1 MB still loads', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const head = JSON.stringify({ version: 1, profiles: { prod } });
    await fs.writeFile(file, head + ' '.repeat(MAX_CONFIG_BYTES - head.length), { mode: 0o600 });
    expect((await loadConfig(file)).config.profiles.prod).toEqual(prod);
    await fs.appendFile(file, ' ');
    await expect(loadConfig(file)).rejects.toThrow(/is 1,048,577 bytes/);
  });

  it('a FIFO in its place is refused without hanging', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', ['-m', '600', file]);
    await expect(loadConfig(file)).rejects.toThrow(`${file} is not a regular file`);
  });
});

describe('saveConfig', () => {
  it('writes atomically: folder 0700, file 0600, no temp file, round trip', async () => {
    const dir = await tempDir();
    const folder = path.join(dir, 'custody');
    const file = path.join(folder, 'config.json');
    const config = setActiveProfile(upsertProfile(emptyConfig(), 'prod', prod), 'prod');
    await saveConfig(file, config);
    expect(await modeOf(folder)).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    expect(await fs.readdir(folder)).toEqual(['config.json']);
    expect((await loadConfig(file)).config).toEqual(config);
  });

  it('keeps unknown fields on save', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    await fs.writeFile(
      file,
      JSON.stringify({ version: 1, newer: { a: 1 }, profiles: { prod: { ...prod, x: 1 } } }),
    );
    const { config } = await loadConfig(file);
    await saveConfig(file, setActiveProfile(config, 'prod'));
    const saved = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(saved).toEqual({
      version: 1,
      newer: { a: 1 },
      activeProfile: 'prod',
      profiles: { prod: { ...prod, x: 1 } },
    });
  });

  it('refuses an invalid config object', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'config.json');
    const bad = { version: 1, profiles: { p: { baseUrl: 'nope', workspaceId: 'w' } } } as unknown as Config;
    await expect(saveConfig(file, bad)).rejects.toThrow(/profiles\.p\.baseUrl/);
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('profile helpers (pure)', () => {
  it('upsertProfile adds, merges, and leaves the input alone', () => {
    const start = emptyConfig();
    const one = upsertProfile(start, 'prod', { ...prod, readOnly: true });
    expect(start.profiles).toEqual({});
    const two = upsertProfile(one, 'prod', { ...prod, workspaceId: 'ws-2' });
    expect(two.profiles.prod).toEqual({ ...prod, workspaceId: 'ws-2', readOnly: true });
    expect(one.profiles.prod?.workspaceId).toBe('ws-prod');
  });

  it('upsertProfile validates the name and the profile', () => {
    expect(() => upsertProfile(emptyConfig(), '../x', prod)).toThrow(ConfigError);
    expect(() => upsertProfile(emptyConfig(), 'p', { ...prod, baseUrl: 'x' })).toThrow(/baseUrl/);
  });

  it('setActiveProfile refuses an unknown profile and lists the known ones', () => {
    const config = upsertProfile(upsertProfile(emptyConfig(), 'prod', prod), 'dev', prod);
    expect(setActiveProfile(config, 'dev').activeProfile).toBe('dev');
    expect(() => setActiveProfile(config, 'stage')).toThrow(/"stage".*known profiles: dev, prod/);
  });

  it('removeProfile drops the profile and clears it as active', () => {
    const config = setActiveProfile(
      upsertProfile(upsertProfile(emptyConfig(), 'prod', prod), 'dev', prod),
      'prod',
    );
    const next = removeProfile(config, 'prod');
    expect(Object.keys(next.profiles)).toEqual(['dev']);
    expect(next.activeProfile).toBeUndefined();
    expect(config.profiles.prod).toBeDefined();
    expect(removeProfile(next, 'missing')).toBe(next);
  });

  it('getProfile does not find Object.prototype members', () => {
    expect(getProfile(emptyConfig(), 'constructor')).toBeUndefined();
    expect(getProfile(emptyConfig(), 'toString')).toBeUndefined();
  });
});
