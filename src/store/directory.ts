// Who and what the ids are: the workspace's members, its address book and its transaction limits.
// Reference data, read at start and again every few minutes (and on `r`); each list is replaced
// whole. A list the key's role may not read (403) is `forbidden`: the view falls back to ids.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AddressBookRecord, Member, TransactionLimit } from '../contract/index.js';
import type { DirectoryFacts, ReferenceState } from '../domain/facts.js';

/** Where one reference list stands (loading, loaded, forbidden, failed): src/domain/facts.ts. */
export type { ReferenceState };

/** The domain's facts (src/domain/facts.ts), and when they were read. */
export interface DirectoryState extends DirectoryFacts {
  /** Local time of the last successful read of any of the three lists. */
  readonly loadedAt?: number;
}

export const emptyDirectory: DirectoryState = {
  members: new Map(),
  membersState: 'loading',
  book: [],
  bookState: 'loading',
  limits: new Map(),
  limitsState: 'loading',
};

export function withMembers(state: DirectoryState, members: readonly Member[], now: number): DirectoryState {
  return {
    ...state,
    members: new Map(members.map((m) => [m.userId, m])),
    membersState: 'loaded',
    loadedAt: now,
  };
}

export function withBook(state: DirectoryState, book: readonly AddressBookRecord[], now: number): DirectoryState {
  return { ...state, book, bookState: 'loaded', loadedAt: now };
}

export function withLimits(state: DirectoryState, limits: readonly TransactionLimit[], now: number): DirectoryState {
  return { ...state, limits: new Map(limits.map((l) => [l.limitId, l])), limitsState: 'loaded', loadedAt: now };
}

export type DirectoryList = 'members' | 'book' | 'limits';

/** A list could not be read: forbidden (403, for good this session) or failed (retried). */
export function withReferenceState(
  state: DirectoryState,
  list: DirectoryList,
  status: Exclude<ReferenceState, 'loaded' | 'loading'>,
): DirectoryState {
  const key = `${list}State` as const;
  // A list read before keeps its data through a failure; only the state says it may be old.
  return state[key] === status ? state : { ...state, [key]: status };
}

export function withSelf(state: DirectoryState, userId: string): DirectoryState {
  return state.selfUserId === userId ? state : { ...state, selfUserId: userId };
}

export type DirectoryStore = StoreApi<DirectoryState>;

export function createDirectoryStore(): DirectoryStore {
  return createStore<DirectoryState>()(() => emptyDirectory);
}
