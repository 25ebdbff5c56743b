// Authentication and permissions (wire notes §1, §2, §4): every role against every endpoint, key
// states, clock skew, exp, alg, replay, tampering, IP allow lists.
import { createPrivateKey, createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateJwk, requestDigest } from '../../src/auth/index.js';
import type { Role } from '../../src/sandbox/index.js';
import { ROLES, type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let ws: string;
let accountId: string;
let txId: string;

beforeAll(async () => {
  fx = await startTestSandbox();
  ws = `/workspaces/${fx.workspaceId}`;
  const accounts = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
  accountId = accounts[0]!.accountId;
  txId = (await fx.client().transactions.list({ limit: 1 }))[0]!.transactionId;
});
afterAll(() => fx.close());

const nowSec = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact ES256 token over any header and payload (ones our signer would never make). */
function craft(jwk: PrivateJwk, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const key = createPrivateKey({ key: { ...jwk }, format: 'jwk' });
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = createSign('SHA256').update(input).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `ApiKey ${input}.${signature.toString('base64url')}`;
}

type Perm = 'core' | 'read' | 'write';
const ALLOWED: Record<Role, readonly Perm[]> = {
  'view-only': ['core', 'read'],
  'transaction-operator': ['core', 'read', 'write'],
  'full-access': ['core', 'read', 'write'],
  'mpc-hot-signer': ['core'],
};

interface Endpoint {
  name: string;
  perm: Perm;
  method: 'GET' | 'POST';
  target: () => string;
  body?: () => string;
}

let externalIds = 0;
const ENDPOINTS: Endpoint[] = [
  { name: 'GET accounts', perm: 'core', method: 'GET', target: () => `${ws}/accounts` },
  { name: 'GET one account', perm: 'core', method: 'GET', target: () => `${ws}/accounts/${accountId}` },
  { name: 'GET transactions', perm: 'core', method: 'GET', target: () => `${ws}/transactions?limit=5` },
  { name: 'GET one transaction', perm: 'core', method: 'GET', target: () => `${ws}/transactions/${txId}` },
  { name: 'GET addresses', perm: 'read', method: 'GET', target: () => `${ws}/addresses` },
  { name: 'GET events', perm: 'read', method: 'GET', target: () => `${ws}/transactions/${txId}/events` },
  { name: 'GET /workspaces', perm: 'read', method: 'GET', target: () => '/workspaces' },
  { name: 'GET the workspace', perm: 'read', method: 'GET', target: () => ws },
  { name: 'GET workspace prices', perm: 'read', method: 'GET', target: () => `${ws}/symbol-market-prices` },
  { name: 'GET networks', perm: 'read', method: 'GET', target: () => '/dictionary/networks' },
  { name: 'GET one network', perm: 'read', method: 'GET', target: () => '/dictionary/networks/ETH' },
  { name: 'GET assets', perm: 'read', method: 'GET', target: () => '/dictionary/assets' },
  { name: 'GET one asset', perm: 'read', method: 'GET', target: () => '/dictionary/assets/2' },
  { name: 'GET symbols', perm: 'read', method: 'GET', target: () => '/dictionary/symbols' },
  { name: 'GET symbol prices', perm: 'read', method: 'GET', target: () => '/dictionary/symbol-market-prices' },
  { name: 'GET asset prices', perm: 'read', method: 'GET', target: () => '/dictionary/asset-market-prices' },
  {
    name: 'POST swap route',
    perm: 'read',
    method: 'POST',
    target: () => `${ws}/transactions/swap-route`,
    body: () => JSON.stringify({ accountId, fromAssetId: '11', toAssetId: '12', fromAmount: '10' }),
  },
  { name: 'POST decline', perm: 'write', method: 'POST', target: () => `${ws}/transactions/${txId}/decline`, body: () => '{"reason":"matrix"}' },
  { name: 'POST approve', perm: 'write', method: 'POST', target: () => `${ws}/transactions/${txId}/approve`, body: () => '{}' },
  { name: 'POST cancel', perm: 'write', method: 'POST', target: () => `${ws}/transactions/${txId}/cancel`, body: () => '{}' },
  {
    name: 'POST transactions',
    perm: 'write',
    method: 'POST',
    target: () => `${ws}/transactions`,
    body: () =>
      JSON.stringify({
        accountId,
        externalId: `matrix-${++externalIds}`,
        transactionType: 'withdrawal',
        params: { assetId: '2', amount: '0.01', toAddress: '0x000000000000000000000000000000000000dEaD' },
      }),
  },
];

describe('the role matrix (wire notes §4)', () => {
  const cases = ROLES.flatMap((role) => ENDPOINTS.map((e) => [role, e.name, e] as const));
  it.each(cases)('%s → %s', async (role, _name, endpoint) => {
    const body = endpoint.body?.();
    const res = await fx.fetch(endpoint.method, endpoint.target(), body === undefined ? { role } : { role, body });
    if (ALLOWED[role].includes(endpoint.perm)) {
      expect(res.status, res.text).not.toBe(401);
      expect(res.status, res.text).not.toBe(403);
      // Reads and the swap route always succeed; writes may meet a transaction's state (409).
      if (endpoint.perm !== 'write') expect(res.status, res.text).toBe(200);
      else expect([200, 201, 400, 409], res.text).toContain(res.status);
    } else {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error: 'forbidden', message: expect.stringContaining(`role ${role} cannot`) });
    }
  });

  it('SUBSCRIBE is allowed to every role (it is GET transactions)', () => {
    expect(ROLES.every((role) => ALLOWED[role].includes('core'))).toBe(true);
  });
});

