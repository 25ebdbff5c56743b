import { type TransactionLimit, TransactionLimitListSchema, TransactionLimitSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment, type QueryValue, workspacePath } from './query.js';

/** Filters of `GET /workspaces/{ws}/transaction-limits` (the OpenAPI's list). */
export interface LimitsListQuery {
  limitIds?: readonly string[];
  statuses?: readonly string[];
  fromAccountIds?: readonly string[];
  toAddressBookRecordIds?: readonly string[];
  toAccountIds?: readonly string[];
  appliesToUserIds?: readonly string[];
  limit?: number;
  offset?: number;
}

export function limitsQuery(q: LimitsListQuery = {}): Record<string, QueryValue> {
  return {
    limitIds: q.limitIds,
    statuses: q.statuses,
    fromAccountIds: q.fromAccountIds,
    toAddressBookRecordIds: q.toAddressBookRecordIds,
    toAccountIds: q.toAccountIds,
    appliesToUserIds: q.appliesToUserIds,
    limit: q.limit,
    offset: q.offset,
  };
}

export interface LimitsApi {
  /** The rules the approval policy applies (`extra.approvers.limitId` names one). */
  list(q?: LimitsListQuery): Promise<TransactionLimit[]>;
  get(limitId: string): Promise<TransactionLimit>;
}

export function createLimitsApi(http: Http, workspaceId: string): LimitsApi {
  const root = () => `${workspacePath(workspaceId)}/transaction-limits`;
  return {
    async list(q) {
      const { data } = await http.request({
        method: 'GET',
        path: root(),
        query: limitsQuery(q),
        schema: TransactionLimitListSchema,
      });
      return data.limits;
    },
    async get(limitId) {
      const path = `${root()}/${pathSegment(limitId, 'limitId')}`;
      return (await http.request({ method: 'GET', path, schema: TransactionLimitSchema })).data;
    },
  };
}
