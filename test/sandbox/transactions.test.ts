// Transactions over HTTP on a manual clock: filters and pages, decline/approve/cancel with their
// rules, create with idempotency, and quotes that expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import type { Transaction } from '../../src/contract/index.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';

let fx: SandboxFixture;
let ws: string;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 1500 });
  ws = `/workspaces/${fx.workspaceId}`;
});
afterAll(() => fx.close());

const ids = (txs: Transaction[]) => txs.map((tx) => tx.transactionId);

describe('filters and pages', () => {
  it('pages never overlap and add up to the bigger page', async () => {
    const api = fx.client();
    const q = { sortBy: 'updated', sortDirection: 'DESC' } as const;
    const first = await api.transactions.list({ ...q, limit: 50, offset: 0 });
    const second = await api.transactions.list({ ...q, limit: 50, offset: 50 });
    const both = await api.transactions.list({ ...q, limit: 100, offset: 0 });
    expect(first).toHaveLength(50);
    expect(second).toHaveLength(50);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(100);
    expect([...ids(first), ...ids(second)]).toEqual(ids(both));
  });

  it('walks a filtered list to its end, page by page, with no repeat', async () => {
    const api = fx.client();
    const seen = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page = await api.transactions.list({ isTerminated: false, limit: 100, offset });
      for (const tx of page) {
        expect(seen.has(tx.transactionId)).toBe(false);
        seen.add(tx.transactionId);
      }
      if (page.length < 100) break;
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('sorts by updatedAt both ways', async () => {
    const api = fx.client();
    const desc = await api.transactions.list({ sortBy: 'updated', sortDirection: 'DESC', limit: 30 });
    const asc = await api.transactions.list({ sortBy: 'updated', sortDirection: 'ASC', limit: 30 });
    const times = (txs: Transaction[]) => txs.map((tx) => Number(tx.updatedAt));
    expect(times(desc)).toEqual([...times(desc)].sort((a, b) => b - a));
    expect(times(asc)).toEqual([...times(asc)].sort((a, b) => a - b));
  });

  it('filters by status, type, account, terminated, time, asset', async () => {
    const api = fx.client();
    const waiting = await api.transactions.list({ transactionStatuses: ['waiting-approval'] });
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.every((tx) => tx.status === 'waiting-approval')).toBe(true);

    const account = waiting[0]!.accountId;
    const mixed = await api.transactions.list({
      accountId: account,
      transactionStatuses: ['completed', 'canceled'],
      limit: 100,
    });
    expect(mixed.every((tx) => tx.accountId === account && ['completed', 'canceled'].includes(tx.status))).toBe(true);

    const deposits = await api.transactions.list({ transactionTypes: ['deposit'], limit: 50 });
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.every((tx) => tx.transactionType === 'deposit')).toBe(true);

    const live = await api.transactions.list({ isTerminated: false, limit: 200 });
    expect(live.every((tx) => tx.terminatedAt == null)).toBe(true);
    const done = await api.transactions.list({ isTerminated: true, limit: 50 });
    expect(done.every((tx) => tx.terminatedAt != null)).toBe(true);

    const pivot = Number(done[10]!.updatedAt);
    const recent = await api.transactions.list({ updatedAtFrom: pivot, limit: 1000 });
    expect(recent.every((tx) => Number(tx.updatedAt) >= pivot)).toBe(true);

    const notIn = await api.transactions.list({ transactionStatusNotIn: ['completed'], limit: 100 });
    expect(notIn.some((tx) => tx.status === 'completed')).toBe(false);

    const byId = await api.transactions.list({ transactionIds: ids(waiting.slice(0, 2)) });
    expect(ids(byId).sort()).toEqual(ids(waiting.slice(0, 2)).sort());
  });

  it('includeEvents decides whether events travel in the list', async () => {
    const api = fx.client();
    const without = await api.transactions.list({ transactionStatuses: ['completed'], limit: 5 });
    expect(without.every((tx) => tx.embedded?.events === undefined)).toBe(true);
    const withEvents = await api.transactions.list({ transactionStatuses: ['completed'], limit: 5, includeEvents: true });
    expect(withEvents.some((tx) => (tx.embedded?.events?.length ?? 0) > 0)).toBe(true);
  });

  it('limit=0 is an empty page', async () => {
    expect(await fx.client().transactions.list({ limit: 0 })).toEqual([]);
  });
});

async function waitingApproval(): Promise<Transaction[]> {
  return fx.client().transactions.list({ transactionStatuses: ['waiting-approval'], limit: 100 });
}

