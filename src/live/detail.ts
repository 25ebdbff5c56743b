// The open transaction (GET one + GET events, refetched while it changes) and whole-record loads
// of slim rows (the raw JSON view).
import { describeClientError } from '../client/index.js';
import type { Transaction, TransactionEvent } from '../contract/index.js';
import { applyTransactions, compareUpdatedAt, type TransactionsState, withDetail } from '../store/index.js';
import type { EngineContext } from './engine-context.js';

interface OpenDetail {
  readonly id: string;
  fetching: boolean;
  again: boolean;
}

export interface Details {
  /** The open transaction's id, if any. */
  readonly openId: string | undefined;
  open(id: string): void;
  close(): void;
  /** Refetches the open one (record and events). */
  refresh(): void;
  /** The open transaction changed in the store: its events may have too. */
  changed(): void;
  /** Reads one transaction whole into the store (one request per id at a time). */
  loadWhole(id: string): void;
  /** Forgets the open one without a store write (the engine is stopping). */
  forget(): void;
}

/** The detail's events go on the newest version of the transaction we have. */
function withEvents(
  s: TransactionsState,
  id: string,
  record: Transaction | undefined,
  events: TransactionEvent[],
  stamp: number,
): TransactionsState {
  const held = s.byId.get(id);
  const base =
    record === undefined || (held !== undefined && compareUpdatedAt(held.updatedAt, record.updatedAt) > 0)
      ? held
      : record;
  if (base === undefined) {
    return withDetail(s, { id, status: 'error', error: 'the transaction is not loaded yet' });
  }
  const merged: Transaction = { ...base, embedded: { ...(base.embedded ?? {}), events } };
  const next = applyTransactions(s, [merged], { now: stamp, live: false });
  return withDetail(next, { id, status: 'ready', eventsAt: stamp });
}

export function createDetails(ctx: EngineContext): Details {
  const { api, stores, now, write } = ctx;
  let detail: OpenDetail | undefined;
  /** Ids being read whole by loadWhole. */
  const wholeLoads = new Set<string>();

  async function fetchDetail(d: OpenDetail, withRecord: boolean): Promise<void> {
    if (d.fetching) {
      d.again = true;
      return;
    }
    d.fetching = true;
    try {
      const [record, events] = await Promise.all([
        withRecord ? api.transactions.get(d.id) : Promise.resolve(undefined),
        api.transactions.events(d.id),
      ]);
      if (ctx.stopped() || detail !== d) return;
      ctx.answered('loading the transaction');
      if (record !== undefined) ctx.note([record]);
      const stamp = now();
      write(stores.transactions, (s) => withEvents(s, d.id, record, events, stamp), 'the detail');
    } catch (err) {
      if (ctx.stopped() || detail !== d) return;
      ctx.failed(err, 'loading the transaction');
      const error = describeClientError(err);
      write(
        stores.transactions,
        (s) => withDetail(s, { id: d.id, status: s.detail?.status === 'ready' ? 'ready' : 'error', error }),
        'the detail',
      );
    } finally {
      d.fetching = false;
      if (d.again && detail === d && !ctx.stopped()) {
        d.again = false;
        void fetchDetail(d, false);
      }
    }
  }

  return {
    get openId() {
      return detail?.id;
    },

    open(id) {
      if (detail?.id === id) {
        void fetchDetail(detail, true);
        return;
      }
      const d: OpenDetail = { id, fetching: false, again: false };
      detail = d;
      write(stores.transactions, (s) => withDetail(s, { id, status: 'loading' }), 'opening a transaction');
      void fetchDetail(d, true);
    },

    close() {
      if (detail === undefined) return;
      detail = undefined;
      write(stores.transactions, (s) => withDetail(s, undefined), 'closing a transaction');
    },

    refresh() {
      if (detail !== undefined) void fetchDetail(detail, true);
    },

    changed() {
      if (detail !== undefined) void fetchDetail(detail, false);
    },

    loadWhole(id) {
      if (wholeLoads.has(id)) return;
      wholeLoads.add(id);
      void (async () => {
        try {
          const record = await api.transactions.get(id);
          if (ctx.stopped()) return;
          ctx.answered('loading the transaction');
          ctx.note([record]);
          const stamp = now();
          // Not slim: a whole record fills in the slim row even at the same updatedAt.
          const whole = (s: TransactionsState) => applyTransactions(s, [record], { now: stamp, live: false });
          write(stores.transactions, whole, 'a transaction');
        } catch (err) {
          ctx.failed(err, 'loading the transaction');
        } finally {
          wholeLoads.delete(id);
        }
      })();
    },

    forget() {
      detail = undefined;
    },
  };
}
