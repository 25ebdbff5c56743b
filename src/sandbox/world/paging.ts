// How every list of the world reads `limit` and `offset` (a number of at least 0, a fraction cut
// down; anything else, or nothing, is the list's default) and its id-list and text filters.

/** What a dictionary or workspace list returns when no limit is given. */
export const DEFAULT_LIST_LIMIT = 1000;

export function pageNumber(value: string | number | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** The items from `offset`, at most `limit` of them (`fallback` when no limit is given). */
export function page<T>(
  items: readonly T[],
  limit: string | number | undefined,
  offset: string | number | undefined,
  fallback: number,
): T[] {
  const start = pageNumber(offset, 0);
  return items.slice(start, start + pageNumber(limit, fallback));
}

/** An id-list filter: empty or absent lets everything through. */
export function has(list: readonly string[] | undefined, value: string | null | undefined): boolean {
  return list === undefined || list.length === 0 || (value != null && list.includes(value));
}

export function lower(text: string | null | undefined): string {
  return (text ?? '').toLowerCase();
}
