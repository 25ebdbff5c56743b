// The answers to the situations offers.ts makes: accept or reject a deposit offered to a vault,
// accept or reject a counterparty's request that a vault pay, and create a new signing request
// for a transfer whose request ended without a signature. Each answers 409 when the transaction
// is not waiting for that answer, 404 when there is no such transaction.

import type { CreateSigningRequest } from '../../contract/index.js';
import {
  type ActionError,
  type ActionResult,
  answer,
  conflict,
  found,
  isError,
  logAction,
} from './actions.js';
import type { Core } from './core.js';
import { makeTxHash } from './formats.js';
import { blockPause, DELAYS } from './lifecycle.js';
import type { TxRecord } from './records.js';

function waitingOffer(core: Core, id: string, side: 'incoming' | 'outgoing'): TxRecord | ActionError {
  const rec = found(core, id);
  if (isError(rec)) return rec;
  const offer = rec.live?.offer;
  if (rec.status !== 'acceptance-required' || offer === undefined || offer.side !== side) {
    const what = side === 'incoming' ? 'a deposit offer' : 'an outgoing offer';
    return conflict(
      `transaction ${id} is ${rec.type === 'deposit' || rec.type === 'withdrawal' ? `a ${rec.type}` : rec.type} in status ${rec.status}; only ${what} in acceptance-required can be answered here`,
    );
  }
  return rec;
}

/** Rejecting ends it `canceled`; the feed says who declined it (and accepting, who approved it). */
function reject(core: Core, rec: TxRecord, actor: string): ActionResult {
  const at = core.change(rec, (stamp) => {
    rec.status = 'canceled';
    rec.live!.offer!.answeredAt = stamp;
  });
  core.ref.ended(rec, 'tx-declined', actor, at);
  logAction(core, rec, 'reject-offer', actor);
  return answer(core, rec);
}

/**
 * A deposit offered to the vault. Accepted: the acceptance goes on chain (a hash of its own), the
 * deposit counts confirmations and completes like any other (its `in` event and the balance come
 * then). Rejected: `canceled`, nothing received.
 */
export function acceptDepositOffer(core: Core, id: string, actor: string, accept: boolean): ActionResult {
  const rec = waitingOffer(core, id, 'incoming');
  if (isError(rec)) return rec;
  if (!accept) return reject(core, rec, actor);
  const kind = core.catalog.network(rec.networkId)?.hashKind ?? 'hex';
  const hash = core.withRng(rec, (rng) => makeTxHash(rng, kind));
  const at = core.change(rec, (stamp) => {
    rec.status = 'waiting-confirmations';
    rec.txHash = hash;
    rec.confirmations = 0;
    rec.live!.offer!.answeredAt = stamp;
  });
  core.ref.approved(rec, actor, at);
  logAction(core, rec, 'accept-offer', actor);
  core.schedule(rec, at + blockPause(core, rec));
  return answer(core, rec);
}

/**
 * A counterparty's request that the vault pay. Accepted: it becomes an ordinary withdrawal in
 * status `new` (approval policy, signing, broadcast follow; its amount is held from now), refused
 * with 409 when the vault cannot cover it. Rejected: `canceled`.
 */
export function answerOutgoingOffer(core: Core, id: string, actor: string, accept: boolean): ActionResult {
  const rec = waitingOffer(core, id, 'outgoing');
  if (isError(rec)) return rec;
  if (!accept) return reject(core, rec, actor);
  const short = core.balances.shortfall(rec);
  if (short !== undefined) return conflict(short);
  const at = core.change(rec, (stamp) => {
    rec.status = 'new';
    rec.live!.offer!.answeredAt = stamp;
  });
  core.ref.approved(rec, actor, at);
  logAction(core, rec, 'accept-offer', actor);
  const decide = core.withRng(rec, (r) => r.range(DELAYS.decide[0], DELAYS.decide[1]));
  core.schedule(rec, at + core.paced(decide));
  return answer(core, rec);
}

/**
 * Decision: only a `signing-required` transaction whose current signing request has ended without
 * a signature (`canceled`, `error-on-broadcast`) gets a new one; it starts `new` and signing
 * follows as usual. Any other transaction answers 409: its request is alive, or it is past signing.
 */
export function createSigningRequest(
  core: Core,
  id: string,
  actor: string,
  body: CreateSigningRequest,
): ActionResult {
  const rec = found(core, id);
  if (isError(rec)) return rec;
  const live = rec.live;
  if (rec.status !== 'signing-required' || live?.signingEnded === undefined) {
    return conflict(
      `transaction ${id} is ${rec.status}${rec.status === 'signing-required' ? ' with a signing request still open' : ''}; a signing request can be created only when the current one ended without a signature (canceled, error-on-broadcast)`,
    );
  }
  const signingId = core.withRng(rec, (rng) => rng.id());
  const at = core.change(rec, () => {
    live.signingId = signingId;
    live.signingEnded = undefined;
    live.resigned += 1;
    live.primitivesVersion = body.primitivesVersion;
  });
  logAction(core, rec, 'signing-request', actor);
  core.schedule(rec, at + core.paced(core.withRng(rec, (r) => r.range(DELAYS.startSigning[0], DELAYS.startSigning[1]))));
  return answer(core, rec);
}
