// `npm run bench`: the console measured in a real terminal, the way its user's terminal sees it
// (issue 6), up to workspaces of a million transactions. Every program runs in a pseudo-terminal
// (120x40, @lydell/node-pty) with CI removed from its environment; every byte it writes goes into
// @xterm/headless and every decision is taken on the emulated screen, timed by the arrival of the
// chunk that changed it. Keys go one at a time with seeded random gaps, only once the program has
// the terminal in raw mode. A trivial raw-mode echo program (echo.mjs) is measured in the same
// rounds as the calibration floor, and the baseline Ink program (baseline/main.tsx) is bundled
// with the console's own esbuild options.
//
// The phases: signing; sandboxes of 1,000 / 10,000 / 100,000 / 1,000,000 transactions started
// together; first frames (console and baseline) and first rows (console at 1,000 and 1,000,000),
// interleaved; one console per size, each started alone to rows on screen; key rounds over the
// echo program and every console; `:tx` and `/` filters on the 1,000 and 1,000,000 consoles,
// interleaved; scrolling in both; declines to the screen (1,000); bytes per second; the CSV
// export (`custody tx list --all --output csv`, a child process) of the 1,000 and 1,000,000
// sandboxes; the console and the bare Ink program at rest (rest.mjs: memory, a minute's CPU); the
// sandbox's filtered list; the 1,000,000 sandbox with --state-dir (state-dir.mjs: bytes per change, restart);
// each console's peak memory over its whole life; last, consoles against
// a hostile server (hostile.mjs: rows, keys and SIGTERM with 50,000-character
// names and worse).
//
// Prints progress to stderr, a table to stdout and, as the very last line, one JSON object.
// Exit 0 when every target holds, 3 when a target misses, 1 when a measurement failed.
//
//   npm run bench                  the full run (about 5 minutes on 2 cores; it prints its duration)
//   BENCH_SMOKE=1 node test/bench/run.mjs   tiny sizes, one repetition (the test suite's smoke run)
//   BENCH_SEED=N                   another seed for the key gaps (default 1)
//   BENCH_DEBUG=1                  every key's and decline's time on stderr
// Where the time goes: test/bench/profile.mjs (a CPU profile of the console, phase by phase).
import { cpus, loadavg } from 'node:os';
import { CONFIG, HUGE, progress, SEED, SMALL, SMOKE, SPEED } from './config.mjs';
import { measureFilters, scroll } from './filters.mjs';
import { measureExport } from './export.mjs';
import { measureHostile } from './hostile.mjs';
import { measureRest } from './rest.mjs';
import { measureStateDir } from './state-dir.mjs';
import {
  keySubject,
  measureBytes,
  measureFirstFrames,
  measureKeys,
  measureSandboxList,
  measureSign,
  measureUpdateToScreen,
  waitForRows,
} from './measure.mjs';
import { bundleBaseline, memory, signal, snapshotBuild, spawnConsole, spawnEcho } from './programs.mjs';
import { figures, table, targets } from './report.mjs';
import { setBinary, startSandbox } from './sandbox.mjs';

const cleanups = [];
const n = (v) => Number(v).toLocaleString('en-US');

