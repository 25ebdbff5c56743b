import type { ApiClient, RealtimeClient, RequestInfo } from '../client/index.js';
import type { AuditLog } from '../config/index.js';
import type { DecisionName } from '../domain/actions.js';
import type {
  CreateTransactionRequest,
  DryRunTransaction,
  SwapRouteRequest,
  Transaction,
} from '../contract/index.js';
import type { ActivityPage, ActivityQuery, Stores, TxQuery } from '../store/index.js';

export interface LiveOptions {
  /** Created by the caller (commands/console.ts); see `Live.onRequest` for its `onRequest` hook. */
  api: ApiClient;
  /** Created by the caller, who also closes it: `stop()` only ends this engine's subscription. */
  realtime: RealtimeClient;
  stores: Stores;
  /** Local clock (epoch ms) for the stamps in the stores (freshness, change marks); default Date.now. */
  now?: () => number;
  /** Price poll period; default 2000. */
  pricePollMs?: number;
  /** Page size of reference lists and catch-up reads; default 1000 (the server's largest). */
  pageSize?: number;
  /**
   * Rows of the first page of the history of the view the console opens on (default
   * `historyPageSize`): about two screens (reads.ts firstPageLimit), so the first frame waits for
   * a small answer.
   */
  firstPageSize?: number;
  /** Rows of a page of history read as the cursor moves (tx-windows.ts); default 250. */
  historyPageSize?: number;
  /** History rows held per view before the far end is let go; default 4,000. */
  historyBudget?: number;
  /**
   * Unfinished transactions held at most (store/ceiling.ts); default 50,000. Past it the most
   * urgent are kept and the transactions pane says so: a server cannot grow memory without end.
   */
  maxUnfinished?: number;
  /** Flush window of live updates into the store; default 100 (at most ~10 store writes a second). */
  batchMs?: number;
  /** Fallback polling period when no live subscription can be had; default 3000. */
  pollIntervalMs?: number;
  /** How long without a live subscription before polling starts; default 5000. */
  socketGraceMs?: number;
  /** First retry delay of a failed read (doubling per failure); default 2000. */
  retryBaseMs?: number;
  /** Longest retry delay of a failed read; default 60000. */
  retryMaxMs?: number;
  /** Members, address book and limits are read again this often; default 300000 (5 minutes). */
  directoryEveryMs?: number;
  /** Balances changed since the last read are asked for this often; default 30000. */
  balancesPollMs?: number;
  /** How long after the feed shows money move the balances are read; default 1000. */
  balancesSettleMs?: number;
  /**
   * The member the key acts as, when the caller knows it (the demo registered the key); otherwise
   * it is learned from this key's creates and approvals (self.ts).
   */
  selfUserId?: string;
  /** Debug log sink (a file). Lines never hold a token or key material. */
  log?: (line: string) => void;
  /**
   * Where every action attempt and its outcome is appended (who acted — profile, base URL,
   * workspace, key id — comes from the session store); none: actions are not recorded. Opening a
   * transaction also reads its earlier lines into `stores.audit`.
   */
  audit?: AuditLog;
}

/**
 * How a write ended, in words safe to show. Every outcome but `duplicate` was recorded in the
 * audit log, unless `auditFailure` says why it could not be (the outcome stands all the same).
 */
export type ActionOutcome = ActionEnd & { auditFailure?: string };

type ActionEnd =
  /** The server did it; `transaction` is its answer (already merged into the store). */
  | { kind: 'done'; transaction: Transaction; correlationId?: string }
  /** 409: someone approved, declined or changed it first; the row was refreshed (`status` now). */
  | { kind: 'conflict'; message: string; status?: string; correlationId?: string }
  /** 403: this key may not do it; the action is hidden for the rest of the session. */
  | { kind: 'forbidden'; message: string; correlationId?: string }
  /** No answer (refused, reset, timed out): `changed` false when the request surely never arrived. */
  | { kind: 'network'; message: string; changed: 'no' | 'unknown' }
  /** Any other refusal (400 with the field, 401, 404, 429...). */
  | { kind: 'refused'; status: number; code: string; message: string; field?: string; correlationId?: string }
  /** The same action on the same target is already on its way: nothing was sent. */
  | { kind: 'duplicate' };

