// A timer driven by hand (the shape of the realtime client's injectable `after`): a delay passes
// when the test says so, with no real waiting, so a test of minutes of backoff takes none.

export interface ManualTimers {
  /** What is waiting, in the order asked for. */
  readonly pending: { ms: number; fn: () => void }[];
  /** Schedules `fn` after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
  /** The first pending delay passes. */
  pass(): void;
}

export function manualTimers(): ManualTimers {
  const pending: { ms: number; fn: () => void }[] = [];
  return {
    pending,
    after(ms, fn) {
      const t = { ms, fn };
      pending.push(t);
      return () => {
        const i = pending.indexOf(t);
        if (i >= 0) pending.splice(i, 1);
      };
    },
    pass() {
      pending.shift()?.fn();
    },
  };
}
