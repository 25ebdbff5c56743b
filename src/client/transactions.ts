import {
  type CreateTransactionRequest,
  type DryRunTransaction,
  DryRunTransactionSchema,
  type SwapRouteRequest,
  type Transaction,
  type TransactionEvent,
  TransactionEventListSchema,
  TransactionListSchema,
  TransactionSchema,
} from '../contract/index.js';
import type { Http } from './http.js';
import { pathSegment, type QueryValue, workspacePath } from './query.js';

/** Epoch milliseconds, as a number or the wire's integer string. */
export type MillisInput = string | number;

/**
 * Filters of `GET /workspaces/{ws}/transactions` and of the live subscription's `uri`: wire
 * notes §5 plus the rest of the OpenAPI's list.
 */
export interface TransactionsListQuery {
  transactionId?: string;
  transactionIds?: readonly string[];
  transactionTypes?: readonly string[];
  accountTypes?: readonly string[];
  accountId?: string;
  accountIds?: readonly string[];
  transactionStatuses?: readonly string[];
  transactionStatusNotIn?: readonly string[];
  assetIds?: readonly string[];
  blockchainTxId?: string;
  externalId?: string;
  toAccountId?: string;
  toAddress?: string;
  fromAddress?: string;
  address?: string;
  isTerminated?: boolean;
  terminatedAtFrom?: MillisInput;
  terminatedAtTo?: MillisInput;
  createdAtFrom?: MillisInput;
  createdAtTo?: MillisInput;
  updatedAtFrom?: MillisInput;
  updatedAtTo?: MillisInput;
  canSignWithDeviceId?: string;
  sortBy?: 'updated' | 'activity' | (string & {});
  sortDirection?: 'ASC' | 'DESC' | (string & {});
  limit?: number;
  offset?: number;
  includeEvents?: boolean;
  includeCurrentSigningRequest?: boolean;
  includeAttestationSignature?: boolean;
}

/**
 * The query parameters in one fixed order, so that the same filters always give the same
 * request target (and the same subscription `uri`).
 */
export function transactionsQuery(q: TransactionsListQuery = {}): Record<string, QueryValue> {
  return {
    transactionId: q.transactionId,
    transactionIds: q.transactionIds,
    transactionTypes: q.transactionTypes,
    accountTypes: q.accountTypes,
    accountId: q.accountId,
    accountIds: q.accountIds,
    transactionStatuses: q.transactionStatuses,
    transactionStatusNotIn: q.transactionStatusNotIn,
    assetIds: q.assetIds,
    blockchainTxId: q.blockchainTxId,
    externalId: q.externalId,
    toAccountId: q.toAccountId,
    toAddress: q.toAddress,
    fromAddress: q.fromAddress,
    address: q.address,
    isTerminated: q.isTerminated,
    terminatedAtFrom: q.terminatedAtFrom,
    terminatedAtTo: q.terminatedAtTo,
    createdAtFrom: q.createdAtFrom,
    createdAtTo: q.createdAtTo,
    updatedAtFrom: q.updatedAtFrom,
    updatedAtTo: q.updatedAtTo,
    canSignWithDeviceId: q.canSignWithDeviceId,
    sortBy: q.sortBy,
    sortDirection: q.sortDirection,
    limit: q.limit,
    offset: q.offset,
    includeEvents: q.includeEvents,
    includeCurrentSigningRequest: q.includeCurrentSigningRequest,
    includeAttestationSignature: q.includeAttestationSignature,
  };
}

/** A write's answer with the Correlation-Id, for the audit log. */
export interface Written<T> {
  data: T;
  correlationId?: string;
}

/**
 * The decisions on one transaction and where each is sent: `POST …/transactions/{id}/{path}` (wire
 * notes §7). One entry per decision; the console's table of them is src/domain/actions.ts, and
 * live/actions.ts does not compile while a decision there has no route here.
 */
export const DECISION_PATHS = {
  decline: 'decline',
  approve: 'approve',
  cancel: 'cancel',
} as const;
export type DecisionRoute = keyof typeof DECISION_PATHS;

/** What a decision sends: the reason, for those that take one (an approval sends `{}`). */
export interface DecisionBody {
  readonly reason?: string;
}

export interface TransactionsApi {
  list(q?: TransactionsListQuery): Promise<Transaction[]>;
  get(id: string): Promise<Transaction>;
  events(id: string): Promise<TransactionEvent[]>;
  /** A decision (decline, approve, cancel): the server refuses it with 409 where it does not apply. Never retried. */
  decide(action: DecisionRoute, id: string, body?: DecisionBody): Promise<Written<Transaction>>;
  /** 201, or 200 for an idempotent replay of the same `externalId` and body. Never retried. */
  create(body: CreateTransactionRequest): Promise<Written<Transaction>>;
  /** A POST that only reads (a dry run); still never retried. */
  swapRoute(body: SwapRouteRequest): Promise<DryRunTransaction>;
}

export function createTransactionsApi(http: Http, workspaceId: string): TransactionsApi {
  const root = () => `${workspacePath(workspaceId)}/transactions`;
  const one = (id: string) => `${root()}/${pathSegment(id, 'transactionId')}`;

  return {
    async list(q) {
      const { data } = await http.request({
        method: 'GET',
        path: root(),
        query: transactionsQuery(q),
        schema: TransactionListSchema,
      });
      return data.transactions;
    },
    async get(id) {
      return (await http.request({ method: 'GET', path: one(id), schema: TransactionSchema })).data;
    },
    async events(id) {
      const path = `${one(id)}/events`;
      return (await http.request({ method: 'GET', path, schema: TransactionEventListSchema })).data.events;
    },
    async decide(action, id, body = {}) {
      const { data, correlationId } = await http.request({
        method: 'POST',
        path: `${one(id)}/${DECISION_PATHS[action]}`,
        body: body.reason === undefined ? {} : { reason: body.reason },
        schema: TransactionSchema,
      });
      return correlationId === undefined ? { data } : { data, correlationId };
    },
    async create(body) {
      const { data, correlationId } = await http.request({
        method: 'POST',
        path: root(),
        body,
        schema: TransactionSchema,
        expectStatus: [201, 200],
      });
      return correlationId === undefined ? { data } : { data, correlationId };
    },
    async swapRoute(body) {
      const path = `${root()}/swap-route`;
      return (await http.request({ method: 'POST', path, body, schema: DryRunTransactionSchema })).data;
    },
  };
}
