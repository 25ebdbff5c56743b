import type * as z from 'zod';
import { isKnownValue, openEnum } from './open-enum.js';

// Every enum of custody-api.md (and of the OpenAPI where the document leaves one out). Each list
// is the set of values known today; the schemas accept any string (see open-enum.ts).

export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'multi-withdrawal',
  'negative-deposit',
  'auto-withdrawal',
  'allowance',
  'defi',
  'defi-message',
  'address-activation',
  'address-creation',
  'stake-delegation',
  'stake-undelegation',
  'stake-claim',
  'stake-withdrawal',
  'stake-take-reward',
  'stake-earn-reward',
  'swap-aggregator',
  'intents',
  'intent-solver-settlement',
  'loyalty-lock',
  'loyalty-unlock',
  'loyalty-collect-rewards',
  'canton-reward',
  'reward',
  'nft-deposit',
  'nft-withdrawal',
  'nft-allowance',
  'fiat-out',
  'fiat-in',
  'bridge',
  'earn-buy',
  'earn-sell',
  'power-bank-crypto-top-up',
  'power-bank-card-top-up',
  'power-bank-usage',
] as const;
export const TransactionTypeSchema = openEnum(TRANSACTION_TYPES, 'a transaction type');
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

export const TRANSACTION_STATUSES = [
  'new',
  'waiting-confirmations',
  'waiting-approval',
  'approved',
  'awaiting-security-policy',
  'completed',
  'partially-completed',
  'canceled',
  'expired',
  'signing-required',
  'signing',
  'signed',
  'broadcasted',
  'manual-resolving',
  'failed-on-blockchain',
  'removed-from-blockchain',
  'error',
  'awaiting-deposit',
  'awaiting-conversion',
  'awaiting-payout',
  'awaiting-user-response',
  'awaiting-defi-execution',
  'acceptance-required',
] as const;
export const TransactionStatusSchema = openEnum(TRANSACTION_STATUSES, 'a transaction status');
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

/** Wire notes §7. `manual-resolving` is deliberately not terminal. */
// The one list (the sandbox's too); format/status.ts, importing nothing of ours, derives its own, tied by test/format/terminal-statuses.test.ts.
export const TERMINAL_STATUSES = [
  'completed',
  'canceled',
  'expired',
  'error',
  'failed-on-blockchain',
  'removed-from-blockchain',
  'partially-completed',
] as const satisfies readonly (typeof TRANSACTION_STATUSES)[number][];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Unknown statuses are not terminal: a transaction we cannot classify stays watched. */
export function isTerminalStatus(status: string | null | undefined): status is TerminalStatus {
  return isKnownValue(TERMINAL_STATUSES, status);
}

export const SIGNING_REQUEST_STATUSES = [
  'new',
  'signing',
  'signed',
  'broadcasted',
  'under-rbf',
  'waiting-external-broadcast',
  'waiting-sponsored-broadcast',
  'completed',
  'manual-resolving',
  'canceled',
  'error-on-broadcast',
  'failed-on-chain',
  'marked-as-error',
] as const;
export const SigningRequestStatusSchema = openEnum(SIGNING_REQUEST_STATUSES, 'a signing request status');
export type SigningRequestStatus = z.infer<typeof SigningRequestStatusSchema>;

export const ADDRESS_STATUSES = [
  'new',
  'pending',
  'address-activation-required',
  'address-creation-required',
  'address-activation-in-progress',
  'approval-pending',
  'enabled',
  'disabled',
  'error',
  'account-archived',
] as const;
export const AddressStatusSchema = openEnum(ADDRESS_STATUSES, 'an address status');
export type AddressStatus = z.infer<typeof AddressStatusSchema>;

/** The document shows only `new` for an activated asset's status. */
export const ACTIVATED_ASSET_STATUSES = ['new'] as const;
export const ActivatedAssetStatusSchema = openEnum(ACTIVATED_ASSET_STATUSES, 'an activated asset status');
export type ActivatedAssetStatus = z.infer<typeof ActivatedAssetStatusSchema>;

export const ACCOUNT_STATUSES = ['active', 'archived', 'shard-generating', 'error-on-generating'] as const;
export const AccountStatusSchema = openEnum(ACCOUNT_STATUSES, 'an account status');
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

export const ACCOUNT_TYPES = ['vault'] as const;
export const AccountTypeSchema = openEnum(ACCOUNT_TYPES, 'an account type');
export type AccountType = z.infer<typeof AccountTypeSchema>;

export const EVENT_TYPES = [
  'in',
  'out',
  'fee',
  'negative-deposit',
  'stake-deposit',
  'stake-withdrawal-requested',
  'stake-delegation',
  'stake-undelegation',
  'stake-withdrawn',
  'stake-earn-reward',
  'stake-reward-accrued',
  'stake-pool-created',
  'stake-pool-unjailed',
  'stake-transferred',
  'allowance',
  'nft-in',
  'nft-out',
  'nft-allowance',
  'loyalty-lock',
  'loyalty-unlock',
  'loyalty-reward',
  'canton-reward',
  'message-signed',
  'deposit-offer',
] as const;
export const EventTypeSchema = openEnum(EVENT_TYPES, 'an event type');
export type EventType = z.infer<typeof EventTypeSchema>;

