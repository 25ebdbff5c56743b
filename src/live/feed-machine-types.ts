// The live feed's state machine, its words: the state, the inputs and the effects (the machine
// is feed-machine.ts).
import type { ApiError, ContractError, RealtimeState } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import type { BaselineMark, FeedChange, FeedConnection, FeedEvent, FeedProblem, FeedRead } from './feed-types.js';
import type { ChangedRead, Page } from './reads.js';

export type FeedLink = 'idle' | 'connecting' | 'live' | 'polling' | 'logged-out' | 'stopped';

export interface FeedLimits {
  /** Page size of the reads (the largest asked). */
  readonly pageSize: number;
  /** No subscription this long → the list is polled. */
  readonly socketGraceMs: number;
  readonly pollIntervalMs: number;
}

/** A read under way (loop.ts runs one at a time). */
export interface ReadUnderWay {
  readonly number: number;
  readonly kind: FeedRead;
  /** `updatedAtFrom` of its first page (undefined: everything). */
  readonly from: string | undefined;
  readonly size: number;
  /** The epoch and link when it began: only a read made while frames flowed throughout closes the gap. */
  readonly epoch: number;
  readonly whileLive: boolean;
  /** Transactions delivered so far. */
  readonly count: number;
}

export interface FeedState {
  readonly limits: FeedLimits;
  readonly link: FeedLink;
  /** The realtime client's own state, as last heard. */
  readonly socket: RealtimeState;
  /** Frames flowed at least once (a later `connecting` is a reconnect). */
  readonly everLive: boolean;
  /** Bumps whenever frames start or stop flowing. */
  readonly epoch: number;
  /** The last read failed to reach the server at all, in words. */
  readonly httpDown: string | undefined;
  /** Why the subscription was refused, in words (until a snapshot). */
  readonly refused: string | undefined;
  readonly lastCloseCode: number | undefined;
  /** Why the last socket closed when its code does not say (a frame over the size limit). */
  readonly lastCloseWhy: string | undefined;
  /** The connection last published (deduplicated: the owner hears changes only). */
  readonly shown: string | undefined;
  /** Newest `updatedAt` seen (frames, reads, the owner's notes). */
  readonly watermark: string | undefined;
  /** Open: changes since `from` may have been missed (undefined `from`: since the baseline). */
  readonly gap: { readonly from: string | undefined } | 'closed';
  /** The owner's baseline read: reads wait until it is `read` (it covers what came before). */
  readonly baseline: 'waiting' | 'reading' | 'read';
  /** A read was asked before the baseline was read: it runs then. */
  readonly asked: boolean;
  /** The next read is the owner's refresh. */
  readonly refresh: boolean;
  /** Reads begun (numbers them). */
  readonly reads: number;
  /** Page size of the next read: smaller after answers over the size limit, growing back after. */
  readonly readSize: number;
  readonly read: ReadUnderWay | undefined;
}

export type FeedInput =
  | { readonly type: 'start'; readonly socket: RealtimeState }
  | { readonly type: 'socket'; readonly state: RealtimeState }
  | { readonly type: 'stalled'; readonly pongTimeoutMs: number }
  | { readonly type: 'socket-error'; readonly error: unknown }
  | { readonly type: 'snapshot'; readonly transactions: readonly Transaction[]; readonly reconnect: boolean }
  | { readonly type: 'frame'; readonly transactions: readonly Transaction[] }
  | { readonly type: 'refused'; readonly error: ApiError }
  | { readonly type: 'malformed'; readonly error: ContractError }
  /** The realtime client refused to subscribe at all (it was closed). */
  | { readonly type: 'subscribe-failed'; readonly error: unknown }
  | { readonly type: 'grace-over' }
  /** The owner's refresh. */
  | { readonly type: 'catch-up' }
  | { readonly type: 'read-begin' }
  | { readonly type: 'read-page'; readonly page: Page }
  | { readonly type: 'read-done'; readonly result: ChangedRead }
  | { readonly type: 'read-failed'; readonly error: unknown }
  | { readonly type: 'baseline-begin' }
  | { readonly type: 'baseline-read'; readonly mark: BaselineMark }
  /** Records the owner read. */
  | { readonly type: 'noted'; readonly transactions: readonly Transaction[] }
  /** One of the owner's reads was answered, or failed. */
  | { readonly type: 'owner-answered' }
  | { readonly type: 'owner-failed'; readonly error: unknown }
  | { readonly type: 'stop' };

export type FeedEffect =
  | { readonly kind: 'changes'; readonly items: readonly Transaction[]; readonly change: FeedChange }
  | { readonly kind: 'event'; readonly event: FeedEvent }
  | { readonly kind: 'problem'; readonly problem: FeedProblem }
  | { readonly kind: 'connection'; readonly connection: FeedConnection }
  /** The data is current as of now. */
  | { readonly kind: 'fresh' }
  /** A read of the feed's was answered. */
  | { readonly kind: 'answered' }
  | { readonly kind: 'log'; readonly line: string }
  | { readonly kind: 'subscribe' }
  /** Run a read now (or once more after the one under way). */
  | { readonly kind: 'read' }
  /** Cancel the next poll's wait. */
  | { readonly kind: 'cancel-poll' }
  | { readonly kind: 'arm-grace'; readonly ms: number }
  | { readonly kind: 'cancel-grace' }
  /** Whoever waits for the subscription looks again. */
  | { readonly kind: 'wake' }
  /** Every loop, timer, listener and the subscription ends. */
  | { readonly kind: 'shut-down' };

export interface FeedStep {
  readonly state: FeedState;
  readonly effects: readonly FeedEffect[];
}
