// The transactions filter of wire notes §5 (plus the OpenAPI's extra parameters when a query
// carries them), compiled once per query. The same predicate runs over stored records (the list)
// and over wire transactions (`matches`, the WebSocket fan-out), through one set of "facts".

import type { TransactionsQuery } from '../../contract/index.js';

/**
 * The list query as the world takes it: the contract's query, plus the OpenAPI parameters the
 * server may add to it. Every extra is optional and honoured when present.
 */
export type WorldTransactionsQuery = TransactionsQuery & {
  externalId?: string;
  fromAddress?: string;
  toAccountId?: string;
  /** Matches either fromAddress or toAddress. */
  address?: string;
  accountTypes?: readonly string[];
  terminatedAtFrom?: string;
  terminatedAtTo?: string;
  includeCurrentSigningRequest?: boolean;
  /** The sandbox signs no attestations: accepted, and there is never one to include. */
  includeAttestationSignature?: boolean;
  /**
   * The sandbox has no signing devices: accepted and ignored (the list is what it would be
   * without it). The console never sends it.
   */
  canSignWithDeviceId?: string;
};

/**
 * The filter itself is format/transaction-filter.ts: one meaning of the list's filters, shared
 * with the console (which decides with it whether a transaction it holds belongs in a view). A
 * stored record has the facts' fields itself. A new condition there needs its column test in
 * history-query.ts too.
 */
export {
  addressKey,
  compileTransactionFilter as compileFilter,
  type TransactionFacts as Facts,
  testTransactionFacts as testFacts,
  transactionFacts as factsOfTransaction,
  type TransactionFilter as TxFilter,
} from '../../format/index.js';
