// A test API key: the private JWK, a signer over it, and a verifier (with replay detection) that
// knows its public half, as a server would.
import {
  createSigner,
  createVerifier,
  generatePrivateJwk,
  type PrivateJwk,
  publicHalf,
  type Signer,
  type Verifier,
} from '../../src/auth/index.js';

export interface TestKey {
  jwk: PrivateJwk;
  signer: Signer;
  /** A fresh verifier: its replay cache starts empty. */
  verifier(): Verifier;
}

export async function makeTestKey(): Promise<TestKey> {
  const jwk = await generatePrivateJwk();
  const signer = await createSigner(jwk);
  const pub = publicHalf(jwk);
  return {
    jwk,
    signer,
    verifier: () => createVerifier({ resolveKey: (kid) => (kid === pub.kid ? pub : undefined) }),
  };
}

/** The decoded payload of a compact JWT (no verification). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The token of an `ApiKey <jwt>` header value. */
export function tokenOf(authorization: string | undefined): string {
  return (authorization ?? '').replace(/^ApiKey\s+/i, '');
}