async function main() {
  progress(`${SMOKE ? 'SMOKE run' : 'full run'}, seed ${SEED}, ${cpus().length} cores, node ${process.version}`);
  setBinary(snapshotBuild());
  const baselineBin = await bundleBaseline();
  const loadAtStart = loadavg()[0];
  const m = { sandboxStartMs: {}, rowsAtMs: {}, rss: {}, peaks: {}, scrolls: {} };

  progress('signing');
  m.signSamples = await measureSign();

  const histories = [...new Set(Object.values(CONFIG.sizes))].sort((a, b) => a - b);
  const smallH = CONFIG.sizes[SMALL];
  const hugeH = CONFIG.sizes[HUGE];
  progress(`sandboxes with ${histories.map(n).join(', ')} transactions (speed ${SPEED}), started together`);
  const sandboxes = new Map();
  await Promise.all(
    histories.map(async (h) => {
      const s = await startSandbox({ history: h, extra: ['--speed', String(SPEED)], timeoutMs: 120_000 });
      sandboxes.set(h, s);
      cleanups.push(() => s.close());
      m.sandboxStartMs[h] = s.startupMs;
    }),
  );
  const close = async (h) => {
    await consoles.get(h)?.dispose();
    await sandboxes.get(h).close();
  };

  progress(`first frame and first rows: console (${n(smallH)}), baseline, console (${n(hugeH)}), interleaved`);
  m.firstFrames = await measureFirstFrames({ small: sandboxes.get(smallH), huge: sandboxes.get(hugeH), baselineBin, hugeHistory: hugeH });

  // One console per size, started one after another (each alone, so its start time means
  // something), then stopped until its turn.
  const consoles = new Map();
  for (const h of histories) {
    const session = spawnConsole(sandboxes.get(h));
    cleanups.push(() => session.dispose());
    const at = await waitForRows(session, 60_000);
    await session.waitForRawMode({ timeoutMs: 30_000 });
    m.rowsAtMs[h] = at - session.startedAt;
    consoles.set(h, session);
    progress(`console with ${n(h)} transactions: rows on screen in ${(m.rowsAtMs[h] / 1000).toFixed(2)} s, ${memory(session.pid).rssMb.toFixed(0)} MB resident`);
    signal(session, 'SIGSTOP');
  }

  const echo = spawnEcho();
  cleanups.push(() => echo.dispose());
  await echo.waitForText('echo ready');
  await echo.waitForRawMode();
  const subjects = [
    { name: 'echo', session: echo, identify: () => echo.lines()[1] || 'none' },
    ...histories.map((h) => keySubject(String(h), consoles.get(h))),
  ];
  progress(`key latency: ${CONFIG.keyRounds} interleaved rounds of ${CONFIG.keysPerRound} keys`);
  m.keys = await measureKeys(subjects);
  await echo.dispose();
  // The middle sizes are done: their peak memory, then they go.
  for (const h of histories.filter((h) => h !== smallH && h !== hugeH)) {
    m.rss[h] = memory(consoles.get(h).pid);
    await close(h);
  }

  const pair = [...new Set([smallH, hugeH])].map((h) => ({ label: String(h), session: consoles.get(h) }));
  // Where the peaks of the two consoles that go on were reached: after which phase.
  const peakAfter = (phase) => {
    for (const c of pair) (m.peaks[c.label] ??= []).push([phase, memory(c.session.pid).peakMb]);
  };
  peakAfter('keys');
  progress(`filters: ${CONFIG.filterRounds} interleaved rounds on the ${pair.map((c) => n(c.label)).join(' and ')} consoles`);
  m.filters = await measureFilters(pair);
  peakAfter('filters');

  for (const c of pair) {
    m.scrolls[c.label] = await scroll(c.session);
    const s = m.scrolls[c.label];
    progress(`scrolled the ${n(c.label)} console: ${s.more ? `${n(s.held)}+` : `all ${n(s.held)}`} rows, ${s.times.map((t) => t.toFixed(0)).join(', ')} ms`);
  }
  peakAfter('scroll');
  if (hugeH !== smallH) {
    m.rss[hugeH] = memory(consoles.get(hugeH).pid);
    // Its sandbox stays for the export.
    await consoles.get(hugeH).dispose();
  }

  progress('update to screen: declines through the API');
  m.updateTimes = await measureUpdateToScreen(sandboxes.get(smallH), consoles.get(smallH));
  m.rss[smallH] = memory(consoles.get(smallH).pid);
  await consoles.get(smallH).dispose();

  progress('bytes per second: incremental and full, side by side');
  m.bytes = await measureBytes(sandboxes.get(smallH));

  // No console is left: the exports have the machine to themselves and their sandboxes.
  progress(`export: tx list --all --output csv of the ${n(smallH)} and ${n(hugeH)} sandboxes`);
  m.exports = await measureExport(
    [...new Set([smallH, hugeH])].map((h) => ({ label: String(h), history: h, sandbox: sandboxes.get(h) })),
    progress,
  );
  await sandboxes.get(smallH).close();
  if (hugeH !== smallH) await sandboxes.get(hugeH).close();

  progress(`at rest: the console on a 1,000-transaction sandbox at speed 1, ${CONFIG.restCpuMs / 1000} s left alone; the bare Ink program`);
  m.rest = await measureRest(baselineBin);
  progress(`at rest: ${m.rest.rssMb.toFixed(0)} MB resident (bare Ink ${m.rest.baselineRssMb.toFixed(0)} MB), ${m.rest.cpuPercent.toFixed(2)} % of a core`);

  progress(`sandbox list: ${CONFIG.listRequests} filtered lists against ${n(CONFIG.listHistory)} transactions`);
  m.list = await measureSandboxList();

  progress(`state dir: the ${n(hugeH)} sandbox with --state-dir: ${CONFIG.stateChanges} changes, a stop, a restart`);
  m.state = await measureStateDir();
  progress(`state dir: restart ${(m.state.restartMs / 1000).toFixed(1)} s (first start ${(m.state.startMs / 1000).toFixed(1)} s), ${m.state.bytesPerChange.toFixed(0)} B per change`);

  // Last, alone: its sandbox and proxy must not weigh on the figures above.
  progress(`hostile server: ${CONFIG.hostileRuns} console(s) behind the rewriting proxy (${n(CONFIG.sizes[SMALL])} transactions)`);
  m.hostile = await measureHostile();

  const result = figures(m);
  const checks = targets(result);
  process.stdout.write(`${table(m, checks, loadAtStart)}\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  const allFinite = !JSON.stringify(result, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)).includes('null');
  if (!allFinite) return 1;
  if (SMOKE) return 0;
  return checks.every(([, ok]) => ok) ? 0 : 3;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  code = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // best effort
    }
  }
  progress('done');
}
process.exit(code);
