// Reading a whole list that pages by limit/offset (none of the service's list answers carries a
// total or a cursor: a full page means there may be more). Capped, so a list that never ends (a
// server bug, a list growing faster than it is read) cannot hold the console's memory hostage.
//
// An answer over the client's size limit (http.ts: 32 MB; 200 members with 50,000-character names
// pass it) is not a failure to retry as it is: the same page is asked with half the rows, down to
// one. A single row still too large ends the read with what was read before it, and says so. The
// limit itself never moves: memory is not what a smaller page is traded for.
import { AnswerTooLargeError } from './errors.js';

export interface PagesOptions {
  /** Rows asked per page (the endpoint's largest is best: fewer round trips). */
  pageSize: number;
  /** Rows read at most; the read stops there and says it was cut. */
  maxItems: number;
}

export interface Pages<T> {
  readonly items: T[];
  /** False when the read stopped before the list's end: `maxItems` reached, or `refused`. */
  readonly complete: boolean;
  /** A page of one row was over the size limit: the rows before it are `items`, the rest was not asked. */
  readonly refused?: AnswerTooLargeError;
  /** The page size the read ended with (smaller than asked after answers too large): a next read may start there. */
  readonly pageSize: number;
}

/**
 * One page of at most `limit` rows; an answer over the size limit is asked again with half the
 * rows, down to one. A page of one still too large rethrows its AnswerTooLargeError. Returns the
 * answer and the limit it was read with.
 */
export async function readShrinking<R>(
  limit: number,
  read: (limit: number) => Promise<R>,
): Promise<{ readonly value: R; readonly limit: number }> {
  let n = Math.max(1, Math.floor(limit));
  for (;;) {
    try {
      return { value: await read(n), limit: n };
    } catch (err) {
      if (!(err instanceof AnswerTooLargeError) || n === 1) throw err;
      n = Math.max(1, Math.floor(n / 2));
    }
  }
}

/** Every page of a list, in order, until a page comes back short (or `maxItems`, or a row too large). */
export async function readPages<T>(
  read: (limit: number, offset: number) => Promise<T[]>,
  o: PagesOptions,
): Promise<Pages<T>> {
  let pageSize = Math.max(1, Math.floor(o.pageSize));
  const items: T[] = [];
  while (items.length < o.maxItems) {
    const want = Math.min(pageSize, o.maxItems - items.length);
    const offset = items.length;
    let page: { readonly value: T[]; readonly limit: number };
    try {
      page = await readShrinking(want, (limit) => read(limit, offset));
    } catch (err) {
      if (!(err instanceof AnswerTooLargeError)) throw err;
      return { items, complete: false, refused: err, pageSize };
    }
    // Rows this large are likely the list's way: the next pages start at the size that worked.
    if (page.limit < want) pageSize = page.limit;
    items.push(...page.value);
    if (page.value.length < page.limit) return { items, complete: true, pageSize };
  }
  return { items, complete: false, pageSize };
}
