// Conformance of the operations added for the API's twin (issue 22): stakes, price series,
// intents, the Canton passthrough, dry run, bulk create, offers and new signing requests, driven
// through real HTTP with every parameter. The fixture's conformance tap checks every answer
// against the contract and the OpenAPI (as in conformance.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/index.js';
import type { Asset, Transaction } from '../../src/contract/index.js';
import { contractRouteOf, TWIN_ROUTES } from '../helpers/conformance.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let api: ApiClient;
let assets: Asset[];
let fundingAccount: string;

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 11, history: 300 });
  api = fx.client('full-access');
  assets = await api.dictionary.assets();
  const accounts = await api.accounts.list({ statuses: ['active'], isTestnet: false });
  fundingAccount = accounts.find((a) => a.extra?.onlyAddressBookWithdrawals !== true)!.accountId;
});

afterAll(async () => {
  await fx?.close();
});

const ws = () => `/workspaces/${fx.workspaceId}`;
const native = (a: Asset) => a.assetType === 'blockchain' && a.contractInformation == null;
const raw = (method: string, target: string, opts: { body?: string } = {}) => fx.fetch(method, target, opts);

describe('the operations added for the API\'s twin answer by the contract and the OpenAPI', () => {
  it('stakes, price series, intents and the Canton passthrough, with every parameter', async () => {
    const send = async (method: string, target: string, body?: unknown, status = 200) => {
      const res = await fx.fetch(method, target, body === undefined ? {} : { body: JSON.stringify(body) });
      expect(res.status, `${method} ${target}: ${res.text}`).toBe(status);
      return res.json;
    };
    const { stakes } = await send('GET', `${ws()}/stakes`);
    expect(stakes.length).toBeGreaterThan(0);
    await send('GET', `${ws()}/stakes?accountId=${stakes[0].accountId}&assetId=${stakes[0].assetId}&rewardPeriod=30d`);
    for (const period of ['1h', '1d', '1w', '1m', '6m', '1y', 'ytd', 'all'])
      await send('GET', `/dictionary/asset-price-series?baseSymbolId=BTC&period=${period}`);
    await send('GET', '/dictionary/asset-price-series?baseSymbolId=TEST-BTC&period=1d');
    await send('POST', `${ws()}/intents/quote?fromAssetId=2&toAssetId=4&fromAmount=1.25`);
    await send('POST', `${ws()}/intents/quote?fromAssetId=4&toAssetId=1&toAmount=0.01`);
    const accounts = await api.accounts.list();
    const funded = await api.balances.list({ assetId: '2' });
    const accountId = funded.find((b) => accounts.some((a) => a.accountId === b.accountId && a.status === 'active'))!.accountId;
    const body = { accountId, intentId: 'conformance-intent-1', fromAssetId: '2', toAssetId: '4', fromAmount: '0.01' };
    const intent = await send('POST', `${ws()}/intents`, body);
    expect(await send('POST', `${ws()}/intents`, body)).toEqual(intent);
    fx.advance(60_000);
    await send('GET', `${ws()}/intents/${intent.intentId}`);
    const canton = await send('POST', `${ws()}/canton/ledger-query`, {
      accountId,
      sessionTopic: 'topic-1',
      params: { requestMethod: 'GET', resource: '/v2/version' },
    });
    expect(canton.status).toBe('503');
  });

  it('dry run, bulk create (with a failed item), offers answered and a new signing request', async () => {
    const eth = assets.find((a) => a.symbol === 'ETH' && native(a))!;
    const params = { amount: '0.01', assetId: eth.assetId, networkId: 'ETH', toAddress: '0x0000000000000000000000000000000000000001' };
    const item = (externalId: string, p: Record<string, unknown> = params) =>
      ({ accountId: fundingAccount, externalId, transactionType: 'withdrawal', params: p });
    const post = (path: string, body: unknown) => raw('POST', `${ws()}/transactions${path}`, { body: JSON.stringify(body) });
    expect((await post('/dry-run', item(`dry${Date.now()}`))).status).toBe(200);
    const bulk = await post('/bulk-create', {
      transactions: [item(`bulk1${Date.now()}`), item(`bulk2${Date.now()}`, { ...params, toAddress: 'nope' })],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.json.transactions.map((t: Transaction) => t.status)).toEqual(['new', 'error']);

    const waiting = (await api.transactions.list({ transactionStatuses: ['acceptance-required', 'signing-required'], limit: 100 }))
      .map((t) => t.transactionId);
    const answered: Record<string, number> = {};
    for (const id of waiting) {
      for (const [path, body] of [
        ['accept-deposit-offer', { accept: true }],
        ['reject-outgoing-offer', { accept: false }],
        ['create-signing-request', { primitivesVersion: '2' }],
      ] as const) {
        const answer = await post(`/${id}/${path}`, body);
        if (answer.status === 200) answered[path] = (answered[path] ?? 0) + 1;
      }
    }
    expect(Object.keys(answered).sort()).toEqual(['accept-deposit-offer', 'create-signing-request', 'reject-outgoing-offer']);
  });

  it('every one of them answered 2xx at least once', () => {
    const ok = new Set(
      fx.responses
        .filter((r) => r.kind === 'http' && r.status >= 200 && r.status < 300)
        .map((r) => contractRouteOf(r.method, r.target)?.template),
    );
    expect(TWIN_ROUTES.filter((r) => !ok.has(r.template)).map((r) => `${r.method} ${r.template}`)).toEqual([]);
  });
});
