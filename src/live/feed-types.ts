// What the live feed (feed.ts) tells its owner, and what it is given. The owner is the console's
// engine (which writes the stores) or `custody watch` (which prints): the feed knows neither.
import type {
  AnswerTooLargeError,
  ApiClient,
  ApiError,
  ContractError,
  ProxyError,
  RealtimeClient,
  TransactionsListQuery,
} from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import type { Connection } from '../store/index.js';
import type { Clock } from './timers.js';

/** Reads of the feed: after a gap, one poll while there is no socket, or one the owner asked for. */
export type FeedRead = 'catch-up' | 'poll' | 'refresh';

export interface FeedChange {
  /** `frame`: pushed by the server (a change, now); a read: what the list says changed. */
  readonly source: 'frame' | FeedRead;
  /** Reads only: which read (its `caught-up` event carries the same number). */
  readonly read?: number;
}

export type FeedEvent =
  /**
   * A snapshot: frames flow. `first` the first time of this feed; `wasPolling` when it ended
   * polling; `catchUp` when a read of what changed meanwhile follows.
   */
  | { readonly kind: 'live'; readonly first: boolean; readonly wasPolling: boolean; readonly catchUp: boolean }
  /** Frames stopped flowing (`why` in words); what changes meanwhile is read on return. */
  | { readonly kind: 'lost'; readonly why: string }
  /** No subscription for `socketGraceMs`: the list is read every `pollIntervalMs`. */
  | { readonly kind: 'polling' }
  /** A read made while frames flowed ended: nothing is missing up to now. */
  | { readonly kind: 'caught-up'; readonly read: number; readonly count: number }
  /** Close code 4000: nothing more will arrive on the socket, and the list is no longer polled. */
  | { readonly kind: 'logged-out' };

export type FeedProblem =
  /** A read of the feed's failed (`what` names it in words); it is retried with backoff. */
  | { readonly kind: 'failed'; readonly what: string; readonly error: unknown }
  /** The subscription was refused by an error frame; it is asked again with backoff. */
  | { readonly kind: 'refused'; readonly error: ApiError }
  /** Records of a page failed the contract and were skipped (the rest of the page was kept). */
  | { readonly kind: 'skipped'; readonly what: string; readonly count: number; readonly error: ContractError }
  /** A frame did not parse: skipped, and what changed lately is read again. */
  | { readonly kind: 'malformed'; readonly error: ContractError }
  /** A proxy stands between us and the socket and refused (the socket keeps trying). */
  | { readonly kind: 'proxy'; readonly error: ProxyError }
  /**
   * A read stopped at a record over the size limit even alone: the `count` before it were
   * delivered; the rest is asked again at the next reason to read, not retried at once.
   */
  | { readonly kind: 'too-large'; readonly what: string; readonly count: number; readonly error: AnswerTooLargeError }
  /** The server sent a frame over the size limit: refused unread; the socket reconnects in `delayMs`. */
  | { readonly kind: 'frame-too-large'; readonly limitBytes: number; readonly delayMs: number };

/** The header's state; see connection.ts. */
export type FeedConnection = Omit<Connection, 'since'>;

/** Every call is guarded: a listener that throws is logged, and the feed runs on. */
export interface FeedListener {
  /** Transactions pushed or read, in the order they came; merged by id downstream, never here. */
  changes(transactions: readonly Transaction[], change: FeedChange): void;
  event?(event: FeedEvent): void;
  /** The connection state, each time it changes. */
  connection?(connection: FeedConnection): void;
  /** Local time the data was last confirmed current (a frame, a read, the moment frames stopped). */
  fresh?(at: number): void;
  problem?(problem: FeedProblem): void;
  /** A read of the feed's was answered: problems of reads may be over. */
  answered?(): void;
}

export interface FeedOptions {
  api: ApiClient;
  realtime: RealtimeClient;
  on: FeedListener;
  /** List filters for the subscription and every read (`custody watch`); none: every transaction. */
  filters?: TransactionsListQuery;
  /** Page size of the reads (the server's largest: 1000). */
  pageSize: number;
  /** No subscription this long → the list is polled. */
  socketGraceMs: number;
  pollIntervalMs: number;
  /** First retry delay of a failed read or a refused subscription (doubling per failure). */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Local clock (epoch ms) for freshness; default Date.now. */
  now?: () => number;
  /** Every delay (the grace, polls, retries, waits) is set on this; default setTimeout. */
  clock?: Clock;
  /** Debug log; lines never hold a token or key material. */
  log?: (line: string) => void;
}

/** Taken when the owner's baseline read begins; handed back when it succeeded. */
export interface BaselineMark {
  readonly epoch: number;
  readonly subscribed: boolean;
}

export interface Feed {
  /** Subscribes (limit=0: live frames only, with the filters) and arms the polling fallback. */
  start(): void;
  /** Ends the subscription and every timer; nothing is told afterwards. Idempotent. */
  stop(): void;
  /**
   * Resolves once frames flow, the subscription was refused, the socket is down (not merely
   * connecting), the feed stopped, or after `ms`: how long an owner waits before its first read.
   */
  waitForSubscription(ms: number): Promise<void>;
  /**
   * The owner's baseline read (the console's first list page, watch's starting point) begins.
   * Until `baselineRead`, every read of the feed waits: the baseline covers what came before it.
   */
  beginBaseline(): BaselineMark;
  /**
   * The baseline read succeeded (its records noted). A baseline read while frames flowed closes
   * the gap; otherwise, and for anything that asked meanwhile, a catch-up read follows now.
   */
  baselineRead(mark: BaselineMark): void;
  /** Reads what changed since the newest update seen (the console's refresh). */
  catchUp(): void;
  /** Records the owner read: the newest `updatedAt` among them moves the watermark. */
  note(transactions: readonly Transaction[]): void;
  /** One of the owner's own reads was answered (the server is reachable). */
  readAnswered(): void;
  /** One of the owner's own reads failed (a NetworkError: the server cannot be reached). */
  readFailed(err: unknown): void;
  /** Newest `updatedAt` seen (frames, reads, notes). */
  readonly watermark: string | undefined;
}
