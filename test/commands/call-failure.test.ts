// The one wording of a failed signed call (init and doctor) and of a clock that is off (init,
// doctor and the console's notice).
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/client/index.js';
import {
  asSentences,
  type CallContext,
  explainCallFailure,
  type Explanation,
} from '../../src/commands/call-failure.js';
import { CLOCK_FIX, clockBreaksSignatures, clockSkewText } from '../../src/commands/clock.js';

describe('clockSkewText', () => {
  it.each([
    [120_000, "this computer's clock is 120 s behind the server's (signatures fail beyond 300 s)"],
    [-400_400, "this computer's clock is 400 s ahead of the server's (signatures fail beyond 300 s)"],
    [31_499, "this computer's clock is 31 s behind the server's (signatures fail beyond 300 s)"],
    [-31_500, "this computer's clock is 32 s ahead of the server's (signatures fail beyond 300 s)"],
  ])('%d ms (server minus ours) → %s', (skew, text) => {
    expect(clockSkewText(skew)).toBe(text);
  });

  it.each([
    [undefined, false],
    [0, false],
    [300_000, false],
    [300_001, true],
    [-300_001, true],
  ])('a skew of %s ms breaks every signature: %s', (skew, breaks) => {
    expect(clockBreaksSignatures(skew)).toBe(breaks);
  });
});

describe('explainCallFailure', () => {
  const api = (status: number, code: string, correlationId?: string) =>
    new ApiError({ status, code, message: 'm', method: 'GET', path: '/workspaces', ...(correlationId ? { correlationId } : {}) });
  const net = (o: { code?: string; timedOut?: boolean; message?: string }) =>
    new NetworkError({ method: 'GET', path: '/workspaces', message: o.message ?? '127.0.0.1:9: connection refused', ...o });
  const discover: CallContext = { call: 'GET /workspaces', baseUrl: 'https://api.example', kid: 'k1' };
  const check: CallContext = { ...discover, call: 'GET /workspaces/ws1', workspaceId: 'ws1' };
  const cid = '0123456789abcdef0123456789abcdef';

  it.each<[string, unknown, CallContext, Explanation]>([
    [
      '401',
      api(401, 'unauthorized', cid),
      check,
      {
        problem: `GET /workspaces/ws1 → 401: the server does not accept the key k1: it is not accepted yet, or it was rotated out (correlation id ${cid})`,
        fix: 'accept the key in the workspace settings → API keys; a rotated-out key stays refused: use the new one',
      },
    ],
    [
      '401 with a clock beyond the token lifetime: the clock first',
      api(401, 'unauthorized'),
      { ...check, clockSkewMs: -400_000 },
      {
        problem: 'GET /workspaces/ws1 → 401: the server does not accept the key k1: it is not accepted yet, or it was rotated out',
        fix: `${CLOCK_FIX} first: a clock more than 300 s off fails every signature`,
      },
    ],
    [
      '403 while discovering: the roles that cannot list workspaces come from the role table',
      api(403, 'forbidden'),
      discover,
      {
        problem: 'GET /workspaces → 403: the key k1 is unknown or revoked, or its role does not allow this call',
        fix: 'add the key in the workspace settings → API keys; a key with the mpc-hot-signer role cannot list workspaces: give --workspace ID',
      },
    ],
    [
      '403 on a named workspace',
      api(403, 'forbidden'),
      check,
      {
        problem: 'GET /workspaces/ws1 → 403: the key k1 is unknown or revoked, or its role does not allow this call',
        fix: 'look the key id up in the workspace settings → API keys: add it (again), or give it a role that can read (view-only, transaction-operator, full-access)',
      },
    ],
    [
      '404 while discovering',
      api(404, 'not-found'),
      discover,
      {
        problem: 'GET /workspaces → 404: https://api.example has no GET /workspaces',
        fix: 'check that the base URL points at the custody API',
      },
    ],
    [
      '404 on a named workspace',
      api(404, 'not-found'),
      check,
      {
        problem: 'GET /workspaces/ws1 → 404: workspace ws1 was not found',
        fix: 'check the workspace id; without one, `custody init` discovers it from the key',
      },
    ],
    [
      'connection refused',
      net({ code: 'ECONNREFUSED' }),
      check,
      {
        problem: 'cannot reach https://api.example: connection refused',
        fix: 'check the base URL, that the server is up, and the proxy (--proxy, HTTPS_PROXY, NO_PROXY)',
      },
    ],
    [
      'no such host',
      net({ code: 'ENOTFOUND', message: 'api.example: no such host' }),
      discover,
      { problem: 'cannot reach https://api.example: no such host', fix: 'check the host name in the base URL and your DNS' },
    ],
    [
      'timed out',
      net({ timedOut: true, message: 'no answer in 10 s' }),
      check,
      {
        problem: 'cannot reach https://api.example: no answer in 10 s',
        fix: 'the server did not answer: check the base URL, a firewall, and the proxy',
      },
    ],
    ['something else', new Error('boom'), check, { problem: 'GET /workspaces/ws1: boom' }],
  ])('%s', (_name, err, ctx, expected) => {
    expect(explainCallFailure(err, ctx)).toEqual(expected);
  });

  it('any other status falls back to the client description, which keeps the correlation id', () => {
    const e = explainCallFailure(api(429, 'too-many-requests', cid), check);
    expect(e.fix).toBeUndefined();
    expect(e.problem).toMatch(/rate limited/);
    expect(e.problem).toContain(cid);
  });
});

describe('asSentences', () => {
  it.each<[Explanation, string]>([
    [{ problem: 'cannot reach x: refused', fix: 'check the base URL' }, 'Cannot reach x: refused.\nTo fix: check the base URL.'],
    [{ problem: 'GET /workspaces → 418: odd' }, 'GET /workspaces → 418: odd.'],
  ])('%j', (e, text) => {
    expect(asSentences(e)).toBe(text);
  });
});
