// One way to run background work (a read, a poll, the subscription): never two runs at once (a
// call while one runs is folded into one more run right after it), failures retried with a
// doubling delay that a success resets, and a poller's next run set after each success. k9s'
// model/table.go keeps its refresh the same way: one loop, a backoff, a guard against overlap.
import { backoffMs, type Timers } from './timers.js';

export interface LoopOptions {
  /** The work. A rejection is a failure: retried after backoffMs(failures). */
  run(): Promise<void>;
  /** Every wait goes through these (the owner's stop() clears them; tests may fake them). */
  timers: Timers;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * A poller: run again this long after a success, and wait at least this long after a failure.
   * Asked after every run; undefined: wait for the next trigger.
   */
  everyMs?: () => number | undefined;
  /** Whether a failure is retried (asked after each failure); default always. */
  retryWhile?: () => boolean;
  /** Told of each failure, with the count of failures in a row. */
  onError?(err: unknown, failures: number): void;
}

export interface Loop {
  /**
   * Runs now, or once more right after the run under way (however many calls came meanwhile).
   * A waiting retry or tick is replaced. Resolves when that run ended; never rejects.
   */
  trigger(): Promise<void>;
  /**
   * A failure that surfaced after its run had ended (a subscription refused after it was live):
   * counted like one, and retried after the backoff unless a run is under way or waiting.
   */
  fail(err: unknown): void;
  /** Cancels a waiting retry or tick (a run under way still decides its own next one). */
  cancel(): void;
  /** Cancels, and nothing runs afterwards. Idempotent. */
  stop(): void;
  readonly running: boolean;
  /** Failures in a row (0 after a success). */
  readonly failures: number;
  /** True once a run succeeded. */
  readonly succeeded: boolean;
}

export function createLoop(opts: LoopOptions): Loop {
  let running = false;
  let again = false;
  let stopped = false;
  let failures = 0;
  let succeeded = false;
  let cancelWait: (() => void) | undefined;
  /** Callers folded into the next run, told when it ends. */
  let waiting: (() => void)[] = [];

  const isStopped = () => stopped || opts.timers.stopped;

  function cancelTimer(): void {
    cancelWait?.();
    cancelWait = undefined;
  }

  function wake(): void {
    const callers = waiting;
    waiting = [];
    for (const resolve of callers) resolve();
  }

  function failure(err: unknown): number | undefined {
    failures += 1;
    try {
      opts.onError?.(err, failures);
    } catch {
      // the owner's report failed: the retry still follows
    }
    if (!(opts.retryWhile?.() ?? true)) return undefined;
    return Math.max(opts.everyMs?.() ?? 0, backoffMs(failures, opts.retryBaseMs, opts.retryMaxMs));
  }

  function wait(ms: number): void {
    cancelTimer();
    cancelWait = opts.timers.after(ms, () => {
      cancelWait = undefined;
      void start();
    });
  }

  async function start(): Promise<void> {
    if (isStopped()) return;
    cancelTimer();
    running = true;
    let next: number | undefined;
    try {
      await opts.run();
      failures = 0;
      succeeded = true;
      if (!isStopped()) next = opts.everyMs?.();
    } catch (err) {
      if (!isStopped()) next = failure(err);
    } finally {
      running = false;
    }
    if (isStopped()) {
      wake();
      return;
    }
    if (again) {
      again = false;
      const callers = waiting;
      waiting = [];
      void start().then(() => {
        for (const resolve of callers) resolve();
      });
    } else if (next !== undefined) {
      wait(next);
    }
  }

  return {
    trigger() {
      if (isStopped()) return Promise.resolve();
      if (running) {
        again = true;
        return new Promise((resolve) => waiting.push(resolve));
      }
      return start();
    },
    fail(err) {
      if (isStopped()) return;
      const next = failure(err);
      if (next !== undefined && !running && cancelWait === undefined) wait(next);
    },
    cancel: cancelTimer,
    stop() {
      stopped = true;
      again = false;
      cancelTimer();
      wake();
    },
    get running() {
      return running;
    },
    get failures() {
      return failures;
    },
    get succeeded() {
      return succeeded;
    },
  };
}
