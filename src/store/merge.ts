// Merge by id keeping the newest `updatedAt`: every reconnect replays a snapshot and gap fills
// overlap live frames, so the same record arrives more than once and sometimes out of order.
import { compareDecimal } from '../format/index.js';

/** Epoch-ms strings compare as integers; a missing `updatedAt` counts as oldest. */
export function compareUpdatedAt(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null) return b == null ? 0 : -1;
  if (b == null) return 1;
  return compareDecimal(a, b);
}

/** True when `incoming` should replace `current` (newer, or equally new: a refetch may add fields). */
export function supersedes(
  current: { updatedAt?: string | null } | undefined,
  incoming: { updatedAt?: string | null },
): boolean {
  return current === undefined || compareUpdatedAt(incoming.updatedAt, current.updatedAt) >= 0;
}
