import fs from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatePrivateJwk, type PrivateJwk, publicHalf } from '../../src/auth/index.js';
import { KeyFileError, keyFromEnvText, readPrivateKey, writePrivateKey } from '../../src/config/index.js';
import { modeOf, tempDir } from './tmp.js';

const PASSPHRASE = 'correct horse battery staple';
const ITERATIONS = 1000; // keeps PBES2 fast in tests; the default comes from auth

let jwk: PrivateJwk;
afterEach(() => {
  vi.restoreAllMocks();
});
beforeAll(async () => {
  jwk = await generatePrivateJwk();
});

/** Every error of these tests goes through here: nothing secret may appear in any rendering of it. */
async function failure(promise: Promise<unknown>): Promise<KeyFileError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KeyFileError);
  const e = error as KeyFileError;
  for (const text of [e.message, e.fix ?? '', String(e), inspect(e), JSON.stringify(e)]) {
    expect(text).not.toContain(jwk.d);
    expect(text).not.toContain(PASSPHRASE);
  }
  return e;
}

async function plainKeyFile(dir: string, mode = 0o600): Promise<string> {
  const file = path.join(dir, 'keys', 'prod.jwk');
  await writePrivateKey(file, jwk);
  await fs.chmod(file, mode);
  return file;
}

describe('writePrivateKey', () => {
  it('creates the folder 0700 and the file 0600 holding the JWK, members in wire order', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'custody', 'keys', 'prod.jwk');
    await writePrivateKey(file, jwk);
    expect(await modeOf(path.join(dir, 'custody'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'custody', 'keys'))).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    const stored = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(Object.keys(stored)).toEqual(['kty', 'crv', 'x', 'y', 'd', 'kid']);
    expect(stored).toEqual(jwk);
    expect(await fs.readdir(path.dirname(file))).toEqual(['prod.jwk']);
  });

  it('never overwrites an existing key file, and says so', async () => {
    const dir = await tempDir();
    const file = await plainKeyFile(dir);
    const before = await fs.readFile(file, 'utf8');
    const other = await generatePrivateJwk();
    const e = await failure(writePrivateKey(file, other));
    expect(e.message).toMatch(/already exists.*never overwrites/);
    expect(e.path).toBe(file);
    expect(await fs.readFile(file, 'utf8')).toBe(before);
  });

  it('refuses a key without d and an empty passphrase', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'k.jwk');
    await failure(writePrivateKey(file, publicHalf(jwk) as PrivateJwk));
    await failure(writePrivateKey(file, jwk, { passphrase: '' }));
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('readPrivateKey', () => {
  it.each([0o600, 0o400])('reads a key file with mode %o', async (mode) => {
    const dir = await tempDir();
    const file = await plainKeyFile(dir, mode);
    expect(await readPrivateKey(file)).toEqual(jwk);
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o620, 0o602, 0o606, 0o700 | 0o044])(
    'refuses mode %o with the chmod fix',
    async (mode) => {
      const dir = await tempDir();
      const file = await plainKeyFile(dir, mode);
      const e = await failure(readPrivateKey(file));
      expect(e.message).toContain(file);
      expect(e.message).toContain((mode & 0o777).toString(8));
      expect(e.fix).toBe(`chmod 600 ${JSON.stringify(file)}`);
    },
  );

  it('refuses a symlink, even to a good key file, with the fix', async () => {
    const dir = await tempDir();
    const real = await plainKeyFile(dir);
    const link = path.join(dir, 'link.jwk');
    await fs.symlink(real, link);
    const e = await failure(readPrivateKey(link));
    expect(e.message).toMatch(/is a symlink/);
    expect(e.fix).toContain('cp --remove-destination');
    expect(e.fix).toContain('readlink -f');
    expect(e.fix).toContain('chmod 600');
  });

  it('closes the lstat/open race: a symlink swapped in after the check is refused (O_NOFOLLOW)', async () => {
    const dir = await tempDir();
    const real = await plainKeyFile(dir);
    const link = path.join(dir, 'link.jwk');
    await fs.symlink(real, link);
    const realStats = await fs.lstat(real);
    vi.spyOn(fs, 'lstat').mockResolvedValueOnce(realStats); // the check saw a regular file
    const e = await failure(readPrivateKey(link));
    expect(e.message).toMatch(/is a symlink/);
  });

  it('refuses a file replaced between the check and the open', async () => {
    const dir = await tempDir();
    const file = await plainKeyFile(dir);
    const other = path.join(dir, 'other');
    await fs.writeFile(other, 'x', { mode: 0o600 });
    vi.spyOn(fs, 'lstat').mockResolvedValueOnce(await fs.lstat(other));
    expect((await failure(readPrivateKey(file))).message).toMatch(/changed while/);
  });

  it('refuses a folder and a missing file', async () => {
    const dir = await tempDir();
    expect((await failure(readPrivateKey(dir))).message).toMatch(/not a regular file/);
    const missing = path.join(dir, 'nope.jwk');
    const e = await failure(readPrivateKey(missing));
    expect(e.message).toMatch(/no key file/);
    expect(e.fix).toMatch(/custody init/);
  });

  it('refuses a public-only key file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'pub.jwk');
    await fs.writeFile(file, JSON.stringify(publicHalf(jwk)), { mode: 0o600 });
    const e = await failure(readPrivateKey(file));
    expect(e.message).toMatch(/only the public half/);
  });

  it('refuses text that is not a JWK, without quoting it', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'bad.jwk');
    // A damaged file that still carries d: the error must not echo it.
    await fs.writeFile(file, `{"kty":"EC","crv":"P-256","d":"${jwk.d}",`, { mode: 0o600 });
    const e = await failure(readPrivateKey(file));
    expect(e.message).toMatch(/not valid JSON/);
    await fs.writeFile(file, JSON.stringify({ ...jwk, x: jwk.y }), { mode: 0o600 });
    await failure(readPrivateKey(file));
  });

  it('refuses an oversized file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'big.jwk');
    await fs.writeFile(file, ' '.repeat(100_000), { mode: 0o600 });
    expect((await failure(readPrivateKey(file))).message).toMatch(/too large/);
  });
});

