// Every endpoint against a real loopback server that verifies each request's signature over the
// raw request target and the raw body, so signing is checked end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '../../src/client/index.js';
import {
  fullAccount,
  fullAddress,
  fullAsset,
  fullDryRun,
  fullEvent,
  fullNetwork,
  fullTransaction,
  fullWorkspace,
  minimalAccount,
  minimalAssetPrice,
  minimalEvent,
  minimalSymbol,
  minimalSymbolPrice,
  minimalTransaction,
} from '../contract/fixtures/records.js';
import { makeTestKey, type TestKey } from '../helpers/api-key.js';
import {
  type RecordedRequest,
  type Reply,
  startHttpServer,
  type TestServer,
} from '../helpers/http-server.js';

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  method: 'GET' | 'POST';
  /** The raw request target the server must receive. */
  url: string;
  /** The raw body text; undefined for none. */
  body?: string;
  reply: Reply;
  check: (result: unknown) => void;
}

const WS = '/workspaces/ws1';

const cases: Case[] = [
  {
    name: 'workspaces.list',
    call: (c) => c.workspaces.list(),
    method: 'GET',
    url: '/workspaces',
    reply: { json: { workspaces: [fullWorkspace] } },
    check: (r) => expect(r).toEqual([fullWorkspace]),
  },
  {
    name: 'workspaces.get',
    call: (c) => c.workspaces.get(),
    method: 'GET',
    url: WS,
    reply: { json: fullWorkspace },
    check: (r) => expect(r).toEqual(fullWorkspace),
  },
  {
    name: 'accounts.list with every filter',
    call: (c) =>
      c.accounts.list({
        accountTypes: ['vault'],
        excludedAccountTypes: [],
        statuses: ['active', 'archived'],
        accountIds: ['acc1', 'acc 2'],
        isTestnet: false,
        limit: 50,
        offset: 100,
      }),
    method: 'GET',
    url: `${WS}/accounts?accountTypes=vault&statuses=active%2Carchived&accountIds=acc1%2Cacc+2&isTestnet=false&limit=50&offset=100`,
    reply: { json: { accounts: [minimalAccount, fullAccount] } },
    check: (r) => expect((r as unknown[]).length).toBe(2),
  },
  {
    name: 'accounts.list without filters (isTestnet null = all)',
    call: (c) => c.accounts.list({ isTestnet: null }),
    method: 'GET',
    url: `${WS}/accounts`,
    reply: { json: { accounts: [] } },
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'accounts.get encodes the id',
    call: (c) => c.accounts.get('a/b c'),
    method: 'GET',
    url: `${WS}/accounts/a%2Fb%20c`,
    reply: { json: fullAccount },
    check: (r) => expect(r).toMatchObject({ accountId: 'acc1', extra: { onlyAddressBookWithdrawals: true } }),
  },
  {
    name: 'addresses.list with every filter',
    call: (c) =>
      c.addresses.list({
        accountId: 'acc1',
        addressIds: ['ad1', 'ad2'],
        externalId: 'e 1',
        accountTypes: ['vault'],
        networkId: 'ETH',
        address: '0xAbC',
        statuses: ['enabled'],
        sortDirection: 'DESC',
        limit: 10,
        offset: 0,
      }),
    method: 'GET',
    url: `${WS}/addresses?accountId=acc1&addressIds=ad1%2Cad2&externalId=e+1&accountTypes=vault&networkId=ETH&address=0xAbC&statuses=enabled&sortDirection=DESC&limit=10&offset=0`,
    reply: { json: { addresses: [fullAddress] } },
    check: (r) => expect((r as { activatedAssets: unknown[] }[])[0]?.activatedAssets).toHaveLength(1),
  },
  {
    name: 'transactions.list with every filter, _embedded read',
    call: (c) =>
      c.transactions.list({
        transactionId: 'tx1',
        transactionIds: ['tx1', 'tx2'],
        transactionTypes: ['withdrawal', 'swap-aggregator'],
        accountTypes: ['vault'],
        accountId: 'acc1',
        accountIds: ['acc1'],
        transactionStatuses: ['waiting-approval'],
        transactionStatusNotIn: ['completed', 'canceled'],
        assetIds: ['1'],
        blockchainTxId: 'b7',
        externalId: 'x',
        toAccountId: 'acc2',
        toAddress: 'bc1q',
        fromAddress: 'bc1f',
        address: 'bc1a',
        isTerminated: false,
        terminatedAtFrom: 1,
        terminatedAtTo: '2',
        createdAtFrom: 1747241036052,
        createdAtTo: '1747241036053',
        updatedAtFrom: '1747241036054',
        updatedAtTo: 1747241036055,
        canSignWithDeviceId: 'dev1',
        sortBy: 'updated',
        sortDirection: 'ASC',
        limit: 50,
        offset: 0,
        includeEvents: true,
        includeCurrentSigningRequest: true,
        includeAttestationSignature: false,
      }),
    method: 'GET',
    url:
      `${WS}/transactions?transactionId=tx1&transactionIds=tx1%2Ctx2&transactionTypes=withdrawal%2Cswap-aggregator` +
      '&accountTypes=vault&accountId=acc1&accountIds=acc1&transactionStatuses=waiting-approval' +
      '&transactionStatusNotIn=completed%2Ccanceled&assetIds=1&blockchainTxId=b7&externalId=x&toAccountId=acc2' +
      '&toAddress=bc1q&fromAddress=bc1f&address=bc1a&isTerminated=false&terminatedAtFrom=1&terminatedAtTo=2' +
      '&createdAtFrom=1747241036052&createdAtTo=1747241036053&updatedAtFrom=1747241036054&updatedAtTo=1747241036055' +
      '&canSignWithDeviceId=dev1&sortBy=updated&sortDirection=ASC&limit=50&offset=0&includeEvents=true' +
      '&includeCurrentSigningRequest=true&includeAttestationSignature=false',
    reply: { json: { transactions: [fullTransaction, minimalTransaction] } },
    check: (r) => {
      const [full] = r as { embedded?: { events?: unknown[] } }[];
      expect(full?.embedded?.events).toHaveLength(2);
      expect(full).not.toHaveProperty('_embedded');
    },
  },
  {
    name: 'transactions.get',
    call: (c) => c.transactions.get('tx1'),
    method: 'GET',
    url: `${WS}/transactions/tx1`,
    reply: { json: fullTransaction },
    check: (r) =>
      expect(r).toMatchObject({ transactionId: 'tx1', embedded: { intentsQuote: { slippageBps: '50' } } }),
  },
  {
    name: 'transactions.events',
    call: (c) => c.transactions.events('tx1'),
    method: 'GET',
    url: `${WS}/transactions/tx1/events`,
    reply: { json: { events: [minimalEvent, fullEvent] } },
    check: (r) => expect((r as unknown[]).length).toBe(2),
  },
  {
    name: 'transactions.decide decline, with a reason',
    call: (c) => c.transactions.decide('decline', 'tx1', { reason: 'not today, "sorry"' }),
    method: 'POST',
    url: `${WS}/transactions/tx1/decline`,
    body: '{"reason":"not today, \\"sorry\\""}',
    reply: {
      json: { ...minimalTransaction, status: 'canceled' },
      headers: { 'correlation-id': 'c'.repeat(32) },
    },
    check: (r) => expect(r).toMatchObject({ data: { status: 'canceled' }, correlationId: 'c'.repeat(32) }),
  },
  {
    name: 'transactions.decide decline, without a reason',
    call: (c) => c.transactions.decide('decline', 'tx1'),
    method: 'POST',
    url: `${WS}/transactions/tx1/decline`,
    body: '{}',
    reply: { json: minimalTransaction },
    check: (r) => expect(r).toMatchObject({ data: { transactionId: 'tx1' } }),
  },
  {
    name: 'transactions.decide approve',
    call: (c) => c.transactions.decide('approve', 'tx1'),
    method: 'POST',
    url: `${WS}/transactions/tx1/approve`,
    body: '{}',
    reply: { json: { ...minimalTransaction, status: 'approved' } },
    check: (r) => expect(r).toMatchObject({ data: { status: 'approved' } }),
  },
  {
    name: 'transactions.decide cancel',
    call: (c) => c.transactions.decide('cancel', 'tx1', { reason: 'duplicate' }),
    method: 'POST',
    url: `${WS}/transactions/tx1/cancel`,
    body: '{"reason":"duplicate"}',
    reply: { json: { ...minimalTransaction, status: 'canceled' } },
    check: (r) => expect(r).toMatchObject({ data: { status: 'canceled' } }),
  },
  {
    name: 'transactions.create (201)',
    call: (c) =>
      c.transactions.create({
        accountId: 'acc1',
        externalId: 'ext-1',
        transactionType: 'withdrawal',
        params: { amount: '1.5', assetId: '1', toAddress: 'bc1q' },
      }),
    method: 'POST',
    url: `${WS}/transactions`,
    body: '{"accountId":"acc1","externalId":"ext-1","transactionType":"withdrawal","params":{"amount":"1.5","assetId":"1","toAddress":"bc1q"}}',
    reply: { status: 201, json: minimalTransaction },
    check: (r) => expect(r).toMatchObject({ data: { transactionId: 'tx1' } }),
  },
  {
    name: 'transactions.create replayed (200)',
    call: (c) =>
      c.transactions.create({ accountId: 'acc1', externalId: 'ext-1', transactionType: 'deposit-x' }),
    method: 'POST',
    url: `${WS}/transactions`,
    body: '{"accountId":"acc1","externalId":"ext-1","transactionType":"deposit-x"}',
    reply: { status: 200, json: minimalTransaction },
    check: (r) => expect(r).toMatchObject({ data: { transactionId: 'tx1' } }),
  },
  {
    name: 'transactions.swapRoute, quote under _embedded',
    call: (c) =>
      c.transactions.swapRoute({ accountId: 'acc1', fromAssetId: '5', toAssetId: '1', fromAmount: '100' }),
    method: 'POST',
    url: `${WS}/transactions/swap-route`,
    body: '{"accountId":"acc1","fromAssetId":"5","toAssetId":"1","fromAmount":"100"}',
    reply: { json: fullDryRun },
    check: (r) => expect(r).toMatchObject({ embedded: { quoteDetails: { quoteId: expect.any(String) } } }),
  },
  {
    name: 'dictionary.networks',
    call: (c) => c.dictionary.networks({ networkIds: ['ETH', 'BTC'] }),
    method: 'GET',
    url: '/dictionary/networks?networkIds=ETH%2CBTC',
    reply: { json: { networks: [fullNetwork] } },
    check: (r) => expect(r).toEqual([fullNetwork]),
  },
  {
    name: 'dictionary.network',
    call: (c) => c.dictionary.network('ETH'),
    method: 'GET',
    url: '/dictionary/networks/ETH',
    reply: { json: fullNetwork },
    check: (r) => expect(r).toEqual(fullNetwork),
  },
  {
    name: 'dictionary.assets with every filter',
    call: (c) =>
      c.dictionary.assets({
        assetIds: ['1', '5'],
        networkIds: ['ETH'],
        symbolIds: ['s1'],
        contractAddress: '0xdac1',
        contractIssuer: 'Tether Ltd',
        assetType: 'blockchain',
        used: true,
        search: 'us dt',
        limit: 20,
        offset: 40,
      }),
    method: 'GET',
    url: '/dictionary/assets?assetIds=1%2C5&networkIds=ETH&symbolIds=s1&contractAddress=0xdac1&contractIssuer=Tether+Ltd&assetType=blockchain&used=true&search=us+dt&limit=20&offset=40',
    reply: { json: { assets: [fullAsset] } },
    check: (r) => expect(r).toEqual([fullAsset]),
  },
  {
    name: 'dictionary.assets reads a missing list as empty',
    call: (c) => c.dictionary.assets(),
    method: 'GET',
    url: '/dictionary/assets',
    reply: { json: {} },
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'dictionary.asset',
    call: (c) => c.dictionary.asset('10001'),
    method: 'GET',
    url: '/dictionary/assets/10001',
    reply: { json: fullAsset },
    check: (r) => expect(r).toEqual(fullAsset),
  },
  {
    name: 'dictionary.symbols',
    call: (c) => c.dictionary.symbols({ symbolIds: ['s2001'], assetIds: ['1'], limit: 5, offset: 5 }),
    method: 'GET',
    url: '/dictionary/symbols?symbolIds=s2001&assetIds=1&limit=5&offset=5',
    reply: { json: { symbols: [minimalSymbol] } },
    check: (r) => expect(r).toEqual([minimalSymbol]),
  },
  {
    name: 'dictionary.symbolPrices',
    call: (c) => c.dictionary.symbolPrices({ baseSymbolIds: ['s2001', 's2002'], baseAssetIds: ['1'] }),
    method: 'GET',
    url: '/dictionary/symbol-market-prices?baseSymbolIds=s2001%2Cs2002&baseAssetIds=1',
    reply: { json: { prices: [minimalSymbolPrice] } },
    check: (r) => expect(r).toEqual([minimalSymbolPrice]),
  },
  {
    name: 'dictionary.symbolPrices used=true',
    call: (c) => c.dictionary.symbolPrices({ used: true }),
    method: 'GET',
    url: '/dictionary/symbol-market-prices?used=true',
    reply: { json: { prices: [] } },
    check: (r) => expect(r).toEqual([]),
  },
  {
    name: 'dictionary.assetPrices',
    call: (c) => c.dictionary.assetPrices({ baseAssetIds: ['1'] }),
    method: 'GET',
    url: '/dictionary/asset-market-prices?baseAssetIds=1',
    reply: { json: { prices: [minimalAssetPrice] } },
    check: (r) => expect(r).toEqual([minimalAssetPrice]),
  },
  {
    name: 'prices.workspace',
    call: (c) => c.prices.workspace(),
    method: 'GET',
    url: `${WS}/symbol-market-prices`,
    reply: { json: { prices: [minimalSymbolPrice] } },
    check: (r) => expect(r).toEqual([minimalSymbolPrice]),
  },
];

