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

/** World time = startMs + real elapsed time * speed, read from a monotonic source. */
export function createSystemClock(opts: { speed?: number; startMs?: number } = {}): Clock {
  const speed = opts.speed !== undefined && Number.isFinite(opts.speed) && opts.speed > 0 ? opts.speed : 1;
  const start = Math.floor(opts.startMs ?? Date.now());
  const origin = performance.now();
  return { now: () => start + Math.floor((performance.now() - origin) * speed) };
}
