import * as z from 'zod';
import { RecordStatusSchema, RecordTypeSchema } from './address-book.js';
import { AccountTypeSchema } from './enums.js';
import { ActivityTypeSchema } from './activity.js';
import { LimitStatusSchema } from './transaction-limit.js';
import { csv, page, queryBoolean, sortDirectionParam } from './queries.js';
import { millis } from './scalars.js';

// Query strings of the reference endpoints (members, address book, limits, balances, activities):
// every parameter the OpenAPI lists for each, read as queries.ts reads the others.

/** The address book's sort keys (OpenAPI `AddressBookSortBy`). */
export const ADDRESS_BOOK_SORT_BY = ['date-added', 'type', 'name'] as const;

/** `GET /workspaces/{ws}/members`. */
export const MembersQuerySchema = z.object({
  includePermissionGroups: queryBoolean.optional(),
  includeUsersProfiles: queryBoolean.optional(),
  includeEmails: queryBoolean.optional(),
  ...page,
});
export type MembersQuery = z.output<typeof MembersQuerySchema>;

/** `GET /workspaces/{ws}/address-book-records`. */
export const AddressBookQuerySchema = z.object({
  recordIds: csv(z.string()).optional(),
  networkIds: csv(z.string()).optional(),
  addresses: csv(z.string()).optional(),
  memo: z.string().optional(),
  tag: z.string().optional(),
  sortBy: z.enum(ADDRESS_BOOK_SORT_BY, { error: `expected one of ${ADDRESS_BOOK_SORT_BY.join(', ')}` }).optional(),
  sortDirection: sortDirectionParam.optional(),
  recordType: RecordTypeSchema.optional(),
  recordTypes: csv(RecordTypeSchema).optional(),
  statuses: csv(RecordStatusSchema).optional(),
  ...page,
});
export type AddressBookQuery = z.output<typeof AddressBookQuerySchema>;

/** `GET /workspaces/{ws}/transaction-limits`. */
export const TransactionLimitsQuerySchema = z.object({
  limitIds: csv(z.string()).optional(),
  statuses: csv(LimitStatusSchema).optional(),
  fromAccountIds: csv(z.string()).optional(),
  toAddressBookRecordIds: csv(z.string()).optional(),
  toAccountIds: csv(z.string()).optional(),
  appliesToUserIds: csv(z.string()).optional(),
  // Not in the OpenAPI; the official clients send it (wire notes: twin operations).
  appliesToGroupIds: csv(z.string()).optional(),
  ...page,
});
export type TransactionLimitsQuery = z.output<typeof TransactionLimitsQuerySchema>;

/** `GET /workspaces/{ws}/balances`; `nonEmpty` defaults to true (wire notes §9). */
export const BalancesQuerySchema = z.object({
  accountId: z.string().optional(),
  accountIds: csv(z.string()).optional(),
  balanceIds: csv(z.string()).optional(),
  assetId: z.string().optional(),
  assetIds: csv(z.string()).optional(),
  assetNotIn: csv(z.string()).optional(),
  networkId: z.string().optional(),
  networkIds: csv(z.string()).optional(),
  accountTypes: csv(AccountTypeSchema).optional(),
  excludedAccountTypes: csv(AccountTypeSchema).optional(),
  updatedSince: millis.optional(),
  nonEmpty: queryBoolean.optional(),
  ...page,
});
export type BalancesQuery = z.output<typeof BalancesQuerySchema>;

/** `GET /workspaces/{ws}/activities`. */
export const ActivitiesQuerySchema = z.object({
  accountIds: csv(z.string()).optional(),
  userIds: csv(z.string()).optional(),
  activityTypes: csv(ActivityTypeSchema).optional(),
  excludedActivityTypes: csv(ActivityTypeSchema).optional(),
  search: z.string().optional(),
  ...page,
});
export type ActivitiesQuery = z.output<typeof ActivitiesQuerySchema>;
