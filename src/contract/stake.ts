import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { decimal, millis, optionalNullable } from './scalars.js';

// Staking positions (`GET /workspaces/{ws}/stakes`). The OpenAPI's `Stakes` is an empty object and
// `StakeResource` an empty enum; these shapes are the official clients' types (wire notes,
// "Reference operations added for the API's twin").

/** `GET /workspaces/{ws}/stakes`; `rewardPeriod` is a number of days, hours or weeks ("30d"). */
export const StakesQuerySchema = z.object({
  accountId: z.string().optional(),
  assetId: z.string().optional(),
  rewardPeriod: z
    .string()
    .regex(/^[1-9]\d{0,3}[hdw]$/, { error: 'expected a period such as "30d" (hours h, days d or weeks w)' })
    .optional(),
});
export type StakesQuery = z.output<typeof StakesQuerySchema>;

export const STAKE_STATUSES = ['bonding', 'active', 'unbonding', 'require-claim', 'exited'] as const;
export const StakeStatusSchema = openEnum(STAKE_STATUSES, 'a stake status');

export const STAKE_RESOURCES = ['energy', 'bandwidth'] as const;
export const StakeResourceSchema = openEnum(STAKE_RESOURCES, 'a stake resource');

const WarningSchema = z.looseObject({ code: optionalNullable(z.string()), message: z.string() });

export const StakeSchema = z.looseObject({
  stakeId: optionalNullable(z.string()),
  workspaceId: optionalNullable(z.string()),
  accountId: optionalNullable(z.string()),
  assetId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  poolId: optionalNullable(z.string()),
  amount: optionalNullable(decimal),
  status: optionalNullable(StakeStatusSchema),
  updatedAt: optionalNullable(millis),
  stakeInfo: optionalNullable(
    z.looseObject({
      bondingAmount: optionalNullable(decimal),
      unbondingAmount: optionalNullable(decimal),
      claimableRewardsAmount: optionalNullable(decimal),
      rewardsRequireClaim: optionalNullable(z.boolean()),
      readyToUnstake: optionalNullable(z.boolean()),
    }),
  ),
  warning: optionalNullable(WarningSchema),
});
export type Stake = z.infer<typeof StakeSchema>;

export const RewardsAmountSchema = z.looseObject({
  assetId: optionalNullable(z.string()),
  amount: optionalNullable(decimal),
});
export type RewardsAmount = z.infer<typeof RewardsAmountSchema>;

/** The wire form: embedded objects travel as `_embedded` (wire notes §5). */
export const StakesSchema = z.looseObject({
  stakes: optionalNullable(z.array(StakeSchema)),
  _embedded: optionalNullable(
    z.looseObject({
      rewardsAmounts: optionalNullable(z.array(RewardsAmountSchema)),
      resourceRentalRewardsAmounts: optionalNullable(z.array(RewardsAmountSchema)),
    }),
  ),
});
export type Stakes = z.infer<typeof StakesSchema>;
