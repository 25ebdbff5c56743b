import { createPrivateKey, type KeyObject, sign as signBytes } from 'node:crypto';
import { isPrivateJwk, JwkError, type PrivateJwk, validateJwk } from './jwk.js';
import { requestDigest } from './request-string.js';

export interface SignInput {
  method: string;
  pathWithQuery: string;
  body: string;
  /** Unix seconds; defaults to the signer's clock. */
  iat?: number;
}

export interface Signer {
  readonly kid: string;
  /** A fresh compact JWT for one request (and for every retry of it). */
  sign(input: SignInput): Promise<string>;
}

/** Lifetime public clients give a token (`exp = iat + 300`); servers must not require it. */
export const TOKEN_LIFETIME_SECONDS = 300;

// RFC 9110 token characters: what an HTTP method may be made of (SUBSCRIBE included).
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Imports the key once and returns a signer. The key lives only in this closure: the returned
 * object holds `kid` and `sign`, so neither JSON.stringify nor util.inspect can reach `d`.
 *
 * Signing uses node:crypto's one-shot ES256 (a KeyObject, IEEE P1363 signature as JWS wants)
 * rather than jose's WebCrypto path: every request and every retry is signed, and this is about
 * four times faster (measured ~40 µs against ~150 µs). The token is the same compact JWS; jose
 * still verifies it (test/auth/interop.test.ts).
 */
export async function createSigner(jwk: PrivateJwk, opts: { now?: () => number } = {}): Promise<Signer> {
  const valid = validateJwk(jwk, 'key file');
  if (!isPrivateJwk(valid)) throw new JwkError('key file: the key has no private part (d)');
  const now = opts.now ?? Date.now;
  const { kid } = valid;
  let key: KeyObject;
  try {
    key = createPrivateKey({
      key: { kty: valid.kty, crv: valid.crv, x: valid.x, y: valid.y, d: valid.d },
      format: 'jwk',
    });
  } catch {
    // OpenSSL's words may quote the input; ours never do.
    throw new JwkError('key file: not a valid P-256 private key (x, y and d do not form one)');
  }
  const protectedHeader = base64url(JSON.stringify({ alg: 'ES256', kid, typ: 'JWT' }));

  async function sign(input: SignInput): Promise<string> {
    const { method, pathWithQuery, body } = input;
    if (typeof method !== 'string' || !METHOD.test(method)) throw new TypeError('sign: invalid HTTP method');
    if (typeof pathWithQuery !== 'string' || !pathWithQuery.startsWith('/') || /[\r\n]/.test(pathWithQuery)) {
      // A full URL here would sign a different string than the server hashes.
      throw new TypeError('sign: pathWithQuery must be the request target, starting with "/"');
    }
    if (typeof body !== 'string') throw new TypeError('sign: body must be the exact text sent');
    const iat = input.iat ?? Math.floor(now() / 1000);
    if (!Number.isSafeInteger(iat)) throw new TypeError('sign: iat must be an integer number of seconds');
    const upper = method.toUpperCase();
    const payload = {
      iat,
      exp: iat + TOKEN_LIFETIME_SECONDS,
      message: requestDigest(iat, upper, pathWithQuery, body),
      method: upper,
      path: pathWithQuery,
    };
    const signingInput = `${protectedHeader}.${base64url(JSON.stringify(payload))}`;
    const signature = signBytes('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
    return `${signingInput}.${signature.toString('base64url')}`;
  }

  return Object.freeze({ kid, sign });
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
