// Accounts and deposit addresses: small lists, replaced whole on each load or refresh.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Account, Address } from '../contract/index.js';

export interface WorkspaceState {
  readonly accounts: readonly Account[];
  readonly accountsById: ReadonlyMap<string, Account>;
  readonly addresses: readonly Address[];
  /** Local time of the last successful load of each list; undefined until loaded. */
  readonly accountsLoadedAt?: number;
  readonly addressesLoadedAt?: number;
}

export const emptyWorkspace: WorkspaceState = { accounts: [], accountsById: new Map(), addresses: [] };

export function withAccounts(state: WorkspaceState, accounts: readonly Account[], now: number): WorkspaceState {
  return { ...state, accounts, accountsById: new Map(accounts.map((a) => [a.accountId, a])), accountsLoadedAt: now };
}

export function withAddresses(state: WorkspaceState, addresses: readonly Address[], now: number): WorkspaceState {
  return { ...state, addresses, addressesLoadedAt: now };
}

export type WorkspaceStore = StoreApi<WorkspaceState>;

export function createWorkspaceStore(): WorkspaceStore {
  return createStore<WorkspaceState>()(() => emptyWorkspace);
}