describe('encrypted key files', () => {
  it('round-trips with the passphrase; the file holds no plain key', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'keys', 'enc.jwk');
    await writePrivateKey(file, jwk, { passphrase: PASSPHRASE, iterations: ITERATIONS });
    expect(await modeOf(file)).toBe(0o600);
    const text = await fs.readFile(file, 'utf8');
    expect(text.trim().split('.')).toHaveLength(5);
    expect(text).not.toContain(jwk.d);
    let asked = 0;
    const key = await readPrivateKey(file, {
      passphrase: async () => {
        asked++;
        return PASSPHRASE;
      },
    });
    expect(key).toEqual(jwk);
    expect(asked).toBe(1);
  });

  it('does not ask for a passphrase for a plain key', async () => {
    const dir = await tempDir();
    const file = await plainKeyFile(dir);
    await readPrivateKey(file, {
      passphrase: () => {
        throw new Error('must not be asked');
      },
    });
  });

  it('wrong passphrase: a clear error that leaks neither d nor the passphrase', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'enc.jwk');
    await writePrivateKey(file, jwk, { passphrase: PASSPHRASE, iterations: ITERATIONS });
    const e = await failure(readPrivateKey(file, { passphrase: async () => `${PASSPHRASE}!` }));
    expect(e.message).toMatch(/wrong passphrase/);
    expect(e.message).not.toContain(`${PASSPHRASE}!`);
  });

  it('no passphrase provider: says how to give one', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'enc.jwk');
    await writePrivateKey(file, jwk, { passphrase: PASSPHRASE, iterations: ITERATIONS });
    const e = await failure(readPrivateKey(file));
    expect(e.message).toMatch(/encrypted/);
    expect(e.fix).toMatch(/CUSTODY_KEY_PASSPHRASE/);
  });

  it('a damaged encrypted file is refused without leaking', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'enc.jwk');
    await writePrivateKey(file, jwk, { passphrase: PASSPHRASE, iterations: ITERATIONS });
    const parts = (await fs.readFile(file, 'utf8')).trim().split('.');
    parts[3] = parts[3]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await fs.writeFile(file, parts.join('.'));
    await failure(readPrivateKey(file, { passphrase: async () => PASSPHRASE }));
  });
});

describe('keyFromEnvText', () => {
  it('reads a raw private JWK', async () => {
    expect(await keyFromEnvText(JSON.stringify(jwk))).toEqual(jwk);
    expect(await keyFromEnvText(`  ${JSON.stringify(jwk)}\n`)).toEqual(jwk);
  });

  it('reads a JWE with the passphrase', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'enc.jwk');
    await writePrivateKey(file, jwk, { passphrase: PASSPHRASE, iterations: ITERATIONS });
    const jwe = await fs.readFile(file, 'utf8');
    expect(await keyFromEnvText(jwe, { passphrase: async () => PASSPHRASE })).toEqual(jwk);
    const e = await failure(keyFromEnvText(jwe));
    expect(e.message).toContain('CUSTODY_API_KEY');
    expect(e.path).toBeUndefined();
    await failure(keyFromEnvText(jwe, { passphrase: async () => 'nope' }));
  });

  it('refuses garbage and a public half, naming the variable, not the value', async () => {
    for (const text of [jwk.d, `{"d":"${jwk.d}"}`, JSON.stringify(publicHalf(jwk))]) {
      const e = await failure(keyFromEnvText(text));
      expect(e.message).toContain('CUSTODY_API_KEY');
    }
  });
});
