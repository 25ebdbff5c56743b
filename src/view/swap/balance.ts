// What the account holds of the asset it would send, from the balances already read: said under
// the "from" field so an amount is typed knowing it. Pure. Never a 0 it did not read.
import type { Balance } from '../../contract/index.js';
import { formatDecimal, isDecimalString, normalizeDecimal } from '../../format/index.js';
import type { BalancesState, DictionaryState } from '../../store/index.js';
import type { Segment } from '../base/segments.js';
import { assetLabel } from './fields.js';

/** The one balance of an account in an asset, if it was read. */
export function balanceOf(balances: BalancesState, accountId: string, assetId: string): Balance | undefined {
  for (const b of balances.byId.values()) if (b.accountId === accountId && b.assetId === assetId) return b;
  return undefined;
}

/** Why nothing is known: the store's state in words ("balance not read" always leads). */
function notRead(balances: BalancesState): string {
  switch (balances.state) {
    case 'forbidden':
      return 'balance not read (this key may not read balances)';
    case 'failed':
      return 'balance not read (the last read failed)';
    case 'loading':
      return 'balance not read yet';
    default:
      return 'balance not read';
  }
}

/**
 * The value of the "available" line: what may leave (withdrawable), with the total beside it when
 * they differ; "balance not read" when the balances hold nothing of this pair.
 */
export function availableText(
  balances: BalancesState,
  dictionary: DictionaryState,
  accountId: string,
  assetId: string,
): { readonly text: string; readonly known: boolean } {
  const b = balanceOf(balances, accountId, assetId);
  const symbol = assetLabel(dictionary, assetId).symbol;
  const money = (v: string) => `${formatDecimal(normalizeDecimal(v))} ${symbol}`;
  const free = isDecimalString(b?.withdrawableBalance) ? b!.withdrawableBalance! : undefined;
  const total = isDecimalString(b?.totalBalance) ? b!.totalBalance! : undefined;
  if (free === undefined && total === undefined) return { text: notRead(balances), known: false };
  if (free === undefined) return { text: `${money(total!)} in total`, known: true };
  if (total === undefined || normalizeDecimal(total) === normalizeDecimal(free)) return { text: money(free), known: true };
  return { text: `${money(free)}  (${money(total)} in total)`, known: true };
}

/** The segments after the label, or undefined while the account or the asset is not chosen. */
export function availableValue(
  balances: BalancesState | undefined,
  dictionary: DictionaryState,
  form: { readonly accountId?: string; readonly fromAssetId?: string },
): Segment[] | undefined {
  if (balances === undefined || form.accountId === undefined || form.fromAssetId === undefined) return undefined;
  const a = availableText(balances, dictionary, form.accountId, form.fromAssetId);
  return [{ text: a.text, ...(a.known ? {} : { token: 'muted' as const }) }];
}
