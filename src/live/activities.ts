// The workspace's activity feed, read when the activity pane asks (never polled: it is a page of
// history, and the pane holds what it asked for). Never rejects: how the read ended, in words safe
// to show.
import { type ActivitiesListQuery, ApiError, describeClientError } from '../client/index.js';
import type { EngineContext } from './engine-context.js';
import type { ActivitiesOutcome } from './types.js';

export function createActivitiesReader(ctx: EngineContext): (query?: ActivitiesListQuery) => Promise<ActivitiesOutcome> {
  return async (query = {}) => {
    if (ctx.stopped()) return { kind: 'failed', message: 'the console is closing' };
    try {
      const activities = await ctx.api.activities.list(query);
      ctx.succeeded();
      return { kind: 'page', activities };
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        return { kind: 'forbidden', message: "this key's role cannot read the activity feed (403)" };
      }
      return { kind: 'failed', message: `reading the activity feed failed: ${describeClientError(err)}` };
    }
  };
}
