import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateKid,
  generatePrivateJwk,
  isPrivateJwk,
  JwkError,
  type PrivateJwk,
  parseJwk,
  publicHalf,
} from '../../src/auth/index.js';

const KEY: PrivateJwk = await generatePrivateJwk('kid-main');
const OTHER: PrivateJwk = await generatePrivateJwk('kid-other');

const text = (o: unknown): string => JSON.stringify(o);
const bytes = (n: number, fill = 7): string => Buffer.alloc(n, fill).toString('base64url');
// A 32-byte value whose base64url spelling contains '-' and '_' (0xfb 0xff ...), rewritten with '+' and '/'.
const standardBase64 = Buffer.alloc(32, 0xfb).toString('base64').replace(/=+$/, '');
// 43 characters whose 2 spare bits are not zero: decodes to the same bytes as a canonical spelling.
const nonCanonical = `${KEY.x.slice(0, 42)}${String.fromCharCode(KEY.x.charCodeAt(42) ^ 1)}`;
const P256_ORDER = Buffer.from('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551', 'hex');

describe('generateKid', () => {
  it('draws 24 characters of [a-z0-9], distinct, covering the whole alphabet about evenly', () => {
    const kids = Array.from({ length: 2000 }, generateKid);
    for (const kid of kids) expect(kid).toMatch(/^[a-z0-9]{24}$/);
    expect(new Set(kids).size).toBe(kids.length);
    const counts = new Map<string, number>();
    for (const ch of kids.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // 48,000 characters: 1333 expected each, standard deviation about 36. Loose bounds, no flakes.
    for (const n of counts.values()) expect(n).toBeGreaterThan(1000);
    for (const n of counts.values()) expect(n).toBeLessThan(1700);
  });
});

describe('generatePrivateJwk', () => {
  it('makes a key file that parses back to the same key', async () => {
    const jwk = await generatePrivateJwk();
    expect(Object.keys(jwk)).toEqual(['kty', 'crv', 'x', 'y', 'd', 'kid']);
    expect(jwk.kid).toMatch(/^[a-z0-9]{24}$/);
    expect(parseJwk(JSON.stringify(jwk, null, 2))).toEqual(jwk);
  });

  it('uses the kid it is given and makes a different key every time', async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, () => generatePrivateJwk('k1')));
    expect(new Set(keys.map((k) => k.d)).size).toBe(20);
    for (const k of keys) {
      expect(k.kid).toBe('k1');
      expect(parseJwk(text(k))).toEqual(k);
    }
  });

  it('refuses an empty kid', async () => {
    await expect(generatePrivateJwk('')).rejects.toBeInstanceOf(JwkError);
  });
});

describe('publicHalf and isPrivateJwk', () => {
  it('returns a new object with only the public members', () => {
    const withExtras = { ...KEY, use: 'sig', p: 'private-ish' } as PrivateJwk;
    const pub = publicHalf(withExtras);
    expect(pub).toEqual({ kty: 'EC', crv: 'P-256', x: KEY.x, y: KEY.y, kid: KEY.kid });
    expect(pub).not.toBe(withExtras);
    expect('d' in pub).toBe(false);
    expect(JSON.stringify(pub)).not.toContain(KEY.d);
    expect(isPrivateJwk(pub)).toBe(false);
    expect(isPrivateJwk(KEY)).toBe(true);
  });

  it('parses a public key file without d', () => {
    const pub = parseJwk(text(publicHalf(KEY)));
    expect(isPrivateJwk(pub)).toBe(false);
    expect(pub).toEqual(publicHalf(KEY));
  });
});

