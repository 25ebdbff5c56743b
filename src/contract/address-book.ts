import * as z from 'zod';
import { openEnum } from './open-enum.js';
import { millis, optionalNullable } from './scalars.js';

// The workspace's address book (OpenAPI `AddressBookRecord`): named destinations. A destination is
// matched on network + address (+ memo where the network uses one), wire notes §9.

export const RECORD_TYPES = ['address', 'tag', 'bank'] as const;
export const RecordTypeSchema = openEnum(RECORD_TYPES, 'an address book record type');

export const RECORD_STATUSES = ['new', 'active', 'rejected', 'deleted'] as const;
export const RecordStatusSchema = openEnum(RECORD_STATUSES, 'an address book record status');

export const AddressBookRecordSchema = z.looseObject({
  recordId: z.string(),
  externalId: z.string(),
  workspaceId: z.string(),
  recordType: RecordTypeSchema,
  name: z.string(),
  status: RecordStatusSchema,
  createdAt: millis,
  accountIds: optionalNullable(z.array(z.string())),
  address: optionalNullable(z.string()),
  networkId: optionalNullable(z.string()),
  memo: optionalNullable(z.string()),
  tag: optionalNullable(z.string()),
  imageId: optionalNullable(z.string()),
  createdBy: optionalNullable(z.string()),
  updatedAt: optionalNullable(millis),
  updatedBy: optionalNullable(z.string()),
  lastUsedAt: optionalNullable(millis),
});
export type AddressBookRecord = z.infer<typeof AddressBookRecordSchema>;

export const AddressBookRecordListSchema = z.looseObject({ records: z.array(AddressBookRecordSchema) });
export type AddressBookRecordList = z.infer<typeof AddressBookRecordListSchema>;

/** `POST .../address-book-records` (OpenAPI `CreateAddressBookRecord`); bank details kept open. */
export const CreateAddressBookRecordSchema = z.looseObject({
  externalId: z.string().min(1, { error: 'expected a non-empty externalId' }),
  name: z.string().min(1, { error: 'expected a non-empty name' }),
  recordType: optionalNullable(RecordTypeSchema),
  networkId: optionalNullable(z.string()),
  address: optionalNullable(z.string()),
  memo: optionalNullable(z.string()),
  tag: optionalNullable(z.string()),
  imageId: optionalNullable(z.string()),
  accountIds: optionalNullable(z.array(z.string())),
  bankDetails: optionalNullable(z.looseObject({})),
});
export type CreateAddressBookRecord = z.infer<typeof CreateAddressBookRecordSchema>;

/** The answer of `DELETE .../address-book-records/{recordId}` (OpenAPI `Unit`): an empty object. */
export const DeletedAddressBookRecordSchema = z.looseObject({});
export type DeletedAddressBookRecord = z.infer<typeof DeletedAddressBookRecordSchema>;
