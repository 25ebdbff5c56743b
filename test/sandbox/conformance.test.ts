// Conformance: every endpoint of the sandbox driven with a full-access key through our real client
// (and raw fetch where the client would refuse), every kind of error, every swap-route answer,
// the actions, the WebSocket snapshot and live frames, all through the conformance tap: every
// answer parses with contract/, and validates against the public OpenAPI where it has the route.
// A last group proves the checker can fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSigner, generatePrivateJwk, type Signer } from '../../src/auth/index.js';
import { ApiError, type ApiClient, type RealtimeClient, subscriptionUri } from '../../src/client/index.js';
import type { Asset, DryRunTransaction, Transaction } from '../../src/contract/index.js';
import { fullTransaction, minimalTransaction } from '../contract/fixtures/records.js';
import {
  CONTRACT_ROUTES,
  TWIN_ROUTES,
  checkResponse,
  contractRouteOf,
  createConformanceTap,
  type TappedResponse,
} from '../helpers/conformance.js';
import { openApi } from '../helpers/openapi.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

// The fixture's conformance tap (installed by test/helpers/sandbox.ts) checks every answer and
// fails the test that let a violation through; this file makes sure there are many answers to check.
let fx: SandboxFixture;
let api: ApiClient;
let signer: Signer;
const signers: Record<string, Signer> = {};

beforeAll(async () => {
  fx = await startTestSandbox({ seed: 11, history: 300 });
  api = fx.client('full-access');
  signer = fx.keys['full-access'].signer;
  for (const role of ['view-only', 'transaction-operator', 'mpc-hot-signer'] as const)
    signers[role] = fx.keys[role].signer;
  for (const state of ['pending', 'revoked', 'rotated'] as const)
    signers[state] = (await fx.addKey('full-access', { state })).signer;
  // Never registered.
  signers.unknown = await createSigner(await generatePrivateJwk());
});

afterAll(async () => {
  await fx?.close();
});

/** A request exactly as given (target and body text), signed by `s` unless `authorization` is given ('' = none). */
function raw(
  method: string,
  target: string,
  opts: { body?: string; s?: Signer; authorization?: string } = {},
) {
  const o: Parameters<SandboxFixture['fetch']>[2] = {};
  if (opts.body !== undefined) o.body = opts.body;
  if (opts.s) o.signer = opts.s;
  if (opts.authorization !== undefined) o.authorization = opts.authorization;
  return fx.fetch(method, target, o);
}

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

const ws = () => `/workspaces/${fx.workspaceId}`;

