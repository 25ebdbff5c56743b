// The prices the balances and the accounts' USD values are computed with: held until they are a
// minute old, as the transactions list holds its own (transaction-rows.ts). The ticker polls every
// 2 s; revaluing every row of these lists on each poll would rewrite the screen for cents. Both
// panes take the same held prices, so an account's total and its balances agree.
import { useStore } from 'zustand';
import type { PricePoint, PricesState } from '../../store/index.js';
import type { ViewModel } from '../model.js';
import { LIST_PRICES_MAX_AGE_MS } from './transaction-rows.js';

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
