// The audit lines of the transactions this session looks at, read from the local audit log by
// live/ (the store never touches files). The shape mirrors config/audit.ts's AuditEntry.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface AuditRecord {
  readonly time: string;
  readonly profile?: string;
  readonly keyId?: string;
  readonly action: string;
  readonly transactionId?: string;
  readonly externalId?: string;
  readonly reason?: string;
  readonly result: string;
  readonly correlationId?: string;
}

export interface AuditState {
  /** Oldest first, per transaction id. */
  readonly byTx: ReadonlyMap<string, readonly AuditRecord[]>;
}

export type AuditStore = StoreApi<AuditState>;

export function createAuditStore(): AuditStore {
  return createStore<AuditState>()(() => ({ byTx: new Map() }));
}
