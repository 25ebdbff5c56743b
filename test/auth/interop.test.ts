// Two independent implementations must agree: tokens assembled by hand with node:crypto pass our
// verifier, and tokens from our Signer pass a hand-written node:crypto verifier (and jose's).
import { compactVerify, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createSigner,
  createVerifier,
  generatePrivateJwk,
  type PrivateJwk,
  publicHalf,
  requestDigest,
} from '../../src/auth/index.js';
import { handSign, handVerify } from './helpers.js';

const KEY: PrivateJwk = await generatePrivateJwk();
const T0 = 1_749_219_350;
const now = () => T0 * 1000;

const REQUESTS = [
  { method: 'GET', pathWithQuery: '/workspaces/bron', body: '' },
  { method: 'SUBSCRIBE', pathWithQuery: '/workspaces/ws1/transactions?limit=0', body: '{}' },
  { method: 'POST', pathWithQuery: '/workspaces/w/transactions/t1/decline', body: '{"reason":"dépassé"}' },
  {
    method: 'GET',
    pathWithQuery: '/workspaces/w/addresses?networkId=ETH&statuses=active%2Carchived&flag=True',
    body: '',
  },
];

describe('interoperability', () => {
  it.each(REQUESTS)(
    'a hand-assembled node:crypto token passes our verifier: $method $pathWithQuery',
    async (req) => {
      const verifier = createVerifier({
        resolveKey: (kid) => (kid === KEY.kid ? publicHalf(KEY) : undefined),
        now,
      });
      const token = handSign(
        KEY,
        { alg: 'ES256', kid: KEY.kid },
        { iat: T0, message: requestDigest(T0, req.method, req.pathWithQuery, req.body) },
      );
      expect(await verifier.verify(`ApiKey ${token}`, req.method, req.pathWithQuery, req.body)).toEqual({
        ok: true,
        kid: KEY.kid,
        iat: T0,
      });
    },
  );

  it.each(REQUESTS)(
    'our token passes a hand-written node:crypto verifier: $method $pathWithQuery',
    async (req) => {
      const signer = await createSigner(KEY, { now });
      const token = await signer.sign(req);
      const checked = handVerify(token, publicHalf(KEY));
      expect(checked).toBeDefined();
      expect(checked?.header).toMatchObject({ alg: 'ES256', kid: KEY.kid });
      expect(checked?.payload.message).toBe(requestDigest(T0, req.method, req.pathWithQuery, req.body));
      expect(handVerify(token, publicHalf(await generatePrivateJwk()))).toBeUndefined();
    },
  );

  it("our token passes jose's compactVerify with the public JWK", async () => {
    const signer = await createSigner(KEY, { now });
    const token = await signer.sign(REQUESTS[0]!);
    const key = await importJWK(publicHalf(KEY), 'ES256');
    const { protectedHeader } = await compactVerify(token, key, { algorithms: ['ES256'] });
    expect(protectedHeader.kid).toBe(KEY.kid);
  });
});
