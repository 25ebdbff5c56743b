import { type Address, AddressListSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { workspacePath } from './query.js';

/** Filters of `GET /workspaces/{ws}/addresses` (custody-api.md, endpoint 4). */
export interface AddressesListQuery {
  accountId?: string;
  addressIds?: readonly string[];
  externalId?: string;
  accountTypes?: readonly string[];
  networkId?: string;
  /** Matched case-insensitively by the server. */
  address?: string;
  statuses?: readonly string[];
  sortDirection?: 'ASC' | 'DESC' | (string & {});
  limit?: number;
  offset?: number;
}

export interface AddressesApi {
  list(q?: AddressesListQuery): Promise<Address[]>;
}

export function createAddressesApi(http: Http, workspaceId: string): AddressesApi {
  const root = () => `${workspacePath(workspaceId)}/addresses`;
  return {
    async list(q = {}) {
      const query = {
        accountId: q.accountId,
        addressIds: q.addressIds,
        externalId: q.externalId,
        accountTypes: q.accountTypes,
        networkId: q.networkId,
        address: q.address,
        statuses: q.statuses,
        sortDirection: q.sortDirection,
        limit: q.limit,
        offset: q.offset,
      };
      return (await http.request({ method: 'GET', path: root(), query, schema: AddressListSchema })).data
        .addresses;
    },
  };
}
