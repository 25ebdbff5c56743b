// Offers and ended signing requests (world/offers.ts, offer-actions.ts): what start-up makes, each
// answer with the status, events and balance that follow, the refusals, expiry, and the
// generator's floor.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/contract/index.js';
import { expectOk, type Harness, harness, runUntil } from './helpers.js';

type Kind = 'incoming' | 'outgoing' | 'canceled' | 'error-on-broadcast';

function kindOf(tx: Transaction): Kind | undefined {
  if (tx.status === 'acceptance-required') return tx.transactionType === 'deposit' ? 'incoming' : 'outgoing';
  const ended = tx.embedded?.currentSigningRequest?.status;
  if (tx.status === 'signing-required' && (ended === 'canceled' || ended === 'error-on-broadcast')) return ended as Kind;
  return undefined;
}

function situations(h: Harness, kind: Kind): Transaction[] {
  return h.world
    .transactions({ transactionStatuses: ['acceptance-required', 'signing-required'], limit: '1000' })
    .map((t) => h.world.transaction(t.transactionId)!)
    .filter((t) => kindOf(t) === kind);
}

function one(h: Harness, kind: Kind): Transaction {
  const found = situations(h, kind)[0];
  if (found === undefined) throw new Error(`no ${kind} situation in the world`);
  return found;
}

const eventTypes = (h: Harness, id: string) => h.world.events(id)!.map((e) => e.eventType);

function withdrawable(h: Harness, tx: Transaction): string {
  const assetId = (tx.params as { assetId: string }).assetId;
  return h.world.balances({ accountIds: [tx.accountId], assetIds: [assetId], nonEmpty: false })[0]!.withdrawableBalance!;
}

describe('start-up makes the situations', () => {
  it.each([
    ['incoming', 2],
    ['outgoing', 2],
    ['canceled', 1],
    ['error-on-broadcast', 1],
  ] as const)('%s: %i waiting', (kind, count) => {
    const h = harness();
    const found = situations(h, kind);
    expect(found).toHaveLength(count);
    for (const tx of found) {
      expect(tx.expiresAt).toBeDefined();
      if (kind === 'incoming') {
        expect(tx.transactionType).toBe('deposit');
        expect(eventTypes(h, tx.transactionId)).toEqual(['deposit-offer']);
      }
      if (kind === 'outgoing') {
        expect(tx.transactionType).toBe('withdrawal');
        expect(tx.createdBy).toBeUndefined();
        expect(eventTypes(h, tx.transactionId)).toEqual([]);
      }
    }
  });

  it('is the same for the same seed', () => {
    const ids = (h: Harness) =>
      (['incoming', 'outgoing', 'canceled', 'error-on-broadcast'] as const).flatMap((k) =>
        situations(h, k).map((t) => t.transactionId),
      );
    expect(ids(harness({ seed: 5 }))).toEqual(ids(harness({ seed: 5 })));
  });
});

describe('deposit offers', () => {
  it.each([
    { accept: true, status: 'waiting-confirmations', finally: 'completed', events: ['deposit-offer', 'in'] },
    { accept: false, status: 'canceled', finally: 'canceled', events: ['deposit-offer'] },
  ])('accept=$accept: $status, then $finally', ({ accept, status, finally: end, events }) => {
    const h = harness();
    const offer = one(h, 'incoming');
    const totalBefore = h.world.balances({ accountIds: [offer.accountId], nonEmpty: false });
    h.clock.advance(500);
    const answered = expectOk(h.world.ops.acceptDepositOffer(offer.transactionId, h.owner, accept));
    expect(answered.status).toBe(status);
    expect(answered.updatedAt).toBe(String(h.clock.now()));
    const done = runUntil(h, offer.transactionId, end, 15 * 60_000, 1000);
    expect(done.terminatedAt).toBeDefined();
    expect(eventTypes(h, offer.transactionId)).toEqual(events);
    const assetId = (offer.params as { assetId: string }).assetId;
    const before = totalBefore.find((b) => b.assetId === assetId)?.totalBalance ?? '0';
    const after = h.world.balances({ accountIds: [offer.accountId], assetIds: [assetId], nonEmpty: false })[0]!;
    if (accept) expect(after.totalBalance).not.toBe(before);
    else expect(after.totalBalance).toBe(before);
    const kinds = h.world.actionLog(offer.transactionId).map((a) => a.kind);
    expect(kinds).toEqual([accept ? 'accept-offer' : 'reject-offer']);
  });
});

describe('outgoing offers', () => {
  it('hold nothing while waiting; accepted, the amount is held and the withdrawal moves on', () => {
    const h = harness();
    const offer = one(h, 'outgoing');
    const before = withdrawable(h, offer);
    const accepted = expectOk(h.world.ops.answerOutgoingOffer(offer.transactionId, h.owner, true));
    expect(accepted.status).toBe('new');
    expect(withdrawable(h, offer)).not.toBe(before);
    h.run(20_000, 500);
    expect(['new', 'acceptance-required']).not.toContain(h.status(offer.transactionId));
  });

  it('rejected: canceled, and the balance never moved', () => {
    const h = harness();
    const offer = one(h, 'outgoing');
    const before = withdrawable(h, offer);
    const rejected = expectOk(h.world.ops.answerOutgoingOffer(offer.transactionId, h.owner, false));
    expect(rejected.status).toBe('canceled');
    expect(rejected.terminatedAt).toBe(rejected.updatedAt);
    expect(withdrawable(h, offer)).toBe(before);
  });
});

