// A transaction's events (its ledger movements), derived from the record like the rest of it.

import type { TransactionEvent } from '../../contract/index.js';
import { makeTxHash } from './formats.js';
import {
  allowanceUnlimited,
  APPROVAL_ADDRESSES,
  compact,
  feeOf,
  type PresentContext,
  SALT,
  stakeOf,
  usdOf,
} from './present-details.js';
import { isIncoming, type TxRecord } from './records.js';
import { Rng } from './rng.js';

/** Events, oldest first: `in` at detection; `out` + `fee` at broadcast; a swap's `in` when done. */
export function eventsOf(ctx: PresentContext, rec: TxRecord): TransactionEvent[] {
  const events: TransactionEvent[] = [];
  const asset = ctx.catalog.asset(rec.assetId);
  const network = rec.networkId;
  let k = 0;
  const push = (
    eventType: string,
    assetId: string,
    amount: string,
    createdAt: number,
    extra?: TransactionEvent['extra'],
    hash = rec.txHash,
  ) => {
    const a = ctx.catalog.asset(assetId);
    const event: TransactionEvent = {
      eventId: Rng.of(rec.seed, SALT.event + k).id(),
      transactionId: rec.id,
      accountId: rec.accountId,
      accountType: 'vault',
      workspaceId: ctx.workspaceId,
      eventType,
      assetId,
      createdAt: String(createdAt),
      amount,
    };
    k += 1;
    const eventNetwork = a?.networkId ?? network;
    if (hash !== undefined) event.blockchainTxId = hash;
    if (eventNetwork !== undefined) event.networkId = eventNetwork;
    if (a !== undefined) event.symbol = a.symbol;
    const usd = usdOf(ctx, rec, a, amount);
    if (usd !== undefined) event.usdAmount = usd;
    if (extra !== undefined) event.extra = extra;
    events.push(event);
  };

  if (isIncoming(rec.type)) {
    const source = {
      address: rec.fromAddress,
      amount: rec.amount,
      networkId: network,
      fromAccountId: rec.fromAccountId,
    };
    // A deposit offered (offers.ts): the offer first; its `in` comes when the acceptance is on chain.
    const offer = rec.live?.offer;
    if (offer !== undefined) push('deposit-offer', rec.assetId, rec.amount, rec.createdAt, { in: [compact(source)] }, offer.hash);
    if (rec.txHash === undefined) return events;
    push(rec.type === 'nft-deposit' ? 'nft-in' : 'in', rec.assetId, rec.amount, offer?.answeredAt ?? rec.createdAt, {
      in: [compact(source)],
    });
    return events;
  }
  if (rec.broadcastAt === undefined) return events;
  const at = rec.broadcastAt;
  const failed = rec.status === 'failed-on-blockchain';
  if (!failed && asset !== undefined) {
    switch (rec.type) {
      case 'allowance': {
        const grant = allowanceUnlimited(rec)
          ? { address: rec.toAddress, amount: '0', networkId: network, unlimited: true }
          : { address: rec.toAddress, amount: rec.amount, networkId: network, unlimited: false };
        push('allowance', rec.assetId, grant.amount, at, { allowance: [compact(grant)] });
        break;
      }
      case 'stake-delegation': {
        const stake = stakeOf(ctx, rec);
        push('stake-delegation', rec.assetId, rec.amount, at, {
          stakeInfo: [{ amount: rec.amount, poolId: stake.poolId, stakeId: stake.stakeId }],
        });
        break;
      }
      case 'address-activation':
        break;
      default: {
        const target = {
          address: rec.toAddress,
          amount: rec.amount,
          memo: rec.memo,
          networkId: network,
          toAccountId: rec.toAccountId,
        };
        push('out', rec.assetId, rec.amount, at, { out: [compact(target)] });
      }
    }
  }
  const fee = feeOf(ctx, rec);
  if (fee !== undefined)
    push('fee', fee.assetId, fee.amount, at, failed ? { transactionFailed: true } : undefined);
  const done = rec.status === 'completed' && rec.terminatedAt !== undefined;
  if (
    done &&
    (rec.type === 'swap-aggregator' || rec.type === 'bridge' || rec.type === 'intents') &&
    rec.asset2 !== undefined &&
    rec.amount2 !== undefined
  ) {
    const to = ctx.catalog.asset(rec.asset2);
    const source = {
      // An intent's solver is not named: its source address stays out.
      address:
        rec.type === 'bridge' ? rec.fromAddress : rec.type === 'intents' ? undefined : APPROVAL_ADDRESSES[network ?? ''],
      amount: rec.amount2,
      networkId: to?.networkId,
    };
    // A bridge (and a solver filling an intent) lands in a transaction of its own on the destination chain.
    const kind = ctx.catalog.network(to?.networkId)?.hashKind;
    const hash =
      rec.type !== 'swap-aggregator' && kind !== undefined
        ? makeTxHash(Rng.of(rec.seed, SALT.bridgeHash), kind)
        : rec.txHash;
    push('in', rec.asset2, rec.amount2, rec.terminatedAt!, { in: [compact(source)] }, hash);
  }
  return events;
}
