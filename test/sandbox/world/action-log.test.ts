// The world's action log: what API keys did, with the reasons a decline or a cancel carried (the
// wire Transaction has no field for them), kept for the workspace activity feed.
import { describe, expect, it } from 'vitest';
import { ActionLog, type ActionRecord } from '../../../src/sandbox/world/action-log.js';
import { BTC_ADDRESS, expectOk, externalId, type Harness, harness, runUntil } from './helpers.js';

function waitingOne(h: Harness, ext = externalId()): string {
  const id = expectOk(
    h.world.create(
      {
        accountId: h.accountId('Ops Hot'),
        externalId: ext,
        transactionType: 'withdrawal',
        params: { assetId: '1', amount: '0.5', toAddress: BTC_ADDRESS } as never,
      },
      h.owner,
    ),
  ).transactionId;
  runUntil(h, id, 'waiting-approval');
  return id;
}

describe('the action log', () => {
  it('keeps a decline with its reason exactly as sent, stamped with the change', () => {
    const h = harness();
    const id = waitingOne(h);
    h.clock.advance(1234);
    const declined = expectOk(h.world.decline(id, h.owner, '  wrong address\n'));
    expect(h.world.actionLog(id)).toEqual([
      { at: expect.any(Number), userId: h.owner, transactionId: id, kind: 'create' },
      { at: Number(declined.updatedAt), userId: h.owner, transactionId: id, kind: 'decline', reason: '  wrong address\n' },
    ]);
  });

  it('a decline or cancel without a reason has none; approve and create never carry one', () => {
    const h = harness();
    const declined = waitingOne(h);
    expectOk(h.world.decline(declined, h.owner));
    const approved = waitingOne(h);
    expectOk(h.world.approve(approved, h.owner));
    expectOk(h.world.cancel(approved, h.member(1)));
    const canceled = waitingOne(h);
    expectOk(h.world.cancel(canceled, h.owner, 'duplicate payment'));
    const kinds = (id: string) => h.world.actionLog(id).map((a) => [a.kind, a.userId, a.reason]);
    expect(kinds(declined)).toEqual([['create', h.owner, undefined], ['decline', h.owner, undefined]]);
    expect(kinds(approved)).toEqual([
      ['create', h.owner, undefined],
      ['approve', h.owner, undefined],
      ['cancel', h.member(1), undefined],
    ]);
    expect(kinds(canceled)).toEqual([['create', h.owner, undefined], ['cancel', h.owner, 'duplicate payment']]);
    for (const entry of h.world.actionLog()) {
      if (entry.reason === undefined) expect(entry).not.toHaveProperty('reason');
    }
  });

  it('is oldest first across transactions, and holds only what happened', () => {
    const h = harness();
    const ext = externalId();
    const a = waitingOne(h, ext);
    const b = waitingOne(h);
    h.clock.advance(10);
    expectOk(h.world.decline(b, h.owner, 'b first'));
    h.clock.advance(10);
    expectOk(h.world.decline(a, h.owner, 'then a'));
    // Refused actions and an idempotent replay of a create change nothing: nothing is logged.
    expect(h.world.decline(a, h.owner, 'again')).toMatchObject({ ok: false, status: 409 });
    expect(h.world.approve('nope', h.owner)).toMatchObject({ ok: false, status: 404 });
    const log = h.world.actionLog();
    expect(log.map((e) => [e.transactionId, e.kind, e.reason])).toEqual([
      [a, 'create', undefined],
      [b, 'create', undefined],
      [b, 'decline', 'b first'],
      [a, 'decline', 'then a'],
    ]);
    const times = log.map((e) => e.at);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // A copy: what a caller does with it leaves the world's log alone.
    log.length = 0;
    expect(h.world.actionLog()).toHaveLength(4);
  });

  it('the same seed and the same actions log the same entries', () => {
    const run = () => {
      const h = harness({ seed: 5 });
      const id = waitingOne(h, 'same-ext');
      expectOk(h.world.decline(id, h.owner, 'r'));
      return h.world.actionLog();
    };
    expect(run()).toEqual(run());
  });
});

describe('ActionLog bound', () => {
  const entry = (i: number): ActionRecord => ({ at: i, userId: 'u', transactionId: `t${i}`, kind: 'approve' });

  it.each([
    [5, 5, 0],
    [10, 10, 0], // up to the limit and a quarter more are held
    [11, 8, 3], // past that: back to the limit, the oldest let go
    [13, 10, 3],
    [20, 8, 12],
  ])('with a limit of 8, %d appended: %d kept, the oldest %d let go', (appended, kept, dropped) => {
    const log = new ActionLog(8);
    for (let i = 0; i < appended; i++) log.append(entry(i));
    expect(log.size).toBe(kept);
    expect(log.list().map((e) => e.at)).toEqual(Array.from({ length: kept }, (_, i) => dropped + i));
  });
});
