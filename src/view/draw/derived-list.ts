// A list as the table draws it: ids in order, a record by id and a row by id (found near its last
// place in O(1)), what the list was derived with. The table and the selection read it; every list
// resource builds one (resources/kit.ts).
import type { PricePoint } from '../../store/index.js';

export interface DerivedList<R> {
  readonly ids: readonly string[];
  get(id: string): R | undefined;
  /** Row of an id, or -1; `hint` is where it was last (a near hit costs O(1)). */
  indexOf(id: string, hint?: number): number;
  /** Records before any filter. */
  readonly total: number;
  /** Prices the list was derived with (USD column and sort), so values and order agree. */
  readonly prices: ReadonlyMap<string, PricePoint>;
  /** Transactions: how much of the view's history is held (see store/tx-window.ts). */
  readonly history?: HistoryHeld;
  /** A row that is not a record (the server-search offer): its text, drawn across the table. */
  note?(id: string): string | undefined;
}

/** What a transactions view holds of its history, for the title ("1-40 of 3,000+"). */
export interface HistoryHeld {
  /** Rows of the view above the first one held (cut off far from the cursor). */
  readonly above: number;
  /** The oldest row of the view is held. */
  readonly complete: boolean;
  readonly loading: boolean;
  readonly error?: string;
  /** The sort is done on the rows held, not by the server (USD value, status). */
  readonly localSort: boolean;
}

const NEAR = 64;

export function makeList<R>(
  ids: readonly string[],
  get: (id: string) => R | undefined,
  total: number,
  extra: Partial<Pick<DerivedList<R>, 'prices' | 'history' | 'note'>> = {},
): DerivedList<R> {
  let index: Map<string, number> | undefined;
  return {
    ids,
    get,
    total,
    prices: extra.prices ?? new Map(),
    ...(extra.history ? { history: extra.history } : {}),
    ...(extra.note ? { note: extra.note } : {}),
    indexOf(id, hint) {
      if (hint !== undefined && hint >= 0) {
        if (ids[hint] === id) return hint;
        // New rows arrive a few at a time: look near the old place before building a map.
        for (let d = 1; d <= NEAR; d++) {
          if (ids[hint + d] === id) return hint + d;
          if (ids[hint - d] === id) return hint - d;
        }
      }
      if (index === undefined) {
        index = new Map();
        for (let i = 0; i < ids.length; i++) index.set(ids[i]!, i);
      }
      return index.get(id) ?? -1;
    },
  };
}
