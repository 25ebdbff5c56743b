// The header's "new" mark, one per arrival: a transaction that entered waiting-approval stays new
// until the person visits it (n/N onto it, or opening it), and visiting one takes only that one
// off. One that leaves the queue meanwhile (approved elsewhere, expired) is no longer news. Apart
// from queue.ts so that a resource can say it without importing the keys.
import { type TransactionsState, WAITING_APPROVAL } from '../../store/index.js';
import type { ViewModel } from './model.js';

/**
 * The fresh arrivals after a change: those still `waiting`, then the `arrived` ones not marked yet
 * (oldest first). The same array when nothing changed, so a steady queue writes nothing.
 */
export function freshAfter(
  fresh: readonly string[],
  arrived: readonly string[],
  waiting: (id: string) => boolean,
): readonly string[] {
  const kept = fresh.filter(waiting);
  const marked = new Set(kept);
  const added: string[] = [];
  for (const id of arrived) {
    if (marked.has(id) || !waiting(id)) continue;
    marked.add(id);
    added.push(id);
  }
  return kept.length === fresh.length && added.length === 0 ? fresh : [...kept, ...added];
}

/** The fresh arrivals once `id` was visited. */
export function freshWithout(fresh: readonly string[], id: string): readonly string[] {
  return fresh.includes(id) ? fresh.filter((f) => f !== id) : fresh;
}

/** Waiting now, counting what the paused view holds back (an arrival is news before its row moves). */
function waitingIn(s: TransactionsState, id: string): boolean {
  if (s.heldApprovals.entering.has(id)) return true;
  return s.byId.get(id)?.status === WAITING_APPROVAL && !s.heldApprovals.leaving.has(id);
}

/** The ids that entered waiting-approval with this change (the store names at most a few per batch). */
function arrivedIn(s: TransactionsState, prev: TransactionsState): readonly string[] {
  const count = s.arrivals.count - prev.arrivals.count;
  if (count <= 0) return [];
  if (count <= s.arrivals.last.length) return s.arrivals.last.slice(0, count);
  // A burst larger than the store names: found by status, before and after.
  const ids: string[] = [];
  for (const id of [...s.heldApprovals.entering.keys(), ...s.byId.keys()]) {
    if (waitingIn(s, id) && !waitingIn(prev, id)) ids.push(id);
  }
  return [...new Set(ids)];
}

/** Marks each arrival new as it comes, and unmarks those that left the queue. Returns the stop. */
export function trackFreshApprovals(vm: ViewModel): () => void {
  return vm.stores.transactions.subscribe((s, prev) => {
    const ui = vm.ui.getState();
    if (ui.freshApprovals.length === 0 && s.arrivals.count === prev.arrivals.count) return;
    const next = freshAfter(ui.freshApprovals, arrivedIn(s, prev), (id) => waitingIn(s, id));
    if (next !== ui.freshApprovals) ui.update({ freshApprovals: next });
  });
}

/** The person visited `id` (n/N onto it, or opened it): its "new" mark goes, the others stay. */
export function markApprovalSeen(vm: ViewModel, id: string): void {
  const ui = vm.ui.getState();
  const next = freshWithout(ui.freshApprovals, id);
  if (next !== ui.freshApprovals) ui.update({ freshApprovals: next });
}
