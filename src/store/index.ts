// The console's state: one zustand vanilla store per concern, so a change in one (a price tick)
// never wakes subscribers of another (the transaction table). Reducers are pure and exported.
import { type ActivityStore, createActivityStore } from './activity.js';
import { type AuditStore, createAuditStore } from './audit.js';
import { type BalancesStore, createBalancesStore } from './balances.js';
import { createDictionaryStore, type DictionaryStore } from './dictionary.js';
import { createDirectoryStore, type DirectoryStore } from './directory.js';
import { createPricesStore, type PricesStore } from './prices.js';
import { createSessionStore, type SessionInit, type SessionStore } from './session.js';
import { createTransactionsStore, type TransactionsStore } from './transactions.js';
import { createWorkspaceStore, type WorkspaceStore } from './workspace.js';

export * from './activity.js';
export * from './approvals.js';
export * from './audit.js';
export * from './balances.js';
export * from './ceiling.js';
export * from './dictionary.js';
export * from './directory.js';
export * from './merge.js';
export * from './prices.js';
export * from './session.js';
export { isSlim } from './slim.js';
export * from './transactions.js';
export * from './transactions-windows.js';
export * from './tx-query.js';
export * from './tx-window.js';
export * from './urgency.js';
export * from './workspace.js';

export interface Stores {
  readonly session: SessionStore;
  readonly transactions: TransactionsStore;
  readonly workspace: WorkspaceStore;
  readonly dictionary: DictionaryStore;
  readonly prices: PricesStore;
  readonly audit: AuditStore;
  readonly directory: DirectoryStore;
  readonly balances: BalancesStore;
  /** The activity feed, read on demand a page at a time. */
  readonly activity: ActivityStore;
}

export function createStores(init: SessionInit): Stores {
  return {
    session: createSessionStore(init),
    transactions: createTransactionsStore(),
    workspace: createWorkspaceStore(),
    dictionary: createDictionaryStore(),
    prices: createPricesStore(),
    audit: createAuditStore(),
    directory: createDirectoryStore(),
    balances: createBalancesStore(),
    activity: createActivityStore(),
  };
}
