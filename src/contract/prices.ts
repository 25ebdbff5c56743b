import * as z from 'zod';
import { decimal } from './scalars.js';

// The user's document types `price` as a plain string; the OpenAPI says decimal, which is the
// stricter reading and the one the formatter needs.

export const SymbolMarketPriceSchema = z.looseObject({
  baseSymbolId: z.string(),
  quoteSymbolId: z.string(),
  price: decimal,
});
export type SymbolMarketPrice = z.infer<typeof SymbolMarketPriceSchema>;

export const AssetMarketPriceSchema = z.looseObject({
  baseAssetId: z.string(),
  baseSymbolId: z.string(),
  quoteAssetId: z.string(),
  quoteSymbolId: z.string(),
  price: decimal,
});
export type AssetMarketPrice = z.infer<typeof AssetMarketPriceSchema>;