describe('parseJwk', () => {
  it('accepts whitespace, a byte-order mark and extra members (dropping them)', () => {
    const parsed = parseJwk(`\uFEFF \n${text({ ...KEY, use: 'sig', alg: 'ES256', key_ops: ['sign'] })}\n`);
    expect(parsed).toEqual(KEY);
  });

  it('accepts a key exported by node:crypto', () => {
    const exported = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    expect(isPrivateJwk(parseJwk(text({ ...exported, kid: 'node' })))).toBe(true);
  });

  const pub = publicHalf(KEY);
  it.each<[string, string, string]>([
    ['not JSON', '{"kty":"EC",', 'not valid JSON'],
    ['empty text', '', 'not valid JSON'],
    ['an array', '[]', 'must be a JSON object'],
    ['null', 'null', 'must be a JSON object'],
    ['a string', '"EC"', 'must be a JSON object'],
    ['missing kty', text({ ...pub, kty: undefined }), 'kty must be "EC"'],
    ['kty RSA', text({ ...pub, kty: 'RSA' }), 'kty must be "EC"'],
    ['crv P-384', text({ ...pub, crv: 'P-384' }), 'crv must be "P-256"'],
    ['crv lowercase', text({ ...pub, crv: 'p-256' }), 'crv must be "P-256"'],
    ['alg RS256', text({ ...pub, alg: 'RS256' }), 'alg must be "ES256"'],
    ['missing x', text({ ...pub, x: undefined }), 'x must be 32 bytes of base64url'],
    ['x padded', text({ ...pub, x: `${bytes(32)}=` }), 'x must be 32 bytes of base64url'],
    ['x standard base64', text({ ...pub, x: standardBase64 }), 'x must be 32 bytes of base64url'],
    ['x 31 bytes', text({ ...pub, x: bytes(31) }), 'x must be 32 bytes of base64url'],
    ['x 33 bytes', text({ ...pub, x: bytes(33) }), 'x must be 32 bytes of base64url'],
    ['x non-canonical', text({ ...pub, x: nonCanonical }), 'x must be 32 bytes of base64url'],
    ['x a number', text({ ...pub, x: 12 }), 'x must be 32 bytes of base64url'],
    ['y a number', text({ ...pub, y: 12 }), 'y must be 32 bytes of base64url'],
    ['y with spaces', text({ ...pub, y: ` ${pub.y}` }), 'y must be 32 bytes of base64url'],
    ['missing kid', text({ ...pub, kid: undefined }), 'kid must be a non-empty string'],
    ['empty kid', text({ ...pub, kid: '' }), 'kid must be a non-empty string'],
    ['numeric kid', text({ ...pub, kid: 5 }), 'kid must be a non-empty string'],
    ['point off the curve', text({ ...pub, y: pub.x }), 'not on the P-256 curve'],
    ['point of zeros', text({ ...pub, x: bytes(32, 0), y: bytes(32, 0) }), 'not on the P-256 curve'],
    ['d 31 bytes', text({ ...KEY, d: bytes(31) }), 'd must be 32 bytes of base64url'],
    ['d not a string', text({ ...KEY, d: 1 }), 'd must be 32 bytes of base64url'],
    ['d zero', text({ ...KEY, d: bytes(32, 0) }), 'd is not a valid P-256 private key'],
    [
      'd the group order',
      text({ ...KEY, d: P256_ORDER.toString('base64url') }),
      'd is not a valid P-256 private key',
    ],
    ['d of another key', text({ ...KEY, d: OTHER.d }), 'd does not match x and y'],
    ['x, y of another key', text({ ...KEY, x: OTHER.x, y: OTHER.y }), 'd does not match x and y'],
  ])('refuses %s', (_name, input, fragment) => {
    let caught: unknown;
    try {
      parseJwk(input);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(JwkError);
    expect((caught as Error).message).toMatch(/^key file: /);
    expect((caught as Error).message).toContain(fragment);
  });

  it('uses the label it is given', () => {
    expect(() => parseJwk('[]', 'profile "prod" key')).toThrow(/^profile "prod" key: must be a JSON object$/);
  });

  it.each<[string, string]>([
    ['a truncated file', text(KEY).slice(0, -10)],
    ['trailing garbage', `${text(KEY)} ${KEY.d}`],
    ['d of another key', text({ ...KEY, d: OTHER.d })],
    ['x, y of another key', text({ ...KEY, x: OTHER.x, y: OTHER.y })],
    ['a short d', text({ ...KEY, d: KEY.d.slice(0, 40) })],
    ['d with padding', text({ ...KEY, d: `${KEY.d}=` })],
    ['a trailing comma after d', `{"d":"${KEY.d}",}`],
  ])('never shows d in the error for %s', (_name, input) => {
    let caught: unknown;
    try {
      parseJwk(input);
    } catch (err) {
      caught = err;
    }
    const err = caught as Error;
    expect(err).toBeInstanceOf(JwkError);
    for (const shown of [err.message, String(err), err.stack ?? '', JSON.stringify(err)]) {
      expect(shown).not.toContain(KEY.d);
      expect(shown).not.toContain(OTHER.d);
      expect(shown).not.toContain(KEY.d.slice(0, 40));
    }
    expect((err as Error & { cause?: unknown }).cause).toBeUndefined();
  });
});
