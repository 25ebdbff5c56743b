// Who and what the ids are: the workspace's members (with their profile names), its address book
// and its transaction limits, into `stores.directory`. Small reference lists: read whole at start,
// again every `everyMs` (default 5 minutes) and on `r`, each replaced whole. A role refused one
// (403) falls back to ids with one notice (guarded-load.ts). Pages over the size limit are asked
// smaller (client/paging.ts), and the smaller size is kept for the next reads until `r`.
import { readPages } from '../client/index.js';
import type { AddressBookRecord } from '../contract/index.js';
import {
  type DirectoryList,
  withBook,
  withLimits,
  withMembers,
  withReferenceState,
} from '../store/index.js';
import type { EngineContext } from './engine-context.js';
import { createGuardedLoad, type GuardedLoad } from './guarded-load.js';
import { sizeCause, tooLargeNotice } from './notices.js';

export const DIRECTORY_EVERY_MS = 5 * 60_000;

// Page sizes the OpenAPI names as defaults (members 200, address book 500): a server hands those
// out whole. A larger `limit` might be cut to its own maximum, and a short page reads as the end.
const PAGE = { members: 200, book: 500, limits: 100 } as const;
// Reference lists are small; past these something is wrong, and memory stays bounded.
const MAX_ITEMS = { members: 10_000, book: 20_000, limits: 5_000 } as const;

const WORDS: Record<DirectoryList, { what: string; forbidden: string; noun: string }> = {
  members: {
    what: 'loading members',
    forbidden: "members: this key's role cannot read them; user ids shown instead of names",
    noun: 'members',
  },
  book: {
    what: 'loading the address book',
    forbidden: "address book: this key's role cannot read it; destinations shown as bare addresses",
    noun: 'address book records',
  },
  limits: {
    what: 'loading transaction limits',
    forbidden: "transaction limits: this key's role cannot read them; limit ids shown instead",
    noun: 'transaction limits',
  },
};

/** A deleted or rejected record names no destination any more. */
export function namesDestination(record: AddressBookRecord): boolean {
  return record.status !== 'deleted' && record.status !== 'rejected';
}

export interface DirectoryLoads {
  readonly lists: Readonly<Record<DirectoryList, GuardedLoad>>;
  /** The first read of all three (resolves when each settled; never rejects). */
  start(): Promise<void>;
  /** `r`: every list again, a forbidden one too. */
  refresh(): void;
  stop(): void;
}

export function createDirectoryLoads(ctx: EngineContext, o: { pageSize: number; everyMs?: number }): DirectoryLoads {
  const { api, stores, now, write } = ctx;
  const everyMs = o.everyMs ?? DIRECTORY_EVERY_MS;
  const firstSize = (list: DirectoryList) => Math.min(o.pageSize, PAGE[list]);
  /** The page size each list is read with: smaller once its answers were over the size limit. */
  const sizes: Record<DirectoryList, number> = {
    members: firstSize('members'),
    book: firstSize('book'),
    limits: firstSize('limits'),
  };

  async function all<T>(list: DirectoryList, read: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
    const pages = await readPages(read, { pageSize: sizes[list], maxItems: MAX_ITEMS[list] });
    const { items, complete, refused, pageSize } = pages;
    sizes[list] = pageSize;
    const { what, noun } = WORDS[list];
    // A record too large even alone: what came before it is shown, and the notice says why the
    // rest is not; the list is read again at its period, not at once (the answer would be the same).
    if (refused !== undefined) ctx.notify(tooLargeNotice(what, items.length, noun, refused));
    else ctx.clear([sizeCause(what)]);
    if (!complete && refused === undefined) {
      ctx.notify({
        level: 'warn',
        key: `cut:${list}`,
        text: `${WORDS[list].noun}: only the first ${MAX_ITEMS[list]} are held`,
      });
    }
    return items;
  }

  function guarded(list: DirectoryList, load: () => Promise<void>): GuardedLoad {
    return createGuardedLoad(ctx, {
      what: WORDS[list].what,
      forbiddenText: WORDS[list].forbidden,
      load,
      markForbidden: () => write(stores.directory, (s) => withReferenceState(s, list, 'forbidden'), `${list} refused`),
      markFailed: () => write(stores.directory, (s) => withReferenceState(s, list, 'failed'), `${list} failed`),
      everyMs,
    });
  }

  const lists: Record<DirectoryList, GuardedLoad> = {
    members: guarded('members', async () => {
      const members = await all('members', (limit, offset) =>
        api.members.list({ includeUsersProfiles: true, includePermissionGroups: true, limit, offset }),
      );
      write(stores.directory, (s) => withMembers(s, members, now()), 'members');
    }),
    book: guarded('book', async () => {
      const records = await all('book', (limit, offset) => api.addressBook.list({ limit, offset }));
      // Offset paging may see a record twice while the book changes: one per id.
      const byId = new Map(records.filter(namesDestination).map((r) => [r.recordId, r]));
      write(stores.directory, (s) => withBook(s, [...byId.values()], now()), 'address book');
    }),
    limits: guarded('limits', async () => {
      const limits = await all('limits', (limit, offset) => api.limits.list({ limit, offset }));
      write(stores.directory, (s) => withLimits(s, limits, now()), 'transaction limits');
    }),
  };

  const loops = () => Object.values(lists).map((l) => l.loop);

  return {
    lists,
    async start() {
      await Promise.all(loops().map((loop) => loop.trigger()));
    },
    refresh() {
      for (const list of Object.keys(sizes) as DirectoryList[]) sizes[list] = firstSize(list);
      for (const loop of loops()) void loop.trigger();
    },
    stop() {
      for (const loop of loops()) loop.stop();
    },
  };
}
