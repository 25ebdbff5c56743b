// What a renderer may look at besides the record: reference data to turn ids into names, the
// prices for USD values, the clock for ages. Plain data, so renderers stay pure functions.
import type { Transaction } from '../../contract/index.js';
import { isIncomingType } from '../../domain/index.js';
import {
  assetInfo,
  type AssetInfo,
  type DictionaryState,
  type DirectoryState,
  type PricePoint,
  type WorkspaceState,
} from '../../store/index.js';
import { amountProblem, multiplyDecimal } from '../../format/index.js';

export interface RenderCtx {
  readonly ascii: boolean;
  /** Local clock (ms) for ages. */
  readonly now: number;
  /** The server's clock (local plus the skew the header warns of), for server-stamped deadlines; absent: `now`. */
  readonly serverNow?: number;
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
  readonly prices: ReadonlyMap<string, PricePoint>;
  /** Members, address book and limits: names for ids and destinations, once read. */
  readonly directory?: DirectoryState;
  /** Deposit addresses per account id (the accounts pane's ADDR column). */
  readonly addressCounts?: ReadonlyMap<string, number>;
  /** Each account's balances in USD, as the accounts pane's USD column says it ("≥ $1,234.50"). */
  readonly accountUsd?: ReadonlyMap<string, string>;
}

/** The same names, prices and clock: whatever a renderer reads of the context reads the same. */
export function sameRenderCtx(a: RenderCtx, b: RenderCtx): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof RenderCtx)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export function accountName(ctx: Pick<RenderCtx, 'workspace'>, accountId: string | null | undefined): string {
  if (accountId == null) return '';
  return ctx.workspace.accountsById.get(accountId)?.accountName ?? accountId;
}

export function networkName(
  ctx: Pick<RenderCtx, 'dictionary'>,
  networkId: string | null | undefined,
): string {
  if (networkId == null) return '';
  return ctx.dictionary.networks.get(networkId)?.name ?? networkId;
}

export function asset(ctx: Pick<RenderCtx, 'dictionary'>, assetId: string | null | undefined): AssetInfo {
  return assetInfo(ctx.dictionary, assetId);
}

/**
 * USD value of an amount of an asset at the current price of its symbol; exact decimal arithmetic.
 * Undefined without a price, and for an amount that is flagged (format/amount.ts amountProblem).
 */
export function usdValue(
  ctx: Pick<RenderCtx, 'dictionary' | 'prices'>,
  amount: string | null | undefined,
  assetId: string | null | undefined,
): string | undefined {
  if (amount == null || assetId == null) return undefined;
  const info = assetInfo(ctx.dictionary, assetId);
  // An impossible amount (negative, not a number, too precise) has no value to show.
  if (amountProblem(amount, info.decimals) !== undefined) return undefined;
  const price = info.symbolId === undefined ? undefined : ctx.prices.get(info.symbolId)?.price;
  if (price === undefined) return undefined;
  try {
    return multiplyDecimal(amount, price);
  } catch {
    return undefined;
  }
}

// What a transaction moves and where is a domain rule (src/domain/transaction.ts).
export { transactionAmount, transactionNetwork } from '../../domain/index.js';

export type Direction = 'in' | 'out' | 'none';

/**
 * Where the money went or came from: "→ address" for sends, "← address" for receipts. `address`:
 * the text is an address from the wire (an identifier: format/hidden.ts), not an account's name.
 */
export function counterparty(
  ctx: Pick<RenderCtx, 'workspace'>,
  tx: Transaction,
): { direction: Direction; text: string; address: boolean } {
  const toAccount = tx.params?.toAccountId ?? tx.extra?.toAccountId;
  const toAddress = tx.params?.toAddress ?? tx.extra?.toAddress;
  const to = toAddress ?? (toAccount ? accountName(ctx, toAccount) : undefined);
  const fromAccount = tx.extra?.fromAccountId;
  const fromAddress = tx.extra?.fromAddress;
  const from = fromAddress ?? (fromAccount ? accountName(ctx, fromAccount) : undefined);
  const incoming = isIncomingType(tx.transactionType) && from != null;
  if (incoming || (to == null && from != null)) return { direction: 'in', text: from ?? '', address: fromAddress != null };
  if (to != null) return { direction: 'out', text: to, address: toAddress != null };
  return { direction: 'none', text: '', address: false };
}
