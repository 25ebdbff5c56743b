// The lifecycle machine. The transitions are ours (the API document shows none):
//   outgoing: new → (waiting-approval → approved → awaiting-security-policy) → signing-required →
//             signing → signed → broadcasted → waiting-confirmations (counting) → completed,
//             with side exits canceled, expired, error (at signing), failed-on-blockchain.
//   incoming: waiting-confirmations (counting up to the network's figure) → completed.
//   offers (offers.ts): acceptance-required → answered (offer-actions.ts) or expired; a
//             signing-required transaction whose signing request ended waits for a new one or expires.
// Steps are scheduled on the world's timeline: each one is due a few seconds (world time) after
// the previous one was due, so at speed 1 a transaction visibly moves within a minute, and a
// clock jump replays the same steps. Every change is stamped with the clock (core.change).

import type { Core } from './core.js';
import { makeTxHash } from './formats.js';
import { newRecord, type TxRecord } from './records.js';
import { Rng } from './rng.js';

type Span = readonly [number, number];

/** World-time delays (ms) of each step. */
export const DELAYS = {
  decide: [1500, 3000],
  approved: [1000, 2000],
  startSigning: [2000, 4000],
  sign: [2000, 5000],
  broadcast: [1000, 3000],
  firstConfirmation: [1500, 3000],
  // Simplification for liveliness: the limit's securityDelayDuration says hours, the world runs
  // the delay for a few minutes (securityDelayExpiresAt is what it really waits for).
  securityDelay: [180_000, 300_000],
  colleague: [20_000, 240_000],
  secondColleague: [20_000, 180_000],
} as const satisfies Record<string, Span>;

function pause(core: Core, rec: TxRecord, span: Span): number {
  return core.paced(core.withRng(rec, (rng) => rng.range(span[0], span[1])));
}

/** The wait before the next confirmation: the network's block time, ±30%. */
export function blockPause(core: Core, rec: TxRecord): number {
  const blockMs = core.catalog.network(rec.networkId)?.blockMs ?? 3000;
  return core.paced(core.withRng(rec, (rng) => Math.round(blockMs * (0.7 + 0.6 * rng.next()))));
}

function required(core: Core, rec: TxRecord): number {
  return core.catalog.network(rec.networkId)?.confirmations ?? 1;
}

export function needsApproval(rec: TxRecord): boolean {
  const a = rec.appr;
  return a !== undefined && !a.skip && a.approvedBy.length < a.number;
}

/** Runs the step of `rec` that was due at world time `t`. */
export function step(core: Core, rec: TxRecord, t: number): void {
  switch (rec.status) {
    case 'new':
      return decide(core, rec, t);
    case 'waiting-approval':
      return waiting(core, rec, t);
    case 'approved':
      return afterApproval(core, rec, t);
    case 'awaiting-security-policy':
      return toSigning(core, rec, t);
    case 'acceptance-required':
      // An offer (offers.ts) waits for its answer; unanswered at its expiry, it lapses.
      return expireAt(core, rec, t);
    case 'signing-required':
      // Its signing request ended without a signature: nothing moves until a new one is created.
      if (rec.live?.signingEnded !== undefined) return expireAt(core, rec, t);
      core.change(rec, () => {
        rec.status = 'signing';
      });
      return core.schedule(rec, t + pause(core, rec, DELAYS.sign));
    case 'signing':
      if (rec.live?.fail === 'error') {
        core.change(rec, () => {
          rec.status = 'error';
        });
        return;
      }
      core.change(rec, () => {
        rec.status = 'signed';
      });
      return core.schedule(rec, t + pause(core, rec, DELAYS.broadcast));
    case 'signed':
      return broadcast(core, rec, t);
    case 'broadcasted':
      if (rec.live?.fail === 'failed-on-blockchain') {
        core.change(rec, () => {
          rec.status = 'failed-on-blockchain';
        });
        return;
      }
      core.change(rec, () => {
        rec.status = 'waiting-confirmations';
        rec.confirmations = 1;
      });
      return core.schedule(rec, t + blockPause(core, rec));
    case 'waiting-confirmations':
      return confirm(core, rec, t);
    default:
      // Terminal or a status the machine does not drive: nothing more happens.
      core.unschedule(rec);
  }
}

function expireAt(core: Core, rec: TxRecord, t: number): void {
  if (rec.expiresAt === undefined || t < rec.expiresAt) return;
  core.change(rec, () => {
    rec.status = 'expired';
  });
}

function decide(core: Core, rec: TxRecord, t: number): void {
  if (!needsApproval(rec)) return toSigning(core, rec, t);
  core.change(rec, () => {
    rec.status = 'waiting-approval';
  });
  if (rec.live?.auto) planColleagues(core, rec, t);
  scheduleWaiting(core, rec);
}

