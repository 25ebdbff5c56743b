import * as z from 'zod';
import { CreateTransactionRequestSchema } from './create-transaction-request.js';
import { TRANSACTION_TYPES } from './enums.js';
import { isKnownValue } from './open-enum.js';
import { int32 } from './scalars.js';

// Bodies of the actions on one transaction (wire notes §7).

/** `POST .../transactions/{id}/decline`: only while `waiting-approval`. */
export const DeclineRequestSchema = z.object({ reason: z.string().optional() });
export type DeclineRequest = z.infer<typeof DeclineRequestSchema>;

/** `POST .../transactions/{id}/approve`: an empty object. */
export const ApproveRequestSchema = z.object({});
export type ApproveRequest = z.infer<typeof ApproveRequestSchema>;

/** `POST .../transactions/{id}/cancel`. */
export const CancelRequestSchema = z.object({ reason: z.string().optional() });
export type CancelRequest = z.infer<typeof CancelRequestSchema>;

/** `POST .../transactions/{id}/create-signing-request`: a new signing request for a transaction. */
export const CreateSigningRequestSchema = z.object({ primitivesVersion: int32.optional() });
export type CreateSigningRequest = z.infer<typeof CreateSigningRequestSchema>;

/** `POST .../accept-deposit-offer` and `.../reject-outgoing-offer`: the answer to an offer. */
export const OfferActionsSchema = z.object({ accept: z.boolean() });
export type OfferActions = z.infer<typeof OfferActionsSchema>;

/** The OpenAPI's bulk size: "less than 50 transactions". */
export const BULK_CREATE_MAX = 49;

/**
 * `POST .../transactions/bulk-create`. Decision: an item that does not read as a CreateTransaction,
 * or names a transaction type nobody knows, makes the whole request a 400 (nothing is created); an
 * item the world refuses (unknown account, overdraft, a used externalId ...) fails alone, in the
 * answer (wire notes, "Transaction operations added for the API's twin").
 */
export const CreateTransactionsRequestSchema = z.object({
  transactions: z
    .array(
      CreateTransactionRequestSchema.superRefine((body, ctx) => {
        if (isKnownValue(TRANSACTION_TYPES, body.transactionType)) return;
        ctx.addIssue({ code: 'custom', path: ['transactionType'], message: 'expected a known transaction type' });
      }),
    )
    .min(1)
    .max(BULK_CREATE_MAX),
});
export type CreateTransactionsRequest = z.infer<typeof CreateTransactionsRequestSchema>;
