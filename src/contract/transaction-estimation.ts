import * as z from 'zod';
import { EventTypeSchema } from './enums.js';
import { decimal, millis, optionalNullable } from './scalars.js';
import { EventExtraSchema } from './transaction-event.js';

/** A predicted event of a dry-run; `eventType` uses the event types. */
export const TransactionEstimationSchema = z.looseObject({
  estimationId: z.string(),
  transactionId: z.string(),
  eventType: EventTypeSchema,
  assetId: z.string(),
  createdAt: millis,
  amount: optionalNullable(decimal),
  networkId: optionalNullable(z.string()),
  symbol: optionalNullable(z.string()),
  usdAmount: optionalNullable(decimal),
  extra: optionalNullable(EventExtraSchema),
});
export type TransactionEstimation = z.infer<typeof TransactionEstimationSchema>;
