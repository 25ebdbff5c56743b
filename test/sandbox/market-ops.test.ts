// The market and staking operations over real HTTP: stakes, the asset price series, intents (quote,
// create, read), the Canton passthrough and `appliesToGroupIds` on the limits. Each with each
// role (the OpenAPI's permission lists), and the refusals: 400 for a bad query or body, 404 for
// an unknown intent or symbol, 403 for a role the operation is not for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/format/index.js';
import { ROLES, type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let accountId: string;
const ws = () => `/workspaces/${fx.workspaceId}`;

beforeAll(async () => {
  fx = await startTestSandbox();
  const api = fx.client();
  const active = (await api.accounts.list()).filter((a) => a.status === 'active' && !a.isTestnet);
  const funded = await api.balances.list({ assetId: '2' });
  accountId = funded.find((b) => active.some((a) => a.accountId === b.accountId))!.accountId;
});
afterAll(() => fx.close());

const READ: readonly Role[] = ['view-only', 'transaction-operator', 'full-access'];
const WRITE: readonly Role[] = ['transaction-operator', 'full-access'];

let serial = 0;
const intentBody = (over: Record<string, unknown> = {}) => ({
  accountId,
  intentId: `http-intent-${++serial}`,
  fromAssetId: '2',
  toAssetId: '4',
  fromAmount: '0.01',
  ...over,
});

describe('each operation with each role', () => {
  const cases: [string, () => [string, string, string?], readonly Role[]][] = [
    ['GET stakes', () => ['GET', `${ws()}/stakes`], READ],
    ['GET asset-price-series', () => ['GET', '/dictionary/asset-price-series?baseSymbolId=ETH&period=1d'], READ],
    ['POST intents/quote', () => ['POST', `${ws()}/intents/quote?fromAssetId=2&toAssetId=4&fromAmount=1`], READ],
    ['POST intents', () => ['POST', `${ws()}/intents`, JSON.stringify(intentBody())], WRITE],
    [
      'POST canton/ledger-query',
      () => [
        'POST',
        `${ws()}/canton/ledger-query`,
        JSON.stringify({ accountId, sessionTopic: 't', params: { requestMethod: 'GET', resource: '/v2/version' } }),
      ],
      WRITE,
    ],
  ];
  const rows = cases.flatMap(([name, req, allowed]) => ROLES.map((role) => [name, role, req, allowed] as const));

  it.each(rows)('%s as %s', async (_name, role, req, allowed) => {
    const [method, target, body] = req();
    const res = await fx.fetch(method, target, body === undefined ? { role } : { role, body });
    if (allowed.includes(role)) expect(res.status, res.text).toBe(200);
    else expect(res.json, res.text).toMatchObject({ error: 'forbidden' });
  });

  it.each(ROLES)('GET one intent as %s', async (role) => {
    const created = await fx.fetch('POST', `${ws()}/intents`, { body: JSON.stringify(intentBody()) });
    expect(created.status, created.text).toBe(200);
    const res = await fx.fetch('GET', `${ws()}/intents/${created.json.intentId}`, { role });
    expect(res.status).toBe(READ.includes(role) ? 200 : 403);
    if (READ.includes(role)) expect(res.json.intentId).toBe(created.json.intentId);
  });
});

describe('refusals', () => {
  it.each([
    ['stakes: a bad rewardPeriod', 'GET', () => `${ws()}/stakes?rewardPeriod=soon`, undefined, 400, 'rewardPeriod: '],
    ['series: no period', 'GET', () => '/dictionary/asset-price-series?baseSymbolId=ETH', undefined, 400, 'period: '],
    ['series: a period not in the list', 'GET', () => '/dictionary/asset-price-series?baseSymbolId=ETH&period=2d', undefined, 400, 'period: '],
    ['series: an unknown symbol', 'GET', () => '/dictionary/asset-price-series?baseSymbolId=NOPE&period=1d', undefined, 404, 'NOPE'],
    ['quote: no amount', 'POST', () => `${ws()}/intents/quote?fromAssetId=2&toAssetId=4`, undefined, 400, 'fromAmount: '],
    ['quote: both amounts', 'POST', () => `${ws()}/intents/quote?fromAssetId=2&toAssetId=4&fromAmount=1&toAmount=2`, undefined, 400, 'toAmount: '],
    ['quote: a pair without intents', 'POST', () => `${ws()}/intents/quote?fromAssetId=2&toAssetId=11&fromAmount=1`, undefined, 404, 'no intents route'],
    ['intent: not JSON', 'POST', () => `${ws()}/intents`, '{', 400, 'body: '],
    ['intent: no intentId', 'POST', () => `${ws()}/intents`, () => JSON.stringify({ ...intentBody(), intentId: undefined }), 400, 'intentId: '],
    ['intent: an unknown account', 'POST', () => `${ws()}/intents`, () => JSON.stringify(intentBody({ accountId: 'nosuch' })), 400, 'accountId: '],
    ['intent: unknown', 'GET', () => `${ws()}/intents/nosuchintent`, undefined, 404, 'nosuchintent'],
    ['canton: no params', 'POST', () => `${ws()}/canton/ledger-query`, JSON.stringify({ accountId: 'a', sessionTopic: 't' }), 400, 'params: '],
    ['canton: a write request', 'POST', () => `${ws()}/canton/ledger-query`, () => JSON.stringify({ accountId, sessionTopic: 't', params: { requestMethod: 'DELETE', resource: '/v2/x' } }), 400, 'params.requestMethod: '],
    ['an unknown query name', 'GET', () => `${ws()}/stakes?zz=1`, undefined, 400, 'unknown query parameter "zz"'],
  ])('%s', async (_name, method, target, body, status, message) => {
    const text = typeof body === 'function' ? body() : body;
    const res = await fx.fetch(method, target(), text === undefined ? {} : { body: text });
    expect(res.status, res.text).toBe(status);
    expect(res.json.message).toContain(message);
  });
});

describe('what they answer', () => {
  it('the price series ends at the live price and moves with the walk', async () => {
    fx.advance(10 * 60_000);
    const price = (await fx.fetch('GET', '/dictionary/symbol-market-prices?baseSymbolIds=ETH')).json.prices[0].price;
    const { points } = (await fx.fetch('GET', '/dictionary/asset-price-series?baseSymbolId=ETH&period=1h')).json;
    expect(points.at(-1).close).toBe(price);
    expect(points.length).toBeGreaterThanOrEqual(60);
  });

  it('an intent is tied to its transaction and follows it to completion', async () => {
    const body = intentBody({ fromAmount: '0.02' });
    const created = await fx.fetch('POST', `${ws()}/intents`, { body: JSON.stringify(body) });
    expect(created.json.status).toBe('user-initiated');
    const { transactions } = (await fx.fetch('GET', `${ws()}/transactions?transactionTypes=intents&limit=100`)).json;
    const tx = transactions.find((t: { params?: { intentId?: string } }) => t.params?.intentId === body.intentId);
    expect(tx).toMatchObject({ transactionType: 'intents', accountId, params: { intentId: body.intentId } });
    for (let i = 0; i < 60; i++) fx.advance(15_000);
    const done = (await fx.fetch('GET', `${ws()}/intents/${body.intentId}`)).json;
    const after = (await fx.fetch('GET', `${ws()}/transactions/${tx.transactionId}`)).json;
    expect(after.status).toBe('completed');
    expect(done).toMatchObject({ status: 'completed', updatedAt: after.updatedAt, fromAmount: '0.02' });
    // The same body again: the same intent (200); another body with its id: 409.
    expect((await fx.fetch('POST', `${ws()}/intents`, { body: JSON.stringify(body) })).json).toEqual(done);
    const other = await fx.fetch('POST', `${ws()}/intents`, { body: JSON.stringify({ ...body, fromAmount: '0.03' }) });
    expect(other.status).toBe(409);
  });

  it('the Canton passthrough says it forwarded nothing', async () => {
    const res = await fx.fetch('POST', `${ws()}/canton/ledger-query`, {
      body: JSON.stringify({ accountId, sessionTopic: 't', params: { requestMethod: 'GET', resource: '/v2/state/ledger-end' } }),
    });
    expect(res.json).toMatchObject({ status: '503', result: { error: 'sandbox-no-canton-ledger' } });
  });
});

describe('appliesToGroupIds on transaction limits (the official clients send it)', () => {
  const limits = async (query: string) => {
    const res = await fx.fetch('GET', `${ws()}/transaction-limits${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json.limits as { limitId: string; appliesTo: { userIds?: string[] } }[];
  };

  it('is accepted and honoured: every rule of the world names no users, so it applies to every group', async () => {
    const all = await limits('');
    expect(all.every((l) => (l.appliesTo.userIds ?? []).length === 0)).toBe(true);
    expect(await limits('?appliesToGroupIds=finance')).toEqual(all);
    expect(await limits('?appliesToGroupIds=finance,owner&statuses=deactivated')).toEqual(
      all.filter((l) => (l as unknown as { status: string }).status === 'deactivated'),
    );
  });

  it.each([
    ['given twice', '?appliesToGroupIds=a&appliesToGroupIds=b', 'appliesToGroupIds: given more than once'],
    ['another unknown name', '?appliesToGroupId=a', 'unknown query parameter "appliesToGroupId"'],
  ])('%s stays a 400', async (_what, query, message) => {
    const res = await fx.fetch('GET', `${ws()}/transaction-limits${query}`);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(message);
  });
});
