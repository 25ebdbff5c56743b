// The activity feed into `stores.activity`, read when the pane asks (never polled: it is a page of
// history, and the console holds what it asked for): the first page on open, `r` or a new
// `:activity` query, the next one as the cursor nears the end. An answer to a first read that a
// newer one replaced is dropped. The store's reducers (store/activity.ts) do the merging.
import type { ActivitiesListQuery } from '../client/index.js';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityPage,
  type ActivityQuery,
  type ActivityState,
  type ActivityStore,
  canReadMore,
  withActivityAnswer,
  withFirstAsked,
  withMoreAsked,
} from '../store/index.js';

export interface ActivityLoadOptions {
  /** One page of the feed; never rejects (activities.ts). */
  read(query: ActivitiesListQuery): Promise<ActivityPage>;
  readonly store: ActivityStore;
  readonly now: () => number;
  /** Writes the store (the engine's write logs a subscriber's exception); default: setState. */
  write?(fn: (state: ActivityState) => ActivityState, what: string): void;
}

export interface ActivityLoads {
  /** The first page (of a new query when one is given: what was held for the old one goes). */
  first(query?: ActivityQuery): Promise<void>;
  /** The page after what is held; nothing when a read is under way or the feed is held whole. */
  more(): Promise<void>;
}

export function createActivityLoads(o: ActivityLoadOptions): ActivityLoads {
  const { store, now } = o;
  const write = o.write ?? ((fn) => store.setState(fn(store.getState()), true));

  async function readPage(query: ActivityQuery, offset: number): Promise<ActivityPage> {
    try {
      return await o.read({
        ...(query.search !== undefined ? { search: query.search } : {}),
        ...(query.activityTypes !== undefined ? { activityTypes: query.activityTypes } : {}),
        limit: ACTIVITY_PAGE_SIZE,
        offset,
      });
    } catch (err) {
      // The reader never rejects; should it, the pane says why like any failure.
      return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
    }
  }

  async function load(first: boolean, offset: number): Promise<void> {
    const { generation, query } = store.getState();
    const answer = await readPage(query, offset);
    write((s) => withActivityAnswer(s, { generation, first }, answer, now()), 'an activity page');
  }

  return {
    first(query) {
      write((s) => withFirstAsked(s, query), 'an activity read');
      return load(true, 0);
    },
    more() {
      const start = store.getState();
      if (!canReadMore(start)) return Promise.resolve();
      write(withMoreAsked, 'an older activity read');
      return load(false, start.offset);
    },
  };
}
