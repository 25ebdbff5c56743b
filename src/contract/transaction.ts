import * as z from 'zod';
import { AccountTypeSchema, TransactionStatusSchema, TransactionTypeSchema } from './enums.js';
import { millis, optionalNullable } from './scalars.js';
import { TransactionEmbeddedSchema } from './transaction-embedded.js';
import { TransactionExtraSchema } from './transaction-extra.js';
import { TransactionParamsSchema } from './transaction-params.js';
import { acceptEmbedded, toWireEmbedded, type WireEmbedded } from './wire-embedded.js';

// Required fields: the OpenAPI `Transaction.required` list (the user's document gives none).
// `updatedAt` is not among them there; consumers merging by `updatedAt` must allow its absence.

/** The transaction object itself, reading only `embedded` (no `_embedded` handling). */
export const TransactionObjectSchema = z.looseObject({
  transactionId: z.string(),
  externalId: z.string(),
  status: TransactionStatusSchema,
  transactionType: TransactionTypeSchema,
  workspaceId: z.string(),
  accountId: z.string(),
  accountType: AccountTypeSchema,
  createdAt: millis,
  createdBy: optionalNullable(z.string()),
  updatedAt: optionalNullable(millis),
  expiresAt: optionalNullable(millis),
  terminatedAt: optionalNullable(millis),
  params: optionalNullable(TransactionParamsSchema),
  extra: optionalNullable(TransactionExtraSchema),
  embedded: optionalNullable(TransactionEmbeddedSchema),
});

/** A transaction as read from the wire: `_embedded` (or `embedded`) becomes `embedded`. */
export const TransactionSchema = acceptEmbedded(TransactionObjectSchema);
export type Transaction = z.infer<typeof TransactionSchema>;
export type WireTransaction = WireEmbedded<Transaction>;

/** The form the service emits: `embedded` renamed to `_embedded`. */
export function toWireTransaction(transaction: Transaction): WireTransaction {
  return toWireEmbedded(transaction);
}