describe('a new signing request', () => {
  it.each(['canceled', 'error-on-broadcast'] as const)('after %s: a new request, then signing goes on', (kind) => {
    const h = harness();
    const tx = one(h, kind);
    const oldId = tx.extra!.signingRequestId;
    expect(tx.embedded!.currentSigningRequest!.signed != null).toBe(kind === 'error-on-broadcast');
    // Nothing moves while the request has ended.
    h.run(60_000, 5000);
    expect(h.status(tx.transactionId)).toBe('signing-required');
    const made = expectOk(h.world.ops.createSigningRequest(tx.transactionId, h.owner, { primitivesVersion: '3' }));
    expect(made.status).toBe('signing-required');
    expect(made.extra!.signingRequestId).not.toBe(oldId);
    const request = made.embedded!.currentSigningRequest!;
    expect(request.status).toBe('new');
    expect(request.signingRequestId).toBe(made.extra!.signingRequestId);
    expect(request.messagesForSigning!.primitivesVersion).toBe('3');
    expect(request.signed).toBeUndefined();
    runUntil(h, tx.transactionId, 'broadcasted', 60_000, 250);
  });
});

describe('refusals', () => {
  const cases: { name: string; kind: Kind; run: (h: Harness, id: string) => { ok: boolean; status?: number } }[] = [
    { name: 'accept-deposit-offer on an outgoing offer', kind: 'outgoing', run: (h, id) => h.world.ops.acceptDepositOffer(id, h.owner, true) },
    { name: 'reject-outgoing-offer on a deposit offer', kind: 'incoming', run: (h, id) => h.world.ops.answerOutgoingOffer(id, h.owner, false) },
    { name: 'create-signing-request on a deposit offer', kind: 'incoming', run: (h, id) => h.world.ops.createSigningRequest(id, h.owner, {}) },
    { name: 'accept-deposit-offer on an ended signing request', kind: 'canceled', run: (h, id) => h.world.ops.acceptDepositOffer(id, h.owner, true) },
  ];
  it.each(cases)('$name: 409', ({ kind, run }) => {
    const h = harness();
    const tx = one(h, kind);
    expect(run(h, tx.transactionId)).toMatchObject({ ok: false, status: 409, code: 'conflict' });
    expect(h.status(tx.transactionId)).toBe(tx.status);
  });

  it('an answered offer cannot be answered again; a signing request only once', () => {
    const h = harness();
    const offer = one(h, 'incoming');
    expectOk(h.world.ops.acceptDepositOffer(offer.transactionId, h.owner, false));
    expect(h.world.ops.acceptDepositOffer(offer.transactionId, h.owner, true)).toMatchObject({ status: 409 });
    const stalled = one(h, 'canceled');
    expectOk(h.world.ops.createSigningRequest(stalled.transactionId, h.owner, {}));
    expect(h.world.ops.createSigningRequest(stalled.transactionId, h.owner, {})).toMatchObject({ status: 409 });
  });

  it.each(['acceptDepositOffer', 'answerOutgoingOffer', 'createSigningRequest'] as const)('%s of an unknown id: 404', (name) => {
    const h = harness();
    const result =
      name === 'createSigningRequest' ? h.world.ops[name]('nope', h.owner, {}) : h.world.ops[name]('nope', h.owner, true);
    expect(result).toMatchObject({ ok: false, status: 404, code: 'not-found' });
  });
});

describe('expiry', () => {
  it.each(['incoming', 'outgoing', 'canceled'] as const)('%s unanswered: expired at expiresAt', (kind) => {
    const h = harness();
    const tx = one(h, kind);
    h.clock.advance(Number(tx.expiresAt) - h.clock.now() - 1000);
    h.world.advance();
    expect(h.status(tx.transactionId)).toBe(tx.status);
    h.run(2000, 1000);
    const done = h.world.transaction(tx.transactionId)!;
    expect(done.status).toBe('expired');
    expect(done.terminatedAt).toBeDefined();
  });
});

describe('the generator keeps one of each waiting', () => {
  it('replaces an answered situation at once', () => {
    const h = harness({ generator: true });
    const groups = [['incoming'], ['outgoing'], ['canceled', 'error-on-broadcast']] as const;
    for (const kinds of groups) {
      const of = () => kinds.flatMap((k) => situations(h, k));
      const first = of();
      expect(first.length).toBeGreaterThanOrEqual(1);
      for (const tx of first) {
        if (kinds[0] === 'incoming') expectOk(h.world.ops.acceptDepositOffer(tx.transactionId, h.owner, false));
        else if (kinds[0] === 'outgoing') expectOk(h.world.ops.answerOutgoingOffer(tx.transactionId, h.owner, false));
        else expectOk(h.world.ops.createSigningRequest(tx.transactionId, h.owner, {}));
      }
      const fresh = of().filter((t) => !first.some((f) => f.transactionId === t.transactionId));
      expect(fresh.length).toBeGreaterThanOrEqual(1);
    }
  });
});
