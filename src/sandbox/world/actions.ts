// What API keys do to transactions: approve, decline, cancel, and create (withdrawals, the swap
// follow-up from a quote, bridges), with the answers the server maps to HTTP statuses.

import type { CreateTransactionRequest, Transaction, TransactionParams } from '../../contract/index.js';
import { compareDecimal } from '../../format/index.js';
import type { ActionKind } from './action-log.js';
import { newOutgoing, type OutgoingInput } from './build.js';
import { canonicalJson, depthExceeds } from './canonical.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { addressProblem } from './formats.js';
import { approve as recordApproval, DELAYS } from './lifecycle.js';
import { mulRound } from './money.js';
import { CANCELABLE, type TxRecord } from './records.js';
import { amountProblem, routeOf } from './swap.js';
import type { AccountInfo } from './workspace.js';

export type ActionError = {
  ok: false;
  status: 400 | 403 | 404 | 409;
  code: 'bad-request' | 'forbidden' | 'not-found' | 'conflict';
  message: string;
};
export type ActionResult = { ok: true; value: Transaction } | ActionError;
export type CreateResult = ActionResult & { created?: boolean };

export const bad = (message: string): ActionError => ({ ok: false, status: 400, code: 'bad-request', message });
const forbidden = (message: string): ActionError => ({ ok: false, status: 403, code: 'forbidden', message });
const notFound = (message: string): ActionError => ({ ok: false, status: 404, code: 'not-found', message });
export const conflict = (message: string): ActionError => ({ ok: false, status: 409, code: 'conflict', message });

export function found(core: Core, id: string): TxRecord | ActionError {
  return core.store.get(id) ?? notFound(`no transaction ${JSON.stringify(id)} in this workspace`);
}

export function answer(core: Core, rec: TxRecord): { ok: true; value: Transaction } {
  return { ok: true, value: core.present(rec, { events: true, signingRequest: true }) };
}

