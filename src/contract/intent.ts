import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { decimal, millis, optionalNullable, positiveDecimal } from './scalars.js';
import { oneAmount, SWAP_SIDES } from './swap-route-request.js';

// Intents (OpenAPI `CreateIntent`, `Intent`, `IntentsQuote`, `IntentOrderStatus`): an order to
// swap across networks, filled by solvers; the swap route's `intents` answer points here.

export const INTENT_ORDER_STATUSES = [
  'not-exist',
  'user-initiated',
  'auction-in-progress',
  'wait-for-user-tx',
  'wait-for-oracle-confirm-user-tx',
  'wait-for-solver-tx',
  'wait-for-oracle-confirm-solver-tx',
  'completed',
  'liquidated',
  'cancelled',
] as const;
export const IntentOrderStatusSchema = openEnum(INTENT_ORDER_STATUSES, 'an intent order status');
export type IntentOrderStatus = z.infer<typeof IntentOrderStatusSchema>;

/** Body of `POST /workspaces/{ws}/intents`; `intentId` is the client's own id of the order. */
export const CreateIntentSchema = z
  .object({
    accountId: z.string(),
    intentId: z.string().min(1, { error: 'expected a non-empty id' }).max(128, { error: 'expected at most 128 characters' }),
    ...SWAP_SIDES,
  })
  .superRefine(oneAmount);
export type CreateIntent = z.infer<typeof CreateIntentSchema>;

/** Query of `POST /workspaces/{ws}/intents/quote` (the OpenAPI puts its inputs in the query). */
export const IntentsQuoteQuerySchema = z
  .object({
    fromAssetId: z.string(),
    toAssetId: z.string(),
    fromAmount: positiveDecimal.optional(),
    toAmount: positiveDecimal.optional(),
  })
  .superRefine(oneAmount);
export type IntentsQuoteQuery = z.output<typeof IntentsQuoteQuerySchema>;

/** The `/intents/quote` answer: every field the OpenAPI requires (the embedded form keeps them optional). */
export const IndicativeQuoteSchema = z.looseObject({
  fromAssetId: z.string(),
  toAssetId: z.string(),
  fromAmount: decimal,
  toAmount: decimal,
  minToAmount: decimal,
  minPrice: decimal,
  solverFeePercent: decimal,
  oracleFeePercent: decimal,
});
export type IndicativeQuote = z.infer<typeof IndicativeQuoteSchema>;

export const IntentSchema = z.looseObject({
  intentId: z.string(),
  status: IntentOrderStatusSchema,
  fromAssetId: z.string(),
  toAssetId: z.string(),
  fromAmount: optionalNullable(decimal),
  toAmount: optionalNullable(decimal),
  fromTokenId: optionalNullable(z.string()),
  toTokenId: optionalNullable(z.string()),
  price: optionalNullable(decimal),
  createdAt: millis,
  updatedAt: millis,
  expiresAt: optionalNullable(millis),
  userSettlementDeadline: optionalNullable(millis),
});
export type Intent = z.infer<typeof IntentSchema>;
