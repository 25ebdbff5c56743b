// What the reference routes need of the world (world.directory): members, the address book, the
// transaction limits, the activity feed, and the keys the server registers. The world's Directory
// satisfies it structurally; index.ts hands the real one in.
import type {
  Activity,
  ActivitiesQuery,
  AddressBookQuery,
  AddressBookRecord,
  CreateAddressBookRecord,
  MembersQuery,
  TransactionLimit,
  TransactionLimitsQuery,
} from '../contract/index.js';

export type BookActionResult =
  | { ok: true; value: AddressBookRecord; created?: boolean }
  | { ok: false; status: number; code: string; message: string };

export interface DirectoryPort {
  /** Wire objects: `_embedded` holds only what the query asked for. */
  members(q: MembersQuery): unknown[];
  book(q: AddressBookQuery): AddressBookRecord[];
  bookRecord(recordId: string): AddressBookRecord | undefined;
  createBookRecord(body: CreateAddressBookRecord, actor: string): BookActionResult;
  deleteBookRecord(recordId: string, actor: string): BookActionResult;
  limits(q: TransactionLimitsQuery): TransactionLimit[];
  limit(limitId: string): TransactionLimit | undefined;
  activities(q: ActivitiesQuery): Activity[];
  keyRegistered(kid: string, role: string, userId: string): void;
}
