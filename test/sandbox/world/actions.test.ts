import { describe, expect, it } from 'vitest';
import type { CreateTransactionRequest } from '../../../src/contract/index.js';
import {
  BTC_ADDRESS,
  ETH_ADDRESS,
  expectOk,
  externalId,
  type Harness,
  harness,
  runUntil,
  TRON_ADDRESS,
} from './helpers.js';

function withdrawal(
  h: Harness,
  params: Record<string, unknown>,
  account = 'Ops Hot',
  extra: Partial<CreateTransactionRequest> = {},
) {
  return h.world.create(
    {
      accountId: h.accountId(account),
      externalId: externalId(),
      transactionType: 'withdrawal',
      params: params as never,
      ...extra,
    },
    h.owner,
  );
}

/** 0.5 BTC: above the lowest limit (one approval), below the others. */
function waitingOne(h: Harness): string {
  const id = expectOk(withdrawal(h, { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS })).transactionId;
  runUntil(h, id, 'waiting-approval');
  return id;
}

describe('decline', () => {
  it('turns a waiting-approval transaction into canceled with terminatedAt', () => {
    const h = harness();
    const id = waitingOne(h);
    const changes: string[] = [];
    h.world.onChange((tx) => {
      if (tx.transactionId === id) changes.push(tx.status);
    });
    h.clock.advance(1234);
    const declined = expectOk(h.world.decline(id, h.owner, 'not this one'));
    expect(declined.status).toBe('canceled');
    expect(declined.terminatedAt).toBe(String(h.clock.now()));
    expect(declined.updatedAt).toBe(declined.terminatedAt);
    expect(changes).toEqual(['canceled']);
    h.run(5 * 60_000, 5_000);
    expect(h.status(id)).toBe('canceled');
  });

  it('answers 409 with the status when not waiting for approval, 404 when unknown', () => {
    const h = harness();
    const id = waitingOne(h);
    expectOk(h.world.decline(id, h.owner));
    const again = h.world.decline(id, h.owner);
    expect(again).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    expect(!again.ok && again.message).toContain('canceled');
    const completed = h.world.transactions({ transactionStatuses: ['completed'], limit: '1' })[0]!;
    expect(h.world.decline(completed.transactionId, h.owner)).toMatchObject({
      status: 409,
      message: expect.stringContaining('completed'),
    });
    expect(h.world.decline('nope', h.owner)).toMatchObject({ ok: false, status: 404, code: 'not-found' });
  });

  it('is refused (403) to a member who is not among the approvers', () => {
    const h = harness();
    const id = expectOk(withdrawal(h, { assetId: '1', amount: '5', toAddress: BTC_ADDRESS })).transactionId;
    const waiting = runUntil(h, id, 'waiting-approval');
    const outsider = h.world.members
      .map((m) => m.userId)
      .find((m) => !waiting.extra!.approvers!.availableApprovers!.includes(m))!;
    expect(h.world.decline(id, outsider)).toMatchObject({ ok: false, status: 403, code: 'forbidden' });
    expect(h.status(id)).toBe('waiting-approval');
  });
});

describe('approve', () => {
  it('counts approvals, refuses outsiders (403) and second approvals (409), then moves on to signing', () => {
    const h = harness();
    // 1.5 BTC: the high limit, two approvals, no security delay.
    const id = expectOk(withdrawal(h, { assetId: '1', amount: '1.5', toAddress: BTC_ADDRESS })).transactionId;
    const waiting = runUntil(h, id, 'waiting-approval');
    const approvers = waiting.extra!.approvers!;
    expect(approvers.number).toBe('2');
    expect(approvers.securityDelayDuration).toBeUndefined();
    const outsider = h.world.members
      .map((m) => m.userId)
      .find((m) => !approvers.availableApprovers!.includes(m))!;
    expect(h.world.approve(id, outsider)).toMatchObject({ ok: false, status: 403, code: 'forbidden' });
    expect(expectOk(h.world.approve(id, h.owner)).extra?.approvers?.approvedBy).toEqual([h.owner]);
    expect(h.world.approve(id, h.owner)).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    const second = approvers.availableApprovers!.find((m) => m !== h.owner)!;
    const approved = expectOk(h.world.approve(id, second));
    expect(approved.status).toBe('approved');
    expect(approved.extra?.approvers?.approvedBy).toEqual([h.owner, second]);
    expect(h.world.approve(id, approvers.availableApprovers![2]!)).toMatchObject({ status: 409 });
    runUntil(h, id, 'signing-required', 10_000);
    expect(h.world.approve('nope', h.owner)).toMatchObject({ status: 404 });
  });

  it('a transaction below every limit never waits for approval', () => {
    const h = harness();
    const tx = expectOk(withdrawal(h, { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS }));
    expect(tx.extra?.approvers).toBeUndefined();
    const seen: string[] = [];
    h.world.onChange((t) => {
      if (t.transactionId === tx.transactionId) seen.push(t.status);
    });
    runUntil(h, tx.transactionId, 'signing');
    expect(seen).toEqual(['signing-required', 'signing']);
  });
});

