// Prices by symbol, with this session's history for sparklines. Kept apart from transactions so a
// price tick never re-renders the transaction table.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SymbolMarketPrice } from '../contract/index.js';
import { compareDecimal, isDecimalString } from '../format/index.js';

export interface PricePoint {
  readonly baseSymbolId: string;
  readonly quoteSymbolId: string;
  readonly price: string;
  /** The price at the first poll of this session: the ticker's change is measured against it. */
  readonly sessionOpen: string;
  /** The previous distinct price, for the direction of the last move. */
  readonly previous?: string;
  /** Recent prices, oldest first, bounded. */
  readonly history: readonly string[];
  /** Local time of the poll that last confirmed this price. */
  readonly at: number;
}

export interface PricesState {
  readonly bySymbol: ReadonlyMap<string, PricePoint>;
  readonly updatedAt?: number;
  readonly version: number;
}

export const emptyPrices: PricesState = { bySymbol: new Map(), version: 0 };

export const PRICE_HISTORY_LENGTH = 120;

/** "97412.10" and "97412.1" are the same price: not a move. */
function samePrice(a: string, b: string): boolean {
  if (a === b) return true;
  return isDecimalString(a) && isDecimalString(b) && compareDecimal(a, b) === 0;
}

export function applyPrices(state: PricesState, prices: readonly SymbolMarketPrice[], now: number): PricesState {
  const bySymbol = new Map(state.bySymbol);
  for (const p of prices) {
    const current = bySymbol.get(p.baseSymbolId);
    if (current === undefined) {
      bySymbol.set(p.baseSymbolId, {
        baseSymbolId: p.baseSymbolId,
        quoteSymbolId: p.quoteSymbolId,
        price: p.price,
        sessionOpen: p.price,
        history: [p.price],
        at: now,
      });
      continue;
    }
    const moved = !samePrice(current.price, p.price);
    const history = [...current.history, p.price];
    bySymbol.set(p.baseSymbolId, {
      ...current,
      quoteSymbolId: p.quoteSymbolId,
      price: p.price,
      previous: moved ? current.price : current.previous,
      history: history.length > PRICE_HISTORY_LENGTH ? history.slice(-PRICE_HISTORY_LENGTH) : history,
      at: now,
    });
  }
  return { bySymbol, updatedAt: now, version: state.version + 1 };
}

export type PricesStore = StoreApi<PricesState>;

export function createPricesStore(): PricesStore {
  return createStore<PricesState>()(() => emptyPrices);
}
