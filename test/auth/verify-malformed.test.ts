import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSigner,
  createVerifier,
  generatePrivateJwk,
  type PrivateJwk,
  publicHalf,
  type VerifyErr,
  type VerifyFailure,
} from '../../src/auth/index.js';
import { b64json } from './helpers.js';

const KEY: PrivateJwk = await generatePrivateJwk('kid-a');
const T0 = 1_749_219_350;
const now = () => T0 * 1000;
const newVerifier = () =>
  createVerifier({ resolveKey: (kid) => (kid === KEY.kid ? publicHalf(KEY) : undefined), now });
const signer = await createSigner(KEY, { now });
const GOOD = await signer.sign({ method: 'GET', pathWithQuery: '/w', body: '' });
const [GH, GP, GS] = GOOD.split('.') as [string, string, string];
const sig = 'A'.repeat(86);

describe('malformed Authorization values', () => {
  it.each<[string, string | undefined, VerifyFailure]>([
    ['no header', undefined, 'bad-scheme'],
    ['empty', '', 'bad-scheme'],
    ['blank', '  \t ', 'bad-scheme'],
    ['Bearer', `Bearer ${GOOD}`, 'bad-scheme'],
    ['Basic', 'Basic dXNlcjpwYXNz', 'bad-scheme'],
    ['scheme glued to the token', `ApiKey${GOOD}`, 'bad-scheme'],
    ['token alone', GOOD, 'bad-scheme'],
    ['scheme only', 'ApiKey', 'bad-token'],
    ['scheme and a space', 'ApiKey ', 'bad-token'],
    ['two parts', 'ApiKey a.b', 'bad-token'],
    ['four parts', `ApiKey ${GOOD}.x`, 'bad-token'],
    ['dots only', 'ApiKey ..', 'bad-token'],
    ['two tokens', `ApiKey ${GOOD} ${GOOD}`, 'bad-token'],
    ['not base64url', 'ApiKey !!!.@@@.###', 'bad-token'],
    ['standard base64 characters', `ApiKey ${GH}.${GP}.${GS.slice(0, 80)}+/+/+/`, 'bad-token'],
    ['padding', `ApiKey ${GH}.${GP}.${GS}==`, 'bad-token'],
    ['non-ASCII', 'ApiKey ünïcødé.x.y', 'bad-token'],
    ['header not JSON', `ApiKey ${Buffer.from('{alg').toString('base64url')}.${GP}.${GS}`, 'bad-token'],
    ['header an array', `ApiKey ${b64json(['ES256'])}.${GP}.${GS}`, 'bad-token'],
    ['header null', `ApiKey ${b64json(null)}.${GP}.${GS}`, 'bad-token'],
    ['header a number', `ApiKey ${b64json(42)}.${GP}.${GS}`, 'bad-token'],
    ['payload an array', `ApiKey ${GH}.${b64json([1, 2])}.${GS}`, 'bad-token'],
    ['payload a string', `ApiKey ${GH}.${b64json('iat')}.${GS}`, 'bad-token'],
    [
      'payload not JSON',
      `ApiKey ${GH}.${Buffer.from([0xff, 0xfe]).toString('base64url')}.${GS}`,
      'bad-token',
    ],
    [
      'crit header',
      `ApiKey ${b64json({ alg: 'ES256', kid: KEY.kid, crit: ['b64'], b64: false })}.${GP}.${GS}`,
      'bad-token',
    ],
    ['signature too short', `ApiKey ${GH}.${GP}.${GS.slice(0, 40)}`, 'signature'],
    ['signature too long', `ApiKey ${GH}.${GP}.${GS}AAAA`, 'signature'],
    ['signature of zeros', `ApiKey ${GH}.${GP}.${sig}`, 'signature'],
    ['huge token', `ApiKey ${'a'.repeat(1_000_000)}`, 'bad-token'],
    ['huge parts', `ApiKey ${'a'.repeat(5000)}.${'b'.repeat(5000)}.${'c'.repeat(5000)}`, 'bad-token'],
    ['huge blank', ' '.repeat(100_000), 'bad-token'],
    ['CR LF injected', `ApiKey ${GOOD}\r\nX-Admin: 1`, 'bad-token'],
  ])('%s: %s', async (_name, authorization, reason) => {
    const verifier = newVerifier();
    const result = await verifier.verify(authorization, 'GET', '/w', '');
    expect(result).toEqual({ ok: false, reason, detail: expect.any(String) });
    const detail = (result as VerifyErr).detail;
    expect(detail.length).toBeLessThan(200);
    if (authorization && authorization.length > 10) expect(detail).not.toContain(authorization.slice(7, 40));
    expect(verifier.stats().replayEntries).toBe(0);
  });

  it('accepts surrounding whitespace and a tab after the scheme', async () => {
    expect((await newVerifier().verify(`  ApiKey \t ${GOOD} `, 'GET', '/w', '')).ok).toBe(true);
  });

  it('answers every string, without throwing', async () => {
    const verifier = newVerifier();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `ApiKey ${s}`),
          fc.string({ unit: 'binary' }),
        ),
        fc.string(),
        fc.string(),
        async (authorization, path, body) => {
          const result = await verifier.verify(authorization, 'GET', path, body);
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers every dotted triple of JSON-ish parts, without throwing', async () => {
    const verifier = newVerifier();
    const part = fc.oneof(
      fc.jsonValue().map(b64json),
      fc
        .record({
          alg: fc.constantFrom('ES256', 'none', 'HS256'),
          kid: fc.oneof(fc.string(), fc.constant(KEY.kid)),
        })
        .map(b64json),
      fc
        .record({
          iat: fc.oneof(fc.integer(), fc.double(), fc.string()),
          exp: fc.anything(),
          message: fc.anything(),
        })
        .map(b64json),
      fc.base64String().map((s) => s.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')),
    );
    await fc.assert(
      fc.asyncProperty(part, part, part, async (h, p, s) => {
        const result = await verifier.verify(`ApiKey ${h}.${p}.${s}`, 'GET', '/w', '');
        expect(result.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses every one-character change of a good token', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    await fc.assert(
      fc.asyncProperty(fc.nat(GOOD.length - 1), fc.constantFrom(...alphabet), async (at, ch) => {
        fc.pre(GOOD[at] !== '.' && GOOD[at] !== ch);
        const changed = `${GOOD.slice(0, at)}${ch}${GOOD.slice(at + 1)}`;
        const result = await newVerifier().verify(`ApiKey ${changed}`, 'GET', '/w', '');
        expect(result.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
