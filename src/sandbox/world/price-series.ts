// The asset price series (`GET /dictionary/asset-price-series`): candles over a chart period, read
// from the market's own history (price-path.ts), never stored per request. Buckets are aligned to
// their size (a day starts at midnight UTC); the last one ends now, so its close is the live price,
// and each candle opens where the one before it closed.

import type { ChartPeriod, PriceSeriesPoint } from '../../contract/index.js';
import type { Market } from './market.js';
import { unitsToDecimal } from './money.js';
import { WORKSPACE_AGE_DAYS } from './people.js';
import { type Candle, MINUTE } from './price-path.js';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Span and bucket of each period: a few hundred points at most. */
const LAYOUT: Record<Exclude<ChartPeriod, 'ytd' | 'all'>, readonly [span: number, step: number]> = {
  '1h': [HOUR, MINUTE],
  '1d': [DAY, 15 * MINUTE],
  '1w': [7 * DAY, HOUR],
  '1m': [30 * DAY, 4 * HOUR],
  '6m': [182 * DAY, DAY],
  '1y': [365 * DAY, DAY],
};

export type SeriesResult =
  | { ok: true; value: { points: PriceSeriesPoint[] } }
  | { ok: false; status: 404; code: 'not-found'; message: string };

function firstBucket(period: ChartPeriod, now: number, startMs: number): [from: number, step: number] {
  // All: since the workspace was opened (nothing in it is older).
  if (period === 'all') return [Math.floor((startMs - WORKSPACE_AGE_DAYS * DAY) / DAY) * DAY, DAY];
  if (period === 'ytd') return [Date.UTC(new Date(now).getUTCFullYear(), 0, 1), DAY];
  const [span, step] = LAYOUT[period];
  return [Math.floor((now - span) / step) * step, step];
}

function merge(a: Candle, b: Candle): Candle {
  return { open: a.open, high: Math.max(a.high, b.high), low: Math.min(a.low, b.low), close: b.close };
}

/**
 * The series of a symbol. A known symbol without a market (a testnet coin) has no prices: an
 * empty series. Decision: `volume24h` is "0": the sandbox's market has prices but no trading.
 */
export function priceSeries(
  market: Market,
  symbols: ReadonlyMap<string, unknown>,
  symbolId: string,
  period: ChartPeriod,
  now: number,
): SeriesResult {
  if (!symbols.has(symbolId))
    return { ok: false, status: 404, code: 'not-found', message: `no symbol with id ${JSON.stringify(symbolId)}` };
  const h = market.history(symbolId);
  if (h === undefined) return { ok: true, value: { points: [] } };
  const [from, step] = firstBucket(period, now, h.startMs);
  const points: PriceSeriesPoint[] = [];
  for (let s = from; s <= now; s += step) {
    const last = s + step > now;
    const e = last ? now : s + step;
    let candle: Candle;
    if (e <= h.startMs) candle = h.past.candle(s, e);
    else if (s >= h.startMs) candle = h.walk.candle(s, last ? Infinity : e);
    else candle = merge(h.past.candle(s, h.startMs), h.walk.candle(s, last ? Infinity : e));
    const text = (units: number) => unitsToDecimal(units, h.scale);
    points.push({
      baseSymbolId: symbolId,
      timestamp: String(s),
      open: text(candle.open),
      high: text(candle.high),
      low: text(candle.low),
      close: text(candle.close),
      volume24h: '0',
    });
  }
  return { ok: true, value: { points } };
}
