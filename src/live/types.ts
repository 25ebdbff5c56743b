import type { ApiClient, RealtimeClient, RequestInfo } from '../client/index.js';
import type { Stores } from '../store/index.js';

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
  /** List page size; default 1000 (the server's largest). */
  pageSize?: number;
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
  /** Debug log sink (a file). Lines never hold a token or key material. */
  log?: (line: string) => void;
}

export type RefreshScope = 'all' | 'transactions' | 'accounts' | 'addresses' | 'prices';

/** What the view may call. Each returns at once: the work runs in the background. */
export interface LiveActions {
  refresh(scope?: RefreshScope): void;
  /** Rows stop moving: live transaction updates are held (merged by id, not dropped) and applied on resume. */
  setPaused(paused: boolean): void;
  /** Loads the detail (GET one + GET events) into the store and keeps it fresh while open. */
  openTransaction(id: string): void;
  closeTransaction(): void;
}

export interface Live extends LiveActions {
  /** Resolves once the first load settled (success or a reported failure); never rejects. */
  start(): Promise<void>;
  /** Ends the subscription, every timer and all pending work. Idempotent. */
  stop(): void;
  /**
   * Hook for the API client's `ClientOptions.onRequest` (every HTTP attempt, retries included):
   * 429/503 set `session.degraded`, a success clears it. Bound: pass it as it is.
   */
  readonly onRequest: (info: RequestInfo) => void;
}
