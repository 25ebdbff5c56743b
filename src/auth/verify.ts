import { createHash, createPublicKey, type KeyObject, verify as verifySignature } from 'node:crypto';
import type { PublicJwk } from './jwk.js';
import { requestDigest } from './request-string.js';

export type VerifyFailure =
  | 'bad-scheme'
  | 'bad-token'
  | 'alg'
  | 'unknown-kid'
  | 'signature'
  | 'message'
  | 'iat-skew'
  | 'exp'
  | 'replay';

export interface VerifyOk {
  ok: true;
  kid: string;
  iat: number;
}

/** `detail` is fixed human text, safe to send to a client: it never echoes the token or its parts. */
export interface VerifyErr {
  ok: false;
  reason: VerifyFailure;
  detail: string;
}

export interface VerifierOptions {
  /** The key registry. Key states (pending, revoked ...) are the caller's business. */
  resolveKey(kid: string): PublicJwk | undefined;
  /** Epoch milliseconds. */
  now?: () => number;
  /** Accepted |now - iat| in seconds; default 300. */
  maxSkewSeconds?: number;
}

export interface Verifier {
  /**
   * Checks one request's Authorization header against the raw request target and body. Never
   * throws for any header, method, path or body; errors thrown by `resolveKey` propagate.
   */
  verify(
    authorization: string | undefined,
    method: string,
    pathWithQuery: string,
    body: string,
  ): Promise<VerifyOk | VerifyErr>;
  /** Counts for tests and diagnostics. */
  stats(): { replayEntries: number; cachedKeys: number };
}

export const DEFAULT_MAX_SKEW_SECONDS = 300;
/** Longest Authorization value looked at; an honest one is about 450 characters. */
// 16 KiB like node's header limit: the token carries the `path` claim, and a long id list in the
// query (hundreds of transactionIds) must still fit.
export const MAX_AUTHORIZATION_LENGTH = 16_384;

const SCHEME = /^apikey$/i;
const MISSING = 'missing Authorization header; expected "ApiKey <token>"';
const B64URL = /^[A-Za-z0-9_-]+$/;
// 64 bytes of P1363 signature (r || s) in unpadded base64url.
const SIGNATURE_LENGTH = 86;

function fail(reason: VerifyFailure, detail: string): VerifyErr {
  return { ok: false, reason, detail };
}

/** A JSON object from a base64url part, or undefined. */
function decodeObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sandbox's verifier (wire notes §1). The JWS check uses node:crypto directly rather than
 * jose's compactVerify: the header and payload are already decoded and checked here for the
 * reasons we report, and with a cached KeyObject a verify costs about half of jose's (~70 µs
 * vs ~150 µs) on a path that runs for every request. Only ES256 compact tokens without `crit`
 * are accepted, so no other JWS feature is needed.
 */
