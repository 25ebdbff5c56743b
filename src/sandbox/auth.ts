// Authentication of one request or SUBSCRIBE (wire notes §1-§2): the verifier's checks, then the
// key's state, then its IP allow list. Messages say what is wrong and never echo the token.
import { createVerifier, DEFAULT_MAX_SKEW_SECONDS, type VerifyErr } from '../auth/index.js';
import { type Failure, failure } from './errors.js';
import { ipAllowed, type KeyEntry, type KeyRegistry, normalizeIp } from './keys.js';

export type AuthResult = { ok: true; key: KeyEntry } | Failure;

export interface Authenticator {
  authenticate(
    authorization: string | undefined,
    method: string,
    target: string,
    body: string,
    remoteAddress: string | undefined,
  ): Promise<AuthResult>;
}

/** A JSON object from one base64url part of the token, or undefined. Never throws. */
function tokenPart(authorization: string | undefined, index: 0 | 1): Record<string, unknown> | undefined {
  if (typeof authorization !== 'string') return undefined;
  const token = authorization.trim().split(/[ \t]+/)[1];
  const part = token?.split('.')[index];
  if (!part) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer for a registered key that may not be used in its state, or undefined when active. */
function stateFailure(key: KeyEntry): Failure | undefined {
  switch (key.state) {
    case 'active':
      return undefined;
    case 'pending':
      return failure('unauthorized', 'key not yet accepted: it is registered but still pending');
    case 'rotated':
      return failure('unauthorized', 'key was rotated out: sign with the key that replaced it');
    case 'revoked':
      return failure('forbidden', 'key was revoked');
    default:
      return failure('forbidden', 'key is not usable');
  }
}

function skewMessage(authorization: string | undefined, nowMs: number, detail: string): string {
  const iat = tokenPart(authorization, 1)?.iat;
  if (typeof iat !== 'number' || !Number.isSafeInteger(iat)) return `token ${detail}`;
  const away = Math.abs(Math.floor(nowMs / 1000) - iat);
  return `token iat is ${away} s away from server time (allowed ±${DEFAULT_MAX_SKEW_SECONDS} s)`;
}

export function createAuthenticator(keys: KeyRegistry, now: () => number): Authenticator {
  // Every registered key verifies, whatever its state: the state is judged after the signature,
  // so a pending or revoked key with a good token gets its own clear answer.
  const verifier = createVerifier({ resolveKey: (kid) => keys.get(kid)?.jwk, now });

  function refused(authorization: string | undefined, err: VerifyErr): Failure {
    if (err.reason === 'unknown-kid') {
      // A token without a kid is malformed (401); a kid nobody registered is "key unknown" (403).
      const kid = tokenPart(authorization, 0)?.kid;
      return typeof kid === 'string' && kid !== ''
        ? failure('forbidden', 'unknown key id: no key with this kid is registered')
        : failure('unauthorized', err.detail);
    }
    // A key that may not be used at all says so before the finer points of its token.
    const kid = tokenPart(authorization, 0)?.kid;
    const key = typeof kid === 'string' ? keys.get(kid) : undefined;
    const byState = key && stateFailure(key);
    if (byState) return byState;
    if (err.reason === 'iat-skew') return failure('unauthorized', skewMessage(authorization, now(), err.detail));
    return failure('unauthorized', err.detail);
  }

  return {
    async authenticate(authorization, method, target, body, remoteAddress) {
      const result = await verifier.verify(authorization, method, target, body);
      if (!result.ok) return refused(authorization, result);
      const key = keys.get(result.kid);
      if (!key) return failure('forbidden', 'unknown key id: no key with this kid is registered');
      const byState = stateFailure(key);
      if (byState) return byState;
      if (key.allow && !ipAllowed(key.allow, remoteAddress)) {
        const caller = remoteAddress === undefined ? '(unknown)' : normalizeIp(remoteAddress);
        return failure('forbidden', `caller address ${caller} is not on this key's IP allow list`);
      }
      return { ok: true, key };
    },
  };
}
