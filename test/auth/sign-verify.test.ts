import { inspect } from 'node:util';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSigner,
  createVerifier,
  generatePrivateJwk,
  JwkError,
  type PrivateJwk,
  type PublicJwk,
  publicHalf,
  requestDigest,
  type Signer,
  type VerifyErr,
} from '../../src/auth/index.js';
import { b64json, decodePart, handSign, malleate, withPayload } from './helpers.js';

const KEY: PrivateJwk = await generatePrivateJwk('kid-a');
const OTHER: PrivateJwk = await generatePrivateJwk('kid-b');
const T0 = 1_749_219_350;

const REQ = {
  method: 'POST',
  pathWithQuery: '/workspaces/w1/transactions?limit=5&statuses=a%2Cb',
  body: '{"x":"1.50"}',
};

let clock = T0 * 1000;
const now = () => clock;
let registry: Map<string, PublicJwk>;
let signer: Signer;
let verifier: ReturnType<typeof createVerifier>;

const check = (token: string, req: Partial<typeof REQ> = {}) => {
  const r = { ...REQ, ...req };
  return verifier.verify(`ApiKey ${token}`, r.method, r.pathWithQuery, r.body);
};
const reasonOf = async (token: string, req: Partial<typeof REQ> = {}) => {
  const result = await check(token, req);
  return result.ok ? 'ok' : result.reason;
};
/** A token signed by hand over any payload, with a correct message unless the payload overrides it. */
const forged = (
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'ES256', kid: KEY.kid },
) =>
  handSign(KEY, header, {
    message: requestDigest(payload.iat as number, REQ.method, REQ.pathWithQuery, REQ.body),
    ...payload,
  });

beforeEach(async () => {
  clock = T0 * 1000;
  registry = new Map([
    [KEY.kid, publicHalf(KEY)],
    [OTHER.kid, publicHalf(OTHER)],
  ]);
  signer = await createSigner(KEY, { now });
  verifier = createVerifier({ resolveKey: (kid) => registry.get(kid), now });
});

