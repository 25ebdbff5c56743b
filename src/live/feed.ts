// The live feed: the one subscription to transaction changes, shared by the console's engine and
// `custody watch`, and everything that makes it miss nothing (index.ts has the guarantees). Its
// decisions are a pure state machine (feed-machine.ts); this file runs it and performs its effects.
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
  describeClientError,
  type RealtimeState,
  type Subscription,
  type SubscriptionHandlers,
} from '../client/index.js';
import type { Transaction } from '../contract/index.js';
import {
  baselineMark,
  type FeedEffect,
  type FeedInput,
  type FeedState,
  initialFeedState,
  pollEveryMs,
  retriesReads,
  step,
  subscriptionSettled,
} from './feed-machine.js';
import type { BaselineMark, Feed, FeedOptions } from './feed-types.js';
import { createLoop } from './loop.js';
import { guardedLog } from './log.js';
import { readChangedSince } from './reads.js';
import { createTimers } from './timers.js';

export type * from './feed-types.js';

/**
 * The feed's engine: every decision is feed-machine.ts's; this runs the machine on what happens
 * (the socket, frames, reads, timers, the owner's calls) and performs the effects it names.
 */
export function createFeed(opts: FeedOptions): Feed {
  const { api, realtime, on, pageSize, socketGraceMs, pollIntervalMs } = opts;
  const filters = opts.filters ?? {};
  const now = opts.now ?? Date.now;
  const timers = createTimers(opts.clock);
  const offs: (() => void)[] = [];
  let state: FeedState = initialFeedState({ pageSize, socketGraceMs, pollIntervalMs }, realtime.state);
  const stopped = () => state.link === 'stopped';

  // Run to completion: an input that arrives while effects are performed (an owner's call from
  // its listener, a read that begins at once) changes the state at once, its effects queue behind.
  const queue: FeedEffect[] = [];
  let performing = false;

  function dispatch(input: FeedInput): void {
    const next = step(state, input);
    state = next.state;
    queue.push(...next.effects);
    if (performing) return;
    performing = true;
    try {
      for (let effect = queue.shift(); effect !== undefined; effect = queue.shift()) perform(effect);
    } finally {
      performing = false;
    }
  }

  const log = guardedLog(opts.log);

  /** Calls the owner; its bug is logged, never thrown into the socket or a read. */
  function tell<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
    if (fn === undefined) return;
    try {
      fn.apply(on, args);
    } catch (err) {
      log(`the feed's owner failed: ${describeClientError(err)}`);
    }
  }

  let cancelGrace: (() => void) | undefined;
  let subscription: Subscription | undefined;
  const wakers = new Set<() => void>();

  function perform(effect: FeedEffect): void {
    // Once stopped, only the shutting down itself is left to do.
    if (stopped() && effect.kind !== 'wake' && effect.kind !== 'shut-down') return;
    switch (effect.kind) {
      case 'changes':
        return tell(on.changes, effect.items, effect.change);
      case 'event':
        return tell(on.event, effect.event);
      case 'problem':
        return tell(on.problem, effect.problem);
      case 'connection':
        return tell(on.connection, effect.connection);
      case 'fresh':
        return tell(on.fresh, now());
      case 'answered':
        return tell(on.answered);
      case 'log':
        return log(effect.line);
      case 'subscribe':
        return void subscriber.trigger();
      case 'read':
        return void reads.trigger();
      case 'cancel-poll':
        return reads.cancel();
      case 'arm-grace':
        cancelGrace?.();
        cancelGrace = timers.after(effect.ms, () => {
          cancelGrace = undefined;
          dispatch({ type: 'grace-over' });
        });
        return;
      case 'cancel-grace':
        cancelGrace?.();
        cancelGrace = undefined;
        return;
      case 'wake':
        for (const fn of [...wakers]) fn();
        return;
      case 'shut-down':
        return shutDown();
    }
  }

  function shutDown(): void {
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
  }

  // ---- reads: a catch-up after a gap, or one poll -------------------------------------------------

  async function readChanges(): Promise<void> {
    dispatch({ type: 'read-begin' });
    const read = state.read;
    if (read === undefined) return; // stopped
    try {
      const result = await readChangedSince(
        api,
        read.from,
        read.size,
        (page) => dispatch({ type: 'read-page', page }),
        filters,
      );
      dispatch({ type: 'read-done', result });
    } catch (err) {
      dispatch({ type: 'read-failed', error: err });
      if (!stopped()) throw err;
    }
  }

  const reads = createLoop({
    run: readChanges,
    timers,
    retryBaseMs: opts.retryBaseMs,
    retryMaxMs: opts.retryMaxMs,
    everyMs: () => pollEveryMs(state),
    retryWhile: () => retriesReads(state),
  });

  // ---- the subscription -----------------------------------------------------------------------------

  /** One subscription: settles at its snapshot, or fails when refused before it. */
  function subscribe(): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const handlers: SubscriptionHandlers = {
        onSnapshot(transactions, info) {
          if (stopped()) return;
          dispatch({ type: 'snapshot', transactions, reconnect: info.reconnect });
          settled = true;
          resolve();
        },
        onUpdate(transactions: readonly Transaction[]) {
          dispatch({ type: 'frame', transactions });
        },
        onError(err) {
          if (stopped()) return;
          subscription = undefined;
          dispatch({ type: 'refused', error: err });
          if (settled) subscriber.fail(err);
          else reject(err);
          settled = true;
        },
        onMalformed(err) {
          dispatch({ type: 'malformed', error: err });
        },
      };
      try {
        subscription = realtime.subscribe({ ...filters, limit: 0 }, handlers);
      } catch (err) {
        // Only a closed realtime client refuses here: asking again would not help.
        dispatch({ type: 'subscribe-failed', error: err });
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
      realtime.on('state', (socket: RealtimeState) => dispatch({ type: 'socket', state: socket })),
      realtime.on('stalled', ({ pongTimeoutMs }) => dispatch({ type: 'stalled', pongTimeoutMs })),
      realtime.on('error', (error) => dispatch({ type: 'socket-error', error })),
    );
  }

  return {
    start() {
      if (state.link !== 'idle') return;
      listen();
      dispatch({ type: 'start', socket: realtime.state });
    },

    stop() {
      dispatch({ type: 'stop' });
    },

    waitForSubscription(ms) {
      if (subscriptionSettled(state)) return Promise.resolve();
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
      dispatch({ type: 'baseline-begin' });
      return baselineMark(state);
    },

    baselineRead(mark: BaselineMark) {
      dispatch({ type: 'baseline-read', mark });
    },

    catchUp() {
      dispatch({ type: 'catch-up' });
    },

    note(transactions) {
      dispatch({ type: 'noted', transactions });
    },
    readAnswered() {
      dispatch({ type: 'owner-answered' });
    },
    readFailed(err) {
      dispatch({ type: 'owner-failed', error: err });
    },

    get watermark() {
      return state.watermark;
    },
  };
}