describe('key states (wire notes §2)', () => {
  it.each([
    ['pending', 401, 'unauthorized', 'key not yet accepted'],
    ['rotated', 401, 'unauthorized', 'key was rotated out'],
    ['revoked', 403, 'forbidden', 'key was revoked'],
  ] as const)('a %s key gets %i', async (state, status, error, message) => {
    const key = await fx.addKey('full-access', { state });
    const res = await fx.fetch('GET', `${ws}/accounts`, { signer: key.signer });
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ error, message: expect.stringContaining(message) });
  });

  it('an unknown kid gets 403', async () => {
    const stranger = await import('../../src/auth/index.js').then(async (auth) =>
      auth.createSigner(await auth.generatePrivateJwk()),
    );
    const res = await fx.fetch('GET', `${ws}/accounts`, { signer: stranger });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('unknown key id');
  });

  it('follows state changes at run time', async () => {
    const key = await fx.addKey('view-only', { state: 'pending' });
    expect((await fx.fetch('GET', '/workspaces', { signer: key.signer })).status).toBe(401);
    fx.sandbox.setKeyState(key.kid, 'active');
    expect((await fx.fetch('GET', '/workspaces', { signer: key.signer })).status).toBe(200);
    fx.sandbox.setKeyState(key.kid, 'revoked');
    expect((await fx.fetch('GET', '/workspaces', { signer: key.signer })).status).toBe(403);
    expect(() => fx.sandbox.setKeyState('nobody', 'active')).toThrow();
  });

  it('the key acts as its member', async () => {
    const key = await fx.addKey('full-access', { userId: 'user-from-test' });
    const api = fx.client('full-access', { signer: key.signer });
    const [account] = await api.accounts.list({ statuses: ['active'], isTestnet: false });
    const { data } = await api.transactions.create({
      accountId: account!.accountId,
      externalId: 'acts-as-member',
      transactionType: 'withdrawal',
      params: { assetId: '2', amount: '0.01', toAddress: '0x000000000000000000000000000000000000dEaD' },
    });
    expect(data.createdBy).toBe('user-from-test');
  });
});

