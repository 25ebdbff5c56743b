import * as z from 'zod';
import { FeeLevelSchema } from './enums.js';
import { bigintString, decimal, int64, optionalNullable } from './scalars.js';

// `params` of a transaction. The families overlap and a response does not say which one it
// carries, so a parsed transaction gets one loose object of every known field, each with its
// scalar type. The per-family schemas (field names and required lists of the OpenAPI *Params)
// are for building and checking requests.

/** Custom network fees (OpenAPI `RequestedNetworkFees`). */
export const NetworkFeesSchema = z.looseObject({
  feePerByte: optionalNullable(int64),
  gasLimit: optionalNullable(int64),
  gasPriceGwei: optionalNullable(decimal),
  maxFeePerGas: optionalNullable(decimal),
  maxPriorityFeePerGas: optionalNullable(decimal),
});
export type NetworkFees = z.infer<typeof NetworkFeesSchema>;

/**
 * The user's document lists `includeFee` among string fields, the OpenAPI types it boolean with a
 * string default and example ("false"): both forms are accepted.
 */
export const includeFlag = z.union([z.boolean(), z.string()], {
  error: 'expected a boolean or the strings "true"/"false"',
});

/** Every field any family may carry, all optional: what a parsed transaction's `params` is. */
export const TransactionParamsSchema = z.looseObject({
  // transfer / withdrawal (the fields the user's document lists for responses)
  amount: optionalNullable(decimal),
  assetId: optionalNullable(z.string()),
  feeAssetId: optionalNullable(z.string()),
  feeLevel: optionalNullable(FeeLevelSchema),
  includeFee: optionalNullable(includeFlag),
  memo: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  recipientEmail: optionalNullable(z.string()),
  symbol: optionalNullable(z.string()),
  toAccountId: optionalNullable(z.string()),
  toAddress: optionalNullable(z.string()),
  toAddressBookRecordId: optionalNullable(z.string()),
  toWorkspaceTag: optionalNullable(z.string()),
  networkFees: optionalNullable(NetworkFeesSchema),
  // swap
  fromAssetId: optionalNullable(z.string()),
  toAssetId: optionalNullable(z.string()),
  quoteId: optionalNullable(z.string()),
  fromAmount: optionalNullable(decimal),
  toAmount: optionalNullable(decimal),
  // bridge
  sourceAssetId: optionalNullable(z.string()),
  // intents
  intentId: optionalNullable(z.string()),
  // fiat buy / sell
  fiatAssetId: optionalNullable(z.string()),
  paymentPurpose: optionalNullable(z.string()),
  processingTier: optionalNullable(z.string()),
  reference: optionalNullable(z.string()),
  // staking
  stakeId: optionalNullable(z.string()),
  poolId: optionalNullable(z.string()),
  resource: optionalNullable(z.string()),
  // allowance and NFT
  unlimited: optionalNullable(z.boolean()),
  tokenId: optionalNullable(z.string()),
  approvalForAll: optionalNullable(z.boolean()),
  // defi and raw transactions
  origin: optionalNullable(z.string()),
  method: optionalNullable(z.string()),
  message: optionalNullable(z.string()),
  version: optionalNullable(z.string()),
  data: optionalNullable(z.string()),
  to: optionalNullable(z.string()),
  value: optionalNullable(z.string()),
  rawTransaction: optionalNullable(z.string()),
  rawTransactions: optionalNullable(z.array(z.string())),
  externalBroadcast: optionalNullable(z.boolean()),
  skipSimulation: optionalNullable(z.boolean()),
});
export type TransactionParams = z.infer<typeof TransactionParamsSchema>;

// ---- families (request building) ----

const transferFields = {
  assetId: z.string().optional(),
  feeAssetId: z.string().optional(),
  feeLevel: FeeLevelSchema.optional(),
  includeFee: includeFlag.optional(),
  memo: z.string().optional(),
  networkFees: NetworkFeesSchema.optional(),
  networkId: z.string().optional(),
  symbol: z.string().optional(),
  toAccountId: z.string().optional(),
  toAddress: z.string().optional(),
  toAddressBookRecordId: z.string().optional(),
  toWorkspaceTag: z.string().optional(),
};

/** Transfer / withdrawal (OpenAPI `WithdrawalParams`). */
export const WithdrawalParamsSchema = z.looseObject({ ...transferFields, amount: decimal });
export type WithdrawalParams = z.infer<typeof WithdrawalParamsSchema>;

/** Swap from a provider quote (OpenAPI `SwapParams`). */
export const SwapParamsSchema = z.looseObject({
  fromAssetId: z.string(),
  toAssetId: z.string(),
  quoteId: z.string(),
  fromAmount: decimal.optional(),
  toAmount: decimal.optional(),
});
export type SwapParams = z.infer<typeof SwapParamsSchema>;

/** Bridge between connected networks; the destination asset is resolved by the service. */
export const BridgeParamsSchema = z.looseObject({
  sourceAssetId: z.string(),
  amount: decimal,
  feeLevel: FeeLevelSchema.optional(),
});
export type BridgeParams = z.infer<typeof BridgeParamsSchema>;

const assetOnly = { assetId: z.string() };

export const ActivateParamsSchema = z.looseObject(assetOnly);
export type ActivateParams = z.infer<typeof ActivateParamsSchema>;

export const AddressActivationParamsSchema = z.looseObject(assetOnly);
export type AddressActivationParams = z.infer<typeof AddressActivationParamsSchema>;

export const AddressCreationParamsSchema = z.looseObject(assetOnly);
export type AddressCreationParams = z.infer<typeof AddressCreationParamsSchema>;

