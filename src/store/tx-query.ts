// A transactions view as the server is asked for it: the list filters (`:tx` words, the account
// chip, a server search) and the sort the server has, either way (`S`: oldest first). Its key names the view's window in the
// store; its filter is the rule by which a transaction the console already holds (live work, a
// change pushed this session) belongs in the view: the same predicate the server applies.
import type { Transaction } from '../contract/index.js';
import {
  compileTransactionFilter,
  isTerminalTransactionStatus,
  type TransactionFilter,
  type TransactionFilterQuery,
  testTransactionFacts,
  transactionFacts,
} from '../format/index.js';
import type { TxSort } from './tx-window.js';

export interface TxQuery {
  /** Server-side filters; `isTerminated` is the console's to set (live work vs history). */
  readonly filter: Omit<TransactionFilterQuery, 'isTerminated'>;
  readonly sort: TxSort;
  /**
   * The history oldest first, as the server reads it (sortDirection ASC). Its window keeps the
   * window's newest-first rules: its keys are the times turned around (sortKey).
   */
  readonly oldestFirst?: boolean;
}

export const ALL_TRANSACTIONS: TxQuery = { filter: {}, sort: 'created' };

/** One text per distinct query: fields in a fixed order, lists sorted, empty values left out. */
export function txQueryKey(q: TxQuery): string {
  const parts: string[] = [`sort=${q.sort}${q.oldestFirst === true ? ',oldest' : ''}`];
  for (const name of Object.keys(q.filter).sort()) {
    const value = (q.filter as Record<string, unknown>)[name];
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) parts.push(`${name}=${[...(value as string[])].sort().join(',')}`);
    } else parts.push(`${name}=${String(value)}`);
  }
  return parts.join('&');
}

/**
 * Whether the view has finished history to read: not when every status it asks for is one that
 * work is still in (`:tx waiting-approval`), since the console holds all unfinished work already.
 */
export function needsHistory(q: TxQuery): boolean {
  const statuses = q.filter.transactionStatuses;
  return statuses === undefined || statuses.length === 0 || statuses.some((s) => isTerminalTransactionStatus(s));
}

const compiled = new WeakMap<TxQuery, TransactionFilter>();

/** Whether a transaction belongs in the view (its filters; sort and paging aside). */
export function inQuery(q: TxQuery, tx: Transaction): boolean {
  let f = compiled.get(q);
  if (f === undefined) {
    f = compileTransactionFilter(q.filter);
    compiled.set(q, f);
  }
  return f.trivial || testTransactionFacts(f, transactionFacts(tx));
}

/** Larger than any epoch-ms time: a time turned around is this minus it (16 digits, padded). */
const TURN = 10n ** 16n - 1n;
const DIGITS = /^\d{1,16}$/;

/** A time turned around (and back): the larger comes first. Not a digit string: left as it is. */
function turned(key: string, pad: boolean): string {
  if (!DIGITS.test(key)) return key;
  const text = (TURN - BigInt(key)).toString();
  return pad ? text.padStart(16, '0') : text;
}

/**
 * The view's key of a transaction in its window: its sort time (epoch-ms text), turned around for
 * an oldest-first view, so that the window's order (largest key first) is the view's order.
 */
export function sortKey(tx: Transaction, q: Pick<TxQuery, 'sort' | 'oldestFirst'>): string {
  const time = q.sort === 'updated' ? (tx.updatedAt ?? tx.createdAt) : tx.createdAt;
  return q.oldestFirst === true ? turned(time, true) : time;
}

/** The time a window key stands for: what a keyed page asks the server for. */
export function keyTime(key: string, q: Pick<TxQuery, 'oldestFirst'>): string {
  return q.oldestFirst === true ? turned(key, false) : key;
}

/**
 * How a page of the window is asked of the server: `down` reads on in the view's order (older;
 * newer when oldest first), `up` back toward its start. `bound` is the query field the key's time
 * goes into (rows at or past it in that direction), `narrow` which of two bounds is the tighter.
 */
export function windowRead(
  q: Pick<TxQuery, 'sort' | 'oldestFirst'>,
  direction: 'first' | 'down' | 'up',
): {
  readonly sortBy: 'updated' | 'activity';
  readonly sortDirection: 'ASC' | 'DESC';
  readonly bound: 'createdAtTo' | 'createdAtFrom' | 'updatedAtTo' | 'updatedAtFrom';
  readonly narrow: 'min' | 'max';
} {
  const forward = direction !== 'up';
  const older = forward !== (q.oldestFirst === true);
  const field = q.sort === 'updated' ? 'updatedAt' : 'createdAt';
  return {
    sortBy: q.sort === 'updated' ? 'updated' : 'activity',
    sortDirection: older ? 'DESC' : 'ASC',
    bound: older ? `${field}To` : `${field}From`,
    narrow: older ? 'min' : 'max',
  };
}