export function createVerifier(opts: VerifierOptions): Verifier {
  const now = opts.now ?? Date.now;
  const maxSkew = opts.maxSkewSeconds ?? DEFAULT_MAX_SKEW_SECONDS;
  if (!(Number.isFinite(maxSkew) && maxSkew >= 0)) throw new RangeError('maxSkewSeconds must be >= 0');

  // kid -> imported key, re-imported when the registry's x or y for that kid changes.
  const keys = new Map<string, { x: string; y: string; key: KeyObject | undefined }>();
  // Replay cache: digest -> last second (Unix) at which the token could still pass the iat check.
  const seen = new Map<string, number>();
  // Full sweeps of expired entries run at most this often (clock seconds), so memory stays at
  // about (request rate) x (2 * maxSkew + sweep interval) entries.
  const sweepEvery = Math.max(1, Math.min(30, Math.ceil(maxSkew / 10)));
  let nextSweep = Number.NEGATIVE_INFINITY;

  function keyFor(kid: string): KeyObject | undefined {
    const jwk = opts.resolveKey(kid);
    if (!jwk) {
      keys.delete(kid);
      return undefined;
    }
    const cached = keys.get(kid);
    if (cached && cached.x === jwk.x && cached.y === jwk.y) return cached.key;
    let key: KeyObject | undefined;
    try {
      if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('not P-256');
      key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
    } catch {
      key = undefined; // remembered too, so a broken registry entry is not re-imported per request
    }
    keys.set(kid, { x: jwk.x, y: jwk.y, key });
    return key;
  }

  function sweep(nowSec: number): void {
    if (nowSec < nextSweep) return;
    nextSweep = nowSec + sweepEvery;
    for (const [digest, lastValid] of seen) if (lastValid < nowSec) seen.delete(digest);
  }

  async function verify(
    authorization: string | undefined,
    method: string,
    pathWithQuery: string,
    body: string,
  ): Promise<VerifyOk | VerifyErr> {
    if (typeof authorization !== 'string') return fail('bad-scheme', MISSING);
    if (authorization.length > MAX_AUTHORIZATION_LENGTH) {
      return fail('bad-token', 'Authorization header too long');
    }
    const value = authorization.trim();
    if (value === '') return fail('bad-scheme', MISSING);
    const space = value.search(/[ \t]/);
    const scheme = space < 0 ? value : value.slice(0, space);
    if (!SCHEME.test(scheme)) return fail('bad-scheme', 'Authorization scheme must be ApiKey');
    if (space < 0) return fail('bad-token', 'missing token after ApiKey');
    const token = value.slice(space).trimStart();

    const parts = token.split('.');
    if (parts.length !== 3) return fail('bad-token', 'token is not a compact JWT of three parts');
    const [h, p, s] = parts as [string, string, string];
    if (!B64URL.test(h) || !B64URL.test(p) || !B64URL.test(s)) {
      return fail('bad-token', 'token parts must be base64url');
    }
    const header = decodeObject(h);
    if (!header) return fail('bad-token', 'token header is not a JSON object');
    const payload = decodeObject(p);
    if (!payload) return fail('bad-token', 'token payload is not a JSON object');

    // Decided before any key is looked up: "none", HS256 and the like never reach a key.
    if (header.alg !== 'ES256') return fail('alg', 'token alg must be ES256');
    if (header.crit !== undefined) return fail('bad-token', 'token header crit is not supported');
    const kid = header.kid;
    if (typeof kid !== 'string' || kid === '') return fail('unknown-kid', 'token header has no kid');

    const key = keyFor(kid);
    if (!key) return fail('unknown-kid', 'unknown key id');

    const signature = Buffer.from(s, 'base64url');
    // One spelling per signature: the 4 spare bits of the last character must be zero.
    if (s.length !== SIGNATURE_LENGTH || signature.toString('base64url') !== s) {
      return fail('signature', 'signature does not verify');
    }
    let valid = false;
    try {
      valid = verifySignature(
        'sha256',
        Buffer.from(`${h}.${p}`, 'latin1'),
        { key, dsaEncoding: 'ieee-p1363' },
        signature,
      );
    } catch {
      valid = false;
    }
    if (!valid) return fail('signature', 'signature does not verify');

    const iat = payload.iat;
    if (typeof iat !== 'number' || !Number.isSafeInteger(iat)) {
      return fail('iat-skew', 'iat must be an integer number of seconds');
    }
    const nowSec = Math.floor(now() / 1000);
    if (Math.abs(nowSec - iat) > maxSkew) {
      return fail('iat-skew', `iat is more than ${maxSkew} s away from the server clock`);
    }
    if ('exp' in payload) {
      const exp = payload.exp;
      if (typeof exp !== 'number' || !Number.isFinite(exp)) return fail('exp', 'exp must be a number');
      // exp names the last valid second, so a token is never refused by exp while iat still passes.
      if (exp < nowSec) return fail('exp', 'token expired');
    }
    if (payload.message !== requestDigest(iat, method, pathWithQuery, body)) {
      return fail('message', 'message does not match the request (iat, method, path with query, body)');
    }

    // Keyed by the signed text and r, not the raw token: ECDSA lets anyone turn (r, s) into the
    // equally valid (r, n - s), which would slip a token-keyed cache. Two honest tokens for the same
    // request in the same second still differ, because r comes from a fresh random nonce.
    const digest = createHash('sha256')
      .update(h)
      .update('.')
      .update(p)
      .update('.')
      .update(signature.subarray(0, 32))
      .digest('base64');
    sweep(nowSec);
    const lastValid = seen.get(digest);
    if (lastValid !== undefined && lastValid >= nowSec) return fail('replay', 'token was already used');
    seen.set(digest, iat + maxSkew);
    return { ok: true, kid, iat };
  }

  return {
    verify,
    stats: () => ({ replayEntries: seen.size, cachedKeys: keys.size }),
  };
}
