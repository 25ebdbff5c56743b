// Which transactions call the operator: those that enter `waiting-approval` while the console
// runs. "Entering" is judged per batch, from the status the console held before the batch to the
// one after it: a transaction it knew in another status, or one new to it, that now waits. Only
// once the unfinished work was read whole (the baseline): what waited then is the queue the
// person opened on, not news. Pure, so the rule is a table test.

export const WAITING_APPROVAL = 'waiting-approval';

/** Transactions that entered waiting-approval after the baseline. */
export interface ApprovalArrivals {
  /** How many so far: the view calls the operator when it grows, and marks the header until looked at. */
  readonly count: number;
  /** The ids of the last batch that brought any (at most MAX_LAST), for the notification's words. */
  readonly last: readonly string[];
}

export const NO_ARRIVALS: ApprovalArrivals = { count: 0, last: [] };

/** A burst of thousands is still one call: the words name a few and count the rest. */
export const MAX_LAST = 20;

/** Whether a transaction that was `before` (undefined: new to the console) and is `after` entered the queue. */
export function entersApproval(before: string | undefined, after: string): boolean {
  return after === WAITING_APPROVAL && before !== WAITING_APPROVAL;
}

/**
 * The ids of a batch's results that entered waiting-approval, in the batch's order. `before`
 * reads the status held before the batch, so a transaction that passed through waiting-approval
 * and left it within one batch does not count, and one seen waiting again does not either.
 */
export function arrivalsOf(
  after: Iterable<readonly [string, { readonly status: string }]>,
  before: (id: string) => string | undefined,
): string[] {
  const ids: string[] = [];
  for (const [id, tx] of after) if (entersApproval(before(id), tx.status)) ids.push(id);
  return ids;
}

/** The arrivals after a batch that brought `ids` (the same object when it brought none). */
export function withArrivals(arrivals: ApprovalArrivals, ids: readonly string[]): ApprovalArrivals {
  if (ids.length === 0) return arrivals;
  return { count: arrivals.count + ids.length, last: ids.slice(0, MAX_LAST) };
}
