import { CompactEncrypt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  decryptPrivateJwk,
  encryptedKeyKid,
  encryptPrivateJwk,
  generatePrivateJwk,
  isEncryptedKeyText,
  JwkError,
  KeyDecryptError,
  type PrivateJwk,
  publicHalf,
} from '../../src/auth/index.js';
import { b64json } from './helpers.js';

const KEY: PrivateJwk = await generatePrivateJwk();
const PASS = 'correct horse battery staple';
const ITER = 1000;
const JWE = await encryptPrivateJwk(KEY, PASS, { iterations: ITER });

/** A compact JWE of any plaintext, the way another tool might write one. */
const joseJwe = (plaintext: unknown, header: Record<string, unknown>, pass = PASS, p2c = ITER) =>
  new CompactEncrypt(new TextEncoder().encode(JSON.stringify(plaintext)))
    .setProtectedHeader({ alg: 'PBES2-HS512+A256KW', enc: 'A256GCM', ...header } as never)
    .setKeyManagementParameters({ p2c })
    .encrypt(new TextEncoder().encode(pass));

const caught = async (promise: Promise<unknown>): Promise<Error> => {
  const result = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(result).toBeInstanceOf(Error);
  return result as Error;
};

describe('encrypted keys', () => {
  it('round-trips a private key', async () => {
    expect(await decryptPrivateJwk(JWE, PASS)).toEqual(KEY);
    expect(await decryptPrivateJwk(`${JWE}\n`, PASS)).toEqual(KEY);
  });

  it('writes a compact JWE with the agreed header and no readable key material', () => {
    expect(JWE.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(JWE)).toMatchObject({
      alg: 'PBES2-HS512+A256KW',
      enc: 'A256GCM',
      kid: KEY.kid,
      cty: 'jwk+json',
      p2c: ITER,
    });
    expect(JWE).not.toContain(KEY.d);
    expect(Buffer.from(JWE.split('.')[3]!, 'base64url').toString('latin1')).not.toContain(KEY.d);
  });

  it('uses 600,000 iterations by default', async () => {
    expect(decodeProtectedHeader(await encryptPrivateJwk(KEY, PASS)).p2c).toBe(600_000);
  });

  it('accepts iteration counts above jose’s default limit of 10,000', async () => {
    expect(await decryptPrivateJwk(await encryptPrivateJwk(KEY, PASS, { iterations: 10_001 }), PASS)).toEqual(
      KEY,
    );
  });

  it('refuses a file asking for more than 2,000,000 iterations without deriving anything', async () => {
    const [, ...rest] = JWE.split('.');
    const header = b64json({ ...decodeProtectedHeader(JWE), p2c: 2_000_001 });
    const err = await caught(decryptPrivateJwk([header, ...rest].join('.'), PASS));
    expect(err).toBeInstanceOf(KeyDecryptError);
    expect((err as KeyDecryptError).code).toBe('iterations');
  });

  it.each([
    ['a wrong passphrase', JWE, 'correct horse battery stable'],
    ['an empty passphrase', JWE, ''],
    ['a passphrase with a trailing newline', JWE, `${PASS}\n`],
    [
      'a damaged ciphertext',
      JWE.replace(
        /\.([A-Za-z0-9_-])([A-Za-z0-9_-]*)\.([A-Za-z0-9_-]+)$/,
        (_m, c: string, rest: string, tag: string) => `.${c === 'A' ? 'B' : 'A'}${rest}.${tag}`,
      ),
      PASS,
    ],
    ['a damaged tag', `${JWE.slice(0, -2)}${JWE.endsWith('AA') ? 'BA' : 'AA'}`, PASS],
    [
      'a damaged header',
      [b64json({ ...decodeProtectedHeader(JWE), kid: 'other' }), ...JWE.split('.').slice(1)].join('.'),
      PASS,
    ],
  ])('refuses %s without leaking the passphrase or d', async (_name, jwe, passphrase) => {
    const err = await caught(decryptPrivateJwk(jwe, passphrase));
    expect(err).toBeInstanceOf(KeyDecryptError);
    expect((err as KeyDecryptError).code).toBe('passphrase');
    expect(err.message).toBe('cannot decrypt the key: wrong passphrase or damaged key file');
    for (const shown of [err.message, String(err), err.stack ?? '', JSON.stringify(err)]) {
      expect(shown).not.toContain(KEY.d);
      if (passphrase) expect(shown).not.toContain(passphrase.trim());
      expect(shown).not.toContain('horse');
    }
    expect((err as Error & { cause?: unknown }).cause).toBeUndefined();
  });

  it.each([
    ['a plain key file', JSON.stringify(KEY)],
    ['empty text', ''],
    ['five junk parts', 'a.b.c.d.e'],
    ['a JWS', `${b64json({ alg: 'ES256' })}.${b64json({})}.sig`],
    ['a JWE for another alg', [b64json({ alg: 'dir', enc: 'A256GCM' }), '', 'iv', 'ct', 'tag'].join('.')],
  ])('says %s is not an encrypted key', async (_name, text) => {
    expect(isEncryptedKeyText(text)).toBe(false);
    expect(encryptedKeyKid(text)).toBeUndefined();
    const err = await caught(decryptPrivateJwk(text, PASS));
    expect(err).toBeInstanceOf(KeyDecryptError);
    expect((err as KeyDecryptError).code).toBe('format');
    expect(String(err)).not.toContain(KEY.d);
  });

  it('recognizes an encrypted key and names its kid without the passphrase', () => {
    expect(isEncryptedKeyText(JWE)).toBe(true);
    expect(isEncryptedKeyText(`${JWE}\n`)).toBe(true);
    expect(encryptedKeyKid(JWE)).toBe(KEY.kid);
    expect(isEncryptedKeyText(undefined as unknown as string)).toBe(false);
  });

  it('refuses an unsupported enc', async () => {
    const text = [
      b64json({ alg: 'PBES2-HS512+A256KW', enc: 'XYZ', p2c: 1000, p2s: 'AAAA' }),
      'a',
      'b',
      'c',
      'd',
    ].join('.');
    expect(isEncryptedKeyText(text)).toBe(true);
    const err = await caught(decryptPrivateJwk(text, PASS));
    expect((err as KeyDecryptError).code).toBe('format');
  });

  it('treats the passphrase as text: composed and decomposed forms unlock the same key', async () => {
    const composed = 'caf\u00e9 p\u00e4ss';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const jwe = await encryptPrivateJwk(KEY, decomposed, { iterations: ITER });
    expect(await decryptPrivateJwk(jwe, composed)).toEqual(KEY);
  });

  it('reads a key encrypted by another tool with a smaller PBES2 variant', async () => {
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(KEY)))
      .setProtectedHeader({ alg: 'PBES2-HS256+A128KW', enc: 'A128GCM' })
      .setKeyManagementParameters({ p2c: ITER })
      .encrypt(new TextEncoder().encode(PASS));
    expect(await decryptPrivateJwk(jwe, PASS)).toEqual(KEY);
    expect(encryptedKeyKid(jwe)).toBeUndefined();
  });

  it.each([
    ['a public key', publicHalf(KEY), { kid: KEY.kid }, /no private part/],
    [
      'a key that does not match its header kid',
      KEY,
      { kid: 'someone-else' },
      /kid in its header does not match/,
    ],
    ['a key whose d does not match', { ...KEY, x: publicHalf(KEY).y }, {}, /encrypted key: /],
    ['text that is not a key', ['not', 'a', 'key'], {}, /encrypted key: must be a JSON object/],
  ])('refuses an encrypted file holding %s', async (_name, plaintext, header, message) => {
    const err = await caught(decryptPrivateJwk(await joseJwe(plaintext, header), PASS));
    expect(err).toBeInstanceOf(JwkError);
    expect(err.message).toMatch(message);
    expect(String(err)).not.toContain(KEY.d);
  });

  it.each([
    ['an empty passphrase', KEY, '', {}, TypeError],
    ['zero iterations', KEY, PASS, { iterations: 0 }, RangeError],
    ['too many iterations', KEY, PASS, { iterations: 2_000_001 }, RangeError],
    ['a public key', publicHalf(KEY) as PrivateJwk, PASS, {}, JwkError],
  ])('will not encrypt with %s', async (_name, jwk, passphrase, opts, type) => {
    await expect(encryptPrivateJwk(jwk, passphrase, opts)).rejects.toBeInstanceOf(type);
  });
});
