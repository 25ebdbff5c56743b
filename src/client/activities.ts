import { type Activity, ActivityListSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { type QueryValue, workspacePath } from './query.js';

/** Filters of `GET /workspaces/{ws}/activities` (the OpenAPI's list); the feed comes newest first. */
export interface ActivitiesListQuery {
  accountIds?: readonly string[];
  userIds?: readonly string[];
  activityTypes?: readonly string[];
  excludedActivityTypes?: readonly string[];
  /** Free text the server matches; sent as typed. */
  search?: string;
  limit?: number;
  offset?: number;
}

export function activitiesQuery(q: ActivitiesListQuery = {}): Record<string, QueryValue> {
  return {
    accountIds: q.accountIds,
    userIds: q.userIds,
    activityTypes: q.activityTypes,
    excludedActivityTypes: q.excludedActivityTypes,
    search: q.search,
    limit: q.limit,
    offset: q.offset,
  };
}

export interface ActivitiesApi {
  /** One page of what happened in the workspace. Titles and descriptions are people's text. */
  list(q?: ActivitiesListQuery): Promise<Activity[]>;
}

export function createActivitiesApi(http: Http, workspaceId: string): ActivitiesApi {
  return {
    async list(q) {
      const path = `${workspacePath(workspaceId)}/activities`;
      const { data } = await http.request({
        method: 'GET',
        path,
        query: activitiesQuery(q),
        schema: ActivityListSchema,
      });
      return data.activities;
    },
  };
}