/** The swap route's answer, or why there is none. Quotes are not recorded in the audit log. */
export type QuoteOutcome =
  | { kind: 'quote'; answer: DryRunTransaction; receivedAt: number }
  /** 404 pair-not-available. */
  | { kind: 'unavailable'; message: string }
  /** 400: `field` is the request field at fault when the message names one (e.g. 'fromAmount'). */
  | { kind: 'invalid'; message: string; field?: string }
  | { kind: 'network'; message: string }
  | { kind: 'refused'; status: number; code: string; message: string };


/** How a read of the activity feed ended; messages are words safe to show. */
export type ActivitiesOutcome = ActivityPage;

/**
 * What `r` reads again. 'transactions' also reads members, address book and limits (the names and
 * rules its rows and detail show); 'accounts' and 'balances' read every balance.
 */
export type RefreshScope = 'all' | 'transactions' | 'accounts' | 'addresses' | 'prices' | 'balances' | 'directory';

/** What the view may call. Each returns at once: the work runs in the background. */
export interface LiveActions {
  refresh(scope?: RefreshScope): void;
  /**
   * Rows stop moving: live transaction updates are held (merged by id, not dropped) and applied on
   * resume; held arrivals still count in the store at once. The view calls it from `ui.pause` only.
   */
  setPaused(paused: boolean): void;
  /** Loads the detail (GET one + GET events) into the store and keeps it fresh while open. */
  openTransaction(id: string): void;
  closeTransaction(): void;
  /**
   * The transactions view on screen (its `:tx` filters, account and server sort): its history's
   * first page is read unless it is held. Unfinished work is always held (tx-windows.ts).
   */
  showTransactions(query: TxQuery): void;
  /** Where the cursor rests in view `key`: the history is read ahead of it, let go far from it. */
  transactionsViewport(v: { readonly key: string; readonly anchorId?: string; readonly visibleRows: number }): void;
  /**
   * Reads one transaction whole (GET one) into the store: a finished list row is held slim
   * (store/slim.ts), and the raw JSON view promises the whole record. Failures are notified.
   */
  loadTransaction(id: string): void;
  /**
   * Writes. Unlike the reads these are awaited: the dialog shows the outcome. Never rejects, never
   * retried; a second call for the same target while one is in flight answers `duplicate`.
   */
  /**
   * A decision (domain/actions.ts DECISIONS) on transaction `id`: the reason is cleaned here and
   * sent only by a decision that takes one.
   */
  decide(action: DecisionName, id: string, body?: { readonly reason?: string }): Promise<ActionOutcome>;
  /** POST /transactions; `body.externalId` is required so a retry after a timeout cannot double-create. */
  create(body: CreateTransactionRequest & { externalId: string }): Promise<ActionOutcome>;
  /** POST swap-route (a read that happens to be a POST). */
  quote(body: SwapRouteRequest): Promise<QuoteOutcome>;
  /**
   * The activity feed's first page into `stores.activity` (activity-loads.ts): when its pane opens,
   * on `r`, and for a new `:activity` query (what was held for the old one goes).
   */
  readActivity(query?: ActivityQuery): void;
  /** The feed's next page, as the cursor nears the end of what is held. */
  readOlderActivity(): void;
}

export interface Live extends LiveActions {
  /** Resolves once the first load settled (success or a reported failure); never rejects. */
  start(): Promise<void>;
  /** Ends the subscription, every timer and all pending work. Idempotent. */
  stop(): void;
  /** A decision or a create is on its way: a profile switch waits for its outcome. */
  sending(): boolean;
  /**
   * Hook for the API client's `ClientOptions.onRequest` (every HTTP attempt, retries included):
   * 429/503 set `session.degraded`, a success clears it. Bound: pass it as it is.
   */
  readonly onRequest: (info: RequestInfo) => void;
}
