// The market and staking operations in the fuzz (stakes, the asset price series, intents, the
// Canton passthrough): their routes, the query names and values they know, and bodies shaped like
// real ones (valid, nearly valid, and wrong in every field), for http-cases.ts to mix in.
import fc from 'fast-check';

export const MARKET_TEMPLATES = [
  '/workspaces/{ws}/stakes',
  '/dictionary/asset-price-series',
  '/workspaces/{ws}/intents',
  '/workspaces/{ws}/intents/quote',
  '/workspaces/{ws}/intents/{other}',
  '/workspaces/{ws}/canton/ledger-query',
] as const;

/** Routes whose own method is POST. */
export const MARKET_POST = [
  '/workspaces/{ws}/intents',
  '/workspaces/{ws}/intents/quote',
  '/workspaces/{ws}/canton/ledger-query',
] as const;

export const MARKET_QUERY_NAMES = ['rewardPeriod', 'fromAssetId', 'toAssetId', 'fromAmount', 'toAmount', 'appliesToGroupIds'] as const;

/** Values these operations know, beside the general ones. */
export const MARKET_VALUES = ['30d', '12h', '2w', '0d', '1h', '1d', '1w', '1m', '6m', '1y', 'ytd', 'all', 'finance', 'owner'] as const;

const text = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });

/** A `POST .../intents` body: mostly plausible, every field sometimes wrong. */
export function intentBodyArb(assetIds: readonly string[], accountIds: readonly string[]): fc.Arbitrary<unknown> {
  const id = (real: readonly string[]) =>
    fc.oneof(
      { weight: 4, arbitrary: real.length > 0 ? fc.constantFrom(...real) : fc.constant('x') },
      { weight: 1, arbitrary: text(12) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    );
  const amount = fc.oneof(
    fc.stringMatching(/^0\.0[1-9]$/),
    fc.constantFrom('1', '0', '-1', '1e3', '0.000000000000000000001', '99999999999'),
    text(10),
  );
  return fc.record(
    {
      accountId: id(accountIds),
      intentId: fc.oneof(fc.stringMatching(/^[a-z0-9]{6,20}$/), text(20), fc.constant('')),
      fromAssetId: id(assetIds),
      toAssetId: id(assetIds),
      fromAmount: amount,
      toAmount: amount,
      fromTokenId: text(8),
      toTokenId: text(8),
    },
    { requiredKeys: [] },
  );
}

/** A `POST .../canton/ledger-query` body. */
export function cantonBodyArb(accountIds: readonly string[]): fc.Arbitrary<unknown> {
  return fc.record(
    {
      accountId: fc.oneof(accountIds.length > 0 ? fc.constantFrom(...accountIds) : fc.constant('x'), text(12)),
      sessionTopic: fc.oneof(fc.stringMatching(/^[0-9a-f]{16}$/), fc.jsonValue({ maxDepth: 1 })),
      params: fc.oneof(
        fc.record(
          {
            requestMethod: fc.constantFrom('GET', 'POST', 'DELETE', 'get', ''),
            resource: fc.oneof(fc.constantFrom('/v2/version', '/v2/state/active-contracts'), text(20)),
            body: fc.jsonValue({ maxDepth: 2 }),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    },
    { requiredKeys: [] },
  );
}