export const ASSET_TYPES = ['blockchain', 'exchange', 'fiat', 'nft'] as const;
export const AssetTypeSchema = openEnum(ASSET_TYPES, 'an asset type');
export type AssetType = z.infer<typeof AssetTypeSchema>;

export const NETWORK_TAGS = [
  'show-vault',
  'supports-rbf',
  'supports-rbf-cancel',
  'supports-memo',
  'swap',
  'supports-parallel-signing',
  'supports-chained-signing',
  'supports-fee-levels',
  'supports-sponsored-transactions',
  'has-token-activation',
  'has-address-creation',
  'has-address-server-creation',
  'has-address-activation',
  'evm',
  'bridge',
] as const;
export const NetworkTagSchema = openEnum(NETWORK_TAGS, 'a network tag');
export type NetworkTag = z.infer<typeof NetworkTagSchema>;

export const HASH_FUNCTIONS = [
  'none',
  'sha256d',
  'keccak256',
  'blake2b256',
  'sha256',
  'sha512',
  'sha512_half',
  'sha512_256',
  'poseidon',
] as const;
export const HashFunctionSchema = openEnum(HASH_FUNCTIONS, 'a hash function');
export type HashFunction = z.infer<typeof HashFunctionSchema>;

export const KEY_TYPES = ['secp256k1', 'edwards25519', 'BLS12381G1', 'pallas', 'RSA4096'] as const;
export const KeyTypeSchema = openEnum(KEY_TYPES, 'a key type');
export type KeyType = z.infer<typeof KeyTypeSchema>;

export const SIGNATURE_SCHEMES = ['ecdsa', 'eddsa', 'bls', 'schnorr', 'rsa-pss'] as const;
export const SignatureSchemeSchema = openEnum(SIGNATURE_SCHEMES, 'a signature scheme');
export type SignatureScheme = z.infer<typeof SignatureSchemeSchema>;

export const SIGNATURE_VARIANTS = ['zilliqa', 'mina', 'taproot'] as const;
export const SignatureVariantSchema = openEnum(SIGNATURE_VARIANTS, 'a signature variant');
export type SignatureVariant = z.infer<typeof SignatureVariantSchema>;

/** OpenAPI `FeeLevel`; the server defaults to `medium`. */
export const FEE_LEVELS = ['low', 'medium', 'high'] as const;
export const FeeLevelSchema = openEnum(FEE_LEVELS, 'a fee level');
export type FeeLevel = z.infer<typeof FeeLevelSchema>;

export const SORT_BY = ['updated', 'activity'] as const;
export const SortBySchema = openEnum(SORT_BY, 'a sort key');
export type SortBy = z.infer<typeof SortBySchema>;

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export const SortDirectionSchema = openEnum(SORT_DIRECTIONS, 'a sort direction');
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** States of a registered key (sandbox key registry). */
export const KEY_STATES = ['active', 'pending', 'revoked', 'rotated'] as const;
export const KeyStateSchema = openEnum(KEY_STATES, 'a key state');
export type KeyState = z.infer<typeof KeyStateSchema>;

export const REWARD_SOURCES = ['protocol-voting', 'resource-rental'] as const;
export const RewardSourceSchema = openEnum(REWARD_SOURCES, 'a reward source');
export type RewardSource = z.infer<typeof RewardSourceSchema>;

/** OpenAPI `TokenStandard` (asset contract information). */
export const TOKEN_STANDARDS = ['erc20', 'erc721', 'erc1155', 'erc7984', 'spl', 'trc20'] as const;
export const TokenStandardSchema = openEnum(TOKEN_STANDARDS, 'a token standard');
export type TokenStandard = z.infer<typeof TokenStandardSchema>;

/** OpenAPI `BankChannelType` (fiat ramp bank details). */
export const BANK_CHANNEL_TYPES = ['sepa', 'ach', 'swift', 'fedwire', 'local'] as const;
export const BankChannelTypeSchema = openEnum(BANK_CHANNEL_TYPES, 'a bank channel type');
export type BankChannelType = z.infer<typeof BankChannelTypeSchema>;

/** OpenAPI `AccountHolderType`. */
export const ACCOUNT_HOLDER_TYPES = ['individual', 'business'] as const;
export const AccountHolderTypeSchema = openEnum(ACCOUNT_HOLDER_TYPES, 'an account holder type');
export type AccountHolderType = z.infer<typeof AccountHolderTypeSchema>;

/** OpenAPI `BankAccountType`. */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const BankAccountTypeSchema = openEnum(BANK_ACCOUNT_TYPES, 'a bank account type');
export type BankAccountType = z.infer<typeof BankAccountTypeSchema>;

/** Error codes of custody-api.md plus wire notes §3. */
export const ERROR_CODES = [
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'pair-not-available',
  'conflict',
  'payload-too-large',
  'too-many-requests',
] as const;
export const ErrorCodeSchema = openEnum(ERROR_CODES, 'an error code');
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;
