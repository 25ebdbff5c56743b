// What happened while the world runs, as compact facts in time order: transactions created,
// approved, declined (with the reason given), canceled and completed, address book records added
// and deleted, keys registered. The feed (activities.ts) writes the text when a page shows one.
// Bounded: past MAX_FACTS the oldest are let go in slices, so a long soak cannot grow it.

export type LiveKind =
  | 'tx-created'
  | 'tx-approved'
  | 'tx-declined'
  | 'tx-canceled'
  | 'tx-completed'
  | 'book-created'
  | 'book-deleted'
  | 'key-registered';

export interface LiveFact {
  /** World time (epoch ms). */
  readonly at: number;
  /** Order of arrival: ties in time keep it, and it makes the activity id. */
  readonly seq: number;
  readonly kind: LiveKind;
  /** The member who acted (none for a completion). */
  readonly userId?: string;
  readonly accountId?: string;
  /** A transaction id, an address book record id or a key id. */
  readonly subject: string;
  /** A decline's or a cancel's reason, exactly as given. */
  readonly reason?: string;
  /** A key's role. */
  readonly role?: string;
}

const MAX_FACTS = 50_000;

export class ActivityRing {
  private readonly facts: LiveFact[] = [];
  private serial = 0;

  constructor(private readonly limit = MAX_FACTS) {}

  append(fact: Omit<LiveFact, 'seq'>): void {
    const full: LiveFact = { ...fact, seq: this.serial++ };
    const facts = this.facts;
    const last = facts[facts.length - 1];
    // Facts come in time order but for start-up work stamped in the past: those are placed.
    if (last === undefined || last.at <= full.at) facts.push(full);
    else {
      let lo = 0;
      let hi = facts.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (facts[mid]!.at <= full.at) lo = mid + 1;
        else hi = mid;
      }
      facts.splice(lo, 0, full);
    }
    if (facts.length > this.limit + Math.ceil(this.limit / 4)) facts.splice(0, facts.length - this.limit);
  }

  /** Oldest first (do not mutate). */
  list(): readonly LiveFact[] {
    return this.facts;
  }

  get size(): number {
    return this.facts.length;
  }
}
