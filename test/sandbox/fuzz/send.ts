// Sends fuzz cases over keep-alive connections (undici Pool: the request target goes out exactly
// as given, never normalized) and builds their Authorization headers: correctly signed tokens of
// each key, or a correct token broken in one precise way.
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { errors, Pool } from 'undici';
import { createSigner, type PrivateJwk, requestDigest, type Signer } from '../../../src/auth/index.js';
import type { AuthSpec, HttpCase, SignedRole, Tamper } from './http-cases.js';

export interface FuzzKeys {
  /** Signers by role; 'pending' and 'revoked' are full-access keys in those states, 'unknown' is never registered. */
  signers: Record<SignedRole, Signer>;
  /** The full-access key, to craft tokens our signer would refuse to make. */
  fullAccess: PrivateJwk;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Outcome =
  | { kind: 'answer'; answer: Answer; sentCorrelationId: string | undefined }
  /** undici refused to send it (an argument it rejects): not a case. */
  | { kind: 'client-refused'; error: string }
  /** The connection failed: no answer at all. */
  | { kind: 'no-answer'; error: string };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact ES256 JWT over any header and payload (including ones our signer would refuse). */
function craft(key: KeyObject, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = createSign('SHA256').update(input).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function flipChar(part: string, seed: number): string {
  if (part.length === 0) return 'A';
  const i = seed % part.length;
  const c = part[i] as string;
  const next = B64URL[(B64URL.indexOf(c) + 1 + (seed % 7)) % B64URL.length] as string;
  return part.slice(0, i) + next + part.slice(i + 1);
}

export interface Authorizer {
  /** The Authorization header value for a case, or undefined to send none. */
  authorization(spec: AuthSpec, method: string, target: string, body: string): Promise<string | undefined>;
}

export function createAuthorizer(keys: FuzzKeys, now: () => number): Authorizer {
  const key = createPrivateKey({ key: { ...keys.fullAccess }, format: 'jwk' });
  const kid = keys.fullAccess.kid;
  let lastGood: string | undefined;

  async function tampered(
    how: Tamper,
    seed: number,
    method: string,
    target: string,
    body: string,
  ): Promise<string> {
    const iat = Math.floor(now() / 1000);
    // Our signer refuses a target that is not a path ('' in a SUBSCRIBE): craft that token by hand.
    const good = target.startsWith('/')
      ? await keys.signers['full-access'].sign({ method, pathWithQuery: target, body })
      : craft(
          key,
          { alg: 'ES256', kid, typ: 'JWT' },
          { iat, message: requestDigest(iat, method.toUpperCase(), target, body) },
        );
    const [h = '', p = '', s = ''] = good.split('.');
    const payload = { iat, exp: iat + 300, message: requestDigest(iat, method.toUpperCase(), target, body) };
    const header = { alg: 'ES256', kid, typ: 'JWT' };
    let token: string;
    switch (how) {
      case 'truncate':
        token = good.slice(0, seed % good.length);
        break;
      case 'flip-header':
        token = `${flipChar(h, seed)}.${p}.${s}`;
        break;
      case 'flip-payload':
        token = `${h}.${flipChar(p, seed)}.${s}`;
        break;
      case 'flip-signature':
        token = `${h}.${p}.${flipChar(s, seed)}`;
        break;
      case 'alg-none':
        token = `${b64({ alg: 'none', kid })}.${p}.`;
        break;
      case 'alg-hs256':
        token = `${b64({ alg: 'HS256', kid })}.${p}.${s}`;
        break;
      case 'alg-rs256':
        token = craft(key, { ...header, alg: 'RS256' }, payload);
        break;
      case 'no-kid':
        token = craft(key, { alg: 'ES256' }, payload);
        break;
      case 'iat-past':
        token = craft(key, header, {
          ...payload,
          iat: iat - 301 - (seed % 10_000),
          message: requestDigest(iat - 301 - (seed % 10_000), method.toUpperCase(), target, body),
        });
        break;
      case 'iat-future':
        token = craft(key, header, {
          ...payload,
          iat: iat + 301 + (seed % 10_000),
          message: requestDigest(iat + 301 + (seed % 10_000), method.toUpperCase(), target, body),
        });
        break;
      case 'iat-string':
        token = craft(key, header, { ...payload, iat: String(iat) });
        break;
      case 'exp-past':
        token = craft(key, header, { ...payload, exp: iat - 1 - (seed % 100) });
        break;
      case 'wrong-path':
        token = craft(key, header, {
          ...payload,
          message: requestDigest(iat, method.toUpperCase(), `${target}x`, body),
        });
        break;
      case 'wrong-body':
        token = craft(key, header, {
          ...payload,
          message: requestDigest(iat, method.toUpperCase(), target, `${body} `),
        });
        break;
      case 'wrong-method':
        token = craft(key, header, {
          ...payload,
          message: requestDigest(iat, method === 'GET' ? 'POST' : 'GET', target, body),
        });
        break;
      case 'replay':
        token = lastGood ?? good;
        break;
      case 'extra-part':
        token = `${good}.${s}`;
        break;
      case 'empty-signature':
        token = `${h}.${p}.`;
        break;
      case 'other-scheme':
        return `Bearer ${good}`;
      case 'lowercase-scheme':
        return `apikey ${good}`;
      case 'no-scheme':
        return good;
      case 'double-space':
        return `ApiKey  ${good}`;
    }
    if (how !== 'replay') lastGood = good;
    return `ApiKey ${token}`;
  }

  return {
    async authorization(spec, method, target, body) {
      switch (spec.kind) {
        case 'none':
          return undefined;
        case 'raw':
          return spec.value;
        case 'signed': {
          if (!target.startsWith('/'))
            return `ApiKey ${craft(key, { alg: 'ES256', kid, typ: 'JWT' }, { iat: Math.floor(now() / 1000), message: requestDigest(Math.floor(now() / 1000), method.toUpperCase(), target, body) })}`;
          const token = await keys.signers[spec.role].sign({ method, pathWithQuery: target, body });
          if (spec.role === 'full-access') lastGood = token;
          return `ApiKey ${token}`;
        }
        case 'tampered':
          return tampered(spec.how, spec.seed, method, target, body);
      }
    },
  };
}

export async function createFuzzKeys(
  jwks: Record<SignedRole, PrivateJwk>,
  now: () => number,
): Promise<FuzzKeys> {
  const entries = await Promise.all(
    Object.entries(jwks).map(async ([role, jwk]) => [role, await createSigner(jwk, { now })] as const),
  );
  return {
    signers: Object.fromEntries(entries) as Record<SignedRole, Signer>,
    fullAccess: jwks['full-access'],
  };
}

export interface Sender {
  send(c: HttpCase): Promise<Outcome>;
  close(): Promise<void>;
}

// What undici itself accepts (lib/core/request.js, lib/core/util.js). Checked before the call:
// a request undici refuses after taking a connection can leave its pool stuck for good.
const SENDABLE_PATH = /^\/[\u0021-\u00ff]*$/;
const SENDABLE_VALUE = /^[\t\u0020-\u007e\u0080-\u00ff]*$/;

export function createSender(baseUrl: string, authorizer: Authorizer, connections = 8): Sender {
  const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return {
    async send(c) {
      const bodyText =
        c.body === undefined
          ? ''
          : typeof c.body === 'string'
            ? c.body
            : Buffer.from(c.body).toString('utf8');
      const headers: Record<string, string> = { ...c.headers };
      let authorization: string | undefined;
      try {
        authorization = await authorizer.authorization(c.auth, c.method, c.target, bodyText);
      } catch (err) {
        return { kind: 'client-refused', error: `signing: ${String(err)}` };
      }
      if (authorization !== undefined) headers.authorization = authorization;
      const sentCorrelationId = headers['correlation-id'];
      if (!SENDABLE_PATH.test(c.target)) return { kind: 'client-refused', error: 'target not sendable' };
      for (const [name, value] of Object.entries(headers)) {
        if (!SENDABLE_VALUE.test(value))
          return { kind: 'client-refused', error: `header ${name} not sendable` };
      }
      try {
        const res = await pool.request({
          method: c.method as 'GET',
          path: c.target,
          headers,
          body: c.body === undefined ? null : typeof c.body === 'string' ? c.body : Buffer.from(c.body),
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
          // A hard limit, whatever stage the exchange is stuck in (undici's timeouts do not cover sending).
          signal: AbortSignal.timeout(10_000),
        });
        const body = await res.body.text();
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        return { kind: 'answer', answer: { status: res.statusCode, headers: flat, body }, sentCorrelationId };
      } catch (err) {
        if (err instanceof errors.InvalidArgumentError) return { kind: 'client-refused', error: err.message };
        if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
          return { kind: 'no-answer', error: 'no answer within 10 s' };
        }
        const code = (err as { code?: string }).code ?? '';
        return { kind: 'no-answer', error: `${code} ${(err as Error).message}`.trim() };
      }
    },
    close: () => pool.close(),
  };
}
