// The world's side of the market and staking operations (market-routes.ts): staking positions,
// the asset price series, intents (quote, create, read) and the Canton passthrough. World holds one
// of these; reads change nothing, and creating an intent (a mutation) runs the world up to now first.

import type {
  AssetPriceSeriesQuery,
  CantonLedgerQuery,
  CreateIntent,
  Intent,
  IntentsQuoteQuery,
  Stakes,
  StakesQuery,
} from '../../contract/index.js';
import { cantonQuery, type CantonResult } from './canton.js';
import type { Core } from './core.js';
import { type IntentResult, Intents, quoteIntent, type QuoteResult } from './intents.js';
import { priceSeries, type SeriesResult } from './price-series.js';
import { listStakes } from './stakes.js';

export class MarketOps {
  private intentsOf: Intents | undefined;

  /** `core` is asked for when first used: the world builds this before its core is set. */
  constructor(
    private readonly core: () => Core,
    private readonly advance: () => void,
  ) {}

  private get intentBook(): Intents {
    this.intentsOf ??= new Intents(this.core());
    return this.intentsOf;
  }

  stakes(q: StakesQuery): Stakes {
    const core = this.core();
    return listStakes(core, q, core.clock.now());
  }

  priceSeries(q: AssetPriceSeriesQuery): SeriesResult {
    const core = this.core();
    return priceSeries(core.market, core.catalog.symbolById, q.baseSymbolId, q.period, core.clock.now());
  }

  quoteIntent(q: IntentsQuoteQuery): QuoteResult {
    return quoteIntent(this.core(), q);
  }

  intent(intentId: string): Intent | undefined {
    return this.intentBook.get(intentId);
  }

  /** The transaction an intent made, if there is that intent. */
  intentTransaction(intentId: string): string | undefined {
    return this.intentBook.transactionOf(intentId);
  }

  createIntent(body: CreateIntent, actor: string): IntentResult {
    this.advance();
    return this.intentBook.create(body, actor);
  }

  cantonQuery(body: CantonLedgerQuery): CantonResult {
    return cantonQuery(this.core(), body);
  }
}

