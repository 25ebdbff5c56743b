// What every part of the console's engine shares: the debug log, guarded store writes, and what
// a read's outcome does to the session (a keyed notice, the degraded mark, the header's
// reachability through the feed).
import { type ApiClient, ApiError, describeClientError } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import {
  awaitsCause,
  type SessionState,
  type Stores,
  withCauseCleared,
  withDegraded,
  withNotice,
} from '../store/index.js';
import { guardedLog } from './log.js';
import { ANSWERED_CAUSES, type NoticeSpec, noticeFor, readCause } from './notices.js';
import type { Timers } from './timers.js';

/** A zustand vanilla store, as much of it as the engine writes through. */
export interface Writable<S> {
  setState(fn: (state: S) => S): void;
  getState(): S;
}

export interface EngineContext {
  readonly api: ApiClient;
  readonly stores: Stores;
  readonly timers: Timers;
  readonly now: () => number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly stopped: () => boolean;
  log(line: string): void;
  /** Writes one store; a subscriber's exception (the view's bug) is logged, not propagated. */
  write<S>(store: Writable<S>, fn: (state: S) => S, what: string): void;
  setSession(fn: (state: SessionState) => SessionState): void;
  notify(spec: NoticeSpec): void;
  /**
   * A failure said in words: one keyed notice, and 429/503 mark the session degraded. `read` is
   * the cause a failure of this work alone waits for (notices.ts readCause(what) by default).
   */
  report(err: unknown, what: string, read?: string): void;
  /** One of the engine's own reads failed: reported, and the header learns whether the server is reachable. */
  failed(err: unknown, what: string): void;
  /** One of the engine's own reads (`what`, as its failure named it) was answered: what it ends, ends. */
  answered(what?: string): void;
  /** These causes reported success: the notices waiting for them clear. */
  clear(causes: readonly string[]): void;
  /** The server answered (`read`: that work's own cause too): degraded and the notices of any answer end. */
  succeeded(read?: string): void;
  /** Records read by the engine itself move the feed's watermark. */
  note(transactions: readonly Transaction[]): void;
  setDegraded(status: number): void;
  clearDegraded(): void;
}

export interface ContextOptions {
  api: ApiClient;
  stores: Stores;
  timers: Timers;
  now: () => number;
  retryBaseMs: number;
  retryMaxMs: number;
  stopped: () => boolean;
  log?: ((line: string) => void) | undefined;
  /** The feed's side of a read's outcome (feed.ts readAnswered / readFailed / note). */
  feed: () => {
    readAnswered(): void;
    readFailed(err: unknown): void;
    note(transactions: readonly Transaction[]): void;
  };
}

export function createEngineContext(o: ContextOptions): EngineContext {
  const { stores, now, stopped } = o;

  const log = guardedLog(o.log);

  function write<S>(store: Writable<S>, fn: (state: S) => S, what: string): void {
    if (stopped()) return;
    try {
      store.setState(fn);
    } catch (err) {
      log(`a store subscriber failed after ${what}: ${describeClientError(err)}`);
    }
  }

  const setSession = (fn: (state: SessionState) => SessionState) => write(stores.session, fn, 'a session change');

  function notify(spec: NoticeSpec): void {
    setSession((s) => withNotice(s, spec, now()));
    log(`notice [${spec.key}] ${spec.text}`);
  }

  function setDegraded(status: number): void {
    const reason = status === 429 ? 'rate limited (429)' : `server unavailable (${status})`;
    setSession((s) => withDegraded(s, { reason }));
  }

  function clearDegraded(): void {
    if (stores.session.getState().degraded !== undefined) setSession((s) => withDegraded(s, undefined));
  }

  function clear(causes: readonly string[]): void {
    if (stopped() || !awaitsCause(stores.session.getState().notices, causes)) return;
    setSession((s) => withCauseCleared(s, causes, now()));
  }

  function succeeded(read?: string): void {
    clearDegraded();
    clear(read === undefined ? ANSWERED_CAUSES : [...ANSWERED_CAUSES, read]);
  }

  function report(err: unknown, what: string, read?: string): void {
    if (stopped()) return;
    notify(noticeFor(err, what, read));
    if (err instanceof ApiError && (err.status === 429 || err.status === 503)) setDegraded(err.status);
  }

  return {
    api: o.api,
    stores,
    timers: o.timers,
    now,
    retryBaseMs: o.retryBaseMs,
    retryMaxMs: o.retryMaxMs,
    stopped,
    log,
    write,
    setSession,
    notify,
    report,
    failed(err, what) {
      if (stopped()) return;
      report(err, what);
      o.feed().readFailed(err);
    },
    answered(what) {
      succeeded(what === undefined ? undefined : readCause(what));
      o.feed().readAnswered();
    },
    clear,
    succeeded,
    note: (transactions) => o.feed().note(transactions),
    setDegraded,
    clearDegraded,
  };
}
