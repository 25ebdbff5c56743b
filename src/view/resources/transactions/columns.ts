// The transactions list's columns: the usual ones, and the approval queue's (`:tx waiting-approval`,
// the `n` queue), which trade network and age for what a person deciding reads first: approvals so
// far, the time left, who asked, and whether the destination is in the address book. Pure.
import type { Transaction } from '../../../contract/index.js';
import { destinationOf, personLabel } from '../../../domain/index.js';
import {
  amountCell,
  formatCountdown,
  formatUsd,
  parseMillis,
  styleText,
  transactionStatusStyle,
} from '../../../format/index.js';
import type { Column } from '../../draw/columns.js';
import {
  asset,
  networkName,
  transactionAmount,
  transactionNetwork,
  usdValue,
} from '../../draw/context.js';
import { directoryOf } from '../../draw/detail-who.js';
import { partyCell } from '../../draw/party.js';
import { accountColumn, ageColumn, createdColumn, fixed8 } from '../kit.js';

// Widths follow the rows on screen (renderers/table-layout.ts): the account's name and the status
// are whole unless even the extras' room (USD, network, id, created) is not enough; the other
// texts are whole when there is room. When columns must go, TO / FROM outlives AGE and ACCOUNT:
// where the money went is what a row is.
export const TRANSACTION_COLUMNS: readonly Column<Transaction>[] = [
  { id: 'type', title: 'TYPE', minWidth: 10, maxWidth: 18, flex: 1, priority: 10, cell: (tx) => tx.transactionType },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 20,
    maxWidth: 26,
    priority: 12,
    whole: true,
    toned: true,
    cell: (tx, ctx) => styleText(transactionStatusStyle(tx.status), { ascii: ctx.ascii }),
  },
  {
    id: 'amount',
    title: 'AMOUNT',
    minWidth: 13,
    maxWidth: 26,
    priority: 11,
    align: 'right',
    truncate: 'amount',
    sortKey: (tx) => fixed8(transactionAmount(tx).amount),
    cell: (tx, ctx) => {
      const { amount, assetId } = transactionAmount(tx);
      return amount === undefined ? '' : amountCell(amount, asset(ctx, assetId).decimals, { ascii: ctx.ascii });
    },
  },
  {
    id: 'asset',
    title: 'ASSET',
    minWidth: 5,
    maxWidth: 10,
    priority: 11,
    cell: (tx, ctx) => asset(ctx, transactionAmount(tx).assetId).symbol,
  },
  accountColumn(7, { minWidth: 13, maxWidth: 24, flex: 2 }),
  {
    id: 'counterparty',
    title: 'TO / FROM',
    minWidth: 14,
    maxWidth: 46,
    flex: 4,
    priority: 9,
    // "→ Kraken hot · 0x1111…0582": the address-book or account name stays, the address gives way.
    truncate: 'party',
    readable: 16,
    cell: partyCell,
  },
  ageColumn(8),
  {
    id: 'usd',
    title: 'USD',
    minWidth: 11,
    maxWidth: 18,
    priority: 4,
    align: 'right',
    searchable: false,
    cell: (tx, ctx) => {
      const { amount, assetId } = transactionAmount(tx);
      const usd = usdValue(ctx, amount, assetId);
      return usd === undefined ? '' : formatUsd(usd);
    },
  },
  {
    id: 'network',
    title: 'NETWORK',
    minWidth: 8,
    maxWidth: 20,
    priority: 3,
    cell: (tx, ctx) => networkName(ctx, transactionNetwork(ctx, tx)),
  },
  { id: 'id', title: 'ID', width: 12, priority: 2, truncate: 'middle', cell: (tx) => tx.transactionId },
  createdColumn(),
];

/** "1 of 2": approvals given of those the limit asks for ("1" when the number is not said). */
export function approvalsCell(tx: Transaction): string {
  const a = tx.extra?.approvers;
  const given = a?.approvedBy?.length ?? 0;
  return a?.number == null ? (a == null ? '' : String(given)) : `${given} of ${a.number}`;
}

/** When the wait ends: the transaction's expiry, else the end of its security delay. */
export function queueEnd(tx: Transaction): number | undefined {
  return parseMillis(tx.expiresAt) ?? parseMillis(tx.extra?.approvers?.securityDelayExpiresAt);
}

/** "2h 05m", "expired", "delay 3h 10m" (the security delay's end), "" (no end said). */
export function timeLeftCell(tx: Transaction, now: number): string {
  const expiry = parseMillis(tx.expiresAt);
  const end = expiry ?? parseMillis(tx.extra?.approvers?.securityDelayExpiresAt);
  if (end === undefined) return '';
  if (end <= now) return expiry !== undefined ? 'expired' : 'delay over';
  return `${expiry !== undefined ? '' : 'delay '}${formatCountdown(end - now)}`;
}

/** "yes" (an address-book record), "own" (an account of the workspace), "NO", "?" (the book unread), "" (none). */
export function inBookCell(tx: Transaction, ctx: Parameters<Column<Transaction>['cell']>[1]): string {
  const d = destinationOf(directoryOf(ctx), ctx.workspace.accountsById, tx, {
    dictionary: ctx.dictionary,
    addresses: ctx.workspace.addresses,
  });
  return d.kind === 'book' ? 'yes' : d.kind === 'account' ? 'own' : d.kind === 'unknown' ? 'NO' : d.kind === 'unread' ? '?' : '';
}

const QUEUE_ONLY: readonly Column<Transaction>[] = [
  { id: 'approvals', title: 'APPROVALS', width: 9, priority: 10, align: 'right', searchable: false, cell: approvalsCell },
  {
    id: 'left',
    title: 'LEFT',
    width: 10,
    priority: 8,
    align: 'right',
    searchable: false,
    cell: (tx, ctx) => timeLeftCell(tx, ctx.now),
    sortKey: queueEnd,
  },
  {
    id: 'creator',
    title: 'CREATOR',
    minWidth: 8,
    maxWidth: 24,
    flex: 1,
    priority: 6,
    cell: (tx, ctx) => personLabel(directoryOf(ctx), tx.createdBy, { ascii: ctx.ascii }).text,
  },
  { id: 'book', title: 'IN BOOK', width: 7, priority: 9, cell: inBookCell },
];

const QUEUE_DROPS = new Set(['network', 'age']);

/** The queue's columns: the usual ones without network and age, its own after TO / FROM. */
export const QUEUE_COLUMNS: readonly Column<Transaction>[] = TRANSACTION_COLUMNS.flatMap((c) =>
  QUEUE_DROPS.has(c.id) ? [] : c.id === 'counterparty' ? [c, ...QUEUE_ONLY] : [c],
);

/** Whether a `:tx` query asks for the approval queue: waiting-approval, and no other status. */
export function asksForQueue(statuses: readonly string[] | undefined): boolean {
  return statuses !== undefined && statuses.length > 0 && statuses.every((s) => s === 'waiting-approval');
}

/** The columns a query shows: the queue's when it asks for the approval queue. */
export function queueColumns(statuses: readonly string[] | undefined): readonly Column<Transaction>[] {
  return asksForQueue(statuses) ? QUEUE_COLUMNS : TRANSACTION_COLUMNS;
}

/** Every column either view shows, each once: what `s` can sort by. */
export const ALL_TRANSACTION_COLUMNS: readonly Column<Transaction>[] = [...TRANSACTION_COLUMNS, ...QUEUE_ONLY];