describe('every endpoint answers by the contract and the OpenAPI', () => {
  it('workspaces, accounts and addresses, with filters', async () => {
    expect((await api.workspaces.list()).map((w) => w.workspaceId)).toEqual([fx.workspaceId]);
    expect((await api.workspaces.get()).workspaceId).toBe(fx.workspaceId);

    const accounts = await api.accounts.list();
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    for (const a of accounts) expect((await api.accounts.get(a.accountId)).accountId).toBe(a.accountId);
    await api.accounts.list({ statuses: ['active'] });
    await api.accounts.list({ statuses: ['archived', 'shard-generating'] });
    await api.accounts.list({ isTestnet: true });
    await api.accounts.list({ isTestnet: false, accountTypes: ['vault'] });
    await api.accounts.list({ excludedAccountTypes: ['vault'] });
    await api.accounts.list({
      accountIds: accounts.slice(0, 2).map((a) => a.accountId),
      limit: 1,
      offset: 1,
    });

    const addresses = await api.addresses.list();
    expect(addresses.length).toBeGreaterThan(0);
    const first = addresses[0]!;
    await api.addresses.list({
      accountId: first.accountId ?? undefined,
      networkId: first.networkId,
      limit: 5,
    });
    await api.addresses.list({ statuses: ['enabled'], sortDirection: 'DESC' });
    await api.addresses.list({ address: (first.address ?? 'x').toUpperCase() });
    await api.addresses.list({ addressIds: [first.addressId], offset: 0, limit: 1000 });
  });

  it('balances: the list with every filter, pages, one by id', async () => {
    const all = await api.balances.list({ nonEmpty: false });
    expect(all.length).toBeGreaterThan(20);
    const b = all[0]!;
    await api.balances.list();
    await api.balances.list({ accountId: b.accountId, assetId: b.assetId, nonEmpty: true });
    await api.balances.list({ accountIds: [b.accountId], assetIds: [b.assetId, '2'], balanceIds: [b.balanceId] });
    await api.balances.list({ assetNotIn: ['1'], networkId: 'ETH', networkIds: ['ETH', 'TRX'], limit: 5, offset: 2 });
    await api.balances.list({ accountTypes: ['vault'], excludedAccountTypes: ['vault'] });
    await api.balances.list({ updatedSince: b.updatedAt ?? '0', nonEmpty: false });
    expect(await api.balances.get(b.balanceId)).toEqual(b);
  });

  it('members, address book, transaction limits and activities, with every parameter', async () => {
    const get = async (path: string, role: 'full-access' | 'view-only' = 'full-access') => {
      const res = await fx.fetch('GET', `${ws()}${path}`, { role });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.json;
    };
    await get('/members');
    await get('/members?includeUsersProfiles=true&includeEmails=true&includePermissionGroups=true&limit=3&offset=1');
    const { records } = await get('/address-book-records?statuses=active,new,deleted,rejected');
    const record = records[0];
    await get(`/address-book-records/${record.recordId}`);
    await get(
      `/address-book-records?recordIds=${record.recordId}&networkIds=BTC,ETH&addresses=${record.address}` +
        '&sortBy=name&sortDirection=DESC&recordType=address&recordTypes=address,tag&limit=5&offset=0',
    );
    await get('/address-book-records?memo=1&tag=northwind-capital&sortBy=type');
    const body = JSON.stringify({
      externalId: 'conformance-book-1',
      name: 'Conformance desk',
      networkId: 'ETH',
      address: `0x${'c0'.repeat(20)}`,
    });
    const created = await fx.fetch('POST', `${ws()}/address-book-records`, { body });
    expect(created.status, created.text).toBe(201);
    expect((await fx.fetch('POST', `${ws()}/address-book-records`, { body })).status).toBe(200);
    const gone = await fx.fetch('DELETE', `${ws()}/address-book-records/${created.json.recordId}`);
    expect(gone.status, gone.text).toBe(200);
    const { limits } = await get('/transaction-limits');
    await get(`/transaction-limits/${limits[0].limitId}`);
    await get(
      `/transaction-limits?limitIds=${limits[0].limitId}&statuses=active&fromAccountIds=a1&toAddressBookRecordIds=r1` +
        '&toAccountIds=a2&appliesToUserIds=u1&limit=2&offset=0',
    );
    await get('/activities');
    await get('/activities?accountIds=a1,a2&userIds=u1&activityTypes=transaction-declined,account-creation&limit=5&offset=1');
    await get('/activities?excludedActivityTypes=transaction-created&search=kraken', 'view-only');
  });

  it('transactions: list with every filter, pages, includeEvents, one, events', async () => {
    const all = await api.transactions.list({ limit: 1000 });
    expect(all.length).toBeGreaterThan(50);
    const statuses = [...new Set(all.map((t) => t.status))];
    const types = [...new Set(all.map((t) => t.transactionType))];
    for (const status of statuses) await api.transactions.list({ transactionStatuses: [status], limit: 20 });
    for (const type of types) await api.transactions.list({ transactionTypes: [type], limit: 20 });
    const t0 = all[0]!;
    await api.transactions.list({ transactionStatusNotIn: ['completed', 'canceled'] });
    await api.transactions.list({ accountId: t0.accountId, sortBy: 'activity', sortDirection: 'ASC' });
    await api.transactions.list({ accountIds: [t0.accountId], sortBy: 'updated', sortDirection: 'DESC' });
    await api.transactions.list({ isTerminated: true, limit: 10 });
    await api.transactions.list({ isTerminated: false, limit: 10 });
    await api.transactions.list({ transactionId: t0.transactionId });
    await api.transactions.list({ transactionIds: all.slice(0, 3).map((t) => t.transactionId) });
    await api.transactions.list({ assetIds: ['1', '2'], limit: 10 });
    await api.transactions.list({ createdAtFrom: t0.createdAt, createdAtTo: fx.clock!.now() });
    await api.transactions.list({ updatedAtFrom: 0, updatedAtTo: fx.clock!.now(), limit: 10 });
    const withEvents = await api.transactions.list({ includeEvents: true, limit: 50 });
    expect(withEvents.some((t) => (t.embedded?.events?.length ?? 0) > 0)).toBe(true);
    // Raw, so the wire form (`_embedded`) itself is looked at, not the parsed one.
    const rawPage = await raw('GET', `${ws()}/transactions?includeEvents=True&limit=20`);
    expect(rawPage.status).toBe(200);
    expect(rawPage.text).toContain('"_embedded"');

    const pageA = await api.transactions.list({ limit: 7, offset: 0 });
    const pageB = await api.transactions.list({ limit: 7, offset: 7 });
    expect(pageA.length).toBe(7);
    expect(
      pageB.map((t) => t.transactionId).filter((id) => pageA.some((a) => a.transactionId === id)),
    ).toEqual([]);
    await api.transactions.list({ limit: 0 });

    for (const t of all.filter((_, i) => i % 10 === 0)) {
      expect((await api.transactions.get(t.transactionId)).transactionId).toBe(t.transactionId);
      await api.transactions.events(t.transactionId);
    }
  });

  it('dictionary and prices', async () => {
    const networks = await api.dictionary.networks();
    expect(networks.length).toBeGreaterThanOrEqual(6);
    for (const n of networks) await api.dictionary.network(n.networkId!);
    await api.dictionary.networks({ networkIds: ['BTC', 'ETH'] });
    const assets = await api.dictionary.assets();
    expect(assets.length).toBeGreaterThanOrEqual(20);
    for (const a of assets) await api.dictionary.asset(a.assetId);
    await api.dictionary.assets({ networkIds: ['ETH'], assetType: 'blockchain', limit: 5, offset: 1 });
    await api.dictionary.assets({ search: 'us', used: true });
    await api.dictionary.assets({ symbolIds: [assets[0]!.symbolId ?? 'x'], assetIds: [assets[0]!.assetId] });
    const symbols = await api.dictionary.symbols();
    for (const s of symbols) {
      const one = await raw('GET', `/dictionary/symbols/${encodeURIComponent(s.symbolId)}`);
      expect(one.status).toBe(200);
    }
    await api.dictionary.symbols({ symbolIds: symbols.slice(0, 2).map((s) => s.symbolId), limit: 1 });
    await api.dictionary.symbolPrices();
    await api.dictionary.symbolPrices({ baseSymbolIds: symbols.slice(0, 3).map((s) => s.symbolId) });
    await api.dictionary.symbolPrices({ baseAssetIds: ['1', '2'] });
    await api.dictionary.symbolPrices({ used: true });
    await api.dictionary.assetPrices();
    await api.dictionary.assetPrices({ baseAssetIds: ['1', '2', '3'] });
    await api.prices.workspace();
    await api.prices.workspace({ used: true });
  });
});

