// What the domain rules read, as shapes: the store's states fit them as they are, and the rules
// need nothing of the store (this room imports only contract and format). Read-only on purpose.
import type {
  Account,
  Address,
  AddressBookRecord,
  Asset,
  Balance,
  Member,
  Network,
  SymbolRecord,
  TransactionLimit,
} from '../contract/index.js';

/** Where one reference list stands: not read yet, read, refused by the role, or failing. */
export type ReferenceState = 'loading' | 'loaded' | 'forbidden' | 'failed';

/** The workspace's members, address book and limits, and the member the key acts as. */
export interface DirectoryFacts {
  readonly members: ReadonlyMap<string, Member>;
  readonly membersState: ReferenceState;
  readonly book: readonly AddressBookRecord[];
  readonly bookState: ReferenceState;
  readonly limits: ReadonlyMap<string, TransactionLimit>;
  readonly limitsState: ReferenceState;
  /** The user id the console's key acts as, once known: shown as "you". */
  readonly selfUserId?: string;
}

/** Nothing read yet: what a rule falls back to when handed no directory at all. */
export const NO_DIRECTORY: DirectoryFacts = {
  members: new Map(),
  membersState: 'loading',
  book: [],
  bookState: 'loading',
  limits: new Map(),
  limitsState: 'loading',
};

/** Networks, assets and symbols by id. */
export interface DictionaryFacts {
  readonly networks: ReadonlyMap<string, Network>;
  readonly assets: ReadonlyMap<string, Asset>;
  readonly symbols: ReadonlyMap<string, SymbolRecord>;
}

/** The workspace's accounts and its own deposit addresses. */
export interface WorkspaceFacts {
  readonly accountsById: ReadonlyMap<string, Account>;
  readonly addresses: readonly Address[];
}

/** Balances by id and whether (and when) they were read. */
export interface BalancesFacts {
  readonly byId: ReadonlyMap<string, Balance>;
  readonly state: ReferenceState;
  readonly loadedAt?: number;
}
