import * as z from 'zod';
import { QuoteDetailsSchema } from './quote-details.js';
import { decimal, optionalNullable } from './scalars.js';
import { SigningRequestSchema } from './signing-request.js';
import { TransactionEventSchema } from './transaction-event.js';

/** Order-bound payer attestation of an intents settlement transfer (both 0x-hex). */
export const AttestationSignatureSchema = z.looseObject({
  publicKey: optionalNullable(z.string()),
  signature: optionalNullable(z.string()),
});
export type AttestationSignature = z.infer<typeof AttestationSignatureSchema>;

/**
 * The user's document shows only `slippageBps`; the other fields are the OpenAPI `IntentsQuote`
 * (the `/intents/quote` answer), optional here since the document does not promise them.
 */
export const IntentsQuoteSchema = z.looseObject({
  slippageBps: optionalNullable(z.string()),
  fromAssetId: optionalNullable(z.string()),
  toAssetId: optionalNullable(z.string()),
  fromAmount: optionalNullable(decimal),
  toAmount: optionalNullable(decimal),
  minToAmount: optionalNullable(decimal),
  minPrice: optionalNullable(decimal),
  solverFeePercent: optionalNullable(decimal),
  oracleFeePercent: optionalNullable(decimal),
});
export type IntentsQuote = z.infer<typeof IntentsQuoteSchema>;

export const TransactionEmbeddedSchema = z.looseObject({
  attestationSignature: optionalNullable(AttestationSignatureSchema),
  currentSigningRequest: optionalNullable(SigningRequestSchema),
  events: optionalNullable(z.array(TransactionEventSchema)),
  quoteDetails: optionalNullable(QuoteDetailsSchema),
  intentsQuote: optionalNullable(IntentsQuoteSchema),
});
export type TransactionEmbedded = z.infer<typeof TransactionEmbeddedSchema>;
