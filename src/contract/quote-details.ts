import * as z from 'zod';
import { decimal, int64, optionalNullable } from './scalars.js';

/** A provider's swap quote (user's document; the OpenAPI predates it, so nothing is required). */
export const QuoteDetailsSchema = z.looseObject({
  quoteId: optionalNullable(z.string()),
  provider: optionalNullable(z.string()),
  // Typed int64 by the document (Unix ms): the quote is rejected after it.
  expiresAt: optionalNullable(int64),
  fromAmount: optionalNullable(decimal),
  toAmount: optionalNullable(decimal),
  toAmountMin: optionalNullable(decimal),
  fromAmountUSD: optionalNullable(decimal),
  toAmountUSD: optionalNullable(decimal),
  slippage: optionalNullable(decimal),
  isCrossChain: optionalNullable(z.boolean()),
  networkFee: optionalNullable(decimal),
  networkFeeAssetId: optionalNullable(z.string()),
  networkFeeUSD: optionalNullable(decimal),
  serviceFeeUSD: optionalNullable(decimal),
  processingTime: optionalNullable(z.string()),
  approvalAddress: optionalNullable(z.string()),
});
export type QuoteDetails = z.infer<typeof QuoteDetailsSchema>;
