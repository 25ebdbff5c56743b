// Reading a whole list that pages by limit/offset (none of the service's list answers carries a
// total or a cursor: a full page means there may be more). Capped, so a list that never ends (a
// server bug, a list growing faster than it is read) cannot hold the console's memory hostage.

export interface PagesOptions {
  /** Rows asked per page (the endpoint's largest is best: fewer round trips). */
  pageSize: number;
  /** Rows read at most; the read stops there and says it was cut. */
  maxItems: number;
}

export interface Pages<T> {
  readonly items: T[];
  /** False when `maxItems` was reached with pages still full: there may be more. */
  readonly complete: boolean;
}

/** Every page of a list, in order, until a page comes back short (or `maxItems`). */
export async function readPages<T>(
  read: (limit: number, offset: number) => Promise<T[]>,
  o: PagesOptions,
): Promise<Pages<T>> {
  const pageSize = Math.max(1, Math.floor(o.pageSize));
  const items: T[] = [];
  while (items.length < o.maxItems) {
    const limit = Math.min(pageSize, o.maxItems - items.length);
    const page = await read(limit, items.length);
    items.push(...page);
    if (page.length < limit) return { items, complete: true };
  }
  return { items, complete: false };
}
