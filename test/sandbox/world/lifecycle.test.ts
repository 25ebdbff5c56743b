import { describe, expect, it } from 'vitest';
import { isTerminalStatus, type Transaction } from '../../../src/contract/index.js';
import { BTC_ADDRESS, expectOk, externalId, harness, runUntil } from './helpers.js';

describe('lifecycle of an outgoing transaction', () => {
  it('walks through every status, with updatedAt strictly increasing and one onChange per change', () => {
    const h = harness();
    const seen: Transaction[] = [];
    h.world.onChange((tx) => seen.push(tx));
    // 5 BTC is above the highest limit: two approvals, then a security delay.
    const created = h.world.create(
      {
        accountId: h.accountId('Ops Hot'),
        externalId: externalId(),
        transactionType: 'withdrawal',
        params: { assetId: '1', amount: '5', toAddress: BTC_ADDRESS },
      },
      h.owner,
    );
    const id = expectOk(created).transactionId;
    expect(created.created).toBe(true);
    const mine = () => seen.filter((t) => t.transactionId === id);
    expect(mine().map((t) => t.status)).toEqual(['new']);

    const waiting = runUntil(h, id, 'waiting-approval');
    expect(waiting.extra?.approvers).toMatchObject({ number: '2', approvedBy: [] });
    expect(waiting.extra?.approvers?.availableApprovers).toContain(h.owner);
    expect(waiting.expiresAt).toBeDefined();

    const once = expectOk(h.world.approve(id, h.owner));
    expect(once.status).toBe('waiting-approval');
    expect(once.extra?.approvers?.approvedBy).toEqual([h.owner]);
    const other = waiting.extra!.approvers!.availableApprovers!.find((m) => m !== h.owner)!;
    expect(expectOk(h.world.approve(id, other)).status).toBe('approved');

    const delayed = runUntil(h, id, 'awaiting-security-policy');
    const delayEnds = Number(delayed.extra?.approvers?.securityDelayExpiresAt);
    expect(delayed.extra?.approvers?.securityDelayDuration).toMatch(/^\d+$/);
    expect(delayEnds - h.clock.now()).toBeGreaterThan(60_000);
    expect(delayEnds - h.clock.now()).toBeLessThanOrEqual(5 * 60_000);

    const signingRequired = runUntil(h, id, 'signing-required');
    expect(h.clock.now()).toBeGreaterThanOrEqual(delayEnds);
    expect(signingRequired.extra?.signingRequestId).toMatch(/^[a-z0-9]{24}$/);
    expect(signingRequired.embedded?.currentSigningRequest).toMatchObject({
      status: 'new',
      transactionId: id,
    });

    expect(runUntil(h, id, 'signing').embedded?.currentSigningRequest?.status).toBe('signing');
    const signed = runUntil(h, id, 'signed');
    expect(signed.embedded?.currentSigningRequest?.signed?.signature).toBeTruthy();
    expect(signed.embedded?.events).toEqual([]);

    const broadcast = runUntil(h, id, 'broadcasted');
    expect(broadcast.extra?.blockchainDetails?.[0]?.blockchainTxId).toMatch(/^[0-9a-f]{64}$/);
    expect(broadcast.extra?.blockchainDetails?.[0]?.networkId).toBe('BTC');
    expect(broadcast.extra?.confirmations).toBe('0');
    const events = broadcast.embedded!.events!;
    expect(events.map((e) => e.eventType)).toEqual(['out', 'fee']);
    expect(events[0]).toMatchObject({ assetId: '1', amount: '5', networkId: 'BTC', symbol: 'BTC' });
    expect(events[0]!.extra?.out?.[0]).toMatchObject({ address: BTC_ADDRESS, amount: '5' });
    expect(Number(events[0]!.usdAmount)).toBeGreaterThan(400_000);
    expect(events[0]!.usdAmount).toMatch(/^\d+\.\d\d$/);
    expect(events[1]!.assetId).toBe('1');
    expect(h.world.events(id)).toEqual(events);

    const completed = runUntil(h, id, 'completed');
    expect(completed.extra?.confirmations).toBe('3');
    expect(completed.terminatedAt).toBe(completed.updatedAt);

    const statuses = mine().map((t) => t.status);
    expect(statuses).toEqual([
      'new',
      'waiting-approval',
      'waiting-approval',
      'approved',
      'awaiting-security-policy',
      'signing-required',
      'signing',
      'signed',
      'broadcasted',
      'waiting-confirmations',
      'waiting-confirmations',
      'completed',
    ]);
    expect(
      mine()
        .map((t) => t.extra?.confirmations ?? null)
        .slice(-4),
    ).toEqual(['0', '1', '2', '3']);
    const stamps = mine().map((t) => Number(t.updatedAt));
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1]!);
    expect(
      mine()
        .filter((t) => t.terminatedAt !== undefined)
        .map((t) => t.status),
    ).toEqual(['completed']);

    // Nothing changes after the end, and nothing changed without being announced.
    const count = mine().length;
    h.run(10 * 60_000, 5_000);
    expect(mine().length).toBe(count);
    expect(h.world.transaction(id)!.updatedAt).toBe(mine().at(-1)!.updatedAt);
  });

  it('a change that lands in the same millisecond is stamped 1 ms later', () => {
    const h = harness();
    const id = expectOk(
      h.world.create(
        {
          accountId: h.accountId('Ops Hot'),
          externalId: externalId(),
          transactionType: 'withdrawal',
          params: { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS },
        },
        h.owner,
      ),
    ).transactionId;
    const waiting = runUntil(h, id, 'waiting-approval');
    // No clock movement between the approval and the cancel.
    const approved = expectOk(h.world.approve(id, h.owner));
    expect(approved.status).toBe('approved');
    expect(Number(approved.updatedAt)).toBeGreaterThan(Number(waiting.updatedAt));
    const canceled = expectOk(h.world.cancel(id, h.owner));
    expect(Number(canceled.updatedAt)).toBe(Number(approved.updatedAt) + 1);
  });

  it('a deposit arrives with its `in` event and counts confirmations up to the network figure', () => {
    const h = harness();
    const deposit = h.world
      .transactions({
        transactionTypes: ['deposit'],
        transactionStatuses: ['waiting-confirmations'],
        assetIds: ['21'],
      })
      .find((t) => t.extra?.confirmations === '0')!;
    expect(deposit).toBeDefined();
    const seen: string[] = [];
    h.world.onChange((tx) => {
      if (tx.transactionId === deposit.transactionId) seen.push(`${tx.status}:${tx.extra?.confirmations}`);
    });
    const events = h.world.events(deposit.transactionId)!;
    expect(events.map((e) => e.eventType)).toEqual(['in']);
    expect(events[0]!.extra?.in?.[0]?.address).toBe(deposit.extra?.fromAddress);
    runUntil(h, deposit.transactionId, 'completed', 5 * 60_000);
    const confirmations = Number(h.world.network('TRX')!.confirmations);
    expect(seen).toHaveLength(confirmations);
    expect(seen.at(-1)).toBe(`completed:${confirmations}`);
    expect(seen.slice(0, -1).every((s, i) => s === `waiting-confirmations:${i + 1}`)).toBe(true);
  });

  it('a swap adds an `in` event on the destination asset when it completes', () => {
    const h = harness();
    const swap = h.world.transactions({ transactionTypes: ['swap-aggregator'], isTerminated: false })[0]!;
    expect(swap).toBeDefined();
    const done = runUntil(h, swap.transactionId, 'completed', 10 * 60_000);
    const events = done.embedded!.events!;
    expect(events.map((e) => e.eventType)).toEqual(['out', 'fee', 'in']);
    expect(events[2]!.assetId).toBe(done.params?.toAssetId);
    expect(events[2]!.amount).toBe(done.extra?.quoteDetails?.toAmount);
  });

  it('the world starts with every kind of live work', () => {
    const h = harness({ history: 0 });
    const live = h.world.transactions({ isTerminated: false, limit: '1000' });
    const statuses = new Set(live.map((t) => t.status));
    for (const s of [
      'new',
      'waiting-approval',
      'approved',
      'awaiting-security-policy',
      'signing-required',
      'signing',
      'signed',
      'broadcasted',
      'waiting-confirmations',
    ]) {
      expect(statuses.has(s)).toBe(true);
    }
    const waiting = live.filter((t) => t.status === 'waiting-approval');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    const usd = waiting.map(
      (t) =>
        Number(h.world.symbolPrices({ baseAssetIds: [t.params!.assetId!] })[0]!.price) *
        Number(t.params!.amount),
    );
    expect(usd.some((v) => v >= 100_000)).toBe(true);
    expect(usd.some((v) => v < 100_000)).toBe(true);
    expect(waiting.some((t) => (t.extra?.approvers?.approvedBy?.length ?? 0) > 0)).toBe(true);
    expect(waiting.some((t) => Number(t.expiresAt) - h.clock.now() > 24 * 3_600_000)).toBe(true);
    for (const t of waiting) expect(t.extra?.approvers?.availableApprovers).toContain(h.owner);
    const delayed = live.find((t) => t.status === 'awaiting-security-policy')!;
    const ahead = Number(delayed.extra?.approvers?.securityDelayExpiresAt) - h.clock.now();
    expect(ahead).toBeGreaterThan(60_000);
    expect(ahead).toBeLessThan(10 * 60_000);
    expect(live.some((t) => t.transactionType === 'deposit' && t.status === 'waiting-confirmations')).toBe(
      true,
    );
    for (const t of live) expect(Number(t.updatedAt)).toBeLessThanOrEqual(h.clock.now());
    // Things move within the first seconds.
    const changed: string[] = [];
    h.world.onChange((tx) => changed.push(tx.status));
    h.run(5_000, 250);
    expect(changed.length).toBeGreaterThan(5);
  });

  it('a transfer to an own account skips approval and shows up there as a deposit on the same chain transaction', () => {
    const h = harness();
    const hot = h.accountId('Ops Hot');
    const tx = expectOk(
      h.world.create(
        {
          accountId: h.accountId('Trading'),
          externalId: externalId(),
          transactionType: 'withdrawal',
          params: { assetId: '1', amount: '3', toAccountId: hot },
        },
        h.owner,
      ),
    );
    expect(tx.extra?.approvers).toMatchObject({ skipApproval: true, number: '0' });
    const signing = runUntil(h, tx.transactionId, 'signing-required');
    expect(signing.extra?.toAccountId).toBe(hot);
    const broadcast = runUntil(h, tx.transactionId, 'broadcasted');
    const depositId = broadcast.extra?.depositTransactionId;
    expect(depositId).toBeDefined();
    const deposit = h.world.transaction(depositId!)!;
    expect(deposit).toMatchObject({
      accountId: hot,
      transactionType: 'deposit',
      status: 'waiting-confirmations',
    });
    expect(deposit.extra?.withdrawTransactionId).toBe(tx.transactionId);
    expect(deposit.extra?.fromAccountId).toBe(tx.accountId);
    expect(deposit.extra?.blockchainDetails).toEqual(broadcast.extra?.blockchainDetails);
    const hash = broadcast.extra!.blockchainDetails![0]!.blockchainTxId!;
    expect(
      h.world
        .transactions({ blockchainTxId: hash })
        .map((t) => t.transactionId)
        .sort(),
    ).toEqual([tx.transactionId, depositId].sort());
    runUntil(h, depositId!, 'completed');
  });

  it('terminal transactions carry terminatedAt and never change again', () => {
    const h = harness({ generator: true });
    h.run(20 * 60_000, 1_000);
    const all = h.world.transactions({ limit: '100000' });
    for (const t of all) {
      if (isTerminalStatus(t.status)) expect(t.terminatedAt).toBeDefined();
      else expect(t.terminatedAt).toBeUndefined();
    }
    const terminal = new Map(
      all.filter((t) => isTerminalStatus(t.status)).map((t) => [t.transactionId, t.updatedAt]),
    );
    h.run(5 * 60_000, 1_000);
    for (const t of h.world.transactions({ limit: '100000' })) {
      if (terminal.has(t.transactionId)) expect(t.updatedAt).toBe(terminal.get(t.transactionId));
    }
  });
});
