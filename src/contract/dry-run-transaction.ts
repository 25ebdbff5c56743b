import * as z from 'zod';
import { TransactionTypeSchema } from './enums.js';
import { optionalNullable } from './scalars.js';
import { TransactionEmbeddedSchema } from './transaction-embedded.js';
import { TransactionEstimationSchema } from './transaction-estimation.js';
import { TransactionExtraSchema } from './transaction-extra.js';
import { TransactionParamsSchema } from './transaction-params.js';
import { acceptEmbedded, toWireEmbedded, type WireEmbedded } from './wire-embedded.js';

export const WarningSchema = z.looseObject({
  code: optionalNullable(z.string()),
  message: z.string(),
});
export type Warning = z.infer<typeof WarningSchema>;

export const DryRunTransactionObjectSchema = z.looseObject({
  transactionType: TransactionTypeSchema,
  accountId: z.string(),
  description: optionalNullable(z.string()),
  externalId: optionalNullable(z.string()),
  params: optionalNullable(TransactionParamsSchema),
  extra: optionalNullable(TransactionExtraSchema),
  // Swap-route answers put the quote under `_embedded.quoteDetails`.
  embedded: optionalNullable(TransactionEmbeddedSchema),
  estimations: optionalNullable(z.array(TransactionEstimationSchema)),
  warning: optionalNullable(WarningSchema),
});

/** The answer of the swap route: the transaction to create next. */
export const DryRunTransactionSchema = acceptEmbedded(DryRunTransactionObjectSchema);
export type DryRunTransaction = z.infer<typeof DryRunTransactionSchema>;
export type WireDryRunTransaction = WireEmbedded<DryRunTransaction>;

export function toWireDryRunTransaction(dryRun: DryRunTransaction): WireDryRunTransaction {
  return toWireEmbedded(dryRun);
}