export function isError(value: unknown): value is ActionError {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** Appends what a key just did to `rec` to the world's action log. */
export function logAction(core: Core, rec: TxRecord, kind: ActionKind, userId: string, reason?: string): void {
  core.actionLog.append({
    at: rec.updatedAt,
    userId,
    transactionId: rec.id,
    kind,
    ...(reason !== undefined ? { reason } : {}),
  });
  // The feed's creation and approval facts come from where every transaction is stored or approved.
  if (kind === 'decline') core.ref.ended(rec, 'tx-declined', userId, rec.updatedAt, reason);
  if (kind === 'cancel') core.ref.ended(rec, 'tx-canceled', userId, rec.updatedAt, reason);
}

export function approveTransaction(core: Core, id: string, actor: string): ActionResult {
  const rec = found(core, id);
  if (isError(rec)) return rec;
  if (rec.status !== 'waiting-approval' || rec.appr === undefined) {
    return conflict(
      `transaction ${id} is ${rec.status}; only a waiting-approval transaction can be approved`,
    );
  }
  if (!rec.appr.available.includes(actor))
    return forbidden(`member ${actor} is not among the approvers of transaction ${id}`);
  if (rec.appr.approvedBy.includes(actor))
    return conflict(`transaction ${id} is already approved by member ${actor}`);
  recordApproval(core, rec, actor, core.clock.now());
  logAction(core, rec, 'approve', actor);
  return answer(core, rec);
}

/**
 * Decision: only members who may approve a transaction may decline it (members[0] always may).
 * The reason is kept as sent, in the action log (no field of the wire Transaction carries it).
 */
export function declineTransaction(core: Core, id: string, actor: string, reason?: string): ActionResult {
  const rec = found(core, id);
  if (isError(rec)) return rec;
  if (rec.status !== 'waiting-approval') {
    return conflict(
      `transaction ${id} is ${rec.status}; only a waiting-approval transaction can be declined`,
    );
  }
  if (rec.appr !== undefined && !rec.appr.available.includes(actor)) {
    return forbidden(`member ${actor} is not among the approvers of transaction ${id}`);
  }
  core.change(rec, () => {
    rec.status = 'canceled';
  });
  logAction(core, rec, 'decline', actor, reason);
  return answer(core, rec);
}

/** The reason is kept as sent, in the action log, like a decline's. */
export function cancelTransaction(core: Core, id: string, actor: string, reason?: string): ActionResult {
  const rec = found(core, id);
  if (isError(rec)) return rec;
  if (!CANCELABLE.has(rec.status)) {
    return conflict(
      `transaction ${id} is ${rec.status}; a transaction can be canceled only before signing starts (${[...CANCELABLE].join(', ')})`,
    );
  }
  core.change(rec, () => {
    rec.status = 'canceled';
  });
  logAction(core, rec, 'cancel', actor, reason);
  return answer(core, rec);
}

const MAX_DEPTH = 32;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A create worked out without doing it: the record it would store, or the one it would return again. */
export type PreparedCreate =
  | { ok: true; existing: TxRecord }
  | { ok: true; existing?: undefined; rec: TxRecord; key: string; fingerprint: string; quoteId: string | undefined };

/**
 * Every check of a create and the record it would make, changing nothing: `seed` is the new
 * record's (the world's next one by default; the dry run brings one derived from its request).
 */
export function prepareCreate(
  core: Core,
  body: CreateTransactionRequest,
  actor: string,
  seed?: number,
): PreparedCreate | ActionError {
  if (typeof body !== 'object' || body === null) return bad('expected a JSON object');
  const accountId = text(body.accountId);
  const externalId = text(body.externalId);
  if (accountId === undefined) return bad('accountId: missing: expected an account id');
  if (externalId === undefined) return bad("externalId: missing: expected the client's idempotency key");
  const account = core.accountById.get(accountId);
  if (account === undefined)
    return bad(`accountId: no account ${JSON.stringify(accountId)} in this workspace`);

  // Loose params keep unknown fields as they came; a deeply nested one would overflow the stack
  // of every recursive walk after this (fingerprint, echo), so it is refused here.
  if (depthExceeds(body, MAX_DEPTH)) return bad(`params: nested deeper than ${MAX_DEPTH} levels`);
  const key = `${accountId}\n${externalId}`;
  const fingerprint = canonicalJson(body);
  const existing = core.idempotency.get(key);
  if (existing !== undefined) {
    if (existing.live?.fingerprint === fingerprint) return { ok: true, existing };
    return conflict(
      `externalId ${JSON.stringify(externalId)} was already used in this account for transaction ${existing.id} with a different body`,
    );
  }
  if (account.wire.status !== 'active')
    return bad(`accountId: account "${account.wire.accountName}" is ${account.wire.status}`);

  const now = core.clock.now();
  if (body.expiresAt !== undefined && Number(body.expiresAt) <= now)
    return bad(`expiresAt: ${body.expiresAt} is not in the future`);
  const params = (
    typeof body.params === 'object' && body.params !== null ? body.params : {}
  ) as TransactionParams;
  let input: OutgoingInput | ActionError;
  let quoteId: string | undefined;
  switch (body.transactionType) {
    case 'withdrawal':
      input = withdrawal(core, account, params, actor);
      break;
    case 'swap-aggregator':
      quoteId = text(params.quoteId);
      input = swap(core, account, params, actor, now);
      break;
    case 'bridge':
      input = bridge(core, account, params, actor);
      break;
    default:
      return bad(
        `transactionType: the sandbox creates withdrawal, swap-aggregator and bridge transactions (got ${JSON.stringify(body.transactionType)})`,
      );
  }
  if (isError(input)) return input;
  input.externalId = externalId;
  if (body.description !== undefined) input.description = body.description;
  if (body.expiresAt !== undefined) input.expiresAt = Number(body.expiresAt);

  const rec = newOutgoing(core, input, now, seed);
  // Decision: an overdraft is a 409 conflict (the OpenAPI names no insufficient-funds error): the
  // request is well formed, the account's withdrawable balance is what it conflicts with.
  const short = core.balances.shortfall(rec);
  if (short !== undefined) return conflict(short);
  return { ok: true, rec, key, fingerprint, quoteId };
}

export function createTransaction(core: Core, body: CreateTransactionRequest, actor: string): CreateResult {
  const prepared = prepareCreate(core, body, actor);
  if (isError(prepared)) return prepared;
  if (prepared.existing !== undefined) return { ...answer(core, prepared.existing), created: false };
  const { rec, key, fingerprint, quoteId } = prepared;
  const now = rec.createdAt;
  rec.live!.fingerprint = fingerprint;
  if (quoteId !== undefined) {
    const quote = core.quotes.get(quoteId)!;
    quote.usedBy = rec.id;
    rec.live!.snap = quote.snap;
  }
  core.idempotency.set(key, rec);
  core.insert(rec);
  logAction(core, rec, 'create', actor);
  const decide = core.withRng(rec, (r) => r.range(DELAYS.decide[0], DELAYS.decide[1]));
  core.schedule(rec, now + core.paced(decide));
  return { ...answer(core, rec), created: true };
}

function assetOf(core: Core, field: string, id: unknown): AssetInfo | ActionError {
  const assetId = text(id);
  if (assetId === undefined) return bad(`${field}: missing: expected an asset id`);
  return core.catalog.asset(assetId) ?? bad(`${field}: unknown asset ${JSON.stringify(assetId)}`);
}

function onChainAsset(
  core: Core,
  account: AccountInfo,
  field: string,
  asset: AssetInfo,
): ActionError | undefined {
  if (asset.assetType === 'fiat' || asset.networkId === undefined)
    return bad(`${field}: ${asset.symbol} is a fiat asset; it does not move on chain`);
  if (core.catalog.isTestnetAsset(asset) !== (account.wire.isTestnet === true)) {
    const [assetKind, accountKind] = account.wire.isTestnet ? ['mainnet', 'testnet'] : ['testnet', 'mainnet'];
    const name = account.wire.accountName;
    return bad(
      `${field}: ${asset.symbol} on ${asset.networkId} is a ${assetKind} asset; "${name}" is a ${accountKind} account`,
    );
  }
  if (!account.addressOf.has(asset.networkId))
    return bad(`${field}: account "${account.wire.accountName}" has no address on ${asset.networkId}`);
  return undefined;
}

function withdrawal(
  core: Core,
  account: AccountInfo,
  params: TransactionParams,
  actor: string,
): OutgoingInput | ActionError {
  const asset = assetOf(core, 'params.assetId', params.assetId);
  if (isError(asset)) return asset;
  if (asset.requiresTokenId)
    return bad(`params.assetId: ${asset.symbol} tokens are moved with nft-withdrawal, not withdrawal`);
  const problem = onChainAsset(core, account, 'params.assetId', asset);
  if (problem !== undefined) return problem;
  const network = core.catalog.networkOf(asset)!;
  const networkId = text(params.networkId);
  if (networkId !== undefined && networkId !== network.networkId) {
    return bad(
      `params.networkId: asset ${asset.assetId} (${asset.symbol}) is on ${network.networkId}, not ${networkId}`,
    );
  }
  const amount = amountProblem('params.amount', params.amount, asset);
  if (amount !== undefined) return bad(amount);
  let toAddress = text(params.toAddress);
  const toAccountId = text(params.toAccountId);
  let memo = text(params.memo);
  const recordId = text(params.toAddressBookRecordId);
  if (recordId !== undefined) {
    if (toAddress !== undefined || toAccountId !== undefined)
      return bad('params.toAddressBookRecordId: expected one destination: the record, toAddress or toAccountId');
    const record = bookRecord(core, account, network.networkId, recordId, memo);
    if (isError(record)) return record;
    toAddress = record.address;
    memo = record.memo;
  }
  if (toAddress === undefined && toAccountId === undefined)
    return bad('params.toAddress: missing: expected toAddress, toAccountId or toAddressBookRecordId');
  if (toAddress !== undefined && toAccountId !== undefined)
    return bad('params.toAccountId: expected toAddress or toAccountId, not both');
  if (memo !== undefined && !network.tags.includes('supports-memo'))
    return bad(`params.memo: ${network.name} transactions carry no memo`);
  const input: OutgoingInput = {
    type: 'withdrawal',
    account,
    asset,
    amount: params.amount as string,
    createdBy: actor,
    auto: false,
    params,
    memo,
  };
  if (toAccountId !== undefined) {
    const target = core.accountById.get(toAccountId);
    if (target === undefined)
      return bad(`params.toAccountId: no account ${JSON.stringify(toAccountId)} in this workspace`);
    if (target === account) return bad('params.toAccountId: the same account as accountId');
    if (target.wire.status !== 'active')
      return bad(`params.toAccountId: account "${target.wire.accountName}" is ${target.wire.status}`);
    if (!target.addressOf.has(network.networkId))
      return bad(
        `params.toAccountId: account "${target.wire.accountName}" has no address on ${network.networkId}`,
      );
    input.toAccountId = toAccountId;
  } else {
    const wrong = addressProblem(network.addressKind, toAddress!);
    if (wrong !== undefined) return bad(`params.toAddress: ${wrong} for ${network.name}`);
    // A book-only vault may name the destination by its address when a record has it.
    const record = core.ref.book.destination(network.networkId, toAddress, memo);
    const inBook =
      record !== undefined && core.ref.book.usable(account.wire.accountId, network.networkId).includes(record);
    if (account.wire.extra?.onlyAddressBookWithdrawals && !inBook) {
      return forbidden(
        `account "${account.wire.accountName}" sends only to address book records or to the workspace's own accounts`,
      );
    }
    input.toAddress = toAddress;
  }
  return input;
}

/** The address book record a withdrawal names: active, an address, on the asset's network, usable by the vault. */
function bookRecord(
  core: Core,
  account: AccountInfo,
  networkId: string,
  recordId: string,
  memo: string | undefined,
): { address: string; memo: string | undefined } | ActionError {
  const field = 'params.toAddressBookRecordId';
  const e = core.ref.book.entry(recordId);
  if (e === undefined) return bad(`${field}: no address book record ${JSON.stringify(recordId)} in this workspace`);
  if (e.status !== 'active') return bad(`${field}: address book record "${e.name}" is ${e.status}`);
  if (e.recordType !== 'address' || e.address === undefined)
    return bad(`${field}: "${e.name}" is a ${e.recordType} record; a withdrawal goes to an address record`);
  if (e.networkId !== networkId) return bad(`${field}: "${e.name}" is on ${e.networkId}, the asset on ${networkId}`);
  if (e.accountIds !== undefined && !e.accountIds.includes(account.wire.accountId))
    return bad(`${field}: "${e.name}" may not be used by account "${account.wire.accountName}"`);
  if (memo !== undefined && memo !== (e.memo ?? memo))
    return bad(`params.memo: "${e.name}" carries memo ${e.memo}; leave memo out or send the same`);
  return { address: e.address, memo: e.memo ?? memo };
}

function swap(
  core: Core,
  account: AccountInfo,
  params: TransactionParams,
  actor: string,
  now: number,
): OutgoingInput | ActionError {
  const quoteId = text(params.quoteId);
  if (quoteId === undefined)
    return bad('params.quoteId: missing: expected the quoteId of a swap route answer');
  const quote = core.quotes.get(quoteId);
  if (quote === undefined)
    return bad(`params.quoteId: unknown quote ${JSON.stringify(quoteId)}; ask the swap route for one`);
  if (quote.accountId !== account.wire.accountId)
    return bad(`params.quoteId: quote ${quoteId} was made for another account`);
  if (now > quote.expiresAt) {
    const at = new Date(quote.expiresAt).toISOString();
    return bad(
      `params.quoteId: quote ${quoteId} expired at ${at} (quotes are valid for 30 s); ask the swap route for a new one`,
    );
  }
  if (quote.usedBy !== undefined)
    return bad(`params.quoteId: quote ${quoteId} was already used by transaction ${quote.usedBy}`);
  if (text(params.fromAssetId) !== quote.fromAssetId)
    return bad(`params.fromAssetId: the quote swaps from asset ${quote.fromAssetId}`);
  if (text(params.toAssetId) !== quote.toAssetId)
    return bad(`params.toAssetId: the quote swaps to asset ${quote.toAssetId}`);
  for (const [field, value] of [
    ['fromAmount', quote.fromAmount],
    ['toAmount', quote.toAmount],
  ] as const) {
    const given = params[field];
    if (given == null) continue;
    if (typeof given !== 'string' || !/^\d+(\.\d+)?$/.test(given) || compareDecimal(given, value) !== 0) {
      return bad(`params.${field}: the quote's ${field} is ${value}`);
    }
  }
  const from = core.catalog.asset(quote.fromAssetId)!;
  const to = core.catalog.asset(quote.toAssetId)!;
  return {
    type: 'swap-aggregator',
    account,
    asset: from,
    amount: quote.fromAmount,
    asset2: to,
    amount2: quote.toAmount,
    createdBy: actor,
    auto: false,
    params,
    quote: quote.details,
  };
}

function bridge(
  core: Core,
  account: AccountInfo,
  params: TransactionParams,
  actor: string,
): OutgoingInput | ActionError {
  const from = assetOf(core, 'params.sourceAssetId', params.sourceAssetId);
  if (isError(from)) return from;
  const problem = onChainAsset(core, account, 'params.sourceAssetId', from);
  if (problem !== undefined) return problem;
  const amount = amountProblem('params.amount', params.amount, from);
  if (amount !== undefined) return bad(amount);
  let to: AssetInfo | undefined;
  const toAssetId = text(params.toAssetId);
  if (toAssetId !== undefined) {
    to = core.catalog.asset(toAssetId);
    if (to === undefined) return bad(`params.toAssetId: unknown asset ${JSON.stringify(toAssetId)}`);
    if (routeOf(core, from, to) !== 'bridge')
      return bad(
        `params.toAssetId: ${from.symbol} on ${from.networkId} does not bridge to asset ${toAssetId}`,
      );
  } else {
    // The destination is resolved by the bridge: the first connected network the account is on.
    to = [...core.catalog.assetById.values()].find(
      (a) => a !== from && routeOf(core, from, a) === 'bridge' && account.addressOf.has(a.networkId ?? ''),
    );
    if (to === undefined)
      return bad(
        `params.sourceAssetId: ${from.symbol} on ${from.networkId} has no bridge to a network of this account`,
      );
  }
  const toAddress = account.addressOf.get(to.networkId!)?.address;
  if (toAddress === undefined)
    return bad(
      `params.toAssetId: account "${account.wire.accountName}" has no address on ${to.networkId} to receive it`,
    );
  const amountText = params.amount as string;
  return {
    type: 'bridge',
    account,
    asset: from,
    amount: amountText,
    asset2: to,
    amount2: mulRound(amountText, '0.999', to.decimals),
    toAddress,
    createdBy: actor,
    auto: false,
    params: { ...params, toAssetId: to.assetId },
  };
}
