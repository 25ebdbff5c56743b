import * as z from 'zod';
import { positiveDecimal } from './scalars.js';

const ONE_AMOUNT = 'exactly one of fromAmount or toAmount';

/** Exactly one amount (a swap route, an intent, its quote): neither names `fromAmount`, both `toAmount`. */
export function oneAmount(body: { fromAmount?: string; toAmount?: string }, ctx: z.RefinementCtx): void {
  const hasFrom = body.fromAmount !== undefined;
  const hasTo = body.toAmount !== undefined;
  if (!hasFrom && !hasTo) {
    ctx.addIssue({ code: 'custom', path: ['fromAmount'], message: `missing: expected ${ONE_AMOUNT}` });
  } else if (hasFrom && hasTo) {
    ctx.addIssue({ code: 'custom', path: ['toAmount'], message: `expected ${ONE_AMOUNT}, not both` });
  }
}

/**
 * Body of `POST .../transactions/swap-route`. Exactly one amount goes out; the error of a body
 * with neither names `fromAmount`, with both names `toAmount` (the field to remove). Amounts must
 * be positive (the sandbox answers 400 otherwise).
 */
/** The two sides of a swap, as a swap route and an intent both name them (with `oneAmount`). */
export const SWAP_SIDES = {
  fromAssetId: z.string(),
  toAssetId: z.string(),
  fromAmount: positiveDecimal.optional(),
  toAmount: positiveDecimal.optional(),
  // Required for NFT and lock assets; which assets those are is the server's knowledge.
  fromTokenId: z.string().optional(),
  toTokenId: z.string().optional(),
};

export const SwapRouteRequestSchema = z
  .object({
    accountId: z.string(),
    ...SWAP_SIDES,
    // Reused as the created transaction's `externalId`.
    externalId: z.string().optional(),
  })
  .superRefine(oneAmount);
export type SwapRouteRequest = z.infer<typeof SwapRouteRequestSchema>;
