// A transaction as a table row. Pure: record + context → cells.
import type { Transaction } from '../../contract/index.js';
import {
  formatAbsolute,
  formatAge,
  formatAmount,
  formatUsd,
  type Millis,
  parseMillis,
  styleText,
  transactionStatusStyle,
} from '../../format/index.js';
import type { Renderer } from './columns.js';
import {
  accountName,
  asset,
  counterparty,
  networkName,
  type RenderCtx,
  transactionAmount,
  transactionNetwork,
  usdValue,
} from './context.js';

export const transactionColumns = [
  { id: 'type', title: 'TYPE', minWidth: 10, maxWidth: 14, flex: 1, priority: 9 },
  { id: 'status', title: 'STATUS', width: 20, priority: 10, toned: true },
  { id: 'amount', title: 'AMOUNT', minWidth: 13, maxWidth: 18, flex: 1, priority: 9, align: 'right' },
  { id: 'asset', title: 'ASSET', width: 5, priority: 9 },
  { id: 'account', title: 'ACCOUNT', minWidth: 13, maxWidth: 24, flex: 2, priority: 6 },
  {
    id: 'counterparty',
    title: 'TO / FROM',
    minWidth: 14,
    maxWidth: 46,
    flex: 4,
    priority: 5,
    truncate: 'middle',
  },
  { id: 'age', title: 'AGE', width: 4, priority: 8, align: 'right', searchable: false },
  { id: 'usd', title: 'USD', width: 13, priority: 4, align: 'right', searchable: false },
  { id: 'network', title: 'NETWORK', width: 10, priority: 3 },
  { id: 'id', title: 'ID', width: 12, priority: 2, truncate: 'middle' },
  { id: 'created', title: 'CREATED', width: 19, priority: 1 },
] as const satisfies Renderer<Transaction>['columns'];

/**
 * The transactions pane draws ages at the time of its last 5 s tick (panes/transactions.tsx), so a
 * row that arrived since reads "0s", not "+2s" (in the future). A larger lead is clock skew: shown.
 */
export const AGE_TICK_MS = 5_000;

function age(createdAt: Millis, now: Millis): string {
  const t = parseMillis(createdAt);
  const n = parseMillis(now);
  if (t !== undefined && n !== undefined && t > n && t - n < AGE_TICK_MS) return formatAge(t, t);
  return formatAge(createdAt, now);
}

export function transactionCells(tx: Transaction, ctx: RenderCtx): string[] {
  const { amount, assetId } = transactionAmount(tx);
  const info = asset(ctx, assetId);
  const party = counterparty(ctx, tx);
  const g = ctx.ascii ? { in: '<-', out: '->' } : { in: '←', out: '→' };
  const usd = usdValue(ctx, amount, assetId);
  return [
    tx.transactionType,
    styleText(transactionStatusStyle(tx.status), { ascii: ctx.ascii }),
    amount === undefined ? '' : formatAmount(amount, info.decimals, { ascii: ctx.ascii }),
    info.symbol,
    accountName(ctx, tx.accountId),
    party.direction === 'none' ? '' : `${party.direction === 'in' ? g.in : g.out} ${party.text}`,
    age(tx.createdAt, ctx.now),
    usd === undefined ? '' : formatUsd(usd),
    networkName(ctx, transactionNetwork(ctx, tx)),
    tx.transactionId,
    formatAbsolute(tx.createdAt),
  ];
}

export const transactionRenderer: Renderer<Transaction> = {
  resource: 'transactions',
  columns: transactionColumns,
  id: (tx) => tx.transactionId,
  cells: transactionCells,
  tone: (tx) => transactionStatusStyle(tx.status).tone,
};
