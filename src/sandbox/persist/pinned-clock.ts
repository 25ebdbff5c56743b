// The clock a persisted world reads. Every change is journaled with one time, and a replay must
// see exactly that time; so the clock moves only when told: `pin()` takes the source's time at the
// start of each operation (never going back: a clock step backwards makes time stand still), and
// everything inside the operation reads that one value. `set()` is for the replay.
import type { Clock } from '../world/index.js';

export interface PinnedClock extends Clock {
  /** Moves to the source's time (or stays, if that is behind) and returns it. */
  pin(): number;
  /** The replay's move to a journaled time. */
  set(ms: number): void;
}

export function createPinnedClock(source: () => number, startMs: number): PinnedClock {
  let current = Math.floor(startMs);
  return {
    now: () => current,
    pin() {
      current = Math.max(current, Math.floor(source()));
      return current;
    },
    set(ms) {
      current = Math.floor(ms);
    },
  };
}
