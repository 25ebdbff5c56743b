// Every timer the engine sets goes through here, so that stop() clears them all at once and
// nothing fires afterwards.

export interface Timers {
  /** Runs `fn` once after `ms`; returns a cancel function. A no-op once stopped. */
  after(ms: number, fn: () => void): () => void;
  /** Cancels every pending timer; later `after` calls do nothing. Idempotent. */
  stop(): void;
  readonly stopped: boolean;
  /** Timers still pending (for tests). */
  readonly pending: number;
}

/** Where delays come from: setTimeout, or a test's hand-driven timers (test/helpers/manual-timers.ts). */
export interface Clock {
  /** Runs `fn` once after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

const realClock: Clock = {
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

export function createTimers(clock: Clock = realClock): Timers {
  const live = new Set<() => void>();
  let stopped = false;
  return {
    after(ms, fn) {
      if (stopped) return () => undefined;
      const cancel = () => {
        live.delete(cancel);
        cancelTimer();
      };
      const cancelTimer = clock.after(ms, () => {
        live.delete(cancel);
        if (!stopped) fn();
      });
      live.add(cancel);
      return cancel;
    },
    stop() {
      stopped = true;
      for (const cancel of [...live]) cancel();
      live.clear();
    },
    get stopped() {
      return stopped;
    },
    get pending() {
      return live.size;
    },
  };
}

/** Doubling delay after consecutive failures: base, 2·base, 4·base ... capped at max. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(baseMs * 2 ** Math.min(failures - 1, 30), maxMs);
}
