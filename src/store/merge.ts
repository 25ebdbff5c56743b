// Merge by id keeping the newest `updatedAt`: every reconnect replays a snapshot and gap fills
// overlap live frames, so the same record arrives more than once and sometimes out of order.
import { compareDecimal } from '../format/index.js';

const DIGITS = /^\d+$/;

/**
 * Epoch-ms strings as integers. The contract guarantees unsigned integer text, so the common case
 * is a length-then-text comparison (no parsing: this runs inside every sorted insert).
 */
export function compareMillis(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) {
    // Digit strings of one length compare as text; otherwise the longer is larger, leading zeros aside.
    if (a.length === b.length) return a < b ? -1 : a > b ? 1 : 0;
    if (a[0] !== '0' && b[0] !== '0') return a.length < b.length ? -1 : 1;
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return compareDecimal(a, b);
}

/** Epoch-ms strings compare as integers; a missing `updatedAt` counts as oldest. */
export function compareUpdatedAt(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null) return b == null ? 0 : -1;
  if (b == null) return 1;
  return compareMillis(a, b);
}

/** True when `incoming` should replace `current` (newer, or equally new: a refetch may add fields). */
export function supersedes(
  current: { updatedAt?: string | null } | undefined,
  incoming: { updatedAt?: string | null },
): boolean {
  return current === undefined || compareUpdatedAt(incoming.updatedAt, current.updatedAt) >= 0;
}

/** The newer of two epoch-ms strings (either may be missing). */
export function newerMillis(a: string | null | undefined, b: string | null | undefined): string | undefined {
  if (a == null) return b ?? undefined;
  if (b == null) return a;
  return compareMillis(a, b) >= 0 ? a : b;
}