describe('createSigner', () => {
  it('makes a token that verifies, with the header and claims public clients send', async () => {
    const token = await signer.sign(REQ);
    const [h, p] = token.split('.') as [string, string];
    expect(decodePart(h)).toEqual({ alg: 'ES256', kid: KEY.kid, typ: 'JWT' });
    expect(decodePart(p)).toEqual({
      iat: T0,
      exp: T0 + 300,
      message: requestDigest(T0, REQ.method, REQ.pathWithQuery, REQ.body),
      method: 'POST',
      path: REQ.pathWithQuery,
    });
    expect(await check(token)).toEqual({ ok: true, kid: KEY.kid, iat: T0 });
  });

  it('takes iat from the clock in whole seconds, or from the input', async () => {
    clock = T0 * 1000 + 999;
    const fromClock = decodePart((await signer.sign(REQ)).split('.')[1]!) as { iat: number };
    expect(fromClock.iat).toBe(T0);
    const given = decodePart((await signer.sign({ ...REQ, iat: T0 - 5 })).split('.')[1]!) as { iat: number };
    expect(given.iat).toBe(T0 - 5);
  });

  it('upper-cases the method and signs a GET with an empty body', async () => {
    const token = await signer.sign({ method: 'get', pathWithQuery: '/workspaces/bron', body: '' });
    expect((decodePart(token.split('.')[1]!) as { message: string }).message).toBe(
      '998371af53740a6cb4f13a7111f8e1b9f12063f8451d2a5b270be8f073b03505',
    );
    expect((await verifier.verify(`ApiKey ${token}`, 'GET', '/workspaces/bron', '')).ok).toBe(true);
  });

  it('makes a fresh token per call, each accepted once', async () => {
    const a = await signer.sign(REQ);
    const b = await signer.sign(REQ);
    expect(a).not.toBe(b);
    expect(await reasonOf(a)).toBe('ok');
    expect(await reasonOf(b)).toBe('ok');
  });

  it('keeps d out of reach of JSON.stringify, util.inspect and its own members', () => {
    expect(Object.keys(signer)).toEqual(['kid', 'sign']);
    expect(Object.isFrozen(signer)).toBe(true);
    const shown = [
      JSON.stringify(signer),
      inspect(signer, { showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true }),
      String(signer),
      Object.getOwnPropertyNames(signer).join(),
    ];
    for (const text of shown) {
      expect(text).not.toContain(KEY.d);
      expect(text).not.toContain(KEY.x);
    }
    expect(JSON.stringify(signer)).toBe(`{"kid":"${KEY.kid}"}`);
  });

  it('refuses a public key and a key whose d does not match', async () => {
    await expect(createSigner(publicHalf(KEY) as PrivateJwk)).rejects.toBeInstanceOf(JwkError);
    const err = await createSigner({ ...KEY, d: OTHER.d }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JwkError);
    expect(String(err)).not.toContain(OTHER.d);
  });

  it.each([
    ['a full URL', { pathWithQuery: 'https://api.example/workspaces' }],
    ['a path with a newline', { pathWithQuery: '/a\n/b' }],
    ['an empty method', { method: '' }],
    ['a method with a space', { method: 'GE T' }],
    ['a fractional iat', { iat: 1.5 }],
  ])('refuses %s', async (_name, edit) => {
    await expect(signer.sign({ ...REQ, ...edit })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('createVerifier', () => {
  it.each([
    ['method', { method: 'PUT' }],
    ['path', { pathWithQuery: '/workspaces/w2/transactions?limit=5&statuses=a%2Cb' }],
    ['query', { pathWithQuery: '/workspaces/w1/transactions?limit=6&statuses=a%2Cb' }],
    ['query encoding', { pathWithQuery: '/workspaces/w1/transactions?limit=5&statuses=a,b' }],
    ['query order', { pathWithQuery: '/workspaces/w1/transactions?statuses=a%2Cb&limit=5' }],
    ['body', { body: '{"x":"1.5"}' }],
    ['body whitespace', { body: '{"x": "1.50"}' }],
    ['empty body', { body: '' }],
  ])('refuses a request whose %s differs from the signed one: message', async (_name, edit) => {
    expect(await reasonOf(await signer.sign(REQ), edit)).toBe('message');
  });

  it('accepts the method in any case, since the request string upper-cases it', async () => {
    expect(await reasonOf(await signer.sign(REQ), { method: 'post' })).toBe('ok');
  });

  it('refuses an iat that does not match the one hashed into message', async () => {
    const token = forged({
      iat: T0,
      message: requestDigest(T0 - 1, REQ.method, REQ.pathWithQuery, REQ.body),
    });
    expect(await reasonOf(token)).toBe('message');
  });

  it.each([
    ['iat moved', (p: Record<string, unknown>) => ({ ...p, iat: (p.iat as number) + 1 })],
    [
      'message replaced',
      (p: Record<string, unknown>) => ({ ...p, message: requestDigest(T0, 'GET', '/', '') }),
    ],
    ['exp extended', (p: Record<string, unknown>) => ({ ...p, exp: (p.exp as number) + 3600 })],
    ['a claim added', (p: Record<string, unknown>) => ({ ...p, admin: true })],
  ])('refuses an edited payload (%s): signature', async (_name, edit) => {
    expect(await reasonOf(withPayload(await signer.sign(REQ), edit))).toBe('signature');
  });

  it('refuses a token signed by another key under this kid: signature', async () => {
    const token = handSign(
      OTHER,
      { alg: 'ES256', kid: KEY.kid },
      decodePart((await signer.sign(REQ)).split('.')[1]!),
    );
    expect(await reasonOf(token)).toBe('signature');
  });

  it('refuses a signature from another token: signature', async () => {
    const a = await signer.sign(REQ);
    const b = await signer.sign({ ...REQ, body: '{}' });
    const spliced = `${a.split('.').slice(0, 2).join('.')}.${b.split('.')[2]}`;
    expect(await reasonOf(spliced)).toBe('signature');
  });

  it.each(['none', 'HS256', 'ES384', 'RS256', 'es256', 'ES256K', '', null, undefined, ['ES256']])(
    'refuses alg %j before looking up any key',
    async (alg) => {
      const resolveKey = vi.fn((kid: string) => registry.get(kid));
      verifier = createVerifier({ resolveKey, now });
      const payload = { iat: T0, message: requestDigest(T0, REQ.method, REQ.pathWithQuery, REQ.body) };
      const header = { alg, kid: KEY.kid };
      // An unsigned token, an HMAC-looking one and a properly ES256-signed one with the wrong alg.
      for (const token of [
        `${b64json(header)}.${b64json(payload)}.`,
        `${b64json(header)}.${b64json(payload)}.${Buffer.from('mac').toString('base64url')}`,
        handSign(KEY, header, payload),
      ]) {
        const result = await check(token);
        expect(result.ok).toBe(false);
        // An unsigned token is malformed (empty third part) before its alg is looked at.
        expect((result as VerifyErr).reason).toMatch(/^(alg|bad-token)$/);
      }
      expect(await reasonOf(handSign(KEY, header, payload))).toBe('alg');
      expect(resolveKey).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['an unknown kid', { alg: 'ES256', kid: 'nobody' }],
    ['no kid', { alg: 'ES256' }],
    ['an empty kid', { alg: 'ES256', kid: '' }],
    ['a numeric kid', { alg: 'ES256', kid: 7 }],
  ])('refuses %s: unknown-kid', async (_name, header) => {
    expect(await reasonOf(forged({ iat: T0 }, header))).toBe('unknown-kid');
  });

  it('accepts a minimal token: no exp, method, path or typ', async () => {
    expect(await reasonOf(forged({ iat: T0 }))).toBe('ok');
  });

  it.each([
    [-300, 'ok'],
    [300, 'ok'],
    [-301, 'iat-skew'],
    [301, 'iat-skew'],
    [-86_400, 'iat-skew'],
    [86_400, 'iat-skew'],
  ])('with the clock %i s from iat: %s', async (offset, expected) => {
    const token = await signer.sign({ ...REQ, iat: T0 });
    clock = (T0 + offset) * 1000;
    expect(await reasonOf(token)).toBe(expected);
  });

  it('honours maxSkewSeconds', async () => {
    verifier = createVerifier({ resolveKey: (kid) => registry.get(kid), now, maxSkewSeconds: 30 });
    expect(await reasonOf(await signer.sign({ ...REQ, iat: T0 - 30 }))).toBe('ok');
    expect(await reasonOf(await signer.sign({ ...REQ, iat: T0 - 31 }))).toBe('iat-skew');
  });

  it.each([
    ['a fractional iat', { iat: T0 + 0.5 }, 'iat-skew'],
    ['a string iat', { iat: String(T0) }, 'iat-skew'],
    ['no iat', { iat: undefined }, 'iat-skew'],
    ['exp in the past', { iat: T0 - 10, exp: T0 - 1 }, 'exp'],
    ['exp now', { iat: T0 - 10, exp: T0 }, 'ok'],
    ['exp a string', { iat: T0, exp: String(T0 + 300) }, 'exp'],
    ['exp null', { iat: T0, exp: null }, 'exp'],
    [
      'a message of another case',
      { iat: T0, message: requestDigest(T0, 'POST', REQ.pathWithQuery, REQ.body).toUpperCase() },
      'message',
    ],
    ['a numeric message', { iat: T0, message: 1 }, 'message'],
    ['no message', { iat: T0, message: undefined }, 'message'],
  ])('with %s: %s', async (_name, payload, expected) => {
    expect(await reasonOf(forged(payload as Record<string, unknown>))).toBe(expected);
  });

  it('refuses a token presented twice: replay', async () => {
    const token = await signer.sign(REQ);
    expect(await reasonOf(token)).toBe('ok');
    expect(await reasonOf(token)).toBe('replay');
    clock += 200_000;
    expect(await reasonOf(token)).toBe('replay');
  });

  it('refuses a replay with the signature rewritten as (r, n - s)', async () => {
    const token = await signer.sign(REQ);
    const twin = malleate(token);
    expect(twin).not.toBe(token);
    // The twin is a valid signature on its own ...
    const fresh = createVerifier({ resolveKey: (kid) => registry.get(kid), now });
    expect((await fresh.verify(`ApiKey ${twin}`, REQ.method, REQ.pathWithQuery, REQ.body)).ok).toBe(true);
    // ... but it is the same token for the replay cache.
    expect(await reasonOf(token)).toBe('ok');
    expect(await reasonOf(twin)).toBe('replay');
  });

  it('remembers only tokens whose signature verified', async () => {
    const token = await signer.sign(REQ);
    expect(await reasonOf(withPayload(token, (p) => ({ ...p, iat: T0 + 1 })))).toBe('signature');
    expect(await reasonOf(token, { body: 'other' })).toBe('message');
    expect(await reasonOf(forged({ iat: T0 - 1000 }))).toBe('iat-skew');
    expect(verifier.stats().replayEntries).toBe(0);
    expect(await reasonOf(token)).toBe('ok');
    expect(verifier.stats().replayEntries).toBe(1);
  });

  it('forgets tokens once they could no longer pass the iat window', async () => {
    for (let i = 0; i < 50; i++)
      expect(await reasonOf(await signer.sign({ ...REQ, iat: T0 - 100 + i }))).toBe('ok');
    expect(verifier.stats().replayEntries).toBe(50);
    // T0 - 51 + 300 is the last second the newest of them could pass.
    clock = (T0 - 51 + 300 + 1) * 1000;
    expect(await reasonOf(await signer.sign(REQ))).toBe('ok');
    expect(verifier.stats().replayEntries).toBe(1);
  });

  it('caches the key per kid and re-imports it when the registry changes it', async () => {
    expect(await reasonOf(await signer.sign(REQ))).toBe('ok');
    expect(verifier.stats().cachedKeys).toBe(1);
    // The kid now names OTHER's public key (a re-registration).
    registry.set(KEY.kid, { ...publicHalf(OTHER), kid: KEY.kid });
    const rotated = await createSigner({ ...OTHER, kid: KEY.kid }, { now });
    expect(await reasonOf(await rotated.sign(REQ))).toBe('ok');
    expect(await reasonOf(await signer.sign(REQ))).toBe('signature');
    // Revoked: unknown, and dropped from the cache.
    registry.delete(KEY.kid);
    expect(await reasonOf(await rotated.sign(REQ))).toBe('unknown-kid');
    expect(verifier.stats().cachedKeys).toBe(0);
  });

  it('treats a registry entry that is not a usable key as unknown-kid', async () => {
    registry.set(KEY.kid, { ...publicHalf(KEY), y: KEY.x });
    expect(await reasonOf(await signer.sign(REQ))).toBe('unknown-kid');
  });

  it.each(['ApiKey', 'apikey', 'APIKEY', 'aPiKeY'])('accepts the scheme spelled %s', async (scheme) => {
    const token = await signer.sign(REQ);
    const result = await verifier.verify(`${scheme} ${token}`, REQ.method, REQ.pathWithQuery, REQ.body);
    expect(result.ok).toBe(true);
  });

  it('never echoes the token in a detail', async () => {
    const token = await signer.sign(REQ);
    const failures = [
      await check(token, { body: 'x' }),
      await check(withPayload(token, (p) => ({ ...p, iat: 1 }))),
      await check(forged({ iat: T0 }, { alg: 'ES256', kid: 'secret-looking-kid' })),
    ];
    for (const f of failures) {
      expect(f.ok).toBe(false);
      const detail = (f as VerifyErr).detail;
      for (const part of token.split('.')) expect(detail).not.toContain(part);
      expect(detail).not.toContain('secret-looking-kid');
    }
  });
});