describe('errors of every kind are envelopes with the right code', () => {
  it('400 bad-request: limits, filters, JSON, swap amounts', async () => {
    const cases: Array<[string, string, string?]> = [
      ['GET', `${ws()}/transactions?limit=1001`],
      ['GET', `${ws()}/transactions?limit=abc`],
      ['GET', `${ws()}/transactions?limit=-1`],
      ['GET', `${ws()}/transactions?isTerminated=maybe`],
      ['GET', `${ws()}/transactions?createdAtFrom=yesterday`],
      ['GET', `${ws()}/accounts?isTestnet=perhaps`],
      ['GET', `${ws()}/addresses?offset=1.5`],
      ['GET', `/dictionary/symbol-market-prices?used=true&baseSymbolIds=s1`],
      ['GET', `/dictionary/assets?search=a`],
      ['POST', `${ws()}/transactions/swap-route`, '{"accountId":'],
      ['POST', `${ws()}/transactions/swap-route`, '[]'],
      ['POST', `${ws()}/transactions`, '{}'],
      ['POST', `${ws()}/transactions/${'x'.repeat(24)}/decline`, '{"reason":5}'],
    ];
    for (const [method, target, body] of cases) {
      const r = await raw(method, target, body === undefined ? {} : { body });
      expect([r.status, target, (r.json as { error?: string })?.error]).toEqual([400, target, 'bad-request']);
    }
  });

  it('401 unauthorized and 403 forbidden: tokens, key states, roles', async () => {
    const target = `${ws()}/accounts`;
    expect((await raw('GET', target, { authorization: '' })).status).toBe(401);
    expect((await raw('GET', target, { authorization: 'ApiKey a.b.c' })).status).toBe(401);
    expect((await raw('GET', target, { authorization: 'Bearer x' })).status).toBe(401);
    expect((await raw('GET', target, { s: signers.pending })).status).toBe(401);
    expect((await raw('GET', target, { s: signers.rotated })).status).toBe(401);
    expect((await raw('GET', target, { s: signers.revoked })).status).toBe(403);
    expect((await raw('GET', target, { s: signers.unknown })).status).toBe(403);
    // Replay: the same token twice.
    const token = await signer.sign({ method: 'GET', pathWithQuery: target, body: '' });
    expect((await raw('GET', target, { authorization: `ApiKey ${token}` })).status).toBe(200);
    expect((await raw('GET', target, { authorization: `ApiKey ${token}` })).status).toBe(401);
    // Roles (wire notes §4).
    const some = (await api.transactions.list({ limit: 1 }))[0]!;
    expect((await raw('GET', `${ws()}/addresses`, { s: signers['mpc-hot-signer'] })).status).toBe(403);
    expect((await raw('GET', '/dictionary/networks', { s: signers['mpc-hot-signer'] })).status).toBe(403);
    expect((await raw('GET', `${ws()}/accounts`, { s: signers['mpc-hot-signer'] })).status).toBe(200);
    const decline = `${ws()}/transactions/${some.transactionId}/decline`;
    expect((await raw('POST', decline, { s: signers['view-only'], body: '{}' })).status).toBe(403);
    expect((await raw('GET', `${ws()}/transactions`, { s: signers['view-only'] })).status).toBe(200);
  });

  it('404 not-found, 409 conflict, 413 payload-too-large', async () => {
    expect((await apiError(api.transactions.get('nosuchtransaction0000000'))).status).toBe(404);
    expect((await apiError(api.accounts.get('nosuchaccount00000000000'))).status).toBe(404);
    expect((await apiError(api.dictionary.asset('999999'))).status).toBe(404);
    expect((await apiError(api.dictionary.network('NOPE'))).status).toBe(404);
    expect((await raw('GET', '/nothing/here')).status).toBe(404);
    expect((await raw('GET', '/workspaces/otherworkspace0000000000')).status).toBeGreaterThanOrEqual(403);
    expect((await raw('DELETE', `${ws()}/accounts`)).status).toBe(404);

    const done = (await api.transactions.list({ transactionStatuses: ['completed'], limit: 1 }))[0]!;
    const conflict = await apiError(api.transactions.decide('decline', done.transactionId, { reason: 'too late' }));
    expect([conflict.status, conflict.code]).toEqual([409, 'conflict']);

    const big = JSON.stringify({ reason: 'x'.repeat(70 * 1024) });
    const tooLarge = await raw('POST', `${ws()}/transactions/${done.transactionId}/decline`, { body: big });
    expect([tooLarge.status, (tooLarge.json as { error?: string }).error]).toEqual([
      413,
      'payload-too-large',
    ]);
  });

  it('429 and 503 under chaos (deliberate, marked as chaos), then clean again', async () => {
    fx.sandbox.setChaos('429=1');
    const limited = await raw('GET', `${ws()}/accounts`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    fx.sandbox.setChaos('503=1');
    expect((await raw('GET', `${ws()}/accounts`)).status).toBe(503);
    fx.sandbox.setChaos(undefined);
    expect((await raw('GET', `${ws()}/accounts`)).status).toBe(200);
  });
});

describe('swap route, create and the actions', () => {
  let assets: Asset[];
  let fundingAccount: string;

  beforeAll(async () => {
    assets = await api.dictionary.assets();
    const accounts = await api.accounts.list({ statuses: ['active'], isTestnet: false });
    // An account that may send to any address (some only send to the address book).
    fundingAccount = accounts.find((a) => a.extra?.onlyAddressBookWithdrawals !== true)!.accountId;
  });

  const token = (a: Asset) => a.assetType === 'blockchain' && a.contractInformation != null;
  const native = (a: Asset) => a.assetType === 'blockchain' && a.contractInformation == null;
  const swap = (from: Asset, to: Asset, amount: Record<string, string> = { fromAmount: '100' }) =>
    api.transactions.swapRoute({
      accountId: fundingAccount,
      fromAssetId: from.assetId,
      toAssetId: to.assetId,
      ...amount,
    });

  function pair(test: (a: Asset, b: Asset) => boolean): [Asset, Asset] {
    for (const a of assets) for (const b of assets) if (a.assetId !== b.assetId && test(a, b)) return [a, b];
    throw new Error('no such pair in the dictionary');
  }

  it('answers swap-aggregator (quote), bridge (params) and intents (indicative price); 404 and 400s', async () => {
    const [t1, t2] = pair((a, b) => token(a) && token(b) && a.networkId === b.networkId);
    const aggregator = await swap(t1, t2);
    expect(aggregator.transactionType).toBe('swap-aggregator');
    expect(aggregator.embedded?.quoteDetails).toBeTruthy();

    const [b1, b2] = pair(
      (a, b) => token(a) && token(b) && a.symbol === b.symbol && a.networkId !== b.networkId,
    );
    const bridge = await swap(b1, b2, { toAmount: '50' });
    expect(bridge.transactionType).toBe('bridge');
    expect(bridge.params).toBeTruthy();

    const [n1, n2] = pair((a, b) => native(a) && native(b) && a.symbol === 'BTC' && b.symbol === 'ETH');
    const intents = await swap(n1, n2, { fromAmount: '0.5' });
    expect(intents.transactionType).toBe('intents');

    const fiat = assets.find((a) => a.assetType === 'fiat')!;
    const unavailable = await apiError(swap(fiat, t1));
    expect([unavailable.status, unavailable.code]).toEqual([404, 'pair-not-available']);

    const route = `${ws()}/transactions/swap-route`;
    const bad = [
      {
        accountId: fundingAccount,
        fromAssetId: t1.assetId,
        toAssetId: t2.assetId,
        fromAmount: '1',
        toAmount: '1',
      },
      { accountId: fundingAccount, fromAssetId: t1.assetId, toAssetId: t2.assetId },
      { accountId: fundingAccount, fromAssetId: t1.assetId, toAssetId: t2.assetId, fromAmount: '-1' },
      { accountId: fundingAccount, fromAssetId: t1.assetId, toAssetId: t2.assetId, fromAmount: '1e5' },
      { accountId: fundingAccount, fromAssetId: '999999', toAssetId: t2.assetId, fromAmount: '1' },
    ];
    const nft = assets.find((a) => a.assetType === 'nft');
    if (nft)
      bad.push({
        accountId: fundingAccount,
        fromAssetId: nft.assetId,
        toAssetId: t2.assetId,
        fromAmount: '1',
      });
    for (const body of bad)
      expect((await raw('POST', route, { body: JSON.stringify(body) })).status).toBe(400);
  });

  it('creates from a quote (201), replays it (200), refuses a changed body (409) and an expired quote (400)', async () => {
    const [t1, t2] = pair((a, b) => token(a) && token(b) && a.networkId === b.networkId);
    const quote: DryRunTransaction = await swap(t1, t2, { fromAmount: '25' });
    const quoteId =
      quote.embedded?.quoteDetails?.quoteId ?? (quote.params as { quoteId?: string } | undefined)?.quoteId;
    expect(quoteId).toBeTruthy();
    const externalId = `conf${Date.now()}`;
    const body = {
      accountId: fundingAccount,
      externalId,
      transactionType: 'swap-aggregator',
      params: { ...(quote.params ?? {}), quoteId: quoteId!, fromAssetId: t1.assetId, toAssetId: t2.assetId },
    };
    const created = await raw('POST', `${ws()}/transactions`, { body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const replay = await raw('POST', `${ws()}/transactions`, { body: JSON.stringify(body) });
    expect(replay.status).toBe(200);
    const changed = await raw('POST', `${ws()}/transactions`, {
      body: JSON.stringify({ ...body, description: 'other' }),
    });
    expect(changed.status).toBe(409);

    const late = await swap(t1, t2, { fromAmount: '26' });
    fx.advance(31_000);
    const lateBody = {
      accountId: fundingAccount,
      externalId: `${externalId}late`,
      transactionType: 'swap-aggregator',
      params: {
        ...(late.params ?? {}),
        quoteId: late.embedded?.quoteDetails?.quoteId ?? '',
        fromAssetId: t1.assetId,
        toAssetId: t2.assetId,
      },
    };
    const expired = await raw('POST', `${ws()}/transactions`, { body: JSON.stringify(lateBody) });
    expect([expired.status, (expired.json as { message?: string }).message]).toEqual([
      400,
      expect.stringMatching(/expire/i),
    ]);
  });

  it('creates a withdrawal and a bridge through the client, then declines, approves and cancels', async () => {
    const accounts = await api.accounts.list({ statuses: ['active'], isTestnet: false });
    const addresses = await api.addresses.list({ networkId: 'ETH' });
    const eth = assets.find((a) => a.symbol === 'ETH' && native(a))!;
    const withdrawal = await api.transactions.create({
      accountId: fundingAccount,
      externalId: `wd${Date.now()}`,
      transactionType: 'withdrawal',
      params: {
        amount: '250',
        assetId: eth.assetId,
        networkId: 'ETH',
        toAddress: addresses[0]?.address ?? '0x0000000000000000000000000000000000000001',
      },
    });
    expect(withdrawal.data.transactionType).toBe('withdrawal');
    const own = await api.transactions.create({
      accountId: fundingAccount,
      externalId: `own${Date.now()}`,
      transactionType: 'withdrawal',
      params: {
        amount: '0.01',
        assetId: eth.assetId,
        networkId: 'ETH',
        toAccountId: accounts.find((a) => a.accountId !== fundingAccount)!.accountId,
      },
    });
    expect(own.data.transactionId).toBeTruthy();

    const [b1, b2] = pair(
      (a, b) => token(a) && token(b) && a.symbol === b.symbol && a.networkId !== b.networkId,
    );
    const bridge = await swap(b1, b2, { fromAmount: '40' });
    const createdBridge = await api.transactions.create({
      accountId: fundingAccount,
      externalId: `br${Date.now()}`,
      transactionType: 'bridge',
      params: bridge.params ?? {},
    });
    expect(createdBridge.data.transactionType).toBe('bridge');

    const waiting = await api.transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    const declined = await api.transactions.decide('decline', waiting[0]!.transactionId, { reason: 'conformance' });
    expect(declined.data.status).toBe('canceled');
    expect(declined.data.terminatedAt).toBeTruthy();

    let approved: Transaction | undefined;
    for (const t of waiting.slice(1)) {
      try {
        approved = (await api.transactions.decide('approve', t.transactionId)).data;
        break;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    expect(approved).toBeDefined();

    const live = await api.transactions.list({ isTerminated: false, limit: 200 });
    let canceled: Transaction | undefined;
    for (const t of live) {
      try {
        canceled = (await api.transactions.decide('cancel', t.transactionId, { reason: 'conformance' })).data;
        break;
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    expect(canceled?.status).toBe('canceled');
  });
});

describe('WebSocket', () => {
  let realtime: RealtimeClient | undefined;
  afterAll(() => realtime?.close());

  it('snapshot, live frames on changes, limit=0, refusals', async () => {
    realtime = fx.realtime('full-access');
    const snapshots: number[] = [];
    const updates: Transaction[] = [];
    const ready = new Promise<void>((resolve, reject) => {
      realtime!.subscribe(
        { includeEvents: true, limit: 50 },
        {
          onSnapshot: (txs) => {
            snapshots.push(txs.length);
            resolve();
          },
          onUpdate: (txs) => updates.push(...txs),
          onError: reject,
        },
      );
      realtime!.subscribe(
        { limit: 0, transactionStatuses: ['waiting-approval'] },
        { onSnapshot: (txs) => snapshots.push(txs.length), onUpdate: (txs) => updates.push(...txs) },
      );
    });
    await ready;
    expect(snapshots[0]).toBe(50);

    // Changes: an action, then world time moving (the lifecycle runs before each request).
    const waiting = await api.transactions.list({ transactionStatuses: ['waiting-approval'], limit: 1 });
    if (waiting[0]) await api.transactions.decide('decline', waiting[0].transactionId, { reason: 'live' });
    for (let i = 0; i < 20; i++) {
      fx.advance(5_000);
      await api.workspaces.get();
    }
    const deadline = Date.now() + 5_000;
    while (updates.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(updates.length).toBeGreaterThan(0);

    // Refusals: a frame with status 400/401/403 (checked by the tap), on a raw socket.
    const socket = new WebSocket(fx.sandbox.wsUrl);
    await new Promise((r) => socket.once('open', r));
    const statuses: number[] = [];
    socket.on('message', (data) => statuses.push((JSON.parse(data.toString()) as { status: number }).status));
    const uri = subscriptionUri(fx.workspaceId, { limit: 1 });
    const sub = async (s: Signer | undefined, u: string, id: string) => {
      const headers: Record<string, string> = { 'Correlation-Id': id, 'Content-Type': 'application/json' };
      if (s)
        headers.Authorization = `ApiKey ${await s.sign({ method: 'SUBSCRIBE', pathWithQuery: u, body: '{}' })}`;
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', uri: u, headers, body: {} }));
    };
    await sub(undefined, uri, 'a'.repeat(32));
    await sub(signers.revoked, uri, 'b'.repeat(32));
    await sub(signer, `${uri}&limit=1001`.replace('limit=1&', ''), 'c'.repeat(32));
    await sub(
      signer,
      subscriptionUri(fx.workspaceId, { isTerminated: 'maybe' as unknown as boolean }),
      'd'.repeat(32),
    );
    socket.send('not json');
    const until = Date.now() + 5_000;
    while (statuses.length < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    socket.close();
    expect(statuses).toEqual(expect.arrayContaining([401, 403, 400]));
  });
});

describe('the tap saw it all', () => {
  it('every route of the contract answered 2xx at least once, and nothing violated the contract or the OpenAPI', () => {
    const seen = fx.responses;
    const ok = new Set(
      seen
        .filter((r) => r.kind === 'http' && r.status >= 200 && r.status < 300)
        .map((r) => contractRouteOf(r.method, r.target)?.template)
        .filter(Boolean),
    );
    // The twin's operations have their own file (conformance-ops.test.ts), with the same check.
    const routes = CONTRACT_ROUTES.filter((r) => !TWIN_ROUTES.includes(r));
    const missing = routes.filter((r) => !ok.has(r.template)).map((r) => `${r.method} ${r.template}`);
    expect(missing).toEqual([]);
    const errorStatuses = new Set(seen.filter((r) => r.kind === 'http').map((r) => r.status));
    for (const status of [400, 401, 403, 404, 409, 413, 429]) expect(errorStatuses).toContain(status);
    expect(seen.some((r) => r.kind === 'ws' && r.status === 200)).toBe(true);
    const byOpenApi = seen.filter(
      (r) => r.kind === 'http' && openApi().route(r.method, r.target.split('?')[0] ?? ''),
    );
    expect(byOpenApi.length).toBeGreaterThan(100);
    // Re-checks everything at once (the fixture's tap already did, test by test).
    const all = createConformanceTap();
    for (const r of seen) all.onResponse(r);
    all.expectNoViolations();
    process.stdout.write(
      `[conformance] ${all.counts.http} HTTP answers (${all.counts.openapi} also against the OpenAPI) and ${all.counts.ws} frames, 0 violations\n`,
    );
  });
});

describe('the checker can fail', () => {
  const ok = (over: Partial<TappedResponse> = {}): TappedResponse => ({
    kind: 'http',
    method: 'GET',
    target: '/workspaces/ws1/transactions/tx1',
    status: 200,
    headers: { 'content-type': 'application/json', 'correlation-id': 'f'.repeat(32) },
    body: JSON.stringify(minimalTransaction),
    ...over,
  });
  const rules = (r: TappedResponse) => checkResponse(r).map((v) => v.rule);

  it('passes a good answer', () => {
    expect(checkResponse(ok())).toEqual([]);
    const wire = { ...fullTransaction, transactionType: 'swap-aggregator' } as Record<string, unknown>;
    wire._embedded = wire.embedded;
    delete wire.embedded;
    expect(checkResponse(ok({ body: JSON.stringify(wire) }))).toEqual([]);
  });

  it('catches wrong types, missing required fields and format violations', () => {
    expect(rules(ok({ body: JSON.stringify({ ...minimalTransaction, status: 5 }) }))).toEqual([
      'contract',
      'openapi',
    ]);
    const { transactionId: _gone, ...missing } = minimalTransaction;
    expect(rules(ok({ body: JSON.stringify(missing) }))).toEqual(['contract', 'openapi']);
    expect(rules(ok({ body: JSON.stringify({ ...minimalTransaction, createdAt: 1747241036052 }) }))).toEqual([
      'contract',
      'openapi',
    ]);
    const badEvent = { ...minimalTransaction, _embedded: { events: [{ eventId: 'e1' }] } };
    expect(rules(ok({ body: JSON.stringify(badEvent) }))).toContain('openapi');
  });

  it('catches an enum value the OpenAPI does not have, but allows swap-aggregator explicitly', () => {
    const lifiStyle = { ...minimalTransaction, transactionType: 'swap-1inch' };
    // The contract keeps enums open (unknown values are shown, never fatal): only the OpenAPI objects.
    expect(rules(ok({ body: JSON.stringify(lifiStyle) }))).toEqual(['openapi']);
    expect(
      rules(ok({ body: JSON.stringify({ ...minimalTransaction, transactionType: 'swap-aggregator' }) })),
    ).toEqual([]);
    expect(openApi().validateComponent('TransactionType', 'swap-lifi')).toEqual([]);
  });

  it('catches a 500, a missing Correlation-Id, a wrong envelope and `embedded` on the wire', () => {
    const err = (
      status: number,
      body: unknown,
      headers: Record<string, string> = {
        'content-type': 'application/json',
        'correlation-id': 'a'.repeat(32),
      },
    ) => ok({ status, body: JSON.stringify(body), headers });
    expect(rules(err(500, { error: 'internal-error', message: 'boom' }))).toContain('status');
    expect(
      rules(err(404, { error: 'not-found', message: 'x' }, { 'content-type': 'application/json' })),
    ).toEqual(['correlation-id']);
    expect(rules(err(404, { error: 'nope', message: 'x' }))).toEqual(['envelope']);
    expect(rules(err(404, { error: 'conflict', message: 'x' }))).toEqual(['envelope']);
    expect(rules(err(400, { message: 'no code' }))).toContain('envelope');
    expect(rules(err(429, { error: 'too-many-requests', message: 'slow down' }))).toEqual(['retry-after']);
    expect(rules(ok({ body: JSON.stringify({ ...minimalTransaction, embedded: {} }) }))).toEqual([
      'embedded',
    ]);
    expect(rules(ok({ target: '/workspaces/ws1/intents' }))).toEqual(['route']);
    expect(rules(ok({ body: 'not json' }))).toEqual(['json']);
    // A deliberate chaos 503 passes; an unmarked one does not.
    const unavailable = err(503, { error: 'service-unavailable', message: 'chaos' });
    expect(checkResponse({ ...unavailable, chaos: '503' })).toEqual([]);
    expect(rules(unavailable)).toContain('status');
  });

  it('catches bad WebSocket frames', () => {
    const frame = (text: string, status = 200): TappedResponse => ({
      kind: 'ws',
      method: 'PUSH',
      target: '/workspaces/ws1/transactions',
      status,
      headers: {},
      body: text,
    });
    const good = {
      status: 200,
      headers: { 'Correlation-Id': 'c'.repeat(32) },
      body: { transactions: [minimalTransaction] },
    };
    expect(checkResponse(frame(JSON.stringify(good)))).toEqual([]);
    expect(checkResponse(frame(JSON.stringify({ ...good, body: JSON.stringify(good.body) })))).toEqual([]);
    expect(
      rules(
        frame(JSON.stringify({ ...good, body: { transactions: [{ ...minimalTransaction, status: 1 }] } })),
      ),
    ).toContain('contract');
    const failed = { status: 500, headers: good.headers, body: { error: 'internal-error', message: 'x' } };
    expect(rules(frame(JSON.stringify(failed), 500))).toContain('status');
    expect(rules(frame(JSON.stringify(failed)))).toContain('status');
    expect(rules(frame(JSON.stringify({ status: 200, body: { transactions: [] } })))).toEqual([
      'correlation-id',
    ]);
    expect(rules(frame('{"status":'))).toEqual(['json']);
  });

  it('a tap collects violations and fails expectNoViolations with them', () => {
    const own = createConformanceTap();
    own.onResponse(ok({ status: 500, body: '{"error":"internal-error","message":"x"}' }));
    expect(own.violations.length).toBeGreaterThan(0);
    expect(() => own.expectNoViolations()).toThrow(/never answers 5xx/);
    own.reset();
    expect(() => own.expectNoViolations()).not.toThrow();
  });

  it('the OpenAPI maps concrete paths to its templates, literal segments first', () => {
    expect(openApi().route('POST', '/workspaces/w/transactions/dry-run')?.template).toBe(
      '/workspaces/{workspaceId}/transactions/dry-run',
    );
    expect(openApi().route('GET', '/workspaces/w/transactions/t1')?.template).toBe(
      '/workspaces/{workspaceId}/transactions/{transactionId}',
    );
    expect(openApi().route('POST', '/workspaces/w/transactions/swap-route')).toBeUndefined();
    expect(openApi().route('GET', '/workspaces')).toBeUndefined();
    // Why `oneOf` is read as `anyOf`: a plain withdrawal's params satisfy several open families.
    const params = { amount: '1', assetId: '2', networkId: 'ETH', toAddress: '0xabc' };
    expect(openApi().validateComponent('WithdrawalParams', params)).toEqual([]);
    expect(openApi().validateComponent('DepositParams', params)).toEqual([]);
  });
});
