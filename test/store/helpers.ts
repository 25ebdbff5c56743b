// Small records for the reducer tables: only what the reducers read, typed as the contract says.
import type { Transaction, TransactionEvent } from '../../src/contract/index.js';

export function tx(id: string, fields: Partial<Transaction> = {}): Transaction {
  return {
    transactionId: id,
    externalId: `ext-${id}`,
    status: 'new',
    transactionType: 'withdrawal',
    workspaceId: 'ws1',
    accountId: 'acc1',
    accountType: 'vault',
    createdAt: '1000',
    updatedAt: '1000',
    ...fields,
  } as Transaction;
}

export function event(id: string, transactionId = 't1'): TransactionEvent {
  return {
    eventId: id,
    transactionId,
    accountId: 'acc1',
    accountType: 'vault',
    workspaceId: 'ws1',
    eventType: 'out',
    assetId: '2',
    createdAt: '1000',
  } as TransactionEvent;
}

export function withEvents(t: Transaction, ids: string[]): Transaction {
  return { ...t, embedded: { ...(t.embedded ?? {}), events: ids.map((id) => event(id, t.transactionId)) } };
}
