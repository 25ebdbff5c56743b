import * as z from 'zod';
import { optionalNullable } from './scalars.js';

export const WorkspaceSchema = z.looseObject({
  workspaceId: z.string(),
  name: z.string(),
  tag: z.string(),
  icon: optionalNullable(z.string()),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