describe('decline, approve, cancel', () => {
  it('decline: waiting-approval → canceled with terminatedAt; again → 409', async () => {
    const [tx] = await waitingApproval();
    const api = fx.client('transaction-operator');
    const { data, correlationId } = await api.transactions.decide('decline', tx!.transactionId, { reason: 'not ours' });
    expect(data.status).toBe('canceled');
    expect(data.terminatedAt).toBeTruthy();
    expect(correlationId).toMatch(/^[0-9a-f]{32}$/);
    expect((await api.transactions.get(tx!.transactionId)).status).toBe('canceled');
    const again = await api.transactions.decide('decline', tx!.transactionId).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).status).toBe(409);
    expect((again as ApiError).code).toBe('conflict');
  });

  it('decline is refused to view-only and mpc-hot-signer', async () => {
    const [tx] = await waitingApproval();
    for (const role of ['view-only', 'mpc-hot-signer'] as const) {
      const err = await fx.client(role).transactions.decide('decline', tx!.transactionId).catch((e: unknown) => e);
      expect((err as ApiError).status).toBe(403);
    }
    expect((await fx.client().transactions.get(tx!.transactionId)).status).toBe('waiting-approval');
  });

  it('approve counts an approval; a completed transaction cannot be approved', async () => {
    const [tx] = await waitingApproval();
    const { data } = await fx.client('full-access').transactions.decide('approve', tx!.transactionId);
    expect(data.extra?.approvers?.approvedBy ?? []).toContain(fx.sandbox.world.members[0]!.userId);
    const [completed] = await fx.client().transactions.list({ transactionStatuses: ['completed'], limit: 1 });
    const err = await fx.client().transactions.decide('approve', completed!.transactionId).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(409);
  });

  it('cancel a live transaction; a terminated one is 409', async () => {
    const [tx] = (await waitingApproval()).slice(-1);
    const { data } = await fx.client().transactions.decide('cancel', tx!.transactionId, { reason: 'changed my mind' });
    expect(data.status).toBe('canceled');
    const err = await fx.client().transactions.decide('cancel', tx!.transactionId).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(409);
  });
});

describe('create', () => {
  const withdrawal = (accountId: string, externalId: string, amount = '0.02') => ({
    accountId,
    externalId,
    transactionType: 'withdrawal',
    params: { assetId: '2', amount, toAddress: '0x000000000000000000000000000000000000dEaD' },
  });

  it('201 once, 200 for the same externalId and body, 409 for another body', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const target = `${ws}/transactions`;
    const body = JSON.stringify(withdrawal(account!.accountId, 'create-idem-1'));
    const first = await fx.fetch('POST', target, { body });
    expect(first.status, first.text).toBe(201);
    const replay = await fx.fetch('POST', target, { body });
    expect(replay.status).toBe(200);
    expect(replay.json.transactionId).toBe(first.json.transactionId);
    const other = await fx.fetch('POST', target, { body: JSON.stringify(withdrawal(account!.accountId, 'create-idem-1', '5')) });
    expect(other.status).toBe(409);
    expect(other.json.error).toBe('conflict');
  });

  it('a swap quote is refused after expiresAt (manual clock)', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const route = await fx.client().transactions.swapRoute({
      accountId: account!.accountId,
      fromAssetId: '11',
      toAssetId: '12',
      fromAmount: '50',
    });
    const quote = route.embedded!.quoteDetails!;
    const expiresAt = Number(quote.expiresAt);
    expect(expiresAt - fx.clock!.now()).toBeGreaterThan(10_000);
    fx.advance(expiresAt - fx.clock!.now() + 1_000);
    const res = await fx.fetch('POST', `${ws}/transactions`, {
      body: JSON.stringify({
        accountId: account!.accountId,
        externalId: 'late-swap',
        transactionType: 'swap-aggregator',
        params: { fromAssetId: '11', toAssetId: '12', quoteId: quote.quoteId, fromAmount: '50' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/expired/);
  });

  it('swap route answers bridge, intents and pair-not-available', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const route = (fromAssetId: string, toAssetId: string) =>
      fx.fetch('POST', `${ws}/transactions/swap-route`, {
        body: JSON.stringify({ accountId: account!.accountId, fromAssetId, toAssetId, fromAmount: '10' }),
      });
    const bridge = await route('11', '21');
    expect(bridge.status).toBe(200);
    expect(bridge.json.transactionType).toBe('bridge');
    const testnet = await route('101', '2');
    expect(testnet.status).toBe(404);
    expect(testnet.json.error).toBe('pair-not-available');
    const unknown = await route('11', 'no-such-asset');
    expect([400, 404]).toContain(unknown.status);
  });
});
