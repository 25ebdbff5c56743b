import { createECDH, createPublicKey, generateKeyPair, type JsonWebKey, randomBytes } from 'node:crypto';

/** The public half of an EC P-256 key: what a user registers with the service. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
}

/** A private key file: the public half plus `d`. */
export interface PrivateJwk extends PublicJwk {
  d: string;
}

/** A key that cannot be used. Messages name the problem and never carry key material. */
export class JwkError extends Error {
  override name = 'JwkError';
}

const KID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KID_LENGTH = 24;
// The largest multiple of 36 that fits a byte: bytes at or above it are dropped so that every
// character is equally likely (a plain `byte % 36` would favour the first 4 characters).
const KID_BYTE_LIMIT = 252;

/** A fresh key id: 24 characters of [a-z0-9], uniformly drawn from the system's CSPRNG. */
export function generateKid(): string {
  let kid = '';
  while (kid.length < KID_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte >= KID_BYTE_LIMIT) continue;
      kid += KID_ALPHABET[byte % KID_ALPHABET.length];
      if (kid.length === KID_LENGTH) break;
    }
  }
  return kid;
}

/** A new EC P-256 private key with the given kid, or a generated one. */
export async function generatePrivateJwk(kid: string = generateKid()): Promise<PrivateJwk> {
  if (typeof kid !== 'string' || kid.length === 0) throw new JwkError('kid must be a non-empty string');
  const exported = await new Promise<JsonWebKey>((resolve, reject) => {
    generateKeyPair('ec', { namedCurve: 'P-256' }, (err, _publicKey, privateKey) => {
      if (err) reject(err);
      else resolve(privateKey.export({ format: 'jwk' }));
    });
  });
  const jwk = validateJwk(
    { kty: 'EC', crv: 'P-256', x: exported.x, y: exported.y, d: exported.d, kid },
    'generated key',
  );
  if (!isPrivateJwk(jwk)) throw new JwkError('generated key: no private part');
  return jwk;
}

/** A new object with only the public members (never `d`, nor any other member of the input). */
export function publicHalf(jwk: PublicJwk | PrivateJwk): PublicJwk {
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid };
}

export function isPrivateJwk(jwk: PublicJwk | PrivateJwk): jwk is PrivateJwk {
  return typeof (jwk as Partial<PrivateJwk>).d === 'string';
}

/**
 * Parses and validates the text of a key file (public or private). `label` starts every error
 * message ("key file: x must be 32 bytes of base64url").
 */
export function parseJwk(text: string, label = 'key file'): PublicJwk | PrivateJwk {
  if (typeof text !== 'string') throw new JwkError(`${label}: not text`);
  let value: unknown;
  try {
    // A leading byte-order mark is what some editors write; it is not part of the JSON.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // JSON.parse's own message quotes the input, which may hold d: never pass it on.
    throw new JwkError(`${label}: not valid JSON`);
  }
  return validateJwk(value, label);
}

/**
 * Validates an already-parsed JWK: kty EC, crv P-256, x/y (and d when present) canonical
 * base64url of 32 bytes, kid a non-empty string, the point on the curve, d matching x and y.
 * Returns a new object holding only the members we use.
 */
export function validateJwk(value: unknown, label = 'key'): PublicJwk | PrivateJwk {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JwkError(`${label}: must be a JSON object`);
  }
  const o = value as Record<string, unknown>;
  if (o.kty !== 'EC') throw new JwkError(`${label}: kty must be "EC"`);
  if (o.crv !== 'P-256') throw new JwkError(`${label}: crv must be "P-256"`);
  if (o.alg !== undefined && o.alg !== 'ES256')
    throw new JwkError(`${label}: alg must be "ES256" when present`);
  const x = coordinate(o.x);
  if (!x) throw new JwkError(`${label}: x must be 32 bytes of base64url`);
  const y = coordinate(o.y);
  if (!y) throw new JwkError(`${label}: y must be 32 bytes of base64url`);
  if (typeof o.kid !== 'string' || o.kid.length === 0) {
    throw new JwkError(`${label}: kid must be a non-empty string`);
  }
  const pub: PublicJwk = { kty: 'EC', crv: 'P-256', x: o.x as string, y: o.y as string, kid: o.kid };

  if (o.d === undefined) {
    try {
      // OpenSSL refuses a point that is not on the curve.
      createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: pub.x, y: pub.y }, format: 'jwk' });
    } catch {
      throw new JwkError(`${label}: the point (x, y) is not on the P-256 curve`);
    }
    return pub;
  }

  const d = coordinate(o.d);
  if (!d) throw new JwkError(`${label}: d must be 32 bytes of base64url`);
  // Derive the public point from d: a match also proves (x, y) is on the curve.
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    derived = ecdh.getPublicKey();
  } catch {
    throw new JwkError(`${label}: d is not a valid P-256 private key`);
  } finally {
    d.fill(0);
  }
  if (!derived.subarray(1, 33).equals(x) || !derived.subarray(33, 65).equals(y)) {
    throw new JwkError(`${label}: d does not match x and y`);
  }
  // Member order of the key files the service's own CLI writes.
  return { kty: 'EC', crv: 'P-256', x: pub.x, y: pub.y, d: o.d as string, kid: pub.kid };
}

const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/** The 32 bytes of a canonical unpadded base64url string, or undefined. */
function coordinate(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !B64URL_32.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  // 43 characters carry 258 bits: the 2 spare bits must be zero, so one key has one spelling.
  if (bytes.length !== 32 || bytes.toString('base64url') !== value) return undefined;
  return bytes;
}
