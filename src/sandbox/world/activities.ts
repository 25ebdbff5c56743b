// The activity feed (`GET /workspaces/{ws}/activities`), newest first, from three sources merged
// on the fly: the workspace's story before the start (activity-static.ts, a few dozen entries),
// the past transactions (activity-past.ts: walked from typed columns, nothing kept per record), and
// what happened since the start (activity-ring.ts: bounded facts). Memory stays bounded at any
// history size; a page costs its offset plus its length in events, and text is written only for
// the rows it returns (and for the rows a `search` reads).

import type { ActivitiesQuery, Activity } from '../../contract/index.js';
import type { LiveFact } from './activity-ring.js';
import {
  EV_ENDED,
  PAST_TYPES,
  type PastActivities,
  type PastEvent,
  type PastFilter,
} from './activity-past.js';
import { bookRecordText, type StaticActivity, staticActivities } from './activity-static.js';
import {
  type TextContext,
  type TxActivityType,
  txDescription,
  txFacts,
  txTitle,
} from './activity-text.js';
import type { Core } from './core.js';
import type { HistoryTable } from './history-table.js';
import { WORKSPACE_AGE_DAYS } from './people.js';
import { hashText, mix } from './rng.js';
import { pageNumber } from './paging.js';

export const DEFAULT_ACTIVITIES_LIMIT = 100;
/** Past records made again during one page, kept so each is made once (its events are close). */
const RECORD_CACHE = 8192;
/**
 * Decision: a `search` reads the text of every activity since the start and before it, but of the
 * past transactions only the newest 50,000 (their text is made again to be read, a few µs
 * each): at a million past transactions an unbounded search would hold the server for seconds.
 */
export const SEARCH_PAST_RECORDS = 50_000;

/** A past record made again, with the words all its events share. */
interface Remade {
  readonly rec: ReturnType<HistoryTable['record']>;
  readonly facts: string;
  /** The description before any reason, lower case: what a search reads. */
  readonly lower: string;
}

const LIVE_TYPE: Readonly<Record<LiveFact['kind'], string>> = {
  'tx-created': 'transaction-created',
  'tx-approved': 'transaction-approved',
  'tx-declined': 'transaction-declined',
  'tx-canceled': 'transaction-canceled',
  'tx-completed': 'transaction-completed',
  'book-created': 'new-address-book-record',
  'book-deleted': 'delete-address-book-record',
  'key-registered': 'service-member-creation',
};

// Sources, in their order among equal times (the later source first).
const SRC_STATIC = 0;
const SRC_PAST = 1;
const SRC_LIVE = 2;

/** One event as the merge sees it; text comes later, for the rows that need it. */
interface Item {
  readonly at: number;
  readonly src: number;
  readonly key: number;
  readonly type: string;
  readonly userId: string | undefined;
  readonly accountId: string | undefined;
  readonly stat?: StaticActivity;
  readonly fact?: LiveFact;
  readonly past?: PastEvent;
}

function after(a: Item, b: Item): boolean {
  return a.at > b.at || (a.at === b.at && (a.src > b.src || (a.src === b.src && a.key > b.key)));
}

function hex32(a: number, b: number, c: number): string {
  let h = mix(a, b);
  let out = '';
  for (let i = 0; i < 4; i++) {
    h = mix(h, c + i);
    out += h.toString(16).padStart(8, '0');
  }
  return out;
}

export class ActivityFeed {
  private readonly statics: StaticActivity[];
  private readonly text: TextContext;

  constructor(
    private readonly core: Core,
    private readonly past: PastActivities,
  ) {
    this.statics = staticActivities(core.data, core.ref, WORKSPACE_AGE_DAYS, core.startMs);
    this.text = { catalog: core.catalog, accountById: core.accountById, book: core.ref.book };
  }

