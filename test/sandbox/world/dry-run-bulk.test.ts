// The dry run (world/dry-run.ts) and bulk create (world/bulk.ts): the dry run answers what a create
// would, with its refusals, and changes nothing; bulk creates each item on its own, idempotently.
import { describe, expect, it } from 'vitest';
import type { CreateTransactionRequest } from '../../../src/contract/index.js';
import { BTC_ADDRESS, ETH_ADDRESS, expectOk, externalId, type Harness, harness } from './helpers.js';

function body(h: Harness, params: Record<string, unknown>, extra: Partial<CreateTransactionRequest> = {}) {
  return {
    accountId: h.accountId('Ops Hot'),
    externalId: externalId(),
    transactionType: 'withdrawal',
    params: params as never,
    ...extra,
  } satisfies CreateTransactionRequest;
}

/** Everything a create would touch, as the API shows it. */
function state(h: Harness) {
  return JSON.stringify({
    transactions: h.world.transactions({ limit: '1000', includeEvents: true }),
    balances: h.world.balances({ nonEmpty: false }),
    activities: h.world.directory.activities({ limit: '1000' }),
    actions: h.world.actionLog(),
    stats: h.world.stats(),
  });
}

describe('dry run', () => {
  it('answers what the create would make, with estimations, and changes nothing', () => {
    const h = harness();
    const request = body(h, { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS });
    const before = state(h);
    const dry = expectOk(h.world.ops.dryRun(request, h.owner));
    expect(state(h)).toBe(before);
    expect(dry).toMatchObject({ transactionType: 'withdrawal', accountId: request.accountId, externalId: request.externalId });
    expect(dry.params).toMatchObject({ assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS });
    expect(dry.estimations!.map((e) => e.eventType)).toEqual(['out', 'fee']);
    expect(dry.estimations![0]).toMatchObject({ assetId: '1', amount: '0.01', createdAt: String(h.clock.now()) });
    // The same request again: the same answer (nothing was drawn from the world's streams).
    expect(expectOk(h.world.ops.dryRun(request, h.owner))).toEqual(dry);
    // And the create still works as if the dry run had never been.
    const created = expectOk(h.world.create(request, h.owner));
    expect(created.status).toBe('new');
  });

  it.each([
    { name: 'unknown account', patch: { accountId: 'nope' }, params: { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS }, status: 400 },
    { name: 'bad address', patch: {}, params: { assetId: '1', amount: '0.01', toAddress: 'nope' }, status: 400 },
    { name: 'too many decimals', patch: {}, params: { assetId: '1', amount: '0.000000001', toAddress: BTC_ADDRESS }, status: 400 },
    { name: 'overdraft', patch: {}, params: { assetId: '1', amount: '100000', toAddress: BTC_ADDRESS }, status: 409 },
    { name: 'unsupported type', patch: { transactionType: 'deposit' }, params: { assetId: '1', amount: '1' }, status: 400 },
  ])('$name: the create\'s own refusal ($status)', ({ patch, params, status }) => {
    const h = harness();
    const request = { ...body(h, params), ...patch } as CreateTransactionRequest;
    const before = state(h);
    const dry = h.world.ops.dryRun(request, h.owner);
    expect(state(h)).toBe(before);
    expect(dry).toMatchObject({ ok: false, status });
    const create = h.world.create(request, h.owner);
    expect(create).toMatchObject({ ok: false, status });
    if (!dry.ok && !create.ok) expect(dry.message).toBe(create.message);
  });

  it.each([
    { name: 'above a limit', params: { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS }, code: 'approval-required' },
    { name: 'an address the book does not know', params: { assetId: '2', amount: '0.01', toAddress: ETH_ADDRESS }, code: 'unknown-destination' },
  ])('warns: $name', ({ params, code }) => {
    const h = harness();
    const dry = expectOk(h.world.ops.dryRun(body(h, params), h.owner));
    expect(dry.warning?.code).toBe(code);
  });

  it('an externalId already used: the same body warns, another body is 409', () => {
    const h = harness();
    const request = body(h, { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS });
    const created = expectOk(h.world.create(request, h.owner));
    const before = state(h);
    const again = expectOk(h.world.ops.dryRun(request, h.owner));
    expect(again.warning?.code).toBe('already-created');
    expect(again.estimations![0]!.transactionId).toBe(created.transactionId);
    const other = { ...request, description: 'another' };
    expect(h.world.ops.dryRun(other, h.owner)).toMatchObject({ ok: false, status: 409 });
    expect(state(h)).toBe(before);
  });

  it('does not use a swap quote', () => {
    const h = harness();
    const accountId = h.accountId('Ops Hot');
    const route = h.world.swapRoute({ accountId, fromAssetId: '2', toAssetId: '12', fromAmount: '0.1' });
    if (!route.ok) throw new Error(route.message);
    const request = { accountId, externalId: externalId(), transactionType: 'swap-aggregator', params: route.value.params as never };
    expectOk(h.world.ops.dryRun(request, h.owner));
    expectOk(h.world.ops.dryRun(request, h.owner));
    expect(expectOk(h.world.create(request, h.owner)).transactionType).toBe('swap-aggregator');
  });
});

describe('bulk create', () => {
  it('creates each item on its own; a failed one is an error item and stops nothing', () => {
    const h = harness();
    const good = body(h, { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS });
    const bad = body(h, { assetId: '1', amount: '0.01', toAddress: 'nope' });
    const good2 = body(h, { assetId: '2', amount: '0.01', toAddress: ETH_ADDRESS });
    const out = h.world.ops.bulkCreate([good, bad, good2], h.owner);
    expect(out.map((t) => t.status)).toEqual(['new', 'error', 'new']);
    expect(out[1]).toMatchObject({
      transactionId: '',
      externalId: bad.externalId,
      accountId: bad.accountId,
      transactionType: 'withdrawal',
      terminatedAt: String(h.clock.now()),
      error: { error: 'bad-request' },
    });
    expect((out[1] as unknown as { error: { message: string } }).error.message).toMatch(/^transactions\[1\]: params\.toAddress/);
    expect(h.world.transaction(out[0]!.transactionId)).toBeDefined();
    expect(h.world.transaction(out[2]!.transactionId)).toBeDefined();
  });

  it('is idempotent per item, within a request and across requests', () => {
    const h = harness();
    const a = body(h, { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS });
    const changed = { ...a, description: 'changed' };
    const first = h.world.ops.bulkCreate([a, a, changed], h.owner);
    expect(first[1]!.transactionId).toBe(first[0]!.transactionId);
    expect(first[2]).toMatchObject({ status: 'error', error: { error: 'conflict' } });
    const size = h.world.stats().transactions;
    const again = h.world.ops.bulkCreate([a], h.owner);
    expect(again[0]!.transactionId).toBe(first[0]!.transactionId);
    expect(h.world.stats().transactions).toBe(size);
  });

  it('a failed item can be retried with the same externalId', () => {
    const h = harness();
    const bad = body(h, { assetId: '1', amount: '100000', toAddress: BTC_ADDRESS });
    expect(h.world.ops.bulkCreate([bad], h.owner)[0]).toMatchObject({ status: 'error', error: { error: 'conflict' } });
    const fixed = { ...bad, params: { assetId: '1', amount: '0.01', toAddress: BTC_ADDRESS } as never };
    expect(h.world.ops.bulkCreate([fixed], h.owner)[0]!.status).toBe('new');
  });
});
