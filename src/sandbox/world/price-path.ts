// Where a symbol's price was at any time: before the world started, a smooth path drawn from the
// seed (the prices past transactions were stamped with); since, the market's own walk, kept as
// minute candles as it ticks. Both are integer units at the price's own scale, so every figure is
// exact decimal text. The path ends at the starting price, where the walk begins: no jump between.

import { hashText, mix, streamSeed } from './rng.js';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The finest knot spacing: between knots the path is a straight line, so its extremes are at knots. */
export const KNOT_MS = 5 * MINUTE;

/** Knot spacing and amplitude: the amplitudes sum to 5%, so the past stays within ±10% of the start. */
const OCTAVES: readonly (readonly [number, number])[] = [
  [KNOT_MS, 0.003],
  [HOUR, 0.007],
  [DAY, 0.015],
  [7 * DAY, 0.025],
];
/** Stable coins move 1/200 as much (±0.05%), as they did when past prices were drawn one by one. */
const STABLE_SHARE = 0.005;

/** Open, high, low and close of a stretch of time, in units. */
export interface Candle {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The seeded past of one symbol's price. */
export class PastPath {
  private readonly salt: number;
  private readonly atStart: number;

  constructor(
    seed: number,
    symbolId: string,
    private readonly base: number,
    private readonly share: number,
    private readonly startMs: number,
  ) {
    this.salt = mix(streamSeed(seed, 'price-path'), hashText(symbolId));
    this.atStart = this.wave(startMs);
  }

  static of(seed: number, symbolId: string, base: number, stable: boolean, moves: boolean, startMs: number) {
    return new PastPath(seed, symbolId, base, moves ? (stable ? STABLE_SHARE : 1) : 0, startMs);
  }

  /** A knot's value in [-1, 1], from the seed, the symbol, the octave and the knot's index alone. */
  private knot(octave: number, k: number): number {
    const lo = k % 0x100000000;
    const hi = Math.floor(k / 0x100000000);
    return (mix(mix(this.salt, octave), mix(lo, hi)) / 0xffffffff) * 2 - 1;
  }

  private wave(t: number): number {
    let sum = 0;
    for (let o = 0; o < OCTAVES.length; o++) {
      const [spacing, amplitude] = OCTAVES[o]!;
      const k = Math.floor(t / spacing);
      const f = (t - k * spacing) / spacing;
      sum += amplitude * (this.knot(o, k) * (1 - f) + this.knot(o, k + 1) * f);
    }
    return sum;
  }

  /** Units at `t`; the start's own price at and after the start. */
  unitsAt(t: number): number {
    if (this.share === 0 || t >= this.startMs) return this.base;
    return Math.max(1, Math.round(this.base * (1 + this.share * (this.wave(t) - this.atStart))));
  }

  /** The candle of [from, to] (to ≤ the start): the ends and every knot between. */
  candle(from: number, to: number): Candle {
    const open = this.unitsAt(from);
    const close = this.unitsAt(to);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    if (this.share !== 0) {
      for (let t = (Math.floor(from / KNOT_MS) + 1) * KNOT_MS; t < to; t += KNOT_MS) {
        const u = this.unitsAt(t);
        if (u > high) high = u;
        if (u < low) low = u;
      }
    }
    return { open, high, low, close };
  }
}

/**
 * The walk since the start as minute candles, appended as it ticks (ticks only move forward). A
 * minute with no tick (the world was not asked, or skipped ahead after a clock jump) has no
 * candle: the price simply stayed.
 */
export class WalkCandles {
  private readonly minutes: number[] = [];
  /** open, high, low, close per minute, flat. */
  private readonly ohlc: number[] = [];

  constructor(private readonly base: number) {}

  record(at: number, before: number, after: number): void {
    const minute = Math.floor(at / MINUTE);
    const n = this.minutes.length;
    if (n > 0 && this.minutes[n - 1] === minute) {
      const i = (n - 1) * 4;
      if (after > this.ohlc[i + 1]!) this.ohlc[i + 1] = after;
      if (after < this.ohlc[i + 2]!) this.ohlc[i + 2] = after;
      this.ohlc[i + 3] = after;
      return;
    }
    this.minutes.push(minute);
    this.ohlc.push(before, Math.max(before, after), Math.min(before, after), after);
  }

  /** Index of the first candle whose minute starts at or after `t`. */
  private firstFrom(t: number): number {
    const minute = Math.ceil(t / MINUTE);
    let lo = 0;
    let hi = this.minutes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.minutes[mid]! < minute) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The price after every tick before `t` (a minute boundary): the close of the minute before. */
  unitsBefore(t: number): number {
    const i = this.firstFrom(t);
    return i === 0 ? this.base : this.ohlc[(i - 1) * 4 + 3]!;
  }

  /** The candle of the minutes in [from, to) (minute boundaries; `to` = Infinity for up to now). */
  candle(from: number, to: number): Candle {
    const open = this.unitsBefore(from);
    let high = open;
    let low = open;
    let close = open;
    for (let i = this.firstFrom(from); i < this.minutes.length && this.minutes[i]! * MINUTE < to; i++) {
      high = Math.max(high, this.ohlc[i * 4 + 1]!);
      low = Math.min(low, this.ohlc[i * 4 + 2]!);
      close = this.ohlc[i * 4 + 3]!;
    }
    return { open, high, low, close };
  }
}
