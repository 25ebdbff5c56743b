// The world's people and rules as the routes read and change them (world.directory): members, the
// address book (list, one, create, delete), the transaction limits, the activity feed, and the
// keys the server registers (each key's owner is a member, so a console can name itself).

import type {
  Activity,
  ActivitiesQuery,
  AddressBookQuery,
  AddressBookRecord,
  CreateAddressBookRecord,
  MembersQuery,
  TransactionLimit,
  TransactionLimitsQuery,
} from '../../contract/index.js';
import { ActivityFeed } from './activities.js';
import { PastActivities } from './activity-past.js';
import type { BookResult } from './address-book.js';
import { loadPast } from './balances-past.js';
import type { Core } from './core.js';
import { queryLimits } from './limits.js';
import type { WireMember } from './members.js';

export class Directory {
  constructor(
    private readonly core: Core,
    private readonly feed: ActivityFeed,
    /** Runs what is due before a change, so it is stamped after everything that happened. */
    private readonly advance: () => void,
  ) {}

  members(q: MembersQuery = {}): WireMember[] {
    return this.core.ref.members.list(q);
  }

  book(q: AddressBookQuery = {}): AddressBookRecord[] {
    return this.core.ref.book.list(q);
  }

  bookRecord(recordId: string): AddressBookRecord | undefined {
    return this.core.ref.book.get(recordId);
  }

  createBookRecord(body: CreateAddressBookRecord, actor: string): BookResult {
    this.advance();
    const now = this.core.clock.now();
    const result = this.core.ref.book.create(body, actor, now);
    if (result.ok && result.created === true) {
      this.core.ref.ring.append({ at: now, kind: 'book-created', userId: actor, subject: result.value.recordId });
    }
    return result;
  }

  deleteBookRecord(recordId: string, actor: string): BookResult {
    this.advance();
    const now = this.core.clock.now();
    const result = this.core.ref.book.remove(recordId, actor, now);
    if (result.ok) this.core.ref.ring.append({ at: now, kind: 'book-deleted', userId: actor, subject: recordId });
    return result;
  }

  limits(q: TransactionLimitsQuery = {}): TransactionLimit[] {
    const people = this.core.ref.people;
    const usersIn = (groups: readonly string[]) =>
      people.filter((p) => p.groups.some((g) => groups.includes(g))).map((p) => p.userId);
    return queryLimits(this.core.ref.limits, q, usersIn);
  }

  limit(limitId: string): TransactionLimit | undefined {
    return queryLimits(this.core.ref.limits, { limitIds: [limitId] })[0];
  }

  activities(q: ActivitiesQuery = {}): Activity[] {
    return this.feed.page(q);
  }

  /**
   * The server registered a key acting for `userId`: a member already (the owner by default), or
   * a new service member named after the key. Either way the feed says a key was registered.
   */
  keyRegistered(kid: string, role: string, userId: string): void {
    const at = this.core.clock.now();
    this.core.ref.members.keyOwner(userId, kid, role, at);
    this.core.ref.ring.append({ at, kind: 'key-registered', userId, subject: kid, role });
  }
}

/**
 * Builds the past (balances-past.ts folds it into the balances as the history table fills) with
 * the feed's columns folded in the same pass, notes each book record's last use, and returns the
 * directory over it all.
 */
export function loadPastWithDirectory(core: Core, history: number, advance: () => void): Directory {
  const past = new PastActivities(
    core.ref.people.map((p) => p.userId),
    core.seed,
  );
  past.prepare(history);
  const table = loadPast(core, history, (i, rec) => past.observe(i, rec));
  past.attach(table);
  core.ref.notePast(table);
  return new Directory(core, new ActivityFeed(core, past), advance);
}
