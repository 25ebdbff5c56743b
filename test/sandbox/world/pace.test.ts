// `--speed F`: the world works F times faster (steps, arrivals, price ticks) on the real clock, so
// nothing it stamps is ever ahead of the clock a console compares with (issue 12: ages read "+58m"
// once the world's own clock had run ahead).
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/contract/index.js';
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index.js';
import { createManualClock, createWorld } from '../../../src/sandbox/world/index.js';
import { START } from './helpers.js';

/** Every time a transaction carries (created, updated, finished, confirmed...). */
function stamps(tx: Transaction): number[] {
  const out: number[] = [];
  for (const [key, value] of Object.entries(tx)) {
    if (/At$/.test(key) && key !== 'expiresAt' && typeof value === 'string' && /^\d+$/.test(value)) out.push(Number(value));
  }
  return out;
}

/** The world after `ms` of clock time at a pace: how many transactions changed, and when the last was stamped. */
function runFor(pace: number, ms: number) {
  const clock = createManualClock(START);
  const world = createWorld({ seed: 3, clock, history: 50, pace });
  let changes = 0;
  world.onChange(() => changes++);
  for (let t = 0; t < ms; t += 100) {
    clock.advance(100);
    world.advance();
  }
  const latest = Math.max(...world.transactions({ limit: '1000' }).flatMap(stamps));
  return { changes, created: world.transactions({ limit: '1000' }).length, latest, now: clock.now() };
}

describe('the pace of the world', () => {
  it.each([
    [1, 1, 1],
    [10, 5, 20],
    [0.1, 0, 0.3],
  ])('at pace %s a minute holds %s to %s times the work of pace 1; nothing is stamped ahead of the clock', (pace, lo, hi) => {
    const base = runFor(1, 60_000);
    const run = runFor(pace, 60_000);
    expect(run.changes / base.changes).toBeGreaterThanOrEqual(lo);
    expect(run.changes / base.changes).toBeLessThanOrEqual(hi);
    expect(run.latest).toBeLessThanOrEqual(run.now);
    expect(run.now).toBe(START + 60_000);
  });

  it('a new world at pace 1 is the same world as before (the pace changes no draw)', () => {
    const a = runFor(1, 20_000);
    const b = runFor(1, 20_000);
    expect(a).toEqual(b);
  });
});

describe('custody sandbox --speed', () => {
  let sandbox: SandboxHandle | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('at speed 20 the world is busier, and every time it stamps is at or before the real clock', async () => {
    sandbox = await startSandbox({ seed: 4, history: 50, speed: 20, tickIntervalMs: 20 });
    const started = Date.now();
    const before = sandbox.world.transactions({ limit: '1000' }).length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    sandbox.world.advance();
    const all = sandbox.world.transactions({ limit: '1000' });
    // About one new transaction every 5 s at speed 1: a few in 1.5 s at speed 20.
    expect(all.length).toBeGreaterThan(before);
    const latest = Math.max(...all.flatMap(stamps));
    expect(latest).toBeLessThanOrEqual(Date.now());
    expect(sandbox.clock.now() - started).toBeLessThan(10_000);
  });
});