describe('every endpoint, signed end to end', () => {
  let key: TestKey;
  let server: TestServer;
  let client: ApiClient;
  let next: Reply = {};

  beforeAll(async () => {
    key = await makeTestKey();
    server = await startHttpServer(() => next, { verifier: key.verifier() });
    client = createApiClient({ baseUrl: server.url, signer: key.signer, workspaceId: 'ws1' });
  });
  afterAll(() => server.close());

  it.each(cases)('$name', async (c) => {
    next = c.reply;
    const before = server.requests.length;
    const result = await c.call(client);
    expect(server.requests.length).toBe(before + 1);
    const req = server.requests.at(-1) as RecordedRequest;
    expect(req.verified).toMatchObject({ ok: true, kid: key.jwk.kid });
    expect(req.method).toBe(c.method);
    expect(req.url).toBe(c.url);
    expect(req.body).toBe(c.body ?? '');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers.authorization).toMatch(/^ApiKey [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(req.headers['correlation-id']).toMatch(/^[0-9a-f]{32}$/);
    if (c.body === undefined) expect(req.headers['content-type']).toBeUndefined();
    else expect(req.headers['content-type']).toBe('application/json');
    c.check(result);
  });

  it('covers every resource method of the client', () => {
    const called = new Set(cases.map((c) => c.name.split(/[ ,]/)[0]));
    const all = [
      ...['list', 'get'].map((m) => `workspaces.${m}`),
      ...['list', 'get'].map((m) => `accounts.${m}`),
      'addresses.list',
      ...['list', 'get', 'events', 'decide', 'create', 'swapRoute'].map(
        (m) => `transactions.${m}`,
      ),
      ...['networks', 'network', 'assets', 'asset', 'symbols', 'symbolPrices', 'assetPrices'].map(
        (m) => `dictionary.${m}`,
      ),
      'prices.workspace',
    ];
    for (const name of all) expect(called, name).toContain(name);
    // The reference resources (issue 13) are covered in reference-endpoints.test.ts.
    const elsewhere = ['members', 'addressBook', 'limits', 'balances', 'activities'];
    for (const [group, api] of Object.entries(client)) {
      if (group === 'http' || typeof api !== 'object' || elsewhere.includes(group)) continue;
      for (const method of Object.keys(api))
        expect(all, `${group}.${method}`).toContain(`${group}.${method}`);
    }
  });
});

describe('base URL with a path prefix and odd ids', () => {
  it('sends baseUrl prefix + path and signs exactly that target', async () => {
    const key = await makeTestKey();
    const server = await startHttpServer(() => ({ json: { transactions: [] } }), {
      verifier: key.verifier(),
    });
    try {
      const client = createApiClient({
        baseUrl: `${server.url}/api/v1/`,
        signer: key.signer,
        workspaceId: 'ws é/1',
      });
      await client.transactions.list({ toAddress: 'a b,c+d/é~*', transactionIds: ["it's", '(x)'] });
      const req = server.requests[0] as RecordedRequest;
      expect(req.url).toBe(
        '/api/v1/workspaces/ws%20%C3%A9%2F1/transactions?transactionIds=it%27s%2C%28x%29&toAddress=a+b%2Cc%2Bd%2F%C3%A9%7E*',
      );
      expect(req.verified?.ok).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('refuses ids that the URL parser would resolve as dot segments, and an unknown workspace', async () => {
    const key = await makeTestKey();
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', signer: key.signer, workspaceId: '' });
    await expect(client.transactions.get('..')).rejects.toThrow(TypeError);
    await expect(client.transactions.get('.')).rejects.toThrow(TypeError);
    await expect(client.accounts.list()).rejects.toThrow(/workspaceId/);
  });
});
