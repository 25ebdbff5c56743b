// The prices the lists value their USD columns with (transactions, balances, accounts): held until
// they are a minute old. The ticker polls every 2 s; revaluing every row of a list on each poll
// would rewrite the screen (bytes over SSH) for cents. The ticker, the prices pane and the detail
// stay live. Balances and accounts share one holder, so an account's total and its balances agree.
import { useStore } from 'zustand';
import type { PricePoint, PricesState } from '../../../store/index.js';
import type { ViewModel } from '../../model/model.js';

/** How long a list keeps the prices it values its rows with. */
export const LIST_PRICES_MAX_AGE_MS = 60_000;

export type PriceHolder = (prices: PricesState) => ReadonlyMap<string, PricePoint>;

/** A holder: the same map until newer prices are due (a minute on, new symbols, a clock set back). */
export function priceHolder(maxAgeMs = LIST_PRICES_MAX_AGE_MS): PriceHolder {
  let held: PricesState | undefined;
  return (prices) => {
    const due =
      held === undefined ||
      held.bySymbol.size < prices.bySymbol.size ||
      (prices.updatedAt ?? 0) - (held.updatedAt ?? 0) >= maxAgeMs ||
      (prices.updatedAt ?? 0) < (held.updatedAt ?? 0);
    if (due) held = prices;
    return held!.bySymbol;
  };
}

/** The one holder of a view (its memo slot). */
const SLOT = {};

export function heldPrices(vm: ViewModel): ReadonlyMap<string, PricePoint> {
  return vm.cache(SLOT, () => priceHolder())(vm.stores.prices.getState());
}

/** The held prices, re-rendering when they are taken anew (at most about once a minute). */
export function useHeldPrices(vm: ViewModel): ReadonlyMap<string, PricePoint> {
  const hold = vm.cache(SLOT, () => priceHolder());
  return useStore(vm.stores.prices, hold);
}
