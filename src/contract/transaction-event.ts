import * as z from 'zod';
import { AccountTypeSchema, EventTypeSchema, RewardSourceSchema } from './enums.js';
import { decimal, millis, optionalNullable } from './scalars.js';

/** A grant of an `allowance` event; when `unlimited` is true `amount` is ignored. */
export const EventAllowanceSchema = z.looseObject({
  address: optionalNullable(z.string()),
  amount: optionalNullable(decimal),
  networkId: optionalNullable(z.string()),
  unlimited: optionalNullable(z.boolean()),
});
export type EventAllowance = z.infer<typeof EventAllowanceSchema>;

/** A source of an `in` event; `amount` is in the event asset's units. */
export const EventInputSchema = z.looseObject({
  address: optionalNullable(z.string()),
  amount: optionalNullable(decimal),
  fromAccountId: optionalNullable(z.string()),
  fromAddressBookRecordId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
});
export type EventInput = z.infer<typeof EventInputSchema>;

/** A destination of an `out` event. */
export const EventOutputSchema = z.looseObject({
  address: optionalNullable(z.string()),
  amount: optionalNullable(decimal),
  memo: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  toAccountId: optionalNullable(z.string()),
  toAddressBookRecordId: optionalNullable(z.string()),
});
export type EventOutput = z.infer<typeof EventOutputSchema>;

export const RewardInfoSchema = z.looseObject({
  increaseOperableBalance: optionalNullable(z.boolean()),
  poolIds: optionalNullable(z.array(z.string())),
  rewardSource: optionalNullable(RewardSourceSchema),
  rewardWithoutTransaction: optionalNullable(z.boolean()),
  stakeId: optionalNullable(z.string()),
});
export type RewardInfo = z.infer<typeof RewardInfoSchema>;

export const SigningMessageSchema = z.looseObject({
  message: z.string(),
  version: optionalNullable(z.string()),
});
export type SigningMessage = z.infer<typeof SigningMessageSchema>;

export const StakeInfoSchema = z.looseObject({
  amount: optionalNullable(decimal),
  poolId: optionalNullable(z.string()),
  resource: optionalNullable(z.string()),
  stakeId: optionalNullable(z.string()),
});
export type StakeInfo = z.infer<typeof StakeInfoSchema>;

export const EventExtraSchema = z.looseObject({
  allowance: optionalNullable(z.array(EventAllowanceSchema)),
  in: optionalNullable(z.array(EventInputSchema)),
  out: optionalNullable(z.array(EventOutputSchema)),
  rewardInfo: optionalNullable(RewardInfoSchema),
  signingMessage: optionalNullable(SigningMessageSchema),
  stakeInfo: optionalNullable(z.array(StakeInfoSchema)),
  // True when the transaction entered a block but its execution failed.
  transactionFailed: optionalNullable(z.boolean()),
  // TON only: base64 wallet state initializer.
  walletStateInit: optionalNullable(z.string()),
});
export type EventExtra = z.infer<typeof EventExtraSchema>;

export const TransactionEventSchema = z.looseObject({
  eventId: z.string(),
  transactionId: z.string(),
  accountId: z.string(),
  accountType: AccountTypeSchema,
  workspaceId: z.string(),
  eventType: EventTypeSchema,
  assetId: z.string(),
  createdAt: millis,
  amount: optionalNullable(decimal),
  blockchainTxId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  symbol: optionalNullable(z.string()),
  // Approximate total in USD.
  usdAmount: optionalNullable(decimal),
  extra: optionalNullable(EventExtraSchema),
});
export type TransactionEvent = z.infer<typeof TransactionEventSchema>;
