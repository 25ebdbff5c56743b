// What balances are worth: each balance's total at its symbol's ticker price, each account's sum
// and the workspace's, in exact decimal arithmetic. A balance whose asset has no price is counted,
// not guessed: a sum that leaves some out reads "≥ $…" and the title says how many. Pure.
import type { Balance } from '../../../contract/index.js';
import { addDecimal, formatUsd, isDecimalString, multiplyDecimal } from '../../../format/index.js';
import { assetInfo, type BalancesState, type DictionaryState, type PricePoint } from '../../../store/index.js';

export interface ValueCtx {
  readonly dictionary: DictionaryState;
  readonly prices: ReadonlyMap<string, PricePoint>;
}

/** A sum of USD values, and how many balances it leaves out for want of a price. */
export interface UsdTotal {
  readonly usd: string;
  /** Balances summed (not zero, with a price). */
  readonly priced: number;
  /** Balances that are not zero and have no price (or no readable amount). */
  readonly unpriced: number;
}

export const ZERO_TOTAL: UsdTotal = { usd: '0', priced: 0, unpriced: 0 };

/** The ticker symbol of a balance's asset: the dictionary's, else the symbol the balance names. */
export function balanceSymbolId(b: Balance, dictionary: DictionaryState): string | undefined {
  return assetInfo(dictionary, b.assetId).symbolId ?? b.symbol ?? undefined;
}

/** The symbol people read for a balance's asset ("USDT"). */
export function balanceSymbol(b: Balance, dictionary: DictionaryState): string {
  const known = dictionary.assets.has(b.assetId);
  return known ? assetInfo(dictionary, b.assetId).symbol : (b.symbol ?? b.assetId);
}

/** Whether an amount is zero (or absent): such a balance is worth nothing, priced or not. */
function isZero(amount: string | null | undefined): boolean {
  return amount == null || /^-?0*(\.0*)?$/.test(amount);
}

/** The USD value of a balance's total, exact; undefined without a price or a readable amount. */
export function balanceUsd(b: Balance, ctx: ValueCtx): string | undefined {
  const amount = b.totalBalance;
  if (amount == null || !isDecimalString(amount)) return undefined;
  const symbolId = balanceSymbolId(b, ctx.dictionary);
  const price = symbolId === undefined ? undefined : ctx.prices.get(symbolId)?.price;
  if (price === undefined || !isDecimalString(price)) return undefined;
  return multiplyDecimal(amount, price);
}

/** Adds one balance to a total (a zero adds nothing, priced or not). */
export function addBalance(total: UsdTotal, b: Balance, ctx: ValueCtx): UsdTotal {
  if (isZero(b.totalBalance)) return total;
  const usd = balanceUsd(b, ctx);
  if (usd !== undefined) return { usd: addDecimal(total.usd, usd), priced: total.priced + 1, unpriced: total.unpriced };
  return { ...total, unpriced: total.unpriced + 1 };
}

/** The sum of some balances. */
export function totalOf(balances: Iterable<Balance>, ctx: ValueCtx): UsdTotal {
  let total = ZERO_TOTAL;
  for (const b of balances) total = addBalance(total, b, ctx);
  return total;
}

/** Each account's total, by account id (an account without balances has none here). */
export function totalsByAccount(balances: Iterable<Balance>, ctx: ValueCtx): Map<string, UsdTotal> {
  const totals = new Map<string, UsdTotal>();
  for (const b of balances) totals.set(b.accountId, addBalance(totals.get(b.accountId) ?? ZERO_TOTAL, b, ctx));
  return totals;
}

/**
 * "$1,234.50"; "≥ $1,234.50" (ASCII ">= ") when some balances could not be priced, "no price" when
 * none could.
 */
export function usdTotalText(total: UsdTotal, ascii: boolean): string {
  if (total.unpriced > 0 && total.priced === 0) return 'no price';
  const text = formatUsd(total.usd);
  return total.unpriced > 0 ? `${ascii ? '>=' : '≥'} ${text}` : text;
}

/**
 * The title's words on a sum of balances: "$12,345,678.00 total" (", 2 unpriced" when some have
 * no price), or why there is none: still loading, the role may not read them, the read failed.
 */
export function balancesSummary(state: BalancesState, total: UsdTotal, ascii: boolean): string {
  const ellipsis = ascii ? '...' : '…';
  if (state.state === 'forbidden') return 'balances not readable by this role';
  if (state.loadedAt === undefined) return state.state === 'failed' ? 'balances could not be read' : `balances loading${ellipsis}`;
  const unpriced = total.unpriced > 0 ? `, ${total.unpriced} unpriced` : '';
  return `${formatUsd(total.usd)} total${unpriced}`;
}
