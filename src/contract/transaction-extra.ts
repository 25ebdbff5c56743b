import * as z from 'zod';
import { AccountHolderTypeSchema, BankAccountTypeSchema, BankChannelTypeSchema } from './enums.js';
import { QuoteDetailsSchema } from './quote-details.js';
import { decimal, int32, int64, millis, optionalNullable } from './scalars.js';

/** Approval policy applied by a transaction limit (wire notes §7). */
export const TransactionApproversSchema = z.looseObject({
  approvedBy: optionalNullable(z.array(z.string())),
  availableApprovers: optionalNullable(z.array(z.string())),
  limitId: optionalNullable(z.string()),
  // Approvals required.
  number: optionalNullable(int32),
  // Hours.
  securityDelayDuration: optionalNullable(int32),
  securityDelayExpiresAt: optionalNullable(millis),
  skipApproval: optionalNullable(z.boolean()),
});
export type TransactionApprovers = z.infer<typeof TransactionApproversSchema>;

export const BlockchainDetailsSchema = z.looseObject({
  blockchainTxId: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
});
export type BlockchainDetails = z.infer<typeof BlockchainDetailsSchema>;

/** When `externalBroadcast` is true an external system broadcasts, not the service. */
export const BlockchainRequestSchema = z.looseObject({
  externalBroadcast: optionalNullable(z.boolean()),
  networkId: optionalNullable(z.string()),
});
export type BlockchainRequest = z.infer<typeof BlockchainRequestSchema>;

export const AssetLockBurnSchema = z.looseObject({
  redeemRequestId: optionalNullable(z.string()),
  releaseBlockchainTxId: optionalNullable(z.string()),
  releaseSigningRequestId: optionalNullable(z.string()),
  releaseTransactionId: optionalNullable(z.string()),
});
export type AssetLockBurn = z.infer<typeof AssetLockBurnSchema>;

export const AssetLockSchema = z.looseObject({
  burn: optionalNullable(AssetLockBurnSchema),
});
export type AssetLock = z.infer<typeof AssetLockSchema>;

export const BankAddressSchema = z.looseObject({
  address: optionalNullable(z.string()),
  city: optionalNullable(z.string()),
  country: optionalNullable(z.string()),
  postalCode: optionalNullable(z.string()),
  state: optionalNullable(z.string()),
});
export type BankAddress = z.infer<typeof BankAddressSchema>;

/**
 * Bank details of a fiat ramp: the user's document's fields, plus the OpenAPI `BankDetails`
 * fields, all optional (the OpenAPI's required list belongs to address-book records).
 */
export const BankDetailsSchema = z.looseObject({
  accountHolderName: optionalNullable(z.string()),
  accountNumber: optionalNullable(z.string()),
  bankCode: optionalNullable(z.string()),
  bankName: optionalNullable(z.string()),
  channelType: optionalNullable(BankChannelTypeSchema),
  bankAddress: optionalNullable(BankAddressSchema),
  accountHolderType: optionalNullable(AccountHolderTypeSchema),
  accountType: optionalNullable(BankAccountTypeSchema),
  businessName: optionalNullable(z.string()),
  businessRegistrationNumber: optionalNullable(z.string()),
  correspondentBankCode: optionalNullable(z.string()),
  country: optionalNullable(z.string()),
  fiatCurrency: optionalNullable(z.string()),
  firstName: optionalNullable(z.string()),
  lastName: optionalNullable(z.string()),
  issuer: optionalNullable(z.string()),
  paymentPurpose: optionalNullable(z.string()),
  reference: optionalNullable(z.string()),
  registeredAddress: optionalNullable(z.string()),
});
export type BankDetails = z.infer<typeof BankDetailsSchema>;

export const FiatInReceivedSchema = z.looseObject({
  fiatAmount: optionalNullable(decimal),
  reference: optionalNullable(z.string()),
  senderAccountNumber: optionalNullable(z.string()),
  senderName: optionalNullable(z.string()),
});
export type FiatInReceived = z.infer<typeof FiatInReceivedSchema>;

/** The document gives no types for the figures; they are money, so decimals. */
export const FiatRampSchema = z.looseObject({
  amount: optionalNullable(decimal),
  fiatAmount: optionalNullable(decimal),
  platformFee: optionalNullable(decimal),
  providerFee: optionalNullable(decimal),
  rate: optionalNullable(decimal),
  provider: optionalNullable(z.string()),
  bankDetails: optionalNullable(BankDetailsSchema),
  fiatInReceived: optionalNullable(FiatInReceivedSchema),
});
export type FiatRamp = z.infer<typeof FiatRampSchema>;

export const LoanSchema = z.looseObject({
  loanId: optionalNullable(z.string()),
});
export type Loan = z.infer<typeof LoanSchema>;

export const TransactionExtraSchema = z.looseObject({
  approvers: optionalNullable(TransactionApproversSchema),
  blockchainDetails: optionalNullable(z.array(BlockchainDetailsSchema)),
  blockchainRequest: optionalNullable(BlockchainRequestSchema),
  assetLock: optionalNullable(AssetLockSchema),
  confirmations: optionalNullable(int64),
  depositTransactionId: optionalNullable(z.string()),
  withdrawTransactionId: optionalNullable(z.string()),
  description: optionalNullable(z.string()),
  // Indicative / quoted price of the destination asset in units of the source asset.
  estimatedPrice: optionalNullable(decimal),
  price: optionalNullable(decimal),
  fiatRamp: optionalNullable(FiatRampSchema),
  fromAccountId: optionalNullable(z.string()),
  toAccountId: optionalNullable(z.string()),
  fromAddress: optionalNullable(z.string()),
  toAddress: optionalNullable(z.string()),
  fromWorkspaceIcon: optionalNullable(z.string()),
  fromWorkspaceName: optionalNullable(z.string()),
  fromWorkspaceTag: optionalNullable(z.string()),
  toWorkspaceIcon: optionalNullable(z.string()),
  toWorkspaceName: optionalNullable(z.string()),
  toWorkspaceTag: optionalNullable(z.string()),
  loan: optionalNullable(LoanSchema),
  // Withdrawal memo (destination tag).
  memo: optionalNullable(z.string()),
  quoteDetails: optionalNullable(QuoteDetailsSchema),
  quoteId: optionalNullable(z.string()),
  signingRequestId: optionalNullable(z.string()),
});
export type TransactionExtra = z.infer<typeof TransactionExtraSchema>;
