// A transactions view as the server is asked for it: the list filters (`:tx` words, the account
// chip, a server search) and the sort the server has. Its key names the view's window in the
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
}

export const ALL_TRANSACTIONS: TxQuery = { filter: {}, sort: 'created' };

/** One text per distinct query: fields in a fixed order, lists sorted, empty values left out. */
export function txQueryKey(q: TxQuery): string {
  const parts: string[] = [`sort=${q.sort}`];
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

/** The view's sort key of a transaction (epoch-ms text). */
export function sortKey(tx: Transaction, sort: TxSort): string {
  return sort === 'updated' ? (tx.updatedAt ?? tx.createdAt) : tx.createdAt;
}