export const SetupParamsSchema = z.looseObject(assetOnly);
export type SetupParams = z.infer<typeof SetupParamsSchema>;

export const AllowanceParamsSchema = z.looseObject({
  assetId: z.string(),
  toAddress: z.string(),
  amount: decimal.optional(),
  feeLevel: FeeLevelSchema.optional(),
  networkFees: NetworkFeesSchema.optional(),
  unlimited: z.boolean().optional(),
});
export type AllowanceParams = z.infer<typeof AllowanceParamsSchema>;

/** Deposit / incoming transfer. */
export const DepositParamsSchema = z.looseObject({
  amount: decimal,
  assetId: z.string(),
  networkId: z.string(),
});
export type DepositParams = z.infer<typeof DepositParamsSchema>;

/** Fiat buy (fiat in: buy crypto with fiat). */
export const FiatInParamsSchema = z.looseObject({
  amount: decimal,
  assetId: z.string(),
  fiatAssetId: z.string(),
});
export type FiatInParams = z.infer<typeof FiatInParamsSchema>;

/** Fiat sell (fiat out: sell crypto to a bank record of the address book). */
export const FiatOutParamsSchema = z.looseObject({
  amount: decimal,
  assetId: z.string(),
  fiatAssetId: z.string(),
  toAddressBookRecordId: z.string(),
  feeLevel: FeeLevelSchema.optional(),
  paymentPurpose: z.string().optional(),
  processingTier: z.string().optional(),
  reference: z.string().optional(),
});
export type FiatOutParams = z.infer<typeof FiatOutParamsSchema>;

export const IntentsParamsSchema = z.looseObject({
  intentId: z.string(),
  feeLevel: FeeLevelSchema.optional(),
});
export type IntentsParams = z.infer<typeof IntentsParamsSchema>;

export const IntentSolverSettlementParamsSchema = z.looseObject({
  ...transferFields,
  intentId: z.string(),
  amount: decimal,
});
export type IntentSolverSettlementParams = z.infer<typeof IntentSolverSettlementParamsSchema>;

export const StakeClaimParamsSchema = z.looseObject({
  assetId: z.string(),
  amount: decimal.optional(),
  stakeId: z.string().optional(),
});
export type StakeClaimParams = z.infer<typeof StakeClaimParamsSchema>;

export const StakeDelegationParamsSchema = z.looseObject({
  assetId: z.string(),
  amount: decimal.optional(),
  poolId: z.string().optional(),
  resource: z.string().optional(),
});
export type StakeDelegationParams = z.infer<typeof StakeDelegationParamsSchema>;

export const StakeUndelegationParamsSchema = z.looseObject({
  assetId: z.string(),
  amount: decimal.optional(),
  resource: z.string().optional(),
  stakeId: z.string().optional(),
});
export type StakeUndelegationParams = z.infer<typeof StakeUndelegationParamsSchema>;

export const StakeWithdrawalParamsSchema = z.looseObject({
  assetId: z.string(),
  amount: decimal.optional(),
  poolId: z.string().optional(),
});
export type StakeWithdrawalParams = z.infer<typeof StakeWithdrawalParamsSchema>;

export const DefiParamsSchema = z.looseObject({
  networkId: z.string(),
  origin: z.string(),
  method: z.string(),
  data: z.string().optional(),
  externalBroadcast: z.boolean().optional(),
  feeLevel: FeeLevelSchema.optional(),
  rawTransaction: z.string().optional(),
  rawTransactions: z.array(z.string()).optional(),
  to: z.string().optional(),
  value: z.string().optional(),
});
export type DefiParams = z.infer<typeof DefiParamsSchema>;

export const DefiMessageParamsSchema = z.looseObject({
  networkId: z.string(),
  origin: z.string(),
  message: z.string(),
  version: z.string().optional(),
});
export type DefiMessageParams = z.infer<typeof DefiMessageParamsSchema>;

export const LoyaltyParamsSchema = z.looseObject({ amount: decimal });
export type LoyaltyParams = z.infer<typeof LoyaltyParamsSchema>;

export const NftAllowanceParamsSchema = z.looseObject({
  assetId: z.string(),
  amount: decimal.optional(),
  approvalForAll: z.boolean().optional(),
  feeLevel: FeeLevelSchema.optional(),
  networkFees: NetworkFeesSchema.optional(),
  toAddress: z.string().optional(),
  tokenId: z.string().optional(),
});
export type NftAllowanceParams = z.infer<typeof NftAllowanceParamsSchema>;

export const NftWithdrawalParamsSchema = z.looseObject({
  amount: decimal,
  assetId: z.string(),
  tokenId: z.string(),
  feeLevel: FeeLevelSchema.optional(),
  includeFee: includeFlag.optional(),
  networkFees: NetworkFeesSchema.optional(),
  toAccountId: z.string().optional(),
  toAddress: z.string().optional(),
  toAddressBookRecordId: z.string().optional(),
});
export type NftWithdrawalParams = z.infer<typeof NftWithdrawalParamsSchema>;

/** OpenAPI `RawTransactionParams`; its `amount` is a bigint (base units), not a decimal. */
export const RawTransactionParamsSchema = z.looseObject({
  toAddress: z.string(),
  amount: bigintString.optional(),
  assetId: z.string().optional(),
  data: z.string().optional(),
  externalBroadcast: z.boolean().optional(),
  feeLevel: FeeLevelSchema.optional(),
  networkFees: NetworkFeesSchema.optional(),
  networkId: z.string().optional(),
  rawTransactions: z.array(z.string()).optional(),
  skipSimulation: z.boolean().optional(),
});
export type RawTransactionParams = z.infer<typeof RawTransactionParamsSchema>;