/** Background transactions: most get a colleague's approval after a while (races happen). */
export function planColleagues(core: Core, rec: TxRecord, t: number): void {
  const a = rec.appr;
  const live = rec.live;
  if (a === undefined || live === undefined) return;
  core.withRng(rec, (rng) => {
    const others = a.available.filter((m) => m !== core.owner && !a.approvedBy.includes(m));
    if (others.length === 0 || !rng.chance(0.7)) return;
    const first = rng.pick(others);
    const at = t + core.paced(rng.range(DELAYS.colleague[0], DELAYS.colleague[1]));
    live.colleagues.push({ at, who: first });
    const rest = others.filter((m) => m !== first);
    if (a.number - a.approvedBy.length >= 2 && rest.length > 0 && rng.chance(0.7)) {
      live.colleagues.push({
        at: at + core.paced(rng.range(DELAYS.secondColleague[0], DELAYS.secondColleague[1])),
        who: rng.pick(rest),
      });
    }
  });
}

/** Next wake-up while waiting: a colleague's approval or the expiry, whichever comes first. */
export function scheduleWaiting(core: Core, rec: TxRecord): void {
  let due = rec.expiresAt ?? Infinity;
  for (const c of rec.live?.colleagues ?? []) due = Math.min(due, c.at);
  if (due === Infinity) core.unschedule(rec);
  else core.schedule(rec, due);
}

function waiting(core: Core, rec: TxRecord, t: number): void {
  if (rec.expiresAt !== undefined && t >= rec.expiresAt) {
    core.change(rec, () => {
      rec.status = 'expired';
    });
    return;
  }
  const live = rec.live!;
  const due = live.colleagues.filter((c) => c.at <= t);
  live.colleagues = live.colleagues.filter((c) => c.at > t);
  for (const c of due) {
    if (rec.status !== 'waiting-approval') break;
    if (rec.appr?.approvedBy.includes(c.who)) continue;
    approve(core, rec, c.who, t);
  }
  if (rec.status === 'waiting-approval') scheduleWaiting(core, rec);
}

/** Records one approval; at the required number the transaction is approved and moves on. */
export function approve(core: Core, rec: TxRecord, who: string, t: number): void {
  const a = rec.appr!;
  const at = core.change(rec, () => {
    a.approvedBy.push(who);
    if (a.approvedBy.length >= a.number) rec.status = 'approved';
  });
  core.ref.approved(rec, who, at);
  if (rec.status === 'approved') {
    rec.live!.colleagues = [];
    core.schedule(rec, t + pause(core, rec, DELAYS.approved));
  } else {
    scheduleWaiting(core, rec);
  }
}

function afterApproval(core: Core, rec: TxRecord, t: number): void {
  const a = rec.appr;
  if (a?.delayHours === undefined) return toSigning(core, rec, t);
  const wait = pause(core, rec, DELAYS.securityDelay);
  core.change(rec, (at) => {
    rec.status = 'awaiting-security-policy';
    a.delayExpiresAt = at + wait;
  });
  core.schedule(rec, a.delayExpiresAt!);
}

function toSigning(core: Core, rec: TxRecord, t: number): void {
  const signingId = core.withRng(rec, (rng) => rng.id());
  core.change(rec, () => {
    rec.status = 'signing-required';
    rec.live!.signingId = signingId;
  });
  core.schedule(rec, t + pause(core, rec, DELAYS.startSigning));
}

function broadcast(core: Core, rec: TxRecord, t: number): void {
  const network = core.catalog.network(rec.networkId);
  const hash = core.withRng(rec, (rng) => makeTxHash(rng, network?.hashKind ?? 'hex'));
  // A transfer to one of our own accounts shows up there as a deposit, on the same chain transaction.
  const account = rec.toAccountId === undefined ? undefined : core.accountById.get(rec.toAccountId);
  const depositSeed = account === undefined ? 0 : core.nextSeed();
  const depositId = account === undefined ? undefined : new Rng(depositSeed).id();
  const at = core.change(rec, (stamp) => {
    rec.status = 'broadcasted';
    rec.txHash = hash;
    rec.broadcastAt = stamp;
    rec.confirmations = 0;
    if (depositId !== undefined) rec.linkedId = depositId;
  });
  core.schedule(rec, t + pause(core, rec, DELAYS.firstConfirmation));
  if (account !== undefined && depositId !== undefined) {
    const deposit = newRecord({
      id: depositId,
      externalId: depositId,
      type: 'deposit',
      status: 'waiting-confirmations',
      accountId: account.wire.accountId,
      createdBy: rec.createdBy,
      assetId: rec.assetId,
      networkId: rec.networkId,
      amount: rec.amount,
      createdAt: at,
      updatedAt: at,
      fromAccountId: rec.accountId,
      fromAddress: rec.fromAddress,
      toAddress: rec.toAddress,
      txHash: hash,
      linkedId: rec.id,
      confirmations: 0,
      seed: depositSeed,
      live: core.newLive(depositSeed, true),
    });
    core.insert(deposit);
    core.schedule(deposit, t + blockPause(core, deposit));
  }
}

function confirm(core: Core, rec: TxRecord, t: number): void {
  const need = required(core, rec);
  const at = core.change(rec, () => {
    if (rec.confirmations < need) rec.confirmations += 1;
    if (rec.confirmations >= need) rec.status = 'completed';
  });
  if (rec.status === 'completed') core.ref.completed(rec, at);
  if (rec.status === 'waiting-confirmations') core.schedule(rec, t + blockPause(core, rec));
}
