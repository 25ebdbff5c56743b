// The market and staking operations of the public OpenAPI (wire notes, "Reference operations added
// for the API's twin"): staking positions, the asset price series, intents (quote, create, read)
// and the Canton Ledger passthrough. Permissions follow each operation's list in the OpenAPI:
// reads and the quote are for view-only, transaction-operator and full-access keys (`read`);
// creating an intent and the Canton passthrough for transaction-operator and full-access (`write`).
import {
  AssetPriceSeriesQuerySchema,
  CantonLedgerQuerySchema,
  CreateIntentSchema,
  IntentsQuoteQuerySchema,
  StakesQuerySchema,
} from '../contract/index.js';
import type { MarketPort } from './market-port.js';
import { type AddRoute, fromWorld, noQuery, notFound, ok, querySpec } from './route-kit.js';
import { parseBody } from './validation.js';
import type { Mutate } from './world-port.js';

const query = {
  stakes: querySpec(StakesQuerySchema),
  series: querySpec(AssetPriceSeriesQuerySchema),
  quote: querySpec(IntentsQuoteQuerySchema),
};

export function addMarketRoutes(route: AddRoute, ws: string, market: MarketPort, mutate: Mutate): void {
  route('GET', `${ws}/stakes`, 'read', 'read stakes', (_p, ctx) => {
    const q = query.stakes(ctx.rawQuery);
    return q.ok ? ok(market.stakes(q.value)) : q;
  });

  route('GET', '/dictionary/asset-price-series', 'read', 'read the dictionary', (_p, ctx) => {
    const q = query.series(ctx.rawQuery);
    if (!q.ok) return q;
    const result = market.priceSeries(q.value);
    return result.ok ? ok(result.value) : fromWorld(result);
  });

  // The OpenAPI puts the quote's inputs in the query of a POST; a body, if any, is not read.
  route('POST', `${ws}/intents/quote`, 'read', 'ask for an intents quote', (_p, ctx) => {
    const q = query.quote(ctx.rawQuery);
    if (!q.ok) return q;
    const result = market.quoteIntent(q.value);
    return result.ok ? ok(result.value) : fromWorld(result);
  });
  route('POST', `${ws}/intents`, 'write', 'create intents', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CreateIntentSchema, ctx.body);
    if (!body.ok) return body;
    // The OpenAPI answers 200 for a new intent and for the same one asked again.
    const result = mutate('createIntent', { body: body.value, actor: ctx.key.userId });
    return result.ok ? ok(result.value) : fromWorld(result);
  });
  route('GET', `${ws}/intents/:intentId`, 'read', 'read intents', (p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const intent = market.intent(p.intentId!);
    return intent ? ok(intent) : notFound('intent', p.intentId!);
  });

  route('POST', `${ws}/canton/ledger-query`, 'write', 'query the Canton ledger', (_p, ctx) => {
    const q = noQuery(ctx.rawQuery);
    if (!q.ok) return q;
    const body = parseBody(CantonLedgerQuerySchema, ctx.body);
    if (!body.ok) return body;
    const result = market.cantonQuery(body.value);
    return result.ok ? ok(result.value) : fromWorld(result);
  });
}
