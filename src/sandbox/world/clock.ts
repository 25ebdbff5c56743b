// The clock the world reads. World time is epoch ms; moving a clock does not run the world by
// itself: whoever moves it calls `world.advance()` (the server does before every request).

export interface Clock {
  now(): number;
}

export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function createManualClock(startMs: number): ManualClock {
  let current = Math.floor(startMs);
  return {
    now: () => current,
    set(ms) {
      current = Math.floor(ms);
    },
    advance(ms) {
      current += Math.floor(ms);
    },
  };
}

/**
 * World time = startMs + real elapsed time, read from a monotonic source. Always real time: a faster
 * sandbox (--speed) speeds up the world's work (its pace), never its clock.
 */
export function createSystemClock(opts: { startMs?: number } = {}): Clock {
  const start = Math.floor(opts.startMs ?? Date.now());
  const origin = performance.now();
  return { now: () => start + Math.floor(performance.now() - origin) };
}
