import * as z from 'zod';
import { AccountStatusSchema, AccountTypeSchema } from './enums.js';
import { millis, optionalNullable } from './scalars.js';

// Required fields: the OpenAPI `Account.required` list (the user's document gives none).

export const AccountExtraSchema = z.looseObject({
  onlyAddressBookWithdrawals: optionalNullable(z.boolean()),
});
export type AccountExtra = z.infer<typeof AccountExtraSchema>;

export const AccountSchema = z.looseObject({
  accountId: z.string(),
  accountName: z.string(),
  accountType: AccountTypeSchema,
  externalId: z.string(),
  status: AccountStatusSchema,
  workspaceId: z.string(),
  createdAt: millis,
  updatedAt: optionalNullable(millis),
  createdBy: optionalNullable(z.string()),
  extra: optionalNullable(AccountExtraSchema),
  icon: optionalNullable(z.string()),
  isTestnet: optionalNullable(z.boolean()),
  parentAccountId: optionalNullable(z.string()),
});
export type Account = z.infer<typeof AccountSchema>;