describe('cancel', () => {
  it.each([['new'], ['waiting-approval'], ['approved'], ['signing-required']])(
    'is allowed in %s',
    (status) => {
      const h = harness();
      const id = expectOk(
        withdrawal(h, { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS }),
      ).transactionId;
      if (status !== 'new') runUntil(h, id, 'waiting-approval');
      if (status === 'approved' || status === 'signing-required') expectOk(h.world.approve(id, h.owner));
      if (status === 'signing-required') runUntil(h, id, 'signing-required');
      expect(h.status(id)).toBe(status);
      const canceled = expectOk(h.world.cancel(id, h.owner, 'changed my mind'));
      expect(canceled.status).toBe('canceled');
      expect(canceled.terminatedAt).toBeDefined();
      h.run(2 * 60_000, 1_000);
      expect(h.status(id)).toBe('canceled');
    },
  );

  it('is allowed inside the security delay', () => {
    const h = harness();
    const delayed = h.world.transactions({ transactionStatuses: ['awaiting-security-policy'] })[0]!;
    expect(expectOk(h.world.cancel(delayed.transactionId, h.owner)).status).toBe('canceled');
  });

  it.each([['signing'], ['signed'], ['broadcasted'], ['completed']])('is refused (409) in %s', (status) => {
    const h = harness();
    const id = expectOk(withdrawal(h, { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS })).transactionId;
    runUntil(h, id, status, 10 * 60_000, 100);
    const refused = h.world.cancel(id, h.owner);
    expect(refused).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    expect(!refused.ok && refused.message).toContain(status);
  });

  it('is refused for deposits and unknown ids', () => {
    const h = harness();
    const deposit = h.world.transactions({ transactionTypes: ['deposit'], isTerminated: false })[0]!;
    expect(h.world.cancel(deposit.transactionId, h.owner)).toMatchObject({ status: 409 });
    expect(h.world.cancel('nope', h.owner)).toMatchObject({ status: 404 });
  });
});

describe('expiry', () => {
  it('a transaction still waiting for approval expires at expiresAt, not a millisecond before', () => {
    const h = harness();
    const expiresAt = h.clock.now() + 10 * 60_000;
    const id = expectOk(
      withdrawal(h, { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS }, 'Ops Hot', {
        expiresAt: String(expiresAt),
      }),
    ).transactionId;
    expect(h.world.transaction(id)!.expiresAt).toBe(String(expiresAt));
    runUntil(h, id, 'waiting-approval');
    h.clock.set(expiresAt - 1);
    h.world.advance();
    expect(h.status(id)).toBe('waiting-approval');
    h.clock.set(expiresAt);
    h.world.advance();
    const expired = h.world.transaction(id)!;
    expect(expired.status).toBe('expired');
    expect(expired.terminatedAt).toBe(String(expiresAt));
    expect(h.world.approve(id, h.owner)).toMatchObject({ status: 409 });
  });

  it('by default a transaction waits an hour for approval', () => {
    const h = harness();
    const id = waitingOne(h);
    const tx = h.world.transaction(id)!;
    expect(Number(tx.expiresAt) - Number(tx.createdAt)).toBe(3_600_000);
    h.run(3_600_000, 60_000);
    expect(h.status(id)).toBe('expired');
  });
});

