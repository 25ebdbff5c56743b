// The live feed: the one subscription to transaction changes, shared by the console's engine and
// `custody watch`, and everything that makes it miss nothing (index.ts has the guarantees).
//
// - The subscription asks limit=0 (frames only); the owner reads its own baseline after it.
// - The watermark is the newest `updatedAt` seen. When frames stop (a drop, a refusal), a gap
//   opens at the watermark; when they flow again, everything updated since (gap start - 2 s) is
//   read, paging by updatedAt. Only a read made while frames flowed throughout closes the gap.
// - No subscription for `socketGraceMs`: the list is read every `pollIntervalMs` the same way.
// - A malformed frame is skipped and what changed lately is read again.
// - Reads, polls and resubscribes run in loops (loop.ts): never two at once, backoff on failure.
//   A read stopped by a record over the size limit is not a failure to retry at once (the same
//   answer would come): the gap stays open and the next reason to read asks again.
// - A frame over the size limit closes the socket; the realtime client waits minutes, not
//   seconds, before the next one, and the why is said (the header, a problem, the log).
import {
  type ApiError,
  type ContractError,
  describeClientError,
  NetworkError,
  ProxyError,
  type RealtimeState,
  type Subscription,
  type SubscriptionHandlers,
} from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import { newerMillis } from '../store/index.js';
import { deriveConnection } from './connection.js';
import type {
  BaselineMark,
  Feed,
  FeedChange,
  FeedEvent,
  FeedOptions,
  FeedProblem,
  FeedRead,
} from './feed-types.js';
import { createLoop } from './loop.js';
import { frameTooLargeText } from './notices.js';
import { GAP_OVERLAP_MS, millisMinus, readChangedSince } from './reads.js';
import { createTimers } from './timers.js';

export type * from './feed-types.js';

/** Why the last socket closed, when it was for a frame over the size limit. */
function frameTooLargeWords(state: RealtimeState): string | undefined {
  if (state.kind !== 'reconnecting' || state.frameTooLarge === undefined) return undefined;
  return frameTooLargeText(state.frameTooLarge, state.delayMs);
}

/** Why frames stopped, in words. */
function lostBecause(state: RealtimeState): string {
  const tooLarge = frameTooLargeWords(state);
  if (tooLarge !== undefined) return tooLarge;
  if (state.kind === 'reconnecting' && state.code !== undefined) return `socket closed (${state.code})`;
  return `socket ${state.kind}`;
}

