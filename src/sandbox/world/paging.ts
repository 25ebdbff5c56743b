// How every list of the world reads `limit` and `offset`: a number of at least 0 (a fraction is cut
// down); anything else, or nothing, is the list's default.

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
