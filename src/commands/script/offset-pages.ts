// A list that pages by limit/offset (every list of the API but transactions, which page by key),
// read page by page: each page handed on and let go, so memory holds one page.
import { readShrinking } from '../../client/index.js';

export const OFFSET_PAGE_SIZE = 1000;

/** Pages of `read` until a short page, or `limit` rows in all; an answer too large is asked again smaller. */
export async function* offsetPages<T>(
  read: (limit: number, offset: number) => Promise<T[]>,
  opts: { readonly limit?: number | undefined; readonly pageSize?: number } = {},
): AsyncGenerator<T[], void, undefined> {
  const cap = opts.limit ?? Infinity;
  let size = Math.max(1, Math.min(OFFSET_PAGE_SIZE, opts.pageSize ?? OFFSET_PAGE_SIZE));
  let offset = 0;
  while (offset < cap) {
    const want = Math.min(size, cap - offset);
    const page = await readShrinking(want, (n) => read(n, offset));
    if (page.limit < want) size = page.limit;
    if (page.value.length > 0) yield page.value;
    offset += page.value.length;
    if (page.value.length < page.limit) return;
  }
}
