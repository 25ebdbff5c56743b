// The realtime client's options, states, handlers and events (realtime.ts is the client itself).
import type { Agent } from 'node:http';
import type WebSocket from 'ws';
import type { Signer } from '../auth/index.js';
import type { Transaction } from '../contract/index.js';
import type { ApiError, ContractError } from './errors.js';
import type { ProxyEnv } from './proxy.js';
import type { TransactionsListQuery } from './transactions.js';

export interface RealtimeOptions {
  /** The API base URL (http/https, may hold a path prefix); the socket goes to ws(s)://…/ws. */
  baseUrl: string;
  signer: Signer;
  /** Default 15000. */
  pingIntervalMs?: number;
  /** No pong this long after a ping → the socket is stalled: terminate and reconnect. Default 10000. */
  pongTimeoutMs?: number;
  reconnectStepMs?: number;
  reconnectMaxMs?: number;
  longLivedMs?: number;
  tokenRefreshDelayMs?: number;
  /** After a frame over `maxFrameBytes`: the first delay (doubling per such close in a row) and the longest. */
  frameTooLargeBaseMs?: number;
  frameTooLargeMaxMs?: number;
  /** The reconnect delay's timer (live/timers.ts has the shape; tests fake it); default setTimeout. */
  timers?: { after(ms: number, fn: () => void): () => void };
  /** Until the upgrade is answered; default 10000. */
  connectTimeoutMs?: number;
  /**
   * Largest frame accepted, in bytes; default DEFAULT_MAX_FRAME_BYTES (ws's own default is 100 MiB).
   * A bigger one closes the socket (1009) without being buffered whole; a reconnect follows after
   * a delay that grows to minutes (the state's `frameTooLarge` says why).
   */
  maxFrameBytes?: number;
  WebSocketImpl?: typeof WebSocket;
  /** Epoch ms; measures how long a socket lived. */
  now?: () => number;
  /** An http(s) Agent for the upgrade request (custom TLS ...); when given, no proxy is used. */
  agent?: Agent;
  /**
   * Explicit proxy URL (profile/flag); otherwise HTTPS_PROXY/HTTP_PROXY/NO_PROXY from `env`, decided
   * for the socket's URL exactly as the HTTP client decides for the base URL (proxyFor).
   */
  proxy?: string | undefined;
  /** Where the proxy variables are read; default process.env. */
  env?: ProxyEnv | undefined;
  userAgent?: string;
}

export type RealtimeState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  | {
      kind: 'reconnecting';
      attempt: number;
      delayMs: number;
      code?: number;
      reason?: string;
      /** The socket closed because the server sent a frame over this many bytes (refused unread). */
      frameTooLarge?: number;
    }
  /** Close code 4000: no reconnect until `reconnect()` is called. */
  | { kind: 'logged-out' }
  /** By `close()`. */
  | { kind: 'closed' };

export interface SubscriptionHandlers {
  /** The first frame after each (re)subscribe; `reconnect` is true from the second on. */
  onSnapshot(transactions: Transaction[], info: { correlationId: string; reconnect: boolean }): void;
  /** Later frames: the transactions that changed. */
  onUpdate(transactions: Transaction[]): void;
  /** A frame with status >= 400: the subscription has ended (it is not resubscribed). */
  onError?(err: ApiError): void;
  /** A frame that does not parse: reported and skipped; the socket and the subscription stay. */
  onMalformed?(err: ContractError): void;
}

export interface Subscription {
  readonly uri: string;
  readonly correlationId: string;
  /** False once unsubscribed, ended by an error frame, or the client closed/logged out. */
  readonly active: boolean;
  /** Sends UNSUBSCRIBE (when the socket is open) and forgets the subscription. */
  unsubscribe(): void;
}

export interface RealtimeEvents {
  state: RealtimeState;
  /** No pong within pongTimeoutMs: the socket is being terminated (a reconnect follows). */
  stalled: { pongTimeoutMs: number };
  /** Every message received, for diagnostics. */
  frame: { bytes: number };
  /** A failure that belongs to no subscription (a signer error, a handler that threw). */
  error: Error;
}

export interface RealtimeClient {
  subscribe(query: TransactionsListQuery, handlers: SubscriptionHandlers): Subscription;
  on<K extends keyof RealtimeEvents>(event: K, fn: (value: RealtimeEvents[K]) => void): () => void;
  readonly state: RealtimeState;
  /** Connects now when waiting to reconnect or logged out (after the user fixed the key). */
  reconnect(): void;
  /** Stops reconnecting, closes the socket (code 1000) and clears every timer. */
  close(): void;
}
