// The words of the activity feed: a title that says what happened ("Withdrawal declined") and a
// description with the facts (amount, vaults, the destination by its address book name where it
// has one, the transaction id, a decline's reason as given). Plain text; the console shows it as
// text and never interprets it (wire notes §9).

import type { AddressBook } from './address-book.js';
import type { Catalog } from './catalog.js';
import { isIncoming, type TxRecord } from './records.js';
import type { AccountInfo } from './workspace.js';

export interface TextContext {
  readonly catalog: Catalog;
  readonly accountById: ReadonlyMap<string, AccountInfo>;
  readonly book: AddressBook;
}

export type TxActivityType =
  | 'transaction-created'
  | 'transaction-approved'
  | 'transaction-declined'
  | 'transaction-canceled'
  | 'transaction-completed';

const TYPE_LABELS: Readonly<Record<string, string>> = {
  withdrawal: 'Withdrawal',
  deposit: 'Deposit',
  'swap-aggregator': 'Swap',
  bridge: 'Bridge',
  allowance: 'Token allowance',
  'stake-delegation': 'Stake delegation',
  'fiat-in': 'Fiat deposit',
  'fiat-out': 'Fiat withdrawal',
  'nft-deposit': 'NFT deposit',
  'address-activation': 'Address activation',
};

const VERB: Readonly<Record<TxActivityType, string>> = {
  'transaction-created': 'created',
  'transaction-approved': 'approved',
  'transaction-declined': 'declined',
  'transaction-canceled': 'canceled',
  'transaction-completed': 'completed',
};

export function typeLabel(type: string): string {
  const known = TYPE_LABELS[type];
  if (known !== undefined) return known;
  const words = type.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function txTitle(activity: TxActivityType, type: string): string {
  return `${typeLabel(type)} ${VERB[activity]}`;
}

/** `bc1qkh…4nsg`: enough to recognise, short enough for a line. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

function amountOf(
  ctx: TextContext,
  assetId: string | undefined,
  amount: string | undefined,
  tokenId?: string,
): string {
  const asset = assetId === undefined ? undefined : ctx.catalog.asset(assetId);
  const symbol = asset?.symbol ?? assetId ?? '';
  if (tokenId !== undefined) return `${symbol} #${tokenId}`;
  return `${amount ?? '?'} ${symbol}`.trim();
}

function accountName(ctx: TextContext, accountId: string | undefined): string {
  if (accountId === undefined) return 'an unknown vault';
  return ctx.accountById.get(accountId)?.wire.accountName ?? accountId;
}

function destination(ctx: TextContext, rec: TxRecord): string {
  if (rec.toAccountId !== undefined) return accountName(ctx, rec.toAccountId);
  if (rec.toAddress === undefined) return 'an unknown address';
  const named = ctx.book.named(rec.networkId, rec.toAddress, rec.memo);
  if (named !== undefined) return named.name;
  const memo = rec.memo === undefined ? '' : ` (memo ${rec.memo})`;
  return `${shortAddress(rec.toAddress)}${memo}`;
}

/** What a transaction moved, from where to where. */
export function txFacts(ctx: TextContext, rec: TxRecord): string {
  const amount = amountOf(ctx, rec.assetId, rec.amount, rec.tokenId);
  const account = accountName(ctx, rec.accountId);
  if (isIncoming(rec.type)) {
    const from = rec.fromAccountId === undefined ? '' : ` from ${accountName(ctx, rec.fromAccountId)}`;
    return `${amount} into ${account}${from}`;
  }
  switch (rec.type) {
    case 'swap-aggregator':
      return `${amount} → ${amountOf(ctx, rec.asset2, rec.amount2)} in ${account}`;
    case 'bridge': {
      const to = rec.asset2 === undefined ? undefined : ctx.catalog.asset(rec.asset2);
      return `${amount} on ${rec.networkId ?? '?'} → ${to?.networkId ?? '?'} in ${account}`;
    }
    case 'allowance': {
      const spender = rec.toAddress === undefined ? 'a spender' : shortAddress(rec.toAddress);
      return `${amount} from ${account} for ${spender}`;
    }
    case 'stake-delegation':
      return `${amount} staked from ${account}`;
    case 'address-activation':
      return `${ctx.catalog.asset(rec.assetId)?.symbol ?? rec.assetId} activated on ${account}`;
    case 'fiat-out':
      return `${amount} from ${account} to the linked bank account`;
    default:
      return `${amount} from ${account} to ${destination(ctx, rec)}`;
  }
}

/** The description of a transaction's activity; a decline or cancel says its reason. */
export function txDescription(
  ctx: TextContext,
  activity: TxActivityType,
  rec: TxRecord,
  reason?: string,
  /** txFacts(ctx, rec), when the caller has it already. */
  facts = txFacts(ctx, rec),
): string {
  const base = `${facts} · transaction ${rec.id}`;
  if (activity !== 'transaction-declined' && activity !== 'transaction-canceled') return base;
  if (reason === undefined || reason.trim() === '') return `${base} · no reason given`;
  return `${base} · reason: ${reason}`;
}
