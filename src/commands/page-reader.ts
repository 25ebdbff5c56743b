// Reading a transactions list of any size, page by page, in bounded memory: each page is handed
// on and let go. Pages go by KEY (the last sort time read, with an offset only over the rows of
// that very millisecond already read), never by a growing offset: a row that arrives or changes
// meanwhile cannot shift the pages, and the server never counts past millions of rows to answer.
// 429 and 5xx are retried by the HTTP client itself (client/http.ts: GET only, backoff, Retry-After
// honoured); nothing here retries again. A read that fails after that ends the reading with a
// PagesStoppedError that says where it stopped, so the caller can say how to resume.
import { describeClientError, readShrinking, type TransactionsListQuery, transactionsQuery, workspacePath } from '../client/index.js';
import type { ApiClient } from '../client/index.js';
import { type Transaction, TransactionListSchema } from '../contract/index.js';

/** The server's largest page (wire notes: a bigger `limit` is refused). */
export const MAX_PAGE_SIZE = 1000;

export interface ReadPagesOptions {
  /** Total rows read at most (not the page size); default: to the end. */
  readonly limit?: number;
  /** Rows asked per page; default and at most 1,000 (smaller after answers over the size limit). */
  readonly pageSize?: number;
  /** Stops the reading (a request in flight is aborted): a PagesStoppedError with `aborted`. */
  readonly signal?: AbortSignal;
  /** After each page the consumer took: rows handed on so far, pages so far. */
  readonly onProgress?: (rows: number, page: number) => void;
}

export interface StopPoint {
  /** Rows handed on (and taken by the consumer) before the failure. */
  readonly rows: number;
  /** The sort field the pages were keyed by. */
  readonly field: 'createdAt' | 'updatedAt';
  /** The last key read (epoch-ms text); undefined when nothing was read. */
  readonly lastKey: string | undefined;
  /** The same as ISO-8601 UTC. */
  readonly lastKeyIso: string | undefined;
  /** Rows handed on with exactly `lastKey`: a read resumed at that key repeats them. */
  readonly rowsAtLastKey: number;
  /** Newest first (DESC): a resume reads up to the key (`--until`); else from it (`--since`). */
  readonly newestFirst: boolean;
  /** Stopped by the caller's signal, not by a failure. */
  readonly aborted: boolean;
}

/** A reading that could not finish: where it stopped, and why (`cause`; its text is safe to show). */
export class PagesStoppedError extends Error {
  override name = 'PagesStoppedError';
  readonly stop: StopPoint;
  constructor(stop: StopPoint, cause: unknown) {
    super(stoppedText(stop, cause), { cause });
    this.stop = stop;
  }
}

/** Epoch-ms text as ISO-8601 UTC (undefined when it is not a time). */
export function isoOfMillis(key: string | undefined): string | undefined {
  if (key === undefined || !/^\d{1,16}$/.test(key)) return undefined;
  const d = new Date(Number(key));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function stoppedText(stop: StopPoint, cause: unknown): string {
  const why = stop.aborted ? 'stopped' : describeClientError(cause);
  const rows = `${stop.rows} ${stop.rows === 1 ? 'row' : 'rows'}`;
  if (stop.lastKey === undefined) return `${why}; stopped after ${rows}, before any page was read`;
  const at = stop.lastKeyIso ?? stop.lastKey;
  return `${why}; stopped after ${rows}: the last ${stop.field} read was ${at} (${stop.lastKey})`;
}

/** The key a row is paged by: its sort time (updatedAt falls back on createdAt, as the server sorts). */
function keyOf(tx: Transaction, field: 'createdAt' | 'updatedAt'): string {
  return field === 'updatedAt' ? (tx.updatedAt ?? tx.createdAt) : tx.createdAt;
}

/** The tighter of the key and the query's own bound on that side (both epoch-ms text). */
function narrowed(key: string, own: unknown, newestFirst: boolean): string {
  if (typeof own !== 'string' && typeof own !== 'number') return key;
  const [k, o] = [BigInt(key), BigInt(own)];
  return (newestFirst ? k < o : k > o) ? key : String(own);
}

/**
 * Every row of `query` (its filters, sortBy and sortDirection; its own limit and offset are
 * ignored), page by page, in the query's order, until the end or `limit` rows. Nothing is kept
 * between pages but the key. Throws PagesStoppedError when a page cannot be read.
 */
export async function* readPages(
  api: ApiClient,
  query: TransactionsListQuery,
  opts: ReadPagesOptions = {},
): AsyncGenerator<Transaction[], void, undefined> {
  const { limit: _limit, offset: _offset, ...filters } = query;
  const sortBy = query.sortBy === 'updated' ? 'updated' : 'activity';
  const newestFirst = String(query.sortDirection ?? 'DESC').toUpperCase() !== 'ASC';
  const field = sortBy === 'updated' ? 'updatedAt' : 'createdAt';
  const bound = `${field}${newestFirst ? 'To' : 'From'}` as const;
  const cap = opts.limit === undefined ? Infinity : Math.max(0, Math.floor(opts.limit));
  let size = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(opts.pageSize ?? MAX_PAGE_SIZE)));
  let rows = 0;
  let pages = 0;
  let key: string | undefined;
  /** Rows read with exactly `key`: the offset of the next page, which starts at that key again. */
  let atKey = 0;

  const stopped = (cause: unknown): PagesStoppedError =>
    new PagesStoppedError(
      {
        rows,
        field,
        lastKey: key,
        lastKeyIso: isoOfMillis(key),
        rowsAtLastKey: atKey,
        newestFirst,
        aborted: opts.signal?.aborted === true,
      },
      cause,
    );

  while (rows < cap) {
    if (opts.signal?.aborted === true) throw stopped(opts.signal.reason);
    const want = Math.min(size, cap - rows);
    const q: TransactionsListQuery = { ...filters, sortBy, sortDirection: newestFirst ? 'DESC' : 'ASC' };
    if (key !== undefined) {
      q[bound] = narrowed(key, query[bound], newestFirst);
      if (atKey > 0) q.offset = atKey;
    }
    let page: Transaction[];
    let asked: number;
    try {
      const read = await readShrinking(want, (n) =>
        api.http.request({
          method: 'GET',
          path: `${workspacePath(api.workspaceId)}/transactions`,
          query: transactionsQuery({ ...q, limit: n }),
          schema: TransactionListSchema,
          ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
        }),
      );
      page = read.value.data.transactions;
      asked = read.limit;
      // Smaller after an answer over the size limit; a page cut short by the cap is not that.
      if (read.limit < want) size = read.limit;
    } catch (err) {
      throw stopped(err);
    }
    if (page.length === 0) return;
    const last = keyOf(page.at(-1)!, field);
    let run = 0;
    for (let i = page.length - 1; i >= 0 && keyOf(page[i]!, field) === last; i--) run++;
    // A page inside the same millisecond as the one before it moves the offset on; else a new key.
    atKey = last === key ? atKey + run : run;
    key = last;
    pages++;
    yield page;
    rows += page.length;
    opts.onProgress?.(rows, pages);
    if (page.length < asked) return;
  }
}
