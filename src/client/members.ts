import { type Member, MemberListSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { type QueryValue, workspacePath } from './query.js';

/** Parameters of `GET /workspaces/{ws}/members` (wire notes §9). */
export interface MembersListQuery {
  /** Profiles (`embedded.profile`: the name) ride along; the server's default is false. */
  includeUsersProfiles?: boolean;
  /** Email identities ride along (`embedded.identities`). */
  includeEmails?: boolean;
  /** Permission groups ride along (`embedded.permissionGroups`). */
  includePermissionGroups?: boolean;
  /** Server default 200. */
  limit?: number;
  offset?: number;
}

/** The parameters in one fixed order (the same query, the same request target). */
export function membersQuery(q: MembersListQuery = {}): Record<string, QueryValue> {
  return {
    includePermissionGroups: q.includePermissionGroups,
    includeUsersProfiles: q.includeUsersProfiles,
    includeEmails: q.includeEmails,
    limit: q.limit,
    offset: q.offset,
  };
}

export interface MembersApi {
  /** One page of the workspace's members (who a user id is). */
  list(q?: MembersListQuery): Promise<Member[]>;
}

export function createMembersApi(http: Http, workspaceId: string): MembersApi {
  return {
    async list(q) {
      const path = `${workspacePath(workspaceId)}/members`;
      const { data } = await http.request({ method: 'GET', path, query: membersQuery(q), schema: MemberListSchema });
      return data.members;
    },
  };
}
