// The loop every background read runs in (src/live/loop.ts), on fake timers: when runs start,
// given what each run does and when it was asked for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoop, type Loop, type LoopOptions } from '../../src/live/loop.js';
import { createTimers, type Timers } from '../../src/live/timers.js';

type Outcome = 'ok' | 'fail';

interface Script {
  /** What each run does, in order (past the end: ok). */
  outcomes: Outcome[];
  /** How long a run takes. */
  durationMs?: number;
  /** When trigger() is called. */
  triggers: number[];
  /** When fail() is called (a failure after its run ended). */
  fails?: number[];
  everyMs?: number;
  retryWhile?: boolean;
  /** How long to watch. */
  untilMs: number;
}

let timers: Timers;
beforeEach(() => {
  vi.useFakeTimers();
  timers = createTimers();
});
afterEach(() => {
  timers.stop();
  vi.useRealTimers();
});

/** Runs the script; returns when each run started (ms from the start) and the failure counts told. */
async function play(script: Script, extra: Partial<LoopOptions> = {}) {
  const t0 = Date.now();
  const starts: number[] = [];
  const told: number[] = [];
  let n = 0;
  const loop = createLoop({
    timers,
    retryBaseMs: 100,
    retryMaxMs: 300,
    run: () => {
      starts.push(Date.now() - t0);
      const outcome = script.outcomes[n++] ?? 'ok';
      return new Promise<void>((resolve, reject) => {
        const end = () => (outcome === 'ok' ? resolve() : reject(new Error('refused')));
        if (script.durationMs === undefined) queueMicrotask(end);
        else setTimeout(end, script.durationMs);
      });
    },
    onError: (_err, failures) => told.push(failures),
    ...(script.everyMs === undefined ? {} : { everyMs: () => script.everyMs }),
    ...(script.retryWhile === undefined ? {} : { retryWhile: () => script.retryWhile! }),
    ...extra,
  });
  for (const at of script.triggers) setTimeout(() => void loop.trigger(), at);
  for (const at of script.fails ?? []) setTimeout(() => loop.fail(new Error('ended')), at);
  await vi.advanceTimersByTimeAsync(script.untilMs);
  return { starts, told, loop };
}

describe('createLoop', () => {
  it.each<[string, Script, number[], number[]]>([
    ['a success runs once, then waits for the next call', { outcomes: ['ok'], triggers: [0], untilMs: 5_000 }, [0], []],
    [
      'failures retry after 100, 200, then the cap (300) until a success',
      { outcomes: ['fail', 'fail', 'fail', 'fail', 'ok'], triggers: [0], untilMs: 5_000 },
      [0, 100, 300, 600, 900],
      [1, 2, 3, 4],
    ],
    [
      'a success resets the backoff',
      { outcomes: ['fail', 'ok', 'fail', 'ok'], triggers: [0, 1_000], untilMs: 5_000 },
      [0, 100, 1_000, 1_100],
      [1, 1],
    ],
    [
      'calls while a run is under way fold into one more run right after it',
      { outcomes: ['ok', 'ok', 'ok'], durationMs: 50, triggers: [0, 10, 20, 30], untilMs: 5_000 },
      [0, 50],
      [],
    ],
    [
      'a call folded into a failing run: the next run comes at once, not after the backoff',
      { outcomes: ['fail', 'ok'], durationMs: 50, triggers: [0, 10], untilMs: 5_000 },
      [0, 50],
      [1],
    ],
    [
      'a call replaces a waiting retry',
      { outcomes: ['fail', 'ok'], triggers: [0, 40], untilMs: 5_000 },
      [0, 40],
      [1],
    ],
    [
      'a poller runs every everyMs, and waits at least that long after a failure',
      { outcomes: ['ok', 'fail', 'fail', 'fail', 'ok'], everyMs: 200, triggers: [0], untilMs: 1_100 },
      [0, 200, 400, 600, 900, 1_100],
      [1, 2, 3],
    ],
    [
      'without retryWhile a failure waits for the next call',
      { outcomes: ['fail', 'ok'], retryWhile: false, triggers: [0, 2_000], untilMs: 5_000 },
      [0, 2_000],
      [1],
    ],
    [
      'fail() after a success counts one failure and retries after the base delay',
      { outcomes: ['ok', 'fail', 'ok'], triggers: [0], fails: [500], untilMs: 5_000 },
      [0, 600, 800],
      [1, 2],
    ],
    [
      'fail() while a retry waits changes nothing more than the count',
      { outcomes: ['fail', 'ok'], triggers: [0], fails: [50], untilMs: 5_000 },
      [0, 100],
      [1, 2],
    ],
  ])('%s', async (_name, script, wantStarts, wantTold) => {
    const { starts, told } = await play(script);
    expect(starts).toEqual(wantStarts);
    expect(told).toEqual(wantTold);
  });

  it('trigger resolves when its run ended; a call folded in resolves after the run it joined', async () => {
    let finish: () => void = () => undefined;
    let runs = 0;
    const loop = createLoop({
      timers,
      retryBaseMs: 100,
      retryMaxMs: 100,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const settled: string[] = [];
    void loop.trigger().then(() => settled.push('first'));
    void loop.trigger().then(() => settled.push('folded'));
    expect(loop.running).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['first']);
    expect(runs).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual(['first', 'folded']);
    expect(loop.succeeded).toBe(true);
  });

  it('a failing run never rejects its trigger', async () => {
    const loop = createLoop({ timers, retryBaseMs: 100, retryMaxMs: 100, run: () => Promise.reject(new Error('no')) });
    await expect(loop.trigger()).resolves.toBeUndefined();
    expect(loop.failures).toBe(1);
    expect(loop.succeeded).toBe(false);
  });

  it('stop: the run under way schedules nothing, later calls do nothing, waiting callers are released', async () => {
    let runs = 0;
    let finish: (ok: boolean) => void = () => undefined;
    const loop: Loop = createLoop({
      timers,
      retryBaseMs: 100,
      retryMaxMs: 100,
      everyMs: () => 50,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject(new Error('x')))));
      },
    });
    void loop.trigger();
    let released = false;
    void loop.trigger().then(() => (released = true));
    loop.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(true);
    finish(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    await loop.trigger();
    loop.fail(new Error('late'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    expect(timers.pending).toBe(0);
  });

  it("the owner's timers stopped: nothing runs again, not even a folded call", async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    const loop = createLoop({
      timers,
      retryBaseMs: 100,
      retryMaxMs: 100,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    void loop.trigger();
    void loop.trigger();
    timers.stop();
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
  });

  it('cancel drops a waiting retry; the next call runs at once', async () => {
    const { loop, starts } = await play({ outcomes: ['fail', 'ok'], triggers: [0], untilMs: 50 });
    loop.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0]);
    void loop.trigger();
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([0, 1_050]);
  });

  it("an onError that throws does not stop the retries", async () => {
    const { starts } = await play(
      { outcomes: ['fail', 'fail', 'ok'], triggers: [0], untilMs: 1_000 },
      {
        onError: () => {
          throw new Error('the report failed');
        },
      },
    );
    expect(starts).toEqual([0, 100, 300]);
  });
});
