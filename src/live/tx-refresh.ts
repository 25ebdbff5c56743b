// `r` on the transactions checks what the console holds against the server again, so that what the
// server no longer has goes (a sandbox restarted with a new world; a record removed), within what
// the console holds and never more: the unfinished work it holds that the server's complete list of
// unfinished work left out is asked for one by one (a 404 is gone), and the view on screen is read
// again over the range its window holds, which then replaces it (store/transactions-windows.ts).
import { ApiError, type TransactionsListQuery } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { isTerminalTransactionStatus } from '../format/index.js';
import {
  applyTransactions,
  bottomKey,
  compareMillis,
  EMPTY_WINDOW,
  nextPage,
  keyTime,
  sortKey,
  windowRead,
  type TxQuery,
  type TxWindow,
  type WindowReload,
  withoutTransactions,
  withPage,
} from '../store/index.js';
import type { EngineContext } from './engine-context.js';
import { skippedRecordsNotice } from './notices.js';
import { readTransactionsPageShrinking } from './reads.js';

/** At most this many held transactions are asked for one by one per refresh (the rest wait for the next). */
export const MAX_CHECKS = 200;
/** Asked at once. */
const CHECKS_AT_ONCE = 4;
/** Pages of a reload: the server's largest (wire notes: a bigger `limit` is refused). */
const RELOAD_PAGE = 1000;

/** The server's clock now, as far as the console knows it (its own, corrected by the skew measured). */
function serverNow(ctx: EngineContext): number {
  return ctx.now() + (ctx.stores.session.getState().clockSkewMs ?? 0);
}

/**
 * The unfinished transactions the console holds that a complete read of the unfinished work did
 * not return (`read`): each is asked for; one the server does not know (404) is dropped, one it
 * does (it finished, or it began after the read did) is taken as answered. Other failures leave
 * it for the next refresh.
 */
export async function dropVanishedWork(ctx: EngineContext, read: ReadonlySet<string>): Promise<void> {
  const missing: string[] = [];
  for (const [id, tx] of ctx.stores.transactions.getState().byId) {
    if (!read.has(id) && !isTerminalTransactionStatus(tx.status)) missing.push(id);
    if (missing.length >= MAX_CHECKS) break;
  }
  if (missing.length === 0) return;
  const gone: string[] = [];
  const found: Transaction[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    while (next < missing.length && !ctx.stopped()) {
      const id = missing[next++]!;
      try {
        found.push(await ctx.api.transactions.get(id));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) gone.push(id);
        else ctx.log(`refresh: ${id} could not be checked: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, missing.length) }, worker));
  if (ctx.stopped()) return;
  const stamp = ctx.now();
  ctx.write(
    ctx.stores.transactions,
    (s) => withoutTransactions(found.length > 0 ? applyTransactions(s, found, { now: stamp, live: false }) : s, gone),
    'transactions the server no longer has',
  );
  if (gone.length > 0) ctx.log(`refresh: ${gone.length} unfinished transaction(s) the server no longer has, dropped`);
}

/** A history page of the view, in its order, from window key `to` on (skipping `offset` rows of that key). */
function reloadQuery(query: TxQuery, to: string | undefined, offset: number, limit: number): TransactionsListQuery {
  const read = windowRead(query, 'down');
  const q: TransactionsListQuery & Record<string, unknown> = {
    ...query.filter,
    isTerminated: true,
    sortBy: read.sortBy,
    sortDirection: read.sortDirection,
    limit,
  };
  if (to !== undefined) {
    const time = keyTime(to, query);
    const own = q[read.bound] as string | undefined;
    const tighter = read.narrow === 'min' ? compareMillis(time, own ?? time) <= 0 : compareMillis(time, own ?? time) >= 0;
    q[read.bound] = own === undefined || tighter ? time : own;
  }
  if (offset > 0) q.offset = offset;
  return q;
}

/**
 * The view's finished history read again over the range `held` covers: from its top (the newest
 * row, or the first row held when newer ones were let go of) down past its oldest row, in pages
 * (smaller while answers are over the size limit; a single record too large rejects with its
 * AnswerTooLargeError, and the caller keeps what it holds). Undefined when nothing is held yet
 * (the view's own first read does that).
 */
export async function reloadWindow(
  ctx: EngineContext,
  query: TxQuery,
  held: TxWindow,
): Promise<WindowReload | undefined> {
  const oldBottom = bottomKey(held);
  if (oldBottom === undefined) return undefined;
  const before = serverNow(ctx);
  let w: TxWindow = {
    ...EMPTY_WINDOW,
    droppedAbove: held.droppedAbove,
    ...(held.top !== undefined ? { top: held.top } : {}),
  };
  const items: Transaction[] = [];
  const what = 'reading transactions';
  let size = RELOAD_PAGE;
  for (let n = 0; n < 10_000 && !ctx.stopped(); n++) {
    const page = w.ids.length === 0 ? { to: held.top, offset: 0 } : nextPage(w, 'down', size)!;
    const answer = await readTransactionsPageShrinking(ctx.api, reloadQuery(query, page.to, page.offset, size));
    size = answer.limit;
    if (ctx.stopped()) return undefined;
    ctx.answered();
    if (answer.skipped) ctx.notify(skippedRecordsNotice(answer.skipped.count, answer.skipped.error, what));
    ctx.note(answer.items);
    // Rows at the very key of a cut top that the window did not hold were cut: they stay above.
    const rows = answer.items
      .map((tx) => ({ id: tx.transactionId, key: sortKey(tx, query) }))
      .filter((r) => held.top === undefined || r.key !== held.top || held.keys.has(r.id));
    items.push(...answer.items);
    w = withPage(w, { direction: 'down', rows, rawCount: answer.rawCount, limit: size });
    if (w.ids.length === 0 && !w.complete) break; // a whole page of rows cut above: no further to go
    const bottom = bottomKey(w);
    if (w.complete || (bottom !== undefined && compareMillis(bottom, oldBottom) < 0)) break;
  }
  return { window: w, items, query, before };
}
