import * as z from 'zod';
import { AccountTypeSchema } from './enums.js';
import { decimal, millis, optionalNullable } from './scalars.js';

// Balances (OpenAPI `Balance`): one per account and asset. Money stays decimal text.

export const BalanceSchema = z.looseObject({
  balanceId: z.string(),
  accountId: z.string(),
  accountType: AccountTypeSchema,
  workspaceId: z.string(),
  assetId: z.string(),
  networkId: optionalNullable(z.string()),
  symbol: optionalNullable(z.string()),
  totalBalance: optionalNullable(decimal),
  withdrawableBalance: optionalNullable(decimal),
  createdAt: optionalNullable(millis),
  updatedAt: optionalNullable(millis),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const BalanceListSchema = z.looseObject({ balances: z.array(BalanceSchema) });
export type BalanceList = z.infer<typeof BalanceListSchema>;
