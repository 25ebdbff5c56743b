import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { decimal, int32, millis, optionalNullable } from './scalars.js';

// Transaction limits (OpenAPI `TransactionLimit`): the rules an approval policy applies. A
// transaction's `extra.approvers.limitId` names the one that asked for approval.

export const LIMIT_TYPES = ['transactions-volume', 'transaction-amount'] as const;
export const LimitTypeSchema = openEnum(LIMIT_TYPES, 'a transaction limit type');

export const LIMIT_STATUSES = ['new', 'active', 'deactivated', 'declined'] as const;
export const LimitStatusSchema = openEnum(LIMIT_STATUSES, 'a transaction limit status');

const ids = optionalNullable(z.array(z.string()));

export const LimitRuleSchema = z.looseObject({
  approve: optionalNullable(
    z.looseObject({ numberOfApprovals: int32, authorisedApproversUserIds: ids }),
  ),
  securityDelay: optionalNullable(z.looseObject({ durationHours: int32 })),
  skipApproval: optionalNullable(z.boolean()),
});
export type LimitRule = z.infer<typeof LimitRuleSchema>;

export const TransactionLimitSchema = z.looseObject({
  limitId: z.string(),
  externalId: z.string(),
  workspaceId: z.string(),
  limitType: LimitTypeSchema,
  transactionParams: z.looseObject({
    aboveAmount: optionalNullable(z.looseObject({ amount: optionalNullable(decimal) })),
    durationHours: optionalNullable(int32),
  }),
  sources: z.looseObject({ accountIds: ids }),
  destinations: z.looseObject({
    accountIds: ids,
    addressBookRecordIds: ids,
    toAccounts: optionalNullable(z.boolean()),
    toAddressBook: optionalNullable(z.boolean()),
    toExternalAddresses: optionalNullable(z.boolean()),
  }),
  appliesTo: z.looseObject({ userIds: ids }),
  limitRule: LimitRuleSchema,
  status: LimitStatusSchema,
  createdAt: millis,
  createdBy: optionalNullable(z.string()),
  updatedAt: optionalNullable(millis),
  updatedBy: optionalNullable(z.string()),
});
export type TransactionLimit = z.infer<typeof TransactionLimitSchema>;

export const TransactionLimitListSchema = z.looseObject({ limits: z.array(TransactionLimitSchema) });
export type TransactionLimitList = z.infer<typeof TransactionLimitListSchema>;
