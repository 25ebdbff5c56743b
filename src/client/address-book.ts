import {
  type AddressBookRecord,
  AddressBookRecordListSchema,
  AddressBookRecordSchema,
  type CreateAddressBookRecord,
  type DeletedAddressBookRecord,
  DeletedAddressBookRecordSchema,
} from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment, type QueryValue, workspacePath } from './query.js';
import type { Written } from './transactions.js';

/** Filters of `GET /workspaces/{ws}/address-book-records` (the OpenAPI's list). */
export interface AddressBookListQuery {
  recordIds?: readonly string[];
  networkIds?: readonly string[];
  addresses?: readonly string[];
  memo?: string;
  tag?: string;
  sortBy?: 'date-added' | 'type' | 'name' | (string & {});
  sortDirection?: 'ASC' | 'DESC' | (string & {});
  recordType?: string;
  recordTypes?: readonly string[];
  statuses?: readonly string[];
  /** Server default 500. */
  limit?: number;
  offset?: number;
}

export function addressBookQuery(q: AddressBookListQuery = {}): Record<string, QueryValue> {
  return {
    recordIds: q.recordIds,
    networkIds: q.networkIds,
    addresses: q.addresses,
    memo: q.memo,
    tag: q.tag,
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
    recordType: q.recordType,
    recordTypes: q.recordTypes,
    statuses: q.statuses,
    limit: q.limit,
    offset: q.offset,
  };
}

export interface AddressBookApi {
  list(q?: AddressBookListQuery): Promise<AddressBookRecord[]>;
  get(recordId: string): Promise<AddressBookRecord>;
  /** 201 with the new record. A write: never retried (the `externalId` names it for a check). */
  create(body: CreateAddressBookRecord): Promise<Written<AddressBookRecord>>;
  /** Deactivates the record (the OpenAPI's DELETE answers an empty object). Never retried. */
  delete(recordId: string): Promise<Written<DeletedAddressBookRecord>>;
}

export function createAddressBookApi(http: Http, workspaceId: string): AddressBookApi {
  const root = () => `${workspacePath(workspaceId)}/address-book-records`;
  const one = (id: string) => `${root()}/${pathSegment(id, 'recordId')}`;
  const written = <T>(data: T, correlationId: string | undefined): Written<T> =>
    correlationId === undefined ? { data } : { data, correlationId };
  return {
    async list(q) {
      const { data } = await http.request({
        method: 'GET',
        path: root(),
        query: addressBookQuery(q),
        schema: AddressBookRecordListSchema,
      });
      return data.records;
    },
    async get(recordId) {
      return (await http.request({ method: 'GET', path: one(recordId), schema: AddressBookRecordSchema })).data;
    },
    async create(body) {
      const { data, correlationId } = await http.request({
        method: 'POST',
        path: root(),
        body,
        schema: AddressBookRecordSchema,
        expectStatus: [201, 200],
      });
      return written(data, correlationId);
    },
    async delete(recordId) {
      const { data, correlationId } = await http.request({
        method: 'DELETE',
        path: one(recordId),
        schema: DeletedAddressBookRecordSchema,
      });
      return written(data, correlationId);
    },
  };
}
