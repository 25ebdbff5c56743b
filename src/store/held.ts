// Live updates held back while the view is paused (ui.ts PauseReason): the rows wait, but what the
// held versions change of the approval queue is known at once, so the header's count and the call
// to the operator (the bell) never wait behind a pause. Pure, so the rules are table tests.
import type { Transaction } from '../contract/index.js';
import { entersApproval, WAITING_APPROVAL } from './approvals.js';
import { supersedes } from './merge.js';

/** What the held updates would change of the approval queue once applied. */
export interface HeldApprovals {
  /** Held versions that enter waiting-approval (the store holds them in another status, or not at all). */
  readonly entering: ReadonlyMap<string, Transaction>;
  /** Ids the store holds waiting whose held version has left waiting-approval. */
  readonly leaving: ReadonlySet<string>;
  /**
   * Entering ids already counted as arrivals (the operator was called): not counted again when they
   * are applied, and forgotten then (or when they stop entering).
   */
  readonly announced: ReadonlySet<string>;
}

export const NO_HELD_APPROVALS: HeldApprovals = { entering: new Map(), leaving: new Set(), announced: new Set() };

/**
 * The held versions (one per id) against what the store holds: who enters, who leaves. A held
 * version older than the store's would not be applied: it changes nothing.
 */
export function heldChanges(
  current: (id: string) => Transaction | undefined,
  holding: Iterable<Transaction>,
): Pick<HeldApprovals, 'entering' | 'leaving'> {
  const entering = new Map<string, Transaction>();
  const leaving = new Set<string>();
  for (const tx of holding) {
    const now = current(tx.transactionId);
    if (now !== undefined && !supersedes(now, tx)) continue;
    const before = now?.status;
    if (entersApproval(before, tx.status)) entering.set(tx.transactionId, tx);
    else if (before === WAITING_APPROVAL && tx.status !== WAITING_APPROVAL) leaving.add(tx.transactionId);
  }
  return { entering, leaving };
}

function sameKeys<K>(a: ReadonlySet<K> | ReadonlyMap<K, unknown>, b: ReadonlySet<K> | ReadonlyMap<K, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const k of a.keys()) if (!b.has(k)) return false;
  return true;
}

/**
 * The held approvals after a new look at what is held. `counting`: the baseline is read, so an
 * entering id not yet announced is an arrival now (returned in `arrived`). Returns the same object
 * when nothing changed.
 */
export function withHeldChanges(
  held: HeldApprovals,
  next: Pick<HeldApprovals, 'entering' | 'leaving'>,
  counting: boolean,
): { readonly held: HeldApprovals; readonly arrived: readonly string[] } {
  const ids = [...next.entering.keys()];
  const arrived = counting ? ids.filter((id) => !held.announced.has(id)) : [];
  // Only what still enters stays announced: one that left and enters again is news again.
  const kept = counting ? ids : ids.filter((id) => held.announced.has(id));
  const announced = sameKeys(held.announced, new Set(kept)) ? held.announced : new Set(kept);
  const sameEntering =
    sameKeys(held.entering, next.entering) &&
    [...next.entering].every(([id, tx]) => held.entering.get(id) === tx);
  if (sameEntering && sameKeys(held.leaving, next.leaving) && announced === held.announced) {
    return { held, arrived };
  }
  return {
    held: {
      entering: sameEntering ? held.entering : next.entering,
      leaving: sameKeys(held.leaving, next.leaving) ? held.leaving : next.leaving,
      announced,
    },
    arrived,
  };
}

/** Applied ids are no longer held: an announced one counts again only if it enters anew. */
export function withApplied(held: HeldApprovals, applied: Iterable<string>): HeldApprovals {
  if (held.announced.size === 0) return held;
  let announced: Set<string> | undefined;
  for (const id of applied) {
    if (!held.announced.has(id)) continue;
    announced ??= new Set(held.announced);
    announced.delete(id);
  }
  return announced === undefined ? held : { ...held, announced };
}

/**
 * Transactions waiting for approval as the header counts them: those in the rows, with the held
 * ones that enter added and those that leave taken off (unless the rows already say so).
 */
export function awaitingWithHeld(
  awaiting: number,
  held: Pick<HeldApprovals, 'entering' | 'leaving'>,
  status: (id: string) => string | undefined,
): number {
  let n = awaiting;
  for (const id of held.entering.keys()) if (status(id) !== WAITING_APPROVAL) n++;
  for (const id of held.leaving) if (status(id) === WAITING_APPROVAL) n--;
  return n;
}
