// Balances per account and asset. Read whole at start, then only what changed since the last read
// (`updatedSince`), merged by balance id; a balance read as zero stays, so a spent asset reads 0.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Balance } from '../contract/index.js';
import type { ReferenceState } from './directory.js';

export interface BalancesState {
  readonly byId: ReadonlyMap<string, Balance>;
  readonly state: ReferenceState;
  /** Server time (`updatedAt`) of the newest balance read: the next `updatedSince`. */
  readonly cursor?: number;
  /** Local time of the last successful read. */
  readonly loadedAt?: number;
}

export const emptyBalances: BalancesState = { byId: new Map(), state: 'loading' };

function newest(balances: readonly Balance[], from: number | undefined): number | undefined {
  let at = from;
  for (const b of balances) {
    const t = b.updatedAt == null ? undefined : Number(b.updatedAt);
    if (t !== undefined && (at === undefined || t > at)) at = t;
  }
  return at;
}

/** Every balance, as one full read returned them (what it did not return is gone). */
export function withAllBalances(state: BalancesState, balances: readonly Balance[], now: number): BalancesState {
  const cursor = newest(balances, undefined);
  return {
    byId: new Map(balances.map((b) => [b.balanceId, b])),
    state: 'loaded',
    loadedAt: now,
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

/** The balances changed since the cursor, merged in; the same answer again changes only `loadedAt`. */
export function withChangedBalances(state: BalancesState, changed: readonly Balance[], now: number): BalancesState {
  const fresh = changed.filter((b) => {
    const held = state.byId.get(b.balanceId);
    return held === undefined || held.updatedAt !== b.updatedAt || held.totalBalance !== b.totalBalance ||
      held.withdrawableBalance !== b.withdrawableBalance;
  });
  // Nothing new, yet the read worked: a 'failed' list is current again.
  if (fresh.length === 0) return { ...state, state: 'loaded', loadedAt: now };
  const byId = new Map(state.byId);
  for (const b of fresh) byId.set(b.balanceId, b);
  const cursor = newest(fresh, state.cursor);
  return { ...state, byId, state: 'loaded', loadedAt: now, ...(cursor !== undefined ? { cursor } : {}) };
}

export function withBalancesState(state: BalancesState, status: 'forbidden' | 'failed'): BalancesState {
  return state.state === status ? state : { ...state, state: status };
}

export type BalancesStore = StoreApi<BalancesState>;

export function createBalancesStore(): BalancesStore {
  return createStore<BalancesState>()(() => emptyBalances);
}
