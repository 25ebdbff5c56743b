// `POST /transactions/bulk-create`: each item is a `POST /transactions` of its own, in order, with
// its own result (the OpenAPI: one failing does not affect the others; failed ones are returned).
// Idempotent per item exactly like the single create (the same externalId and body gives the same
// transaction again), also within one request.

import type { CreateTransactionRequest, Transaction } from '../../contract/index.js';
import { createTransaction } from './actions.js';
import type { Core } from './core.js';

/**
 * Decision: a failed item is a Transaction with no id (`transactionId` ""; nothing was stored),
 * the item's externalId, accountId and transactionType as sent, status `error`, created and
 * terminated now, and the refusal under `error` in the error envelope's own shape (wire notes §3).
 */
function failed(core: Core, body: CreateTransactionRequest, code: string, message: string): Transaction {
  const now = String(core.clock.now());
  return {
    transactionId: '',
    externalId: body.externalId,
    workspaceId: core.workspaceId,
    accountId: body.accountId,
    accountType: 'vault',
    transactionType: body.transactionType,
    status: 'error',
    createdAt: now,
    updatedAt: now,
    terminatedAt: now,
    error: { error: code, message },
  };
}

export function bulkCreate(core: Core, items: readonly CreateTransactionRequest[], actor: string): Transaction[] {
  return items.map((body, i) => {
    const result = createTransaction(core, body, actor);
    return result.ok ? result.value : failed(core, body, result.code, `transactions[${i}]: ${result.message}`);
  });
}
