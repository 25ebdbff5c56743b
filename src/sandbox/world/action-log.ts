// What API keys did to transactions, oldest first, with the reasons a decline or a cancel gave
// (the wire Transaction has no field for them; the activity feed, activity-ring.ts, keeps them as
// well). Append-only; the oldest entries are let go past a bound, so a long soak cannot grow it
// without end.

/** What an action did to a transaction (the kinds of the write routes). */
export type ActionKind =
  | 'approve'
  | 'decline'
  | 'cancel'
  | 'create'
  // offers.ts: an offer answered, a new signing request made.
  | 'accept-offer'
  | 'reject-offer'
  | 'signing-request';

export interface ActionRecord {
  /** World time (epoch ms) the action took effect: the transaction's updatedAt after it. */
  readonly at: number;
  /** The member the key acted for. */
  readonly userId: string;
  readonly transactionId: string;
  readonly kind: ActionKind;
  /** The reason sent with a decline or a cancel, exactly as the request carried it; absent: none. */
  readonly reason?: string;
}

/** Room for a long session of people acting by hand, and for load tests that create in bulk. */
const MAX_ACTIONS = 100_000;

export class ActionLog {
  private readonly entries: ActionRecord[] = [];

  constructor(private readonly limit = MAX_ACTIONS) {}

  append(entry: ActionRecord): void {
    this.entries.push(entry);
    // Let go in slices of a quarter, not one by one: each splice copies what is kept.
    if (this.entries.length > this.limit + Math.ceil(this.limit / 4)) {
      this.entries.splice(0, this.entries.length - this.limit);
    }
  }

  /** Everything held, oldest first (a copy). */
  list(): ActionRecord[] {
    return this.entries.slice();
  }

  /** One transaction's actions, oldest first. */
  of(transactionId: string): ActionRecord[] {
    return this.entries.filter((e) => e.transactionId === transactionId);
  }

  get size(): number {
    return this.entries.length;
  }
}
