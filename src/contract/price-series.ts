import * as z from 'zod';
import { decimal, millis } from './scalars.js';

// Close prices over a chart period (`GET /dictionary/asset-price-series`). The OpenAPI's
// `PriceSeriesPoint` is an empty object; the point is the official clients' type (wire notes,
// "Reference operations added for the API's twin").

/** OpenAPI `ChartPeriod`. */
export const CHART_PERIODS = ['1h', '1d', '1w', '1m', '6m', '1y', 'ytd', 'all'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const AssetPriceSeriesQuerySchema = z.object({
  baseSymbolId: z.string(),
  period: z.enum(CHART_PERIODS, { error: `expected one of ${CHART_PERIODS.join(', ')}` }),
});
export type AssetPriceSeriesQuery = z.output<typeof AssetPriceSeriesQuerySchema>;

/** One candle: the price at its start (open), its extremes, and at its end (close). */
export const PriceSeriesPointSchema = z.looseObject({
  baseSymbolId: z.string(),
  timestamp: millis,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume24h: decimal,
});
export type PriceSeriesPoint = z.infer<typeof PriceSeriesPointSchema>;

export const AssetPriceSeriesSchema = z.looseObject({ points: z.array(PriceSeriesPointSchema) });
export type AssetPriceSeries = z.infer<typeof AssetPriceSeriesSchema>;
