// Prices in USD per symbol, moving as a random walk: one tick per second of world time. A price is
// held as integer units at the precision of its starting text, so a tick is integer arithmetic and
// the price is always exact decimal text. Stable coins revert to their peg and barely move.

import type { Catalog, SymbolInfo } from './catalog.js';
import { scaleOf, unitsToDecimal } from './money.js';
import { PastPath, WalkCandles } from './price-path.js';
import type { Rng } from './rng.js';

/** Prices of every priced symbol at one tick, as decimal text. Immutable once made. */
export type PriceSnapshot = Readonly<Record<string, string>>;

interface Quote {
  readonly info: SymbolInfo;
  readonly scale: number;
  readonly base: number;
  units: number;
  /** Where the price was before the start (price-path.ts) and how it has walked since. */
  readonly past: PastPath;
  readonly walk: WalkCandles;
}

/** A symbol's price over time (price-series.ts reads it). */
export interface PriceHistory {
  readonly scale: number;
  readonly startMs: number;
  readonly past: PastPath;
  readonly walk: WalkCandles;
}

export class Market {
  private readonly quotes = new Map<string, Quote>();
  private snap: PriceSnapshot | undefined;
  ticks = 0;

  constructor(
    private readonly catalog: Catalog,
    seed = 1,
    private readonly startMs = 0,
  ) {
    for (const info of catalog.symbolById.values()) {
      if (info.price === undefined) continue;
      const scale = scaleOf(info.price);
      const base = Number(info.price.replace('.', ''));
      const past = PastPath.of(seed, info.symbolId, base, info.stable, info.vol !== 0, startMs);
      this.quotes.set(info.symbolId, { info, scale, base, units: base, past, walk: new WalkCandles(base) });
    }
  }

  /** One step of the walk for every symbol; `at` (the tick's world time) keeps its candles. */
  tick(rng: Rng, at?: number): void {
    for (const q of this.quotes.values()) {
      const z = rng.normal();
      if (q.info.vol === 0) continue;
      // Mean reversion keeps a long run near the starting level; stable coins revert fast.
      const revert = q.info.stable ? 0.08 : 0.0004;
      const step = q.units * q.info.vol * z + revert * (q.base - q.units);
      const before = q.units;
      q.units = Math.max(1, Math.round(q.units + step));
      if (at !== undefined) q.walk.record(at, before, q.units);
    }
    this.ticks += 1;
    this.snap = undefined;
  }

  price(symbolId: string): string | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : unitsToDecimal(q.units, q.scale);
  }

  /** The price at `t` before the start (what a past transaction was stamped with). */
  pastPrice(symbolId: string, t: number): string | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : unitsToDecimal(q.past.unitsAt(t), q.scale);
  }

  history(symbolId: string): PriceHistory | undefined {
    const q = this.quotes.get(symbolId);
    return q === undefined ? undefined : { scale: q.scale, startMs: this.startMs, past: q.past, walk: q.walk };
  }

  /** The starting price of a symbol (history sizes past amounts by it). */
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