  /**
   * The OpenAPI's filters, ANDed: `accountIds`, `userIds`, `activityTypes`, not
   * `excludedActivityTypes`, and `search` (case-insensitive, in the title or the description;
   * see SEARCH_PAST_RECORDS).
   * Newest first; ties by source (live, past, before the start) and order of arrival. `limit`
   * defaults to 100.
   */
  page(q: ActivitiesQuery = {}): Activity[] {
    const offset = pageNumber(q.offset, 0);
    const limit = pageNumber(q.limit, DEFAULT_ACTIVITIES_LIMIT);
    if (limit === 0) return [];
    const accounts = q.accountIds === undefined ? undefined : new Set(q.accountIds);
    const users = q.userIds === undefined ? undefined : new Set(q.userIds);
    const types = q.activityTypes === undefined ? undefined : new Set<string>(q.activityTypes);
    const excluded = new Set<string>(q.excludedActivityTypes ?? []);
    const search = q.search?.trim().toLowerCase() || undefined;
    const cache = new Map<number, Remade>();

    const cheap = (it: Item): boolean =>
      (accounts === undefined || (it.accountId !== undefined && accounts.has(it.accountId))) &&
      (users === undefined || (it.userId !== undefined && users.has(it.userId))) &&
      (types === undefined || types.has(it.type)) &&
      !excluded.has(it.type);

    const out: Activity[] = [];
    let skipped = 0;
    const past = this.pastFilter(accounts, users, types, excluded);
    for (const it of this.merged(past, search === undefined ? Infinity : SEARCH_PAST_RECORDS)) {
      if (!cheap(it)) continue;
      if (search !== undefined && !this.found(it, cache, search)) continue;
      if (skipped < offset) {
        skipped += 1;
        continue;
      }
      out.push(this.render(it, cache));
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The cheap filters as the past's columns read them (account, member and type codes), so a past
   * event a page would drop is never made; undefined when no past event can pass.
   */
  private pastFilter(
    accounts: ReadonlySet<string> | undefined,
    users: ReadonlySet<string> | undefined,
    types: ReadonlySet<string> | undefined,
    excluded: ReadonlySet<string>,
  ): PastFilter | undefined {
    const table = this.past.history;
    if (table === undefined || table.count === 0) return undefined;
    const wanted = (t: string) => (types === undefined || types.has(t)) && !excluded.has(t);
    const typeMask = Uint8Array.from(PAST_TYPES, (t) => (wanted(t) ? 1 : 0));
    if (!typeMask.includes(1)) return undefined;
    let accountMask: Uint8Array | undefined;
    if (accounts !== undefined) {
      accountMask = Uint8Array.from(table.accounts.texts, (text) => (accounts.has(text) ? 1 : 0));
      if (!accountMask.includes(1)) return undefined;
    }
    let userMask: Uint8Array | undefined;
    if (users !== undefined) {
      userMask = Uint8Array.from([0, ...this.past.userIds.map((id) => (users.has(id) ? 1 : 0))]);
      if (!userMask.includes(1)) return undefined;
    }
    return {
      types: typeMask,
      ...(accountMask === undefined ? {} : { accounts: accountMask }),
      ...(userMask === undefined ? {} : { users: userMask }),
    };
  }

  /** Every source's events, newest first; the past's already filtered by `past`. */
  private *merged(past: PastFilter | undefined, pastRecords: number): Generator<Item> {
    const sources = [this.liveItems(), this.pastItems(past, pastRecords), this.staticItems()];
    const heads = sources.map((s) => s.next());
    for (;;) {
      let best = -1;
      for (let s = 0; s < heads.length; s++) {
        const h = heads[s]!;
        if (h.done) continue;
        if (best < 0 || after(h.value, (heads[best]!.value as Item))) best = s;
      }
      if (best < 0) return;
      yield heads[best]!.value as Item;
      heads[best] = sources[best]!.next();
    }
  }

  private *staticItems(): Generator<Item> {
    for (let k = this.statics.length - 1; k >= 0; k--) {
      const stat = this.statics[k]!;
      const { at, type, userId, accountId } = stat;
      yield { at, src: SRC_STATIC, key: k, type, userId, accountId, stat };
    }
  }

  private *liveItems(): Generator<Item> {
    const facts = this.core.ref.ring.list();
    // A snapshot of the length: a fact appended while the page is read is the next page's.
    for (let k = facts.length - 1; k >= 0; k--) {
      const fact = facts[k]!;
      const { at, seq, userId, accountId } = fact;
      yield { at, src: SRC_LIVE, key: seq, type: LIVE_TYPE[fact.kind], userId, accountId, fact };
    }
  }

  private *pastItems(filter: PastFilter | undefined, records: number): Generator<Item> {
    const table = this.past.history;
    if (table === undefined || filter === undefined) return;
    const codes = table.accounts.texts;
    const users = this.past.userIds;
    for (const e of this.past.walk(filter, records)) {
      yield {
        at: e.at,
        src: SRC_PAST,
        key: e.key,
        type: e.type,
        userId: e.user === 0 ? undefined : users[e.user - 1],
        accountId: codes[table.account[e.record]!],
        past: e,
      };
    }
  }

  private remade(record: number, cache: Map<number, Remade>): Remade {
    let remade = cache.get(record);
    if (remade === undefined) {
      if (cache.size >= RECORD_CACHE) cache.clear();
      const rec = this.past.history!.record(record);
      const facts = txFacts(this.text, rec);
      remade = { rec, facts, lower: `${facts} · transaction ${rec.id}`.toLowerCase() };
      cache.set(record, remade);
    }
    return remade;
  }

  /** Whether `search` (lower case) is in the event's title or description. */
  private found(it: Item, cache: Map<number, Remade>, search: string): boolean {
    if (it.past === undefined) {
      const [title, description] = this.words(it, cache);
      return title.toLowerCase().includes(search) || description.toLowerCase().includes(search);
    }
    // A past event: its record's words are read once for all its events.
    const remade = this.remade(it.past.record, cache);
    if (remade.lower.includes(search)) return true;
    if (txTitle(it.type as TxActivityType, remade.rec.type).toLowerCase().includes(search)) return true;
    // Only an ending carries more (its reason).
    return it.past.kind === EV_ENDED && this.words(it, cache)[1].toLowerCase().includes(search);
  }

  /** The title and the description of an event. */
  private words(it: Item, cache: Map<number, Remade>): [string, string] {
    if (it.stat !== undefined) return [it.stat.title, it.stat.description];
    if (it.fact !== undefined) return this.liveText(it.fact, it.type);
    const e = it.past!;
    const { rec, facts } = this.remade(e.record, cache);
    const type = it.type as TxActivityType;
    const declined = e.kind === EV_ENDED && type === 'transaction-declined';
    const reason = declined ? this.past.reasonOf(e.record) : undefined;
    return [txTitle(type, rec.type), txDescription(this.text, type, rec, reason, facts)];
  }

  private render(it: Item, cache: Map<number, Remade>): Activity {
    const words = this.words(it, cache);
    const seed = this.core.seed;
    const activityId =
      it.stat !== undefined
        ? hex32(seed, SRC_STATIC, it.key)
        : it.fact !== undefined
          ? hex32(seed, SRC_LIVE, it.fact.seq)
          : hex32(seed, hashText(this.remade(it.past!.record, cache).rec.id), it.past!.kind);
    const out: Activity = {
      activityId,
      activityType: it.type,
      title: words[0],
      createdAt: String(it.at),
      description: words[1],
      workspaceId: this.core.workspaceId,
    };
    if (it.userId !== undefined) out.userId = it.userId;
    if (it.accountId !== undefined) out.accountId = it.accountId;
    return out;
  }

  private liveText(fact: LiveFact, type: string): [string, string] {
    switch (fact.kind) {
      case 'book-created':
      case 'book-deleted': {
        const entry = this.core.ref.book.entry(fact.subject);
        const title = fact.kind === 'book-created' ? 'Address book record added' : 'Address book record deleted';
        return [title, entry === undefined ? `record ${fact.subject}` : bookRecordText(entry)];
      }
      case 'key-registered':
        return ['API key registered', `Key ${fact.subject} with role ${fact.role ?? 'unknown'}`];
      default: {
        const rec = this.core.store.get(fact.subject);
        const activity = type as TxActivityType;
        if (rec === undefined) return [txTitle(activity, 'transaction'), `transaction ${fact.subject}`];
        return [txTitle(activity, rec.type), txDescription(this.text, activity, rec, fact.reason)];
      }
    }
  }
}

