// `POST /transactions/dry-run`: what `POST /transactions` would do with the same body, done by the
// same checks (actions.ts prepareCreate) and stopped before anything is stored. Nothing changes:
// no record, no idempotency entry, no quote used, no balance held, no feed fact, and no draw from
// a stream the world keeps: the would-be record takes the seed the next create would take, only
// looked at (Core.peekSeed), so its id and fee are the ones a create made next would have.

import type {
  CreateTransactionRequest,
  DryRunTransaction,
  TransactionEstimation,
  Warning,
} from '../../contract/index.js';
import { type ActionError, isError, prepareCreate } from './actions.js';
import type { Core } from './core.js';
import { eventsOf } from './present.js';
import type { TxRecord } from './records.js';

export type DryRunResult = { ok: true; value: DryRunTransaction } | ActionError;

export function dryRunTransaction(core: Core, body: CreateTransactionRequest, actor: string): DryRunResult {
  const prepared = prepareCreate(core, body, actor, core.peekSeed());
  if (isError(prepared)) return prepared;
  const rec = prepared.existing ?? prepared.rec;
  // A swap's figures are the quote's, as the create's will be (the fresh record is ours to set).
  const quote = prepared.existing === undefined && prepared.quoteId !== undefined ? core.quotes.get(prepared.quoteId) : undefined;
  if (quote !== undefined) rec.live!.snap = quote.snap;
  const tx = core.present(rec);
  const value: DryRunTransaction = {
    transactionType: rec.type,
    accountId: rec.accountId,
    externalId: rec.externalId,
    params: tx.params ?? {},
    extra: tx.extra ?? {},
    estimations: estimations(core, rec),
  };
  if (rec.description !== undefined) value.description = rec.description;
  const warning = warningOf(core, rec, prepared.existing !== undefined);
  if (warning !== undefined) value.warning = warning;
  return { ok: true, value };
}

/**
 * The events the transaction would have once done, as of now: its `out` (or allowance ...) and
 * `fee`, and a swap's or bridge's `in`. Read from a finished copy of the record; the record itself
 * is left as it is (an existing one is the world's).
 */
function estimations(core: Core, rec: TxRecord): TransactionEstimation[] {
  const now = core.clock.now();
  const done: TxRecord = { ...rec, status: 'completed', broadcastAt: now, terminatedAt: now, txHash: undefined };
  return eventsOf(core, done).map((e) => {
    const out: TransactionEstimation = {
      estimationId: e.eventId,
      transactionId: e.transactionId,
      eventType: e.eventType,
      assetId: e.assetId,
      createdAt: e.createdAt,
    };
    if (e.amount != null) out.amount = e.amount;
    if (e.networkId != null) out.networkId = e.networkId;
    if (e.symbol != null) out.symbol = e.symbol;
    if (e.usdAmount != null) out.usdAmount = e.usdAmount;
    if (e.extra != null) out.extra = e.extra;
    return out;
  });
}

/**
 * Decision: the one warning (the schema has room for one), the first that applies: the externalId
 * already made this transaction (a create returns it and makes nothing); approvals it would wait
 * for; a destination the address book does not know.
 */
function warningOf(core: Core, rec: TxRecord, existing: boolean): Warning | undefined {
  if (existing) {
    return {
      code: 'already-created',
      message: `externalId ${JSON.stringify(rec.externalId)} already made transaction ${rec.id} with this body; POST /transactions returns it and creates nothing`,
    };
  }
  const a = rec.appr;
  if (a !== undefined && !a.skip && a.number > 0) {
    const delay = a.delayHours === undefined ? '' : `, then a security delay of ${a.delayHours} h`;
    return {
      code: 'approval-required',
      message: `transaction limit ${a.limitId} requires ${a.number} approval${a.number === 1 ? '' : 's'} before signing${delay}`,
    };
  }
  if (rec.type === 'withdrawal' && rec.toAccountId === undefined) {
    if (core.ref.book.destination(rec.networkId, rec.toAddress, rec.memo) === undefined) {
      return { code: 'unknown-destination', message: `${rec.toAddress ?? 'the destination'} is not in the address book` };
    }
  }
  return undefined;
}
