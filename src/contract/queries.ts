import * as z from 'zod';
import {
  AccountStatusSchema,
  AccountTypeSchema,
  AddressStatusSchema,
  AssetTypeSchema,
  SORT_BY,
  SORT_DIRECTIONS,
  TransactionStatusSchema,
  TransactionTypeSchema,
} from './enums.js';
import { millis } from './scalars.js';

// Query strings of the list endpoints, as a server receives them: every value is text (from
// URLSearchParams). Arrays are one parameter with comma-joined values, booleans are read
// case-insensitively (some clients send `True`), page sizes are int64 strings (wire notes §1, §5).
// The parsed (output) types are what a client builds a query from.

/** A comma-joined list; empty items are dropped. */
export function csv<T extends z.ZodType<string, string>>(item: T) {
  return z
    .string({ error: 'expected a comma-separated list' })
    .transform((text) => text.split(',').filter((part) => part !== ''))
    .pipe(z.array(item));
}

export const queryBoolean = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { error: 'expected true or false' }))
  .transform((text) => text === 'true');

// Sort parameters are closed in a query: an unknown value is a mistake to report, not a new
// value to pass through (unlike enums in responses, which grow over time).
const sortByParam = z.enum(SORT_BY, { error: `expected one of ${SORT_BY.join(', ')}` });
export const sortDirectionParam = z.enum(SORT_DIRECTIONS, { error: `expected one of ${SORT_DIRECTIONS.join(', ')}` });

const pageNumber = z
  .string({ error: 'expected a non-negative integer string' })
  .regex(/^\d{1,18}$/, { error: 'expected a non-negative integer string such as "50"' });

/** Decision: the largest page a server hands out; a bigger `limit` is refused (400), not clipped. */
export const MAX_PAGE_SIZE = 1000;

// Only a number can be too large: text that is not one is reported once, by the regex above.
const pageLimit = pageNumber.refine((text) => !/^\d+$/.test(text) || Number(text) <= MAX_PAGE_SIZE, {
  error: `expected at most ${MAX_PAGE_SIZE}`,
});

export const page = { limit: pageLimit.optional(), offset: pageNumber.optional() };

/**
 * `GET /workspaces/{ws}` (the one workspace). The OpenAPI gives it the list parameters of a
 * workspaces listing; they are typed here so that a bad value is refused like anywhere else.
 */
export const WorkspaceQuerySchema = z.object({
  workspaceIds: csv(z.string()).optional(),
  includeSettings: queryBoolean.optional(),
  ...page,
});
export type WorkspaceQuery = z.output<typeof WorkspaceQuerySchema>;

/** `GET /workspaces/{ws}/accounts`. */
export const AccountsQuerySchema = z.object({
  accountTypes: csv(AccountTypeSchema).optional(),
  excludedAccountTypes: csv(AccountTypeSchema).optional(),
  statuses: csv(AccountStatusSchema).optional(),
  accountIds: csv(z.string()).optional(),
  // Absent = all; true = testnet only; false = mainnet only.
  isTestnet: queryBoolean.optional(),
  // Absent = all; true = DeFi vaults only; false = the others. The published OpenAPI dropped it,
  // but the official clients (generated from an earlier one) still send it on every call.
  isDefiVault: queryBoolean.optional(),
  ...page,
});
export type AccountsQuery = z.output<typeof AccountsQuerySchema>;

/** `GET /workspaces/{ws}/addresses`. */
export const AddressesQuerySchema = z.object({
  accountId: z.string().optional(),
  addressIds: csv(z.string()).optional(),
  externalId: z.string().optional(),
  accountTypes: csv(AccountTypeSchema).optional(),
  networkId: z.string().optional(),
  // Matched case-insensitively by the server.
  address: z.string().optional(),
  statuses: csv(AddressStatusSchema).optional(),
  sortDirection: sortDirectionParam.optional(),
  ...page,
});
export type AddressesQuery = z.output<typeof AddressesQuerySchema>;

