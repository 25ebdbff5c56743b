// What the market routes need of the world (world.market): staking positions, the asset price
// series, intents and the Canton passthrough. The world's MarketOps satisfies it structurally.
import type {
  AssetPriceSeries,
  AssetPriceSeriesQuery,
  CantonLedgerQuery,
  CantonLedgerQueryResult,
  IndicativeQuote,
  Intent,
  IntentsQuoteQuery,
  Stakes,
  StakesQuery,
} from '../contract/index.js';

type Refusal = { ok: false; status: number; code: string; message: string };

export type IntentResult = { ok: true; value: Intent; created?: boolean } | Refusal;

export interface MarketPort {
  stakes(q: StakesQuery): Stakes;
  priceSeries(q: AssetPriceSeriesQuery): { ok: true; value: AssetPriceSeries } | Refusal;
  quoteIntent(q: IntentsQuoteQuery): { ok: true; value: IndicativeQuote } | Refusal;
  intent(intentId: string): Intent | undefined;
  cantonQuery(body: CantonLedgerQuery): { ok: true; value: CantonLedgerQueryResult } | Refusal;
}
