import { isPrivateJwk, JwkError, type PrivateJwk, parseJwk, validateJwk } from './jwk.js';

// jose is loaded only when a key is encrypted or decrypted: most starts never need it, and
// loading it cost ~50 ms on the way to the console's first frame.
const loadJose = () => import('jose');

export type KeyDecryptFailure = 'passphrase' | 'format' | 'iterations';

/** A key file that cannot be decrypted. The message never carries the passphrase or key material. */
export class KeyDecryptError extends Error {
  override name = 'KeyDecryptError';
  /** 'passphrase' also covers a damaged file: the two cannot be told apart. */
  readonly code: KeyDecryptFailure;
  constructor(
    message = 'cannot decrypt the key: wrong passphrase or damaged key file',
    code: KeyDecryptFailure = 'passphrase',
  ) {
    super(message);
    this.code = code;
  }
}

const ALG = 'PBES2-HS512+A256KW';
const ENC = 'A256GCM';
/** OWASP's PBKDF2 guidance; costs about half a second once per unlock. */
export const DEFAULT_PBES2_ITERATIONS = 600_000;
/** The most iterations a key file may ask for (jose's own default limit is 10,000). */
export const MAX_PBES2_ITERATIONS = 2_000_000;

// Files written by other tools may use the smaller PBES2 variants or AES-CBC-HMAC; all are authenticated.
const ACCEPTED_ALGS = ['PBES2-HS256+A128KW', 'PBES2-HS384+A192KW', 'PBES2-HS512+A256KW'];
const ACCEPTED_ENCS = ['A128GCM', 'A192GCM', 'A256GCM', 'A128CBC-HS256', 'A192CBC-HS384', 'A256CBC-HS512'];
const B64URL_OR_EMPTY = /^[A-Za-z0-9_-]*$/;

/** The protected header of a compact JWE with a PBES2 alg, or undefined. Never throws. */
function pbes2Header(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string' || text.length > 1_000_000) return undefined;
  const parts = text.trim().split('.');
  if (parts.length !== 5 || parts[0] === '' || !parts.every((part) => B64URL_OR_EMPTY.test(part))) {
    return undefined;
  }
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null || Array.isArray(header)) return undefined;
    const { alg } = header as Record<string, unknown>;
    return typeof alg === 'string' && alg.startsWith('PBES2-')
      ? (header as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** True for a compact JWE (5 dot-separated parts) whose header alg is PBES2-*. */
export function isEncryptedKeyText(text: string): boolean {
  return pbes2Header(text) !== undefined;
}

/** The kid of the protected header, so a locked key can be named without the passphrase. */
export function encryptedKeyKid(jwe: string): string | undefined {
  const kid = pbes2Header(jwe)?.kid;
  return typeof kid === 'string' && kid !== '' ? kid : undefined;
}

// The same passphrase typed on two terminals may arrive composed or decomposed.
function passphraseBytes(passphrase: string): Uint8Array {
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}

/** Encrypts a private key as a compact JWE (PBES2-HS512+A256KW, A256GCM, cty jwk+json). */
export async function encryptPrivateJwk(
  jwk: PrivateJwk,
  passphrase: string,
  opts: { iterations?: number } = {},
): Promise<string> {
  const valid = validateJwk(jwk, 'key file');
  if (!isPrivateJwk(valid)) throw new JwkError('key file: the key has no private part (d)');
  if (typeof passphrase !== 'string' || passphrase === '')
    throw new TypeError('the passphrase must not be empty');
  const iterations = opts.iterations ?? DEFAULT_PBES2_ITERATIONS;
  if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > MAX_PBES2_ITERATIONS) {
    throw new RangeError(`iterations must be an integer from 1 to ${MAX_PBES2_ITERATIONS}`);
  }
  const { CompactEncrypt } = await loadJose();
  const plaintext = new TextEncoder().encode(JSON.stringify(valid));
  try {
    return await new CompactEncrypt(plaintext)
      .setProtectedHeader({ alg: ALG, enc: ENC, kid: valid.kid, cty: 'jwk+json' })
      .setKeyManagementParameters({ p2c: iterations })
      .encrypt(passphraseBytes(passphrase));
  } finally {
    plaintext.fill(0);
  }
}

/**
 * Decrypts a key file written by encryptPrivateJwk (or another tool using PBES2 and an
 * authenticated content encryption) and validates the key inside. Throws KeyDecryptError when
 * it cannot be decrypted, JwkError when what it holds is not a usable private key.
 */
export async function decryptPrivateJwk(jwe: string, passphrase: string): Promise<PrivateJwk> {
  const header = pbes2Header(jwe);
  if (!header) {
    throw new KeyDecryptError(
      'cannot decrypt the key: the key file is not an encrypted key (compact JWE)',
      'format',
    );
  }
  if (!ACCEPTED_ALGS.includes(header.alg as string) || !ACCEPTED_ENCS.includes(header.enc as string)) {
    throw new KeyDecryptError('cannot decrypt the key: unsupported key file encryption', 'format');
  }
  if (typeof header.p2c === 'number' && header.p2c > MAX_PBES2_ITERATIONS) {
    throw new KeyDecryptError(
      `cannot decrypt the key: the key file asks for more than ${MAX_PBES2_ITERATIONS} iterations`,
      'iterations',
    );
  }
  if (typeof passphrase !== 'string') throw new KeyDecryptError();
  const { compactDecrypt } = await loadJose();
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe.trim(), passphraseBytes(passphrase), {
      keyManagementAlgorithms: ACCEPTED_ALGS as never,
      contentEncryptionAlgorithms: ACCEPTED_ENCS as never,
      maxPBES2Count: MAX_PBES2_ITERATIONS,
    }));
  } catch {
    // jose's error is not passed on as a cause: nothing of the inputs may travel with this error.
    throw new KeyDecryptError();
  }
  let jwk: ReturnType<typeof parseJwk>;
  try {
    jwk = parseJwk(new TextDecoder().decode(plaintext), 'encrypted key');
  } finally {
    plaintext.fill(0);
  }
  if (!isPrivateJwk(jwk)) throw new JwkError('encrypted key: holds no private part (d)');
  if (header.kid !== undefined && header.kid !== jwk.kid) {
    throw new JwkError('encrypted key: the kid in its header does not match the key');
  }
  return jwk;
}
