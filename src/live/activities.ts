// The workspace's activity feed, read when the activity pane asks (never polled: it is a page of
// history, and the pane holds what it asked for). Never rejects: how the read ended, in words safe
// to show. A page over the size limit is read in smaller pages (client/paging.ts) so the pane
// still gets the rows it asked for; an activity too large even alone ends the page there, and a
// notice says why the rest is missing.
import { type ActivitiesListQuery, ApiError, describeClientError, readPages } from '../client/index.js';
import type { Activity } from '../contract/index.js';
import type { EngineContext } from './engine-context.js';
import { sizeCause, tooLargeNotice } from './notices.js';
import type { ActivitiesOutcome } from './types.js';

const WHAT = 'reading the activity feed';

export function createActivitiesReader(ctx: EngineContext): (query?: ActivitiesListQuery) => Promise<ActivitiesOutcome> {
  async function read(query: ActivitiesListQuery): Promise<Activity[]> {
    const { limit } = query;
    if (limit === undefined) return ctx.api.activities.list(query);
    const start = query.offset ?? 0;
    const page = (n: number, offset: number) => ctx.api.activities.list({ ...query, limit: n, offset: start + offset });
    const pages = await readPages(page, { pageSize: limit, maxItems: limit });
    const { refused } = pages;
    if (refused !== undefined) ctx.notify(tooLargeNotice(WHAT, start + pages.items.length, 'activities', refused));
    else ctx.clear([sizeCause(WHAT)]);
    return pages.items;
  }

  return async (query = {}) => {
    if (ctx.stopped()) return { kind: 'failed', message: 'the console is closing' };
    try {
      const activities = await read(query);
      ctx.succeeded();
      return { kind: 'page', activities };
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        return { kind: 'forbidden', message: "this key's role cannot read the activity feed (403)" };
      }
      return { kind: 'failed', message: `${WHAT} failed: ${describeClientError(err)}` };
    }
  };
}
