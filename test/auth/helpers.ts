// Test helpers for the auth room: an ES256 JWT signer and verifier written with node:crypto only,
// independent of jose and of src/auth, plus small token surgery tools.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import type { PrivateJwk, PublicJwk } from '../../src/auth/index.js';

export const b64json = (value: unknown): string =>
  Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export const decodePart = (part: string): unknown =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** Compact ES256 JWT over any header and payload, assembled by hand. */
export function handSign(jwk: PrivateJwk, header: unknown, payload: unknown): string {
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d },
    format: 'jwk',
  });
  const input = `${b64json(header)}.${b64json(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** Checks a compact ES256 JWT by hand; returns the decoded header and payload when it verifies. */
export function handVerify(
  token: string,
  jwk: PublicJwk,
): { header: Record<string, unknown>; payload: Record<string, unknown> } | undefined {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return undefined;
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) return undefined;
  return {
    header: decodePart(h) as Record<string, unknown>,
    payload: decodePart(p) as Record<string, unknown>,
  };
}

/** The order n of the P-256 group. */
const N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/** The same token with s replaced by n - s: an equally valid signature of the same content. */
export function malleate(token: string): string {
  const [h, p, s] = token.split('.') as [string, string, string];
  const sig = Buffer.from(s, 'base64url');
  const sValue = BigInt(`0x${sig.subarray(32).toString('hex')}`);
  const flipped = Buffer.from((N - sValue).toString(16).padStart(64, '0'), 'hex');
  return `${h}.${p}.${Buffer.concat([sig.subarray(0, 32), flipped]).toString('base64url')}`;
}

/** Replaces the payload of a token, keeping its header and signature. */
export function withPayload(token: string, edit: (payload: Record<string, unknown>) => unknown): string {
  const [h, p, s] = token.split('.') as [string, string, string];
  return `${h}.${b64json(edit(decodePart(p) as Record<string, unknown>))}.${s}`;
}