describe('tokens (wire notes §1)', () => {
  const target = () => `${ws}/accounts?limit=1`;

  it.each([
    [-301, 401],
    [301, 401],
    [-299, 200],
    [299, 200],
  ])('iat %i s away → %i', async (offset, status) => {
    const res = await fx.fetch('GET', target(), { iat: nowSec() + offset });
    expect(res.status).toBe(status);
    if (status === 401) {
      expect(res.json.message).toMatch(/^token iat is 30[012] s away from server time \(allowed ±300 s\)$/);
    }
  });

  it('an exp in the past is refused; no exp at all is fine', async () => {
    const jwk = fx.keys['full-access'].jwk;
    const iat = nowSec();
    const message = requestDigest(iat, 'GET', target(), '');
    const header = { alg: 'ES256', kid: jwk.kid };
    const expired = await fx.fetch('GET', target(), { authorization: craft(jwk, header, { iat, exp: iat - 1, message }) });
    expect(expired.status).toBe(401);
    expect(expired.json.message).toContain('expired');
    const noExp = await fx.fetch('GET', target(), { authorization: craft(jwk, header, { iat, message }) });
    expect(noExp.status).toBe(200);
  });

  it('alg other than ES256 is refused', async () => {
    const jwk = fx.keys['full-access'].jwk;
    const iat = nowSec();
    const token = craft(jwk, { alg: 'HS256', kid: jwk.kid }, { iat, message: requestDigest(iat, 'GET', target(), '') });
    const res = await fx.fetch('GET', target(), { authorization: token });
    expect(res.status).toBe(401);
    expect(res.json.message).toContain('ES256');
  });

  it('a replayed request is refused', async () => {
    const authorization = await fx.authorization('GET', target());
    expect((await fx.fetch('GET', target(), { authorization })).status).toBe(200);
    const replay = await fx.fetch('GET', target(), { authorization });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error: 'unauthorized', message: 'token was already used' });
  });

  it('a tampered target or body is refused', async () => {
    const query = await fx.fetch('GET', `${ws}/accounts?limit=2`, { signedTarget: `${ws}/accounts?limit=1` });
    expect(query.status).toBe(401);
    expect(query.json.message).toContain('message does not match');
    // Same filters, another order: the raw target is what counts, never a re-serialized one.
    const order = await fx.fetch('GET', `${ws}/accounts?offset=0&limit=1`, {
      signedTarget: `${ws}/accounts?limit=1&offset=0`,
    });
    expect(order.status).toBe(401);
    const body = await fx.fetch('POST', `${ws}/transactions/${txId}/decline`, {
      body: '{"reason":"b"}',
      signedBody: '{"reason":"a"}',
    });
    expect(body.status).toBe(401);
    const method = await fx.fetch('GET', target(), { authorization: await fx.authorization('POST', target()) });
    expect(method.status).toBe(401);
  });

  it('keeps the encoding as sent (commas unescaped, booleans as True)', async () => {
    const res = await fx.fetch('GET', `${ws}/accounts?statuses=active,archived&isTestnet=False`);
    expect(res.status).toBe(200);
    expect(res.json.accounts.every((a: { isTestnet?: boolean }) => a.isTestnet !== true)).toBe(true);
  });

  it.each([
    ['', 'missing Authorization header'],
    ['Bearer abc', 'scheme must be ApiKey'],
    ['ApiKey', 'missing token'],
    ['ApiKey a.b', 'three parts'],
    ['ApiKey !!.!!.!!', 'base64url'],
  ])('Authorization %j → 401 saying what is wrong', async (authorization, message) => {
    const res = await fx.fetch('GET', '/workspaces', { authorization });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe('unauthorized');
    expect(res.json.message).toContain(message);
  });

  it('never echoes the token', async () => {
    const authorization = await fx.authorization('GET', '/somewhere-else');
    const res = await fx.fetch('GET', '/workspaces', { authorization });
    expect(res.status).toBe(401);
    const token = authorization.slice('ApiKey '.length);
    for (const part of token.split('.')) expect(res.text).not.toContain(part);
  });
});

describe('IP allow lists', () => {
  it.each([
    [['127.0.0.1'], 200],
    [['127.0.0.0/8'], 200],
    [['10.0.0.0/8', '::1'], 403],
    [['192.168.1.7'], 403],
  ])('%j → %i', async (allowIps, status) => {
    const key = await fx.addKey('view-only', { allowIps });
    const res = await fx.fetch('GET', '/workspaces', { signer: key.signer });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.json.message).toBe("caller address 127.0.0.1 is not on this key's IP allow list");
  });
});
