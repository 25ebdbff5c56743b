// Reading transactions in pages. One bad record must not hide the rest of its page: when a page
// fails the contract, it is read again leniently and every record is parsed on its own, so only
// the bad ones are skipped (and reported). An answer over the size limit is neither: the page is
// asked again smaller (client/paging.ts), and a single record too large ends the read there.
import * as z from 'zod';
import {
  AnswerTooLargeError,
  type ApiClient,
  ContractError,
  readShrinking,
  type TransactionsListQuery,
  transactionsQuery,
  workspacePath,
} from '../client/index.js';
import { type Transaction, TransactionSchema } from '../contract/index.js';
import { compareMillis } from '../store/index.js';

export interface Page {
  readonly items: Transaction[];
  /** Records the server sent (bad ones included): a page shorter than the limit is the last. */
  readonly rawCount: number;
  /** Set when records were skipped: what was wrong with the first of them. */
  readonly skipped?: { count: number; error: ContractError };
}

const LooseTransactionList = z.looseObject({ transactions: z.array(z.unknown()) });

export async function readTransactionsPage(api: ApiClient, q: TransactionsListQuery): Promise<Page> {
  try {
    const items = await api.transactions.list(q);
    return { items, rawCount: items.length };
  } catch (err) {
    // Too large is not a bad record: read leniently, it would be the same bytes again.
    if (!(err instanceof ContractError) || err instanceof AnswerTooLargeError) throw err;
    let raw: unknown[];
    try {
      const answer = await api.http.request({
        method: 'GET',
        path: `${workspacePath(api.workspaceId)}/transactions`,
        query: transactionsQuery(q),
        schema: LooseTransactionList,
      });
      raw = answer.data.transactions;
    } catch {
      throw err; // the envelope itself is broken: nothing to save
    }
    const items: Transaction[] = [];
    for (const record of raw) {
      const parsed = TransactionSchema.safeParse(record);
      if (parsed.success) items.push(parsed.data);
    }
    const count = raw.length - items.length;
    return count === 0 ? { items, rawCount: raw.length } : { items, rawCount: raw.length, skipped: { count, error: err } };
  }
}

/**
 * A page of `q.limit` rows (the server's default when unset), asked again with half the rows while
 * its answer is over the size limit; `limit` is what it was read with. A single record too large
 * rethrows its AnswerTooLargeError.
 */
export async function readTransactionsPageShrinking(
  api: ApiClient,
  q: TransactionsListQuery,
): Promise<Page & { readonly limit: number }> {
  const { value, limit } = await readShrinking(q.limit ?? 1000, (n) => readTransactionsPage(api, { ...q, limit: n }));
  return { ...value, limit };
}

/**
 * The first page of the transactions list for a screen this tall: about two screens of rows (at
 * least 50, at most a full page), so the first frame waits for a small answer (a 1,000-row page is
 * ~850 KB of JSON to send and validate); the rest of the history follows in full pages.
 */
export function firstPageLimit(screenRows: number | undefined): number {
  const rows = screenRows !== undefined && Number.isFinite(screenRows) && screenRows > 0 ? screenRows : 50;
  return Math.min(1000, Math.max(50, Math.ceil(2 * rows)));
}

/** `millis - ms`, not below zero (epoch-ms strings; BigInt keeps every digit). */
export function millisMinus(millis: string, ms: number): string {
  const value = BigInt(millis) - BigInt(ms);
  return value < 0n ? '0' : value.toString();
}

/** How far before the newest `updatedAt` seen a gap fill starts: clocks and commits are not exact. */
export const GAP_OVERLAP_MS = 2_000;

const MAX_PAGES = 100_000;

export interface ChangedRead {
  /** The newest `updatedAt` read. */
  readonly newest: string | undefined;
  /** The page size the read ended with (smaller than asked after answers over the size limit). */
  readonly pageSize: number;
  /** A single record was over the size limit: the read stopped there (the pages before it were delivered). */
  readonly refused?: AnswerTooLargeError;
}

/**
 * Everything updated at or after `from` (everything when undefined), oldest change first,
 * delivered page by page. Paged by key (the last `updatedAt` read, with an offset only inside a
 * run of equal timestamps), not by plain offset: a record that changes while we page moves to
 * the end of the order, and plain offsets would then skip the record that slid into its place.
 * `filters` (list filters such as `transactionStatuses`) narrow every page (they must not hold the
 * paging keys: sort, limit, offset, updatedAtFrom). A page over the size limit is asked smaller.
 */
export async function readChangedSince(
  api: ApiClient,
  from: string | undefined,
  pageSize: number,
  onPage: (page: Page) => void,
  filters: TransactionsListQuery = {},
): Promise<ChangedRead> {
  let cursor = from;
  let offset = 0;
  let newest: string | undefined;
  let size = Math.max(1, Math.floor(pageSize));
  for (let n = 0; n < MAX_PAGES; n++) {
    const q: TransactionsListQuery = { ...filters, sortBy: 'updated', sortDirection: 'ASC', limit: size };
    if (cursor !== undefined) q.updatedAtFrom = cursor;
    if (offset > 0) q.offset = offset;
    let page: Page & { readonly limit: number };
    try {
      page = await readTransactionsPageShrinking(api, q);
    } catch (err) {
      if (err instanceof AnswerTooLargeError) return { newest, pageSize: size, refused: err };
      throw err;
    }
    size = page.limit;
    onPage(page);
    const last = page.items.at(-1)?.updatedAt ?? undefined;
    if (last != null && (newest === undefined || compareMillis(last, newest) > 0)) newest = last;
    if (page.rawCount < size) break;
    if (last == null || (cursor !== undefined && compareMillis(last, cursor) <= 0)) {
      // A whole page inside one millisecond (or nothing readable): step over it by offset.
      offset += page.rawCount;
    } else {
      cursor = last;
      offset = page.items.filter((tx) => tx.updatedAt === last).length;
    }
  }
  return { newest, pageSize: size };
}
