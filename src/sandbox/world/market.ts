// Prices in USD per symbol, moving as a random walk: one tick per second of world time. A price is
// held as integer units at the precision of its starting text, so a tick is integer arithmetic and
// the price is always exact decimal text. Stable coins revert to their peg and barely move.

import type { Catalog, SymbolInfo } from './catalog.js';
import { scaleOf, unitsToDecimal } from './money.js';
import type { Rng } from './rng.js';

/** Prices of every priced symbol at one tick, as decimal text. Immutable once made. */
export type PriceSnapshot = Readonly<Record<string, string>>;

interface Quote {
  readonly info: SymbolInfo;
  readonly scale: number;
  readonly base: number;
  units: number;
}

export class Market {
  private readonly quotes = new Map<string, Quote>();
  private snap: PriceSnapshot | undefined;
  ticks = 0;

  constructor(private readonly catalog: Catalog) {
    for (const info of catalog.symbolById.values()) {
      if (info.price === undefined) continue;
      const scale = scaleOf(info.price);
      const base = Number(info.price.replace('.', ''));
      this.quotes.set(info.symbolId, { info, scale, base, units: base });
    }
  }

  /** One step of the walk for every symbol. */
  tick(rng: Rng): void {
    for (const q of this.quotes.values()) {
      const z = rng.normal();
      if (q.info.vol === 0) continue;
      // Mean reversion keeps a long run near the starting level; stable coins revert fast.
      const revert = q.info.stable ? 0.08 : 0.0004;
      const step = q.units * q.info.vol * z + revert * (q.base - q.units);
      q.units = Math.max(1, Math.round(q.units + step));
    }
    this.ticks += 1;
    this.snap = undefined;
  }

  price(symbolId: string): string | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : unitsToDecimal(q.units, q.scale);
  }

  /** The starting price of a symbol (history derives past prices from it). */
  basePrice(symbolId: string): string | undefined {
    return this.quotes.get(symbolId)?.info.price;
  }

  /** A float reading of a price, only for choosing random amounts of a given USD size. */
  approx(symbolId: string): number | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : q.units / 10 ** q.scale;
  }

  /** approx() of the starting price: what the history sizes its amounts by. */
  baseApprox(symbolId: string): number | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : q.base / 10 ** q.scale;
  }

  priceOfAsset(assetId: string): string | undefined {
    const a = this.catalog.assetById.get(assetId);
    return a === undefined ? undefined : this.price(a.symbolId);
  }

  symbols(): string[] {
    return [...this.quotes.keys()];
  }

  snapshot(): PriceSnapshot {
    if (this.snap === undefined) {
      const out: Record<string, string> = {};
      for (const [id, q] of this.quotes) out[id] = unitsToDecimal(q.units, q.scale);
      this.snap = Object.freeze(out);
    }
    return this.snap;
  }
}
