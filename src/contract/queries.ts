import { z } from 'zod';
import {
  AccountStatusSchema,
  AccountTypeSchema,
  AddressStatusSchema,
  SortBySchema,
  SortDirectionSchema,
  TransactionStatusSchema,
  TransactionTypeSchema,
} from './enums.js';
import { millis } from './scalars.js';

// Query strings of the list endpoints, as a server receives them: every value is text (from
// URLSearchParams). Arrays are one parameter with comma-joined values, booleans are read
// case-insensitively (some clients send `True`), page sizes are int64 strings (wire notes §1, §5).
// The parsed (output) types are what a client builds a query from.

/** A comma-joined list; empty items are dropped. */
function csv<T extends z.ZodType<string, string>>(item: T) {
  return z
    .string({ error: 'expected a comma-separated list' })
    .transform((text) => text.split(',').filter((part) => part !== ''))
    .pipe(z.array(item));
}

const queryBoolean = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { error: 'expected true or false' }))
  .transform((text) => text === 'true');

const pageNumber = z
  .string({ error: 'expected a non-negative integer string' })
  .regex(/^\d{1,18}$/, { error: 'expected a non-negative integer string such as "50"' });

const page = { limit: pageNumber.optional(), offset: pageNumber.optional() };

/** `GET /workspaces/{ws}/accounts`. */
export const AccountsQuerySchema = z.object({
  accountTypes: csv(AccountTypeSchema).optional(),
  excludedAccountTypes: csv(AccountTypeSchema).optional(),
  statuses: csv(AccountStatusSchema).optional(),
  accountIds: csv(z.string()).optional(),
  // Absent = all; true = testnet only; false = mainnet only.
  isTestnet: queryBoolean.optional(),
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
  sortDirection: SortDirectionSchema.optional(),
  ...page,
});
export type AddressesQuery = z.output<typeof AddressesQuerySchema>;

/** `GET /workspaces/{ws}/transactions` and the WebSocket subscription `uri`. */
export const TransactionsQuerySchema = z.object({
  transactionId: z.string().optional(),
  transactionIds: csv(z.string()).optional(),
  transactionTypes: csv(TransactionTypeSchema).optional(),
  accountId: z.string().optional(),
  accountIds: csv(z.string()).optional(),
  transactionStatuses: csv(TransactionStatusSchema).optional(),
  transactionStatusNotIn: csv(TransactionStatusSchema).optional(),
  assetIds: csv(z.string()).optional(),
  blockchainTxId: z.string().optional(),
  toAddress: z.string().optional(),
  isTerminated: queryBoolean.optional(),
  createdAtFrom: millis.optional(),
  createdAtTo: millis.optional(),
  updatedAtFrom: millis.optional(),
  updatedAtTo: millis.optional(),
  sortBy: SortBySchema.optional(),
  sortDirection: SortDirectionSchema.optional(),
  includeEvents: queryBoolean.optional(),
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