/**
 * `GET /workspaces/{ws}/transactions` and the WebSocket subscription `uri`: every filter the
 * OpenAPI lists (wire notes §5 names the common ones).
 */
export const TransactionsQuerySchema = z.object({
  transactionId: z.string().optional(),
  transactionIds: csv(z.string()).optional(),
  transactionTypes: csv(TransactionTypeSchema).optional(),
  accountTypes: csv(AccountTypeSchema).optional(),
  accountId: z.string().optional(),
  accountIds: csv(z.string()).optional(),
  transactionStatuses: csv(TransactionStatusSchema).optional(),
  transactionStatusNotIn: csv(TransactionStatusSchema).optional(),
  assetIds: csv(z.string()).optional(),
  blockchainTxId: z.string().optional(),
  externalId: z.string().optional(),
  toAccountId: z.string().optional(),
  toAddress: z.string().optional(),
  fromAddress: z.string().optional(),
  // Either side of the transfer (from or to).
  address: z.string().optional(),
  isTerminated: queryBoolean.optional(),
  terminatedAtFrom: millis.optional(),
  terminatedAtTo: millis.optional(),
  createdAtFrom: millis.optional(),
  createdAtTo: millis.optional(),
  updatedAtFrom: millis.optional(),
  updatedAtTo: millis.optional(),
  canSignWithDeviceId: z.string().optional(),
  sortBy: sortByParam.optional(),
  sortDirection: sortDirectionParam.optional(),
  includeEvents: queryBoolean.optional(),
  includeCurrentSigningRequest: queryBoolean.optional(),
  includeAttestationSignature: queryBoolean.optional(),
  ...page,
});
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>;

/** `GET /dictionary/symbol-market-prices`; `used=true` cannot be combined with the id lists. */
export const SymbolPricesQuerySchema = z
  .object({
    baseSymbolIds: csv(z.string()).optional(),
    baseAssetIds: csv(z.string()).optional(),
    used: queryBoolean.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.used === true && (query.baseSymbolIds !== undefined || query.baseAssetIds !== undefined)) {
      const message = 'used=true cannot be combined with baseSymbolIds or baseAssetIds';
      ctx.addIssue({ code: 'custom', path: ['used'], message });
    }
  });
export type SymbolPricesQuery = z.output<typeof SymbolPricesQuerySchema>;

/** `GET /dictionary/asset-market-prices`. */
export const AssetPricesQuerySchema = z.object({
  baseAssetIds: csv(z.string()).optional(),
});
export type AssetPricesQuery = z.output<typeof AssetPricesQuerySchema>;

/** `GET /dictionary/networks`. */
export const NetworksQuerySchema = z.object({
  networkIds: csv(z.string()).optional(),
});
export type NetworksQuery = z.output<typeof NetworksQuerySchema>;

/** `GET /dictionary/assets` (the OpenAPI lists the same filters on `GET /dictionary/assets/{id}`). */
export const AssetsQuerySchema = z.object({
  assetIds: csv(z.string()).optional(),
  networkIds: csv(z.string()).optional(),
  symbolIds: csv(z.string()).optional(),
  contractAddress: z.string().optional(),
  contractIssuer: z.string().optional(),
  assetType: AssetTypeSchema.optional(),
  // Only assets ever used in the workspace's transactions.
  used: queryBoolean.optional(),
  // Full text over symbol, name and contract address (custody-api.md, Limits).
  search: z.string().min(2, { error: 'expected at least 2 characters' }).optional(),
  ...page,
});
export type AssetsQuery = z.output<typeof AssetsQuerySchema>;

/** `GET /dictionary/symbols`. */
export const SymbolsQuerySchema = z.object({
  symbolIds: csv(z.string()).optional(),
  assetIds: csv(z.string()).optional(),
  ...page,
});
export type SymbolsQuery = z.output<typeof SymbolsQuerySchema>;