describe('create', () => {
  it('makes a withdrawal that echoes its params and enters the lifecycle', () => {
    const h = harness();
    const params = {
      assetId: '21',
      amount: '150.25',
      toAddress: TRON_ADDRESS,
      networkId: 'TRX',
      feeLevel: 'high',
    };
    const result = withdrawal(h, params, 'Payroll', { description: 'Invoice 77' });
    const tx = expectOk(result);
    expect(result.created).toBe(true);
    expect(tx).toMatchObject({ transactionType: 'withdrawal', status: 'new', createdBy: h.owner, params });
    expect(tx.extra).toMatchObject({ toAddress: TRON_ADDRESS, description: 'Invoice 77' });
    expect(tx.extra?.fromAddress).toMatch(/^T/);
    expect(h.world.transaction(tx.transactionId)).toBeDefined();
    runUntil(h, tx.transactionId, 'completed', 5 * 60_000);
  });

  it('is idempotent by externalId per account: same body → the same transaction, another body → 409', () => {
    const h = harness();
    const body: CreateTransactionRequest = {
      accountId: h.accountId('Ops Hot'),
      externalId: 'pay-42',
      transactionType: 'withdrawal',
      params: { assetId: '2', amount: '0.25', toAddress: ETH_ADDRESS },
    };
    const first = h.world.create(body, h.owner);
    expect(first.created).toBe(true);
    h.run(5_000);
    const reordered = {
      params: { toAddress: ETH_ADDRESS, amount: '0.25', assetId: '2' },
      transactionType: 'withdrawal',
      externalId: 'pay-42',
      accountId: body.accountId,
    };
    const second = h.world.create(reordered, h.owner);
    expect(second.created).toBe(false);
    expect(expectOk(second).transactionId).toBe(expectOk(first).transactionId);
    expect(expectOk(second).status).not.toBe('new');
    const changed = h.world.create({ ...body, params: { ...body.params, amount: '0.26' } }, h.owner);
    expect(changed).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    const elsewhere = h.world.create({ ...body, accountId: h.accountId('Trading') }, h.owner);
    expect(elsewhere.created).toBe(true);
    expect(h.world.transactions({ externalId: 'pay-42' })).toHaveLength(2);
  });

  it.each<[string, string, Record<string, unknown>, Partial<CreateTransactionRequest>, number, string]>([
    [
      'unknown asset',
      'Ops Hot',
      { assetId: '999', amount: '1', toAddress: ETH_ADDRESS },
      {},
      400,
      'params.assetId',
    ],
    ['fiat asset', 'Ops Hot', { assetId: '7', amount: '1', toAddress: ETH_ADDRESS }, {}, 400, 'fiat'],
    [
      'zero amount',
      'Ops Hot',
      { assetId: '2', amount: '0', toAddress: ETH_ADDRESS },
      {},
      400,
      'params.amount',
    ],
    [
      'malformed amount',
      'Ops Hot',
      { assetId: '2', amount: '1e3', toAddress: ETH_ADDRESS },
      {},
      400,
      'params.amount',
    ],
    [
      'too many decimals',
      'Ops Hot',
      { assetId: '11', amount: '1.1234567', toAddress: ETH_ADDRESS },
      {},
      400,
      '6 decimal places',
    ],
    [
      'wrong address format',
      'Ops Hot',
      { assetId: '2', amount: '1', toAddress: BTC_ADDRESS },
      {},
      400,
      'params.toAddress',
    ],
    ['no destination', 'Ops Hot', { assetId: '2', amount: '1' }, {}, 400, 'params.toAddress'],
    [
      'both destinations',
      'Ops Hot',
      { assetId: '2', amount: '1', toAddress: ETH_ADDRESS, toAccountId: 'x' },
      {},
      400,
      'not both',
    ],
    [
      'address book record',
      'Ops Hot',
      { assetId: '2', amount: '1', toAddressBookRecordId: 'abc' },
      {},
      400,
      'address book',
    ],
    [
      'unknown destination account',
      'Ops Hot',
      { assetId: '2', amount: '1', toAccountId: 'nope' },
      {},
      400,
      'params.toAccountId',
    ],
    [
      'network mismatch',
      'Ops Hot',
      { assetId: '2', amount: '1', toAddress: ETH_ADDRESS, networkId: 'TRX' },
      {},
      400,
      'params.networkId',
    ],
    [
      'memo on a network without memos',
      'Ops Hot',
      { assetId: '1', amount: '0.1', toAddress: BTC_ADDRESS, memo: '123' },
      {},
      400,
      'memo',
    ],
    [
      'testnet asset from a mainnet account',
      'Ops Hot',
      { assetId: '101', amount: '1', toAddress: ETH_ADDRESS },
      {},
      400,
      'testnet',
    ],
    [
      'no address on the network',
      'Payroll',
      { assetId: '1', amount: '0.1', toAddress: BTC_ADDRESS },
      {},
      400,
      'no address on BTC',
    ],
    [
      'address-book-only vault to a raw address',
      'Treasury Cold',
      { assetId: '1', amount: '0.1', toAddress: BTC_ADDRESS },
      {},
      403,
      'address book',
    ],
    [
      'archived account',
      'Archive 2023',
      { assetId: '1', amount: '0.1', toAddress: BTC_ADDRESS },
      {},
      400,
      'archived',
    ],
    [
      'account still generating',
      'Settlement',
      { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS },
      {},
      400,
      'shard-generating',
    ],
    [
      'expiresAt in the past',
      'Ops Hot',
      { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS },
      { expiresAt: '1000' },
      400,
      'expiresAt',
    ],
    [
      'unsupported type',
      'Ops Hot',
      { assetId: '2' },
      { transactionType: 'stake-claim' },
      400,
      'transactionType',
    ],
  ])('refuses %s', (_name, account, params, extra, status, text) => {
    const h = harness();
    const before = h.world.stats().transactions;
    const result = withdrawal(h, params, account, extra);
    expect(result).toMatchObject({ ok: false, status });
    expect(!result.ok && result.message).toContain(text);
    expect(h.world.stats().transactions).toBe(before);
  });

  it('refuses params nested too deeply, whatever the depth', () => {
    const h = harness();
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const params = { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS, note: deep };
    expect(withdrawal(h, params)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('nested'),
    });
    const shallow = { assetId: '2', amount: '0.1', toAddress: ETH_ADDRESS, note: { a: { b: [1, 2] } } };
    expect(expectOk(withdrawal(h, shallow)).params?.note).toEqual({ a: { b: [1, 2] } });
  });

  it('refuses an unknown account', () => {
    const h = harness();
    const result = h.world.create(
      {
        accountId: 'nope',
        externalId: 'x',
        transactionType: 'withdrawal',
        params: { assetId: '2', amount: '1' },
      },
      h.owner,
    );
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('accountId') });
  });

  it("an address-book-only vault may still send to the workspace's own accounts", () => {
    const h = harness();
    const tx = expectOk(
      withdrawal(h, { assetId: '1', amount: '1', toAccountId: h.accountId('Ops Hot') }, 'Treasury Cold'),
    );
    expect(tx.extra?.approvers?.skipApproval).toBe(true);
  });

  it('creates a bridge from the params a bridge route returned', () => {
    const h = harness();
    const route = h.world.swapRoute({
      accountId: h.accountId('Trading'),
      fromAssetId: '11',
      toAssetId: '21',
      fromAmount: '2500',
    });
    const dry = expectOk(route);
    expect(dry.transactionType).toBe('bridge');
    const tx = expectOk(
      h.world.create(
        {
          accountId: dry.accountId,
          externalId: externalId(),
          transactionType: 'bridge',
          params: dry.params! as never,
        },
        h.owner,
      ),
    );
    expect(tx.params).toMatchObject({ sourceAssetId: '11', amount: '2500', toAssetId: '21' });
    const done = runUntil(h, tx.transactionId, 'completed', 10 * 60_000);
    const incoming = done.embedded!.events!.find((e) => e.eventType === 'in')!;
    expect(incoming).toMatchObject({ assetId: '21', amount: '2497.5', networkId: 'TRX' });
  });
});