export function createFeed(opts: FeedOptions): Feed {
  const { api, realtime, on, pageSize, socketGraceMs, pollIntervalMs } = opts;
  const filters = opts.filters ?? {};
  const now = opts.now ?? Date.now;
  const timers = createTimers();
  const offs: (() => void)[] = [];
  let started = false;
  let stopped = false;

  function log(line: string): void {
    try {
      opts.log?.(line);
    } catch {
      // a broken log sink must not stop the feed
    }
  }

  /** Calls the owner; its bug is logged, never thrown into the socket or a read. */
  function tell<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
    if (stopped || fn === undefined) return;
    try {
      fn.apply(on, args);
    } catch (err) {
      log(`the feed's owner failed: ${describeClientError(err)}`);
    }
  }

  const changed = (items: readonly Transaction[], change: FeedChange) => {
    if (items.length > 0) tell(on.changes, items, change);
  };
  const event = (e: FeedEvent) => tell(on.event, e);
  const problem = (p: FeedProblem) => tell(on.problem, p);
  const fresh = () => tell(on.fresh, now());

  // ---- the connection: facts in, one derived state out -----------------------------------------

  let socket: RealtimeState = realtime.state;
  let subscribed = false;
  let everLive = false;
  let polling = false;
  let httpDown: string | undefined;
  let refused: string | undefined;
  let lastCloseCode: number | undefined;
  let lastCloseWhy: string | undefined;
  let shown: string | undefined;

  function updateConnection(): void {
    if (stopped) return;
    const next = deriveConnection({
      socket,
      subscribed,
      everLive,
      polling,
      ...(httpDown === undefined ? {} : { httpDown }),
      ...(refused === undefined ? {} : { refused }),
      ...(lastCloseCode === undefined ? {} : { lastCloseCode }),
      ...(lastCloseWhy === undefined ? {} : { lastCloseWhy }),
    });
    const id = `${next.kind}|${next.attempt ?? ''}|${next.detail ?? ''}`;
    if (id === shown) return;
    shown = id;
    tell(on.connection, next);
  }

  function reached(): void {
    if (httpDown === undefined) return;
    httpDown = undefined;
    updateConnection();
  }

  function unreachable(err: unknown): void {
    if (!(err instanceof NetworkError) || stopped) return;
    httpDown = describeClientError(err);
    updateConnection();
  }

  // ---- the gap: what may have changed while no frames arrived ----------------------------------

  let watermark: string | undefined;
  /** Changes since `gapFrom` may have been missed (until a read while frames flow settles it). */
  let gapOpen = true;
  let gapFrom: string | undefined;
  /** Bumps whenever frames start or stop flowing. */
  let epoch = 0;

  function note(items: readonly Transaction[]): void {
    for (const tx of items) watermark = newerMillis(watermark, tx.updatedAt);
  }

  function lost(why: string): void {
    if (!subscribed) return;
    subscribed = false;
    epoch += 1;
    if (!gapOpen) {
      gapOpen = true;
      gapFrom = watermark;
    }
    fresh(); // the data was current up to this moment
    log(`live updates stopped (${why}); what changes meanwhile is fetched on return`);
    event({ kind: 'lost', why });
    armGrace();
  }

  // ---- reads: a catch-up after a gap, or one poll -----------------------------------------------

  /** False until the owner's baseline read succeeded: reads wait for it. */
  let released = false;
  let baselineBegun = false;
  let requested = false;
  let refreshAsked = false;
  let readNumber = 0;
  /** Page size of the next read: smaller after answers over the size limit, growing back after. */
  let readSize = pageSize;

  function requestRead(refresh = false): void {
    if (stopped) return;
    if (refresh) refreshAsked = true;
    if (!released) {
      requested = true;
      return;
    }
    void reads.trigger();
  }

  async function readChanges(): Promise<void> {
    const read = ++readNumber;
    const kind: FeedRead = polling ? 'poll' : refreshAsked ? 'refresh' : 'catch-up';
    refreshAsked = false;
    const at = epoch;
    const wasSubscribed = subscribed;
    const base = gapOpen ? gapFrom : watermark;
    const from = base === undefined ? undefined : millisMinus(base, GAP_OVERLAP_MS);
    const what = kind === 'poll' ? 'polling for changes' : 'catching up on changes';
    let count = 0;
    try {
      const { newest, pageSize: used, refused: tooLarge } = await readChangedSince(
        api,
        from,
        readSize,
        (page) => {
          if (stopped) return;
          const { skipped } = page;
          if (skipped) problem({ kind: 'skipped', what, count: skipped.count, error: skipped.error });
          note(page.items);
          count += page.items.length;
          changed(page.items, { source: kind, read });
        },
        filters,
      );
      if (stopped) return;
      reached();
      readSize = tooLarge ? used : Math.min(pageSize, used * 2);
      if (tooLarge) {
        // What was read stays; the gap stays open from there, and the next reason to read asks again.
        if (gapOpen && newest !== undefined) gapFrom = newerMillis(gapFrom, newest);
        problem({ kind: 'too-large', what, count, error: tooLarge });
        log(`${kind}: stopped after ${count} transactions at a record over the size limit`);
        return;
      }
      tell(on.answered);
      fresh();
      if (wasSubscribed && subscribed && at === epoch) {
        // Read while frames were flowing: they cover everything from here on.
        gapOpen = false;
        gapFrom = undefined;
        event({ kind: 'caught-up', read, count });
      } else if (gapOpen && newest !== undefined) {
        gapFrom = newerMillis(gapFrom, newest);
      }
      log(`${kind}: ${count} transactions changed since ${from ?? 'the beginning'}`);
    } catch (err) {
      if (stopped) return;
      problem({ kind: 'failed', what, error: err });
      unreachable(err);
      throw err;
    }
  }

  const reads = createLoop({
    run: readChanges,
    timers,
    retryBaseMs: opts.retryBaseMs,
    retryMaxMs: opts.retryMaxMs,
    everyMs: () => (polling && !subscribed ? pollIntervalMs : undefined),
    // Without a gap or polling, a failed read (a refresh, a malformed frame's) waits for the next reason.
    retryWhile: () => polling || gapOpen,
  });

  // ---- polling when no subscription can be had --------------------------------------------------

  let cancelGrace: (() => void) | undefined;

  function armGrace(): void {
    if (cancelGrace !== undefined || polling || subscribed || stopped || socket.kind === 'logged-out') return;
    cancelGrace = timers.after(socketGraceMs, () => {
      cancelGrace = undefined;
      if (subscribed || socket.kind === 'logged-out') return;
      polling = true;
      log(`no live subscription for ${socketGraceMs} ms: polling every ${pollIntervalMs} ms`);
      event({ kind: 'polling' });
      updateConnection();
      requestRead();
    });
  }

  function stopPolling(): void {
    cancelGrace?.();
    cancelGrace = undefined;
    if (!polling) return;
    polling = false;
    reads.cancel();
  }

  // ---- the subscription -------------------------------------------------------------------------

  let subscription: Subscription | undefined;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const fn of [...wakers]) fn();
  };

  function snapshot(transactions: readonly Transaction[], reconnect: boolean): void {
    const first = !everLive;
    const wasPolling = polling;
    subscribed = true;
    everLive = true;
    epoch += 1;
    refused = undefined;
    stopPolling();
    fresh();
    note(transactions);
    updateConnection();
    // Before the baseline read began, that read covers everything: nothing can fall between.
    const catchUp = baselineBegun && (gapOpen || reconnect);
    event({ kind: 'live', first, wasPolling, catchUp });
    // limit=0 asks for an empty snapshot; a server that sends rows anyway is heard.
    changed(transactions, { source: 'frame' });
    if (catchUp) requestRead();
    wake();
  }

  function refusal(err: ApiError): void {
    subscription = undefined;
    refused = describeClientError(err);
    problem({ kind: 'refused', error: err });
    lost('the subscription was refused');
    armGrace();
    updateConnection();
    wake();
  }

  /** One subscription: settles at its snapshot, or fails when refused before it. */
  function subscribe(): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const handlers: SubscriptionHandlers = {
        onSnapshot(transactions, info) {
          if (stopped) return;
          snapshot(transactions, info.reconnect);
          settled = true;
          resolve();
        },
        onUpdate(transactions) {
          if (stopped) return;
          fresh();
          note(transactions);
          changed(transactions, { source: 'frame' });
        },
        onError(err) {
          if (stopped) return;
          refusal(err);
          if (settled) subscriber.fail(err);
          else reject(err);
          settled = true;
        },
        onMalformed(err: ContractError) {
          if (stopped) return;
          problem({ kind: 'malformed', error: err });
          // The frame is skipped, but the change it carried is not lost: read what changed lately.
          requestRead();
        },
      };
      try {
        subscription = realtime.subscribe({ ...filters, limit: 0 }, handlers);
      } catch (err) {
        // Only a closed realtime client refuses here: asking again would not help.
        problem({ kind: 'failed', what: 'live subscription', error: err });
        resolve();
      }
    });
  }

  const subscriber = createLoop({
    run: subscribe,
    timers,
    retryBaseMs: opts.retryBaseMs,
    retryMaxMs: opts.retryMaxMs,
  });

  function listen(): void {
    offs.push(
      realtime.on('state', (state) => {
        if (stopped) return;
        socket = state;
        if (state.kind === 'reconnecting' && state.code !== undefined) lastCloseCode = state.code;
        if (state.kind === 'reconnecting') {
          lastCloseWhy = frameTooLargeWords(state);
          if (state.frameTooLarge !== undefined) {
            problem({ kind: 'frame-too-large', limitBytes: state.frameTooLarge, delayMs: state.delayMs });
          }
        }
        if (state.kind !== 'open') {
          lost(lostBecause(state));
          armGrace();
        }
        if (state.kind === 'logged-out') {
          stopPolling();
          event({ kind: 'logged-out' });
        }
        updateConnection();
        if (state.kind !== 'open' && state.kind !== 'connecting') wake();
      }),
      realtime.on('stalled', ({ pongTimeoutMs }) => {
        log(`socket stalled (no pong in ${pongTimeoutMs} ms): reconnecting`);
      }),
      realtime.on('error', (err) => {
        log(`realtime: ${describeClientError(err)}`);
        if (err instanceof ProxyError) problem({ kind: 'proxy', error: err });
      }),
    );
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      socket = realtime.state;
      listen();
      updateConnection();
      armGrace();
      void subscriber.trigger();
    },

    stop() {
      if (stopped) return;
      stopped = true;
      wake();
      reads.stop();
      subscriber.stop();
      timers.stop();
      try {
        subscription?.unsubscribe();
      } catch {
        // the socket may already be gone
      }
      subscription = undefined;
      for (const off of offs.splice(0)) off();
    },

    waitForSubscription(ms) {
      if (subscribed || stopped || refused !== undefined) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          cancel();
          wakers.delete(done);
          resolve();
        };
        const cancel = timers.after(ms, done);
        wakers.add(done);
      });
    },

    beginBaseline() {
      baselineBegun = true;
      return { epoch, subscribed };
    },

    baselineRead(mark: BaselineMark) {
      if (stopped || released) return;
      released = true;
      if (mark.subscribed && subscribed && mark.epoch === epoch) {
        gapOpen = false;
        gapFrom = undefined;
      } else if (gapOpen && gapFrom === undefined) {
        gapFrom = watermark;
      }
      if (requested) {
        requested = false;
        requestRead();
      }
    },

    catchUp() {
      requestRead(true);
    },

    note,
    readAnswered: reached,
    readFailed: unreachable,

    get watermark() {
      return watermark;
    },
  };
}
