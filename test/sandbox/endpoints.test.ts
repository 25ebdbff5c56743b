// Every endpoint's happy path through real HTTP with our real client (which parses each answer
// with the contract at the edge), plus the answers every request gets: JSON, Correlation-Id,
// the sandbox's own Server header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionSchema } from '../../src/contract/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
beforeAll(async () => {
  fx = await startTestSandbox();
});
afterAll(() => fx.close());

describe('every endpoint answers', () => {
  it('GET /workspaces and GET /workspaces/{ws}', async () => {
    const api = fx.client();
    const list = await api.workspaces.list();
    expect(list).toHaveLength(1);
    expect(list[0]!.workspaceId).toBe(fx.workspaceId);
    expect(await api.workspaces.get()).toMatchObject({ workspaceId: fx.workspaceId });
  });

  it('accounts: list and one', async () => {
    const api = fx.client();
    const accounts = await api.accounts.list();
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    const first = accounts[0]!;
    expect(await api.accounts.get(first.accountId)).toEqual(first);
    const testnet = await api.accounts.list({ isTestnet: true });
    expect(testnet.length).toBeGreaterThan(0);
    expect(testnet.every((a) => a.isTestnet === true)).toBe(true);
  });

  it('addresses', async () => {
    const api = fx.client();
    const addresses = await api.addresses.list({ limit: 50 });
    expect(addresses.length).toBeGreaterThan(0);
    const one = addresses[0]!;
    const byAccount = await api.addresses.list({ accountId: one.accountId ?? undefined });
    expect(byAccount.every((a) => a.accountId === one.accountId)).toBe(true);
  });

  it('transactions: list, one, events', async () => {
    const api = fx.client();
    const page = await api.transactions.list({ limit: 20, includeEvents: true });
    expect(page).toHaveLength(20);
    const withEvents = page.find((tx) => (tx.embedded?.events?.length ?? 0) > 0)!;
    expect(withEvents).toBeDefined();
    const one = await api.transactions.get(withEvents.transactionId);
    expect(one.transactionId).toBe(withEvents.transactionId);
    const events = await api.transactions.events(withEvents.transactionId);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.transactionId === withEvents.transactionId)).toBe(true);
  });

  it('the dictionary: networks, assets, symbols, one of each', async () => {
    const api = fx.client();
    const networks = await api.dictionary.networks();
    expect(networks.length).toBeGreaterThanOrEqual(8);
    expect(await api.dictionary.network('ETH')).toMatchObject({ networkId: 'ETH' });
    expect(await api.dictionary.networks({ networkIds: ['BTC', 'ETH'] })).toHaveLength(2);
    const assets = await api.dictionary.assets();
    expect(assets.length).toBeGreaterThanOrEqual(20);
    expect(await api.dictionary.asset('2')).toMatchObject({ assetId: '2' });
    const usdt = await api.dictionary.assets({ search: 'usdt' });
    expect(usdt.length).toBeGreaterThan(0);
    const symbols = await api.dictionary.symbols();
    expect(symbols.length).toBeGreaterThan(5);
    const one = await fx.fetch('GET', `/dictionary/symbols/${symbols[0]!.symbolId}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual(symbols[0]);
  });

  it('prices: by symbol, by asset, the workspace ones', async () => {
    const api = fx.client();
    const bySymbol = await api.dictionary.symbolPrices({ baseSymbolIds: ['BTC', 'ETH'] });
    expect(bySymbol.map((p) => p.baseSymbolId).sort()).toEqual(['BTC', 'ETH']);
    const byAsset = await api.dictionary.assetPrices({ baseAssetIds: ['2'] });
    expect(byAsset).toHaveLength(1);
    expect(byAsset[0]).toMatchObject({ baseAssetId: '2' });
    const used = await api.dictionary.symbolPrices({ used: true });
    expect(used.length).toBeGreaterThan(0);
    expect(await api.prices.workspace()).toEqual(used);
  });

  it('swap route and the follow-up POST /transactions (201, then 200 for the same body)', async () => {
    const api = fx.client();
    const [account] = await api.accounts.list({ statuses: ['active'], isTestnet: false });
    const route = await api.transactions.swapRoute({
      accountId: account!.accountId,
      fromAssetId: '11',
      toAssetId: '12',
      fromAmount: '100',
    });
    expect(route.transactionType).toBe('swap-aggregator');
    const quote = route.embedded?.quoteDetails;
    expect(quote?.quoteId).toBeTruthy();
    const body = {
      accountId: account!.accountId,
      externalId: 'endpoints-swap-1',
      transactionType: 'swap-aggregator',
      params: { fromAssetId: '11', toAssetId: '12', quoteId: quote!.quoteId!, fromAmount: '100' },
    };
    const target = `/workspaces/${fx.workspaceId}/transactions`;
    const created = await fx.fetch('POST', target, { body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const tx = TransactionSchema.parse(created.json);
    expect(tx.externalId).toBe('endpoints-swap-1');
    const again = await fx.fetch('POST', target, { body: JSON.stringify(body) });
    expect(again.status).toBe(200);
    expect(again.json.transactionId).toBe(tx.transactionId);
  });
});

describe('every answer', () => {
  it('is JSON with a Correlation-Id and a Server header that says sandbox', async () => {
    const res = await fx.fetch('GET', '/workspaces');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('correlation-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(res.headers.get('server')).toBe('custody-sandbox');
  });

  it.each([
    ['abcd1234-ok', 'abcd1234-ok'],
    ['short', undefined],
    ['has spaces in it', undefined],
    ['x'.repeat(65), undefined],
  ])('echoes the Correlation-Id %j only when it is 8-64 of [A-Za-z0-9-]', async (sent, echoed) => {
    const res = await fx.fetch('GET', '/workspaces', { headers: { 'Correlation-Id': sent } });
    const got = res.headers.get('correlation-id');
    if (echoed) expect(got).toBe(echoed);
    else expect(got).toMatch(/^[0-9a-f]{32}$/);
  });

  it('an unknown route is 404 not-found, after authentication', async () => {
    const res = await fx.fetch('GET', '/nothing/here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'not-found', message: 'no endpoint GET /nothing/here' });
    const wrongMethod = await fx.fetch('DELETE', `/workspaces/${fx.workspaceId}/accounts`);
    expect(wrongMethod.status).toBe(404);
    const unsigned = await fx.fetch('GET', '/nothing/here', { authorization: '' });
    expect(unsigned.status).toBe(401);
  });

  it('unknown ids are 404 not-found', async () => {
    for (const target of [
      `/workspaces/${fx.workspaceId}/accounts/nope`,
      `/workspaces/${fx.workspaceId}/transactions/nope`,
      `/workspaces/${fx.workspaceId}/transactions/nope/events`,
      '/dictionary/networks/NOPE',
      '/dictionary/assets/999999',
      '/dictionary/symbols/NOPE',
    ]) {
      const res = await fx.fetch('GET', target);
      expect(res.status, target).toBe(404);
      expect(res.json.error).toBe('not-found');
    }
    const decline = await fx.fetch('POST', `/workspaces/${fx.workspaceId}/transactions/nope/decline`, { body: '{}' });
    expect(decline.status).toBe(404);
  });

  it("another workspace than the key's is 403", async () => {
    const res = await fx.fetch('GET', '/workspaces/someone-else/accounts');
    expect(res.status).toBe(403);
    expect(res.json.message).toContain(`bound to workspace ${fx.workspaceId}`);
  });

  it('logs one line per request without headers or tokens', async () => {
    const before = fx.logs.length;
    const authorization = await fx.authorization('GET', '/workspaces');
    await fx.fetch('GET', '/workspaces', { authorization });
    const lines = fx.logs.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/workspaces 200 \d+\.\dms$/);
    expect(fx.logs.join('\n')).not.toContain(authorization.slice(7, 40));
  });
});
