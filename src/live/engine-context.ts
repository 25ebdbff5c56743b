// What every part of the console's engine shares: the debug log, guarded store writes, and what
// a read's outcome does to the session (a keyed notice, the degraded mark, the header's
// reachability through the feed).
import { type ApiClient, ApiError, describeClientError } from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { type SessionState, type Stores, withDegraded, withNotice } from '../store/index.js';
import { type NoticeSpec, noticeFor } from './notices.js';
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
  /** A failure said in words: one keyed notice, and 429/503 mark the session degraded. */
  report(err: unknown, what: string): void;
  /** One of the engine's own reads failed: reported, and the header learns whether the server is reachable. */
  failed(err: unknown, what: string): void;
  /** One of the engine's own reads was answered. */
  answered(): void;
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

  function log(line: string): void {
    try {
      o.log?.(line);
    } catch {
      // a broken log sink must not stop the engine
    }
  }

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

  function report(err: unknown, what: string): void {
    if (stopped()) return;
    notify(noticeFor(err, what));
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
    answered() {
      clearDegraded();
      o.feed().readAnswered();
    },
    note: (transactions) => o.feed().note(transactions),
    setDegraded,
    clearDegraded,
  };
}
