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

export function createTimers(): Timers {
  const live = new Set<NodeJS.Timeout>();
  let stopped = false;
  return {
    after(ms, fn) {
      if (stopped) return () => undefined;
      const timer = setTimeout(
        () => {
          live.delete(timer);
          if (!stopped) fn();
        },
        Math.max(0, ms),
      );
      live.add(timer);
      return () => {
        clearTimeout(timer);
        live.delete(timer);
      };
    },
    stop() {
      stopped = true;
      for (const timer of live) clearTimeout(timer);
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
