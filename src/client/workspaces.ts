import { type Workspace, WorkspaceListSchema, WorkspaceSchema } from '../contract/index.js';
import type { Http } from './http.js';
import { workspacePath } from './query.js';

export interface WorkspacesApi {
  /** `GET /workspaces`: the workspace(s) the calling key is bound to (works before one is known). */
  list(): Promise<Workspace[]>;
  /** `GET /workspaces/{ws}`. */
  get(): Promise<Workspace>;
}

export function createWorkspacesApi(http: Http, workspaceId: string): WorkspacesApi {
  return {
    async list() {
      const { data } = await http.request({
        method: 'GET',
        path: '/workspaces',
        schema: WorkspaceListSchema,
      });
      return data.workspaces;
    },
    async get() {
      const path = workspacePath(workspaceId);
      return (await http.request({ method: 'GET', path, schema: WorkspaceSchema })).data;
    },
  };
}
