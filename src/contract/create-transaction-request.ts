import * as z from 'zod';
import { type TRANSACTION_TYPES, TransactionTypeSchema } from './enums.js';
import { millis } from './scalars.js';
import {
  AddressActivationParamsSchema,
  AddressCreationParamsSchema,
  AllowanceParamsSchema,
  BridgeParamsSchema,
  DefiMessageParamsSchema,
  DefiParamsSchema,
  DepositParamsSchema,
  FiatInParamsSchema,
  FiatOutParamsSchema,
  IntentSolverSettlementParamsSchema,
  IntentsParamsSchema,
  LoyaltyParamsSchema,
  NftAllowanceParamsSchema,
  NftWithdrawalParamsSchema,
  StakeClaimParamsSchema,
  StakeDelegationParamsSchema,
  StakeUndelegationParamsSchema,
  StakeWithdrawalParamsSchema,
  SwapParamsSchema,
  TransactionParamsSchema,
  WithdrawalParamsSchema,
} from './transaction-params.js';

/**
 * Decision: which params family a transaction type takes when it is created. Neither document
 * states the pairing; it follows the family names of the OpenAPI. Types not listed here are
 * checked only against the loose union of all params fields.
 */
export const PARAMS_SCHEMA_BY_TYPE: Partial<Record<(typeof TRANSACTION_TYPES)[number], z.ZodType>> = {
  withdrawal: WithdrawalParamsSchema,
  'swap-aggregator': SwapParamsSchema,
  bridge: BridgeParamsSchema,
  deposit: DepositParamsSchema,
  allowance: AllowanceParamsSchema,
  'address-activation': AddressActivationParamsSchema,
  'address-creation': AddressCreationParamsSchema,
  intents: IntentsParamsSchema,
  'intent-solver-settlement': IntentSolverSettlementParamsSchema,
  'fiat-in': FiatInParamsSchema,
  'fiat-out': FiatOutParamsSchema,
  'stake-claim': StakeClaimParamsSchema,
  'stake-delegation': StakeDelegationParamsSchema,
  'stake-undelegation': StakeUndelegationParamsSchema,
  'stake-withdrawal': StakeWithdrawalParamsSchema,
  defi: DefiParamsSchema,
  'defi-message': DefiMessageParamsSchema,
  'nft-withdrawal': NftWithdrawalParamsSchema,
  'nft-allowance': NftAllowanceParamsSchema,
  'loyalty-lock': LoyaltyParamsSchema,
  'loyalty-unlock': LoyaltyParamsSchema,
};

function familyOf(transactionType: string): z.ZodType | undefined {
  return Object.hasOwn(PARAMS_SCHEMA_BY_TYPE, transactionType)
    ? PARAMS_SCHEMA_BY_TYPE[transactionType as keyof typeof PARAMS_SCHEMA_BY_TYPE]
    : undefined;
}

/**
 * Body of `POST .../transactions`. `params` is optional in the OpenAPI; when the type has a known
 * family, the params are checked against it too (errors under `params.<field>`).
 */
export const CreateTransactionRequestSchema = z
  .object({
    accountId: z.string(),
    // The client's idempotency key: same key and body returns the existing transaction.
    externalId: z.string(),
    transactionType: TransactionTypeSchema,
    params: TransactionParamsSchema.optional(),
    description: z.string().optional(),
    expiresAt: millis.optional(),
  })
  .superRefine((body, ctx) => {
    const family = familyOf(body.transactionType);
    if (family === undefined) return;
    if (body.params === undefined) {
      const message = `missing: expected the params of a ${body.transactionType} transaction`;
      ctx.addIssue({ code: 'custom', path: ['params'], message });
      return;
    }
    const result = family.safeParse(body.params);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
    }
  });
export type CreateTransactionRequest = z.infer<typeof CreateTransactionRequestSchema>;
