// What one run of `npm run bench` does and how much of it: the sizes, repetitions and pauses of
// the full run and of the smoke run (BENCH_SMOKE=1), the seeded key gaps and the progress lines.
import { performance } from 'node:perf_hooks';
import { seeded } from './stats.mjs';

export const SMOKE = process.env.BENCH_SMOKE === '1';
export const SEED = Number(process.env.BENCH_SEED ?? 1);
export const DEBUG = process.env.BENCH_DEBUG === '1';

/**
 * World speed of the consoles' sandboxes (`custody sandbox --speed`): at 3.5 the generator and the
 * lifecycle push about 10 transaction updates a second (measured over 150 s: 7 to 15 per 10 s
 * window, 10.3 on average); the table reports what the bytes windows actually saw.
 */
export const SPEED = 3.5;
export const COLS = 120;
export const ROWS = 40;

/** The sizes of the JSON line: label (transactions in the workspace) → the sandbox's `--history`. */
const FULL_SIZES = { 1000: 1000, 10000: 10000, 100000: 100000, 1000000: 1000000 };
// Two distinct histories even in the smoke run, so the interleaving of the two filter consoles runs.
const SMOKE_SIZES = { 1000: 200, 10000: 200, 100000: 200, 1000000: 2000 };

export const CONFIG = SMOKE
  ? {
      sizes: SMOKE_SIZES,
      firstFrameRuns: 1,
      warmupRuns: 0,
      keyRounds: 1,
      keysPerRound: 4,
      settleMs: 300,
      filterRounds: 1,
      filtersPerRound: 1,
      scroll: { G: 1, pageDown: 1 },
      declines: 2,
      bytesWindows: 2,
      bytesWindowMs: 1000,
      listHistory: 2000,
      listRequests: 20,
      signIterations: 100,
      signRepeats: 2,
      hostileRuns: 1,
      exportRuns: { 1000: 1, 1000000: 1 },
      exportTimeoutMs: 60_000,
      restSettleMs: 500,
      restCpuMs: 1_000,
      stateChanges: 6,
      stateIdleMs: 500,
    }
  : {
      sizes: FULL_SIZES,
      firstFrameRuns: 7,
      warmupRuns: 1,
      keyRounds: 4,
      keysPerRound: 15,
      settleMs: 1500,
      filterRounds: 4,
      filtersPerRound: 3,
      scroll: { G: 5, pageDown: 5 },
      declines: 15,
      bytesWindows: 5,
      bytesWindowMs: 4000,
      listHistory: 200000,
      listRequests: 200,
      signIterations: 2000,
      signRepeats: 5,
      hostileRuns: 3,
      // The 1,000 export is over in a second: three of them; the 1,000,000 one reads every row
      // once (about a minute on 2 cores).
      exportRuns: { 1000: 3, 1000000: 1 },
      exportTimeoutMs: 240_000,
      // At rest: memory 10 s after the first rows, then the CPU of a minute left alone.
      restSettleMs: 10_000,
      restCpuMs: 60_000,
      // The state dir at 1,000,000: changes through the API, then the world left alone a while.
      stateChanges: 60,
      stateIdleMs: 20_000,
    };

/** The two sizes the filter, first-rows and memory comparisons are made between. */
export const SMALL = '1000';
export const HUGE = '1000000';

export const rng = seeded(SEED);
export const delay = (ms) => new Promise((r) => setTimeout(r, ms));
export const benchStart = performance.now();
export const elapsedSeconds = () => (performance.now() - benchStart) / 1000;
export const progress = (text) => process.stderr.write(`[bench ${elapsedSeconds().toFixed(1)}s] ${text}\n`);
