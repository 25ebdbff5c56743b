// `npm run bench`: the console measured in a real terminal, the way its user's terminal sees it
// (issue 6). Every program runs in a pseudo-terminal (120x40, @lydell/node-pty) with CI removed
// from its environment; every byte it writes goes into @xterm/headless and every decision is
// taken on the emulated screen, timed by the arrival of the chunk that changed it. Keys go one at
// a time with seeded random gaps, only once the program has the terminal in raw mode. A trivial
// raw-mode echo program (echo.mjs) is measured in the same rounds as the calibration floor, and
// the baseline Ink program (baseline/main.tsx) is bundled with the console's own esbuild options.
//
// Prints progress to stderr, a table to stdout and, as the very last line, one JSON object.
// Exit 0 when every target holds, 3 when a target misses, 1 when a measurement failed.
//
//   npm run bench                  the full run (about 2-3 minutes on 2 cores)
//   BENCH_SMOKE=1 node test/bench/run.mjs   tiny sizes, one repetition (the test suite's smoke run)
//   BENCH_SEED=N                   another seed for the key gaps (default 1)
//   BENCH_DEBUG=1                  every key's time on stderr
// Where the time goes: test/bench/profile.mjs (a CPU profile of the console, phase by phase).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { PtySession } from './pty.mjs';
import { CUSTODY_BIN, makeKey, ROOT, startSandbox, setBinary } from './sandbox.mjs';
import { listCounter, selectedRow, showsAccountRows } from './screen.mjs';
import { median, percentile, round, seeded, spread } from './stats.mjs';
import { watchUpdates } from './updates.mjs';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SEED = Number(process.env.BENCH_SEED ?? 1);
const DEBUG = process.env.BENCH_DEBUG === '1';

/**
 * World speed of the consoles' sandboxes (`custody sandbox --speed`): at 3.5 the generator and the
 * lifecycle push about 10 transaction updates a second (measured over 150 s: 7 to 15 per 10 s
 * window, 10.3 on average); the table reports what the bytes windows actually saw.
 */
const SPEED = 3.5;
const COLS = 120;
const ROWS = 40;

const CONFIG = SMOKE
  ? {
      sizes: { 1000: 200, 10000: 200, 100000: 200 },
      firstFrameRuns: 1,
      warmupRuns: 0,
      keyRounds: 1,
      keysPerRound: 4,
      settleMs: 300,
      declines: 2,
      bytesWindows: 2,
      bytesWindowMs: 1000,
      listHistory: 2000,
      listRequests: 20,
      signIterations: 100,
      signRepeats: 2,
    }
  : {
      sizes: { 1000: 1000, 10000: 10000, 100000: 100000 },
      firstFrameRuns: 7,
      warmupRuns: 1,
      keyRounds: 4,
      keysPerRound: 15,
      settleMs: 1500,
      declines: 15,
      bytesWindows: 5,
      bytesWindowMs: 4000,
      listHistory: 200000,
      listRequests: 200,
      signIterations: 2000,
      signRepeats: 5,
    };

const rng = seeded(SEED);
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
const benchStart = performance.now();
const progress = (text) => process.stderr.write(`[bench ${((performance.now() - benchStart) / 1000).toFixed(1)}s] ${text}\n`);

const tmp = mkdtempSync(join(tmpdir(), 'custody-bench-run-'));
const cleanups = [];
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------
// Builds

function buildConsole() {
  // The smoke run inside `npm test` (which builds first) must not rebuild dist/ from under the
  // end-to-end tests running beside it.
  if (SMOKE && existsSync(join(ROOT, 'dist/main.js'))) return;
  const out = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (out.status !== 0) throw new Error('the build failed');
}

/**
 * A private copy of bin/ and dist/: a build started meanwhile by someone else (npm test rebuilds
 * a stale dist/ from scratch) must not pull chunks from under the running programs.
 */
function snapshotBuild() {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const app = join(tmp, `app-${attempt}`);
    try {
      buildConsole();
      cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });
      cpSync(join(ROOT, 'bin/custody.js'), join(app, 'bin/custody.js'));
      writeFileSync(join(app, 'package.json'), '{"type":"module"}\n');
      // Every chunk a file imports (esbuild names them NAME-HASH.js) must be in the copy.
      const files = readdirSync(join(app, 'dist')).filter((f) => f.endsWith('.js'));
      const complete =
        files.includes('main.js') &&
        files.every((f) =>
          [...readFileSync(join(app, 'dist', f), 'utf8').matchAll(/["']\.\/([\w-]+-[A-Z0-9]{8}\.js)["']/g)].every((m) =>
            existsSync(join(app, 'dist', m[1])),
          ),
        );
      if (complete) return join(app, 'bin/custody.js');
    } catch {
      // dist/ changed while being copied: build and copy again
    }
    rmSync(app, { recursive: true, force: true });
    spawnSync('sleep', ['1']);
  }
  throw new Error('could not take a complete copy of dist/ (is a build running in a loop?)');
}

/** The baseline Ink program, bundled like the console (scripts/build.mjs bundleOptions). */
async function bundleBaseline() {
  const { bundleOptions } = await import(pathToFileURL(join(ROOT, 'scripts/build.mjs')).href);
  const out = join(tmp, 'baseline');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  await esbuild.build(bundleOptions([join(ROOT, 'test/bench/baseline/main.tsx')], out));
  // Launched like bin/custody.js: a small entry that imports the bundle.
  writeFileSync(join(out, 'bin.js'), "await import('./main.js');\n");
  return join(out, 'bin.js');
}

/** The project's signer (src/auth), bundled for this process. */
async function bundleSigner() {
  const out = join(tmp, 'auth');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  await esbuild.build({
    entryPoints: [join(ROOT, 'src/auth/index.ts')],
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return import(pathToFileURL(join(out, 'index.js')).href);
}

// ---------------------------------------------------------------------------------------------
// Programs in the terminal

let homes = 0;
/**
 * A fresh HOME and XDG folders, so no profile of the user's interferes. The cache folder is one
 * for the whole run, as a user's is: from Node 22.1 the console keeps its compiled bundle there
 * (bin/custody.js), and the first-frame warm-up run fills it like a user's first start does.
 */
function freshHome() {
  const home = join(tmp, `home-${++homes}`);
  mkdirSync(home, { recursive: true });
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), XDG_CACHE_HOME: join(tmp, 'cache') };
}

function spawnConsole(sandbox, env = {}, nodeArgs = []) {
  const args = [...nodeArgs, CUSTODY_BIN, '--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.key.keyFile];
  return new PtySession(process.execPath, args, { cols: COLS, rows: ROWS, cwd: ROOT, env: { ...freshHome(), ...env } });
}

function signal(session, name) {
  try {
    process.kill(session.pid, name);
  } catch {
    // gone
  }
}

/** Peak and current resident memory of a process, MB (Linux /proc). */
function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { peakMb: Number.NaN, rssMb: Number.NaN };
  }
}

/** Waits for the console's transactions pane to have loaded at least `n` transactions. */
function waitLoaded(session, n, timeoutMs) {
  return session.waitFor(
    () => {
      const c = listCounter(session.lines());
      return c !== undefined && !c.loading && c.total >= n;
    },
    { timeoutMs, what: `${n.toLocaleString('en-US')} transactions loaded` },
  );
}

// ---------------------------------------------------------------------------------------------
// Measurements

/** First frame: spawn to the chunk after which account rows show; console and baseline interleaved. */
async function measureFirstFrame(sandbox, baselineBin) {
  const subjects = {
    console: () => spawnConsole(sandbox),
    baseline: () => new PtySession(process.execPath, [baselineBin], { cols: COLS, rows: ROWS, cwd: ROOT, env: freshHome() }),
  };
  const times = { console: [], baseline: [] };
  const total = CONFIG.warmupRuns + CONFIG.firstFrameRuns;
  for (let run = 0; run < total; run++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    const order = run % 2 === 0 ? ['console', 'baseline'] : ['baseline', 'console'];
    for (const name of order) {
      const session = subjects[name]();
      try {
        const at = await session.waitFor(() => showsAccountRows(session.lines()), { timeoutMs: 20_000, what: 'account rows' });
        if (run >= CONFIG.warmupRuns) times[name].push(at - session.startedAt);
        await session.waitForRawMode({ timeoutMs: 10_000 });
      } finally {
        await session.dispose();
      }
      await delay(rng.range(100, 300));
    }
    progress(`first frame run ${run + 1}/${total}: console ${times.console.at(-1)?.toFixed(0) ?? '(warm-up)'} ms, baseline ${times.baseline.at(-1)?.toFixed(0) ?? '(warm-up)'} ms`);
  }
  return times;
}

/**
 * One key: writes it and resolves with the time until the chunk after which `identify()` (read
 * off the screen) differs from what it was before the key.
 */
async function keyLatency(session, identify, key = 'j') {
  await session.drained();
  const before = identify();
  if (before === undefined) throw new Error(`no cursor on the screen\n${session.screen()}`);
  const t0 = session.write(key);
  const at = await session.waitFor(
    () => {
      const now = identify();
      return now !== undefined && now !== before;
    },
    { timeoutMs: 5_000, what: 'the cursor to move', now: false },
  );
  return at - t0;
}

/** Key latency at each size and of the echo program, in interleaved rounds (the others stopped). */
async function measureKeys(subjects) {
  const samples = Object.fromEntries(subjects.map((s) => [s.name, []]));
  const roundMedians = Object.fromEntries(subjects.map((s) => [s.name, []]));
  for (const s of subjects) signal(s.session, 'SIGSTOP');
  for (let round = 0; round < CONFIG.keyRounds; round++) {
    // Rotate the order every round: no subject always follows the same one.
    const order = subjects.map((_, i) => subjects[(i + round) % subjects.length]);
    for (const s of order) {
      signal(s.session, 'SIGCONT');
      await delay(CONFIG.settleMs); // catch up on what arrived while stopped
      const these = [];
      for (let k = 0; k < CONFIG.keysPerRound; k++) {
        these.push(await keyLatency(s.session, s.identify));
        if (DEBUG) progress(`  ${s.name} key ${k}: ${these.at(-1).toFixed(1)} ms`);
        await delay(rng.range(60, 260));
      }
      signal(s.session, 'SIGSTOP');
      samples[s.name].push(...these);
      roundMedians[s.name].push(median(these));
    }
    progress(
      `key round ${round + 1}/${CONFIG.keyRounds}: ` +
        subjects.map((s) => `${s.name} p50 ${roundMedians[s.name].at(-1).toFixed(1)} ms`).join(', '),
    );
  }
  for (const s of subjects) signal(s.session, 'SIGCONT');
  return { samples, roundMedians };
}

/** Decline waiting transactions through the API; time until the screen shows them canceled. */
async function measureUpdateToScreen(sandbox, session) {
  session.write(':');
  await delay(150);
  for (const ch of 'tx waiting-approval canceled') {
    session.write(ch);
    await delay(15);
  }
  session.write('\r');
  await session.waitForText('[status:', { timeoutMs: 5_000 });
  await delay(200);
  session.write('g'); // back to the top of the filtered list, where the waiting ones are
  await delay(500);
  const times = [];
  let misses = 0;
  while (times.length < CONFIG.declines && misses < 40) {
    const { body } = await sandbox.request('GET', '/transactions?transactionStatuses=waiting-approval&limit=50');
    await session.drained();
    const lines = session.lines();
    const toAddress = (tx) => String(tx.params?.toAddress ?? tx.extra?.toAddress ?? '');
    const visible = body.transactions.find((tx) => {
      const to = toAddress(tx);
      return to.length >= 8 && lines.some((l) => l.includes(to.slice(-8)) && l.includes('waiting-approval'));
    });
    if (visible === undefined) {
      // New ones come in above the cursor (which stays on its row): back to the top.
      misses++;
      session.write('g');
      await delay(300);
      continue;
    }
    const tail = toAddress(visible).slice(-8);
    const shown = session.waitFor(
      () => session.lines().some((l) => l.includes(tail) && l.includes('canceled')),
      { timeoutMs: 5_000, what: `transaction ${visible.transactionId} shown canceled`, now: false },
    );
    const t0 = performance.now();
    const declined = sandbox.request('POST', `/transactions/${visible.transactionId}/decline`, {});
    const [at] = await Promise.all([shown, declined]);
    times.push(at - t0);
    await delay(rng.range(300, 700));
  }
  if (times.length < CONFIG.declines) {
    throw new Error(`only ${times.length} waiting transactions were on screen to decline\n${session.screen().trimEnd()}`);
  }
  return times;
}

/** Bytes per second, incremental and full repaint, side by side on the same sandbox. */
async function measureBytes(sandbox) {
  const sessions = {
    incremental: spawnConsole(sandbox),
    full: spawnConsole(sandbox, { CUSTODY_RENDERER: 'standard' }),
  };
  try {
    for (const s of Object.values(sessions)) {
      await waitLoaded(s, 1, 60_000);
      await s.waitForRawMode();
    }
    await delay(SMOKE ? 500 : 3_000); // past the start and its first repaints
    const updates = await watchUpdates(sandbox);
    const rates = { incremental: [], full: [] };
    const updatesStart = updates.count();
    const windowsStart = performance.now();
    for (let w = 0; w < CONFIG.bytesWindows; w++) {
      const before = { incremental: sessions.incremental.bytes, full: sessions.full.bytes };
      const t0 = performance.now();
      await delay(CONFIG.bytesWindowMs);
      const seconds = (performance.now() - t0) / 1000;
      for (const name of ['incremental', 'full']) rates[name].push((sessions[name].bytes - before[name]) / seconds);
    }
    const updatesPerSecond = (updates.count() - updatesStart) / ((performance.now() - windowsStart) / 1000);
    updates.close();
    return { rates, updatesPerSecond };
  } finally {
    await Promise.all(Object.values(sessions).map((s) => s.dispose()));
  }
}

/** A filtered list (status + account, limit 100) against a big sandbox. */
async function measureSandboxList() {
  const sandbox = await startSandbox({ history: CONFIG.listHistory, timeoutMs: 120_000 });
  cleanups.push(() => sandbox.close());
  try {
    const { body } = await sandbox.request('GET', '/accounts');
    const accounts = body.accounts.map((a) => a.accountId);
    const statuses = ['completed', 'waiting-approval', 'canceled', 'failed-on-blockchain'];
    const times = [];
    const warmup = Math.min(20, CONFIG.listRequests);
    for (let i = 0; i < warmup + CONFIG.listRequests; i++) {
      const account = accounts[i % accounts.length];
      const status = statuses[i % statuses.length];
      const r = await sandbox.request('GET', `/transactions?accountId=${account}&transactionStatuses=${status}&limit=100`);
      if (i >= warmup) times.push(r.ms);
    }
    return { times, startupMs: sandbox.startupMs };
  } finally {
    await sandbox.close();
  }
}

/** Microseconds per signature with the project's signer and an imported key. */
async function measureSign() {
  const { createSigner } = await bundleSigner();
  const key = makeKey();
  rmSync(key.dir, { recursive: true, force: true });
  const signer = await createSigner(key.jwk);
  const input = (i) => ({ method: 'GET', pathWithQuery: `/workspaces/ws/transactions?limit=100&cursor=${i}`, body: '' });
  for (let i = 0; i < 200; i++) await signer.sign(input(i));
  const perSign = [];
  for (let r = 0; r < CONFIG.signRepeats; r++) {
    const t0 = performance.now();
    for (let i = 0; i < CONFIG.signIterations; i++) await signer.sign(input(i));
    perSign.push(((performance.now() - t0) * 1000) / CONFIG.signIterations);
  }
  return perSign;
}

// ---------------------------------------------------------------------------------------------
// The run

async function main() {
  progress(`${SMOKE ? 'SMOKE run' : 'full run'}, seed ${SEED}, ${cpus().length} cores, node ${process.version}`);
  setBinary(snapshotBuild());
  const baselineBin = await bundleBaseline();
  const result = {};
  const info = {};
  const loadAtStart = loadavg()[0];

  progress('signing');
  const signSamples = await measureSign();

  const sizeLabels = Object.keys(CONFIG.sizes);
  const histories = [...new Set(Object.values(CONFIG.sizes))].sort((a, b) => a - b);
  const sandboxes = new Map();
  const small = histories[0];
  progress(`sandbox with ${small} transactions (speed ${SPEED})`);
  sandboxes.set(small, await startSandbox({ history: small, extra: ['--speed', String(SPEED)] }));
  cleanups.push(() => sandboxes.get(small).close());

  progress('first frame: console and baseline, interleaved');
  const firstFrame = await measureFirstFrame(sandboxes.get(small), baselineBin);

  const bigger = histories.slice(1);
  if (bigger.length > 0) progress(`sandboxes with ${bigger.join(', ')} transactions`);
  await Promise.all(
    bigger.map(async (h) => {
      const s = await startSandbox({ history: h, extra: ['--speed', String(SPEED)], timeoutMs: 120_000 });
      sandboxes.set(h, s);
      cleanups.push(() => s.close());
      info[`sandbox ${h} start`] = s.startupMs;
    }),
  );

  // One console per size, loaded one after another (each alone, so its load time means something).
  const consoles = new Map();
  for (const h of histories) {
    const session = spawnConsole(sandboxes.get(h));
    cleanups.push(() => session.dispose());
    await session.waitForRawMode({ timeoutMs: 30_000 });
    const at = await waitLoaded(session, h, 180_000);
    info[`load ${h.toLocaleString('en-US')}`] = at - session.startedAt;
    consoles.set(h, session);
    progress(`console with ${h.toLocaleString('en-US')} transactions loaded in ${((at - session.startedAt) / 1000).toFixed(1)} s, ${memory(session.pid).rssMb.toFixed(0)} MB resident`);
    signal(session, 'SIGSTOP');
  }

  const echo = new PtySession(process.execPath, [join(ROOT, 'test/bench/echo.mjs')], { cols: COLS, rows: ROWS, cwd: ROOT });
  cleanups.push(() => echo.dispose());
  await echo.waitForText('echo ready');
  await echo.waitForRawMode();

  const subjects = [
    { name: 'echo', session: echo, identify: () => echo.lines()[1] || 'none' },
    ...histories.map((h) => {
      const session = consoles.get(h);
      return { name: String(h), session, identify: () => selectedRow(session.lines()) };
    }),
  ];
  progress(`key latency: ${CONFIG.keyRounds} interleaved rounds of ${CONFIG.keysPerRound} keys`);
  const keys = await measureKeys(subjects);
  const rss = Object.fromEntries(histories.map((h) => [h, memory(consoles.get(h).pid)]));
  await echo.dispose();
  for (const h of bigger) {
    await consoles.get(h).dispose();
    await sandboxes.get(h).close();
  }

  progress('update to screen: declines through the API');
  const updateTimes = await measureUpdateToScreen(sandboxes.get(small), consoles.get(small));
  await consoles.get(small).dispose();

  progress('bytes per second: incremental and full, side by side');
  const bytes = await measureBytes(sandboxes.get(small));
  await sandboxes.get(small).close();

  progress(`sandbox list: ${CONFIG.listRequests} filtered lists against ${CONFIG.listHistory.toLocaleString('en-US')} transactions`);
  const list = await measureSandboxList();

  // ---- the figures ----
  result.node = process.version;
  result.firstFrameMs = round(median(firstFrame.console));
  result.baselineFirstFrameMs = round(median(firstFrame.baseline));
  result.keyLatencyMs = Object.fromEntries(
    sizeLabels.map((label) => {
      const s = keys.samples[String(CONFIG.sizes[label])];
      return [label, { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)) }];
    }),
  );
  result.bytesPerSecond = { incremental: round(median(bytes.rates.incremental)), full: round(median(bytes.rates.full)) };
  result.updateToScreenMs = { p50: round(percentile(updateTimes, 50)), p95: round(percentile(updateTimes, 95)) };
  result.rssMb = { 1000: round(rss[CONFIG.sizes[1000]].peakMb), 100000: round(rss[CONFIG.sizes[100000]].peakMb) };
  result.sandboxListMs = { p50: round(percentile(list.times, 50)), p95: round(percentile(list.times, 95)) };
  result.signUs = round(median(signSamples));

  const echoSamples = keys.samples.echo;
  const k = result.keyLatencyMs;
  const ratio = k[100000].p50 / k[1000].p50;
  const targets = [
    ['keyLatency p50 100k / 1k <= 1.25', ratio <= 1.25, ratio.toFixed(2)],
    ['keyLatency p95 at 100k < 50 ms', k[100000].p95 < 50, `${k[100000].p95} ms`],
    ['bytesPerSecond.incremental <= 2048', result.bytesPerSecond.incremental <= 2048, `${result.bytesPerSecond.incremental} B/s`],
    ['incremental <= 0.15 x full', result.bytesPerSecond.incremental <= 0.15 * result.bytesPerSecond.full, `${(result.bytesPerSecond.incremental / result.bytesPerSecond.full).toFixed(3)} x`],
    ['firstFrameMs <= 1.5 x baseline', result.firstFrameMs <= 1.5 * result.baselineFirstFrameMs, `${(result.firstFrameMs / result.baselineFirstFrameMs).toFixed(2)} x`],
    ['updateToScreenMs.p95 <= 100', result.updateToScreenMs.p95 <= 100, `${result.updateToScreenMs.p95} ms`],
    ['rssMb[100000] <= 250', result.rssMb[100000] <= 250, `${result.rssMb[100000]} MB`],
    ['sandboxListMs.p95 <= 50', result.sandboxListMs.p95 <= 50, `${result.sandboxListMs.p95} ms`],
    ['signUs <= 200', result.signUs <= 200, `${result.signUs} µs`],
  ];

  // ---- the table ----
  const fmt = (v, unit = 'ms') => (Number.isFinite(v) ? `${v < 100 ? v.toFixed(1) : v.toFixed(0)} ${unit}` : 'n/a');
  const range = (values, unit) => {
    const { min, max } = spread(values);
    return `${fmt(min, unit)} – ${fmt(max, unit)}`;
  };
  const rows = [
    ['figure', 'median / p50', 'p95', 'spread (min – max)', 'n'],
    ['first frame: console', fmt(median(firstFrame.console)), '', range(firstFrame.console), String(firstFrame.console.length)],
    ['first frame: baseline Ink', fmt(median(firstFrame.baseline)), '', range(firstFrame.baseline), String(firstFrame.baseline.length)],
    ['key → screen: echo (floor)', fmt(percentile(echoSamples, 50)), fmt(percentile(echoSamples, 95)), `round p50s ${range(keys.roundMedians.echo)}`, String(echoSamples.length)],
    ...sizeLabels.map((label) => {
      const h = CONFIG.sizes[label];
      const s = keys.samples[String(h)];
      const name = `key → screen: ${Number(label).toLocaleString('en-US')} txs${h !== Number(label) ? ` (as ${h})` : ''}`;
      return [name, fmt(percentile(s, 50)), fmt(percentile(s, 95)), `round p50s ${range(keys.roundMedians[String(h)])}`, String(s.length)];
    }),
    ['bytes/s: incremental', fmt(median(bytes.rates.incremental), 'B/s'), '', range(bytes.rates.incremental, 'B/s'), String(bytes.rates.incremental.length)],
    ['bytes/s: full repaint', fmt(median(bytes.rates.full), 'B/s'), '', range(bytes.rates.full, 'B/s'), String(bytes.rates.full.length)],
    ['update → screen (decline)', fmt(percentile(updateTimes, 50)), fmt(percentile(updateTimes, 95)), range(updateTimes), String(updateTimes.length)],
    ...histories.map((h) => [`peak RSS: ${h.toLocaleString('en-US')} txs`, fmt(rss[h].peakMb, 'MB'), '', `now ${fmt(rss[h].rssMb, 'MB')}`, '1']),
    [`sandbox list (${CONFIG.listHistory.toLocaleString('en-US')} txs)`, fmt(percentile(list.times, 50)), fmt(percentile(list.times, 95)), range(list.times), String(list.times.length)],
    ['sign one request', fmt(median(signSamples), 'µs'), '', range(signSamples, 'µs'), `${CONFIG.signRepeats}x${CONFIG.signIterations}`],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const out = [];
  out.push('');
  out.push(`custody bench${SMOKE ? ' (SMOKE: tiny sizes, one repetition; not figures)' : ''}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}, ${COLS}x${ROWS} pty, seed ${SEED}`);
  out.push(line(rows[0]));
  out.push(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) out.push(line(r));
  out.push('');
  out.push(
    `conditions: sandboxes at --speed ${SPEED} (${bytes.updatesPerSecond.toFixed(1)} transaction updates/s measured during the bytes windows), ` +
      `ticker: price poll every 2 s; history load: ${Object.entries(info)
        .filter(([n]) => n.startsWith('load'))
        .map(([n, v]) => `${n.slice(5)} in ${(v / 1000).toFixed(1)} s`)
        .join(', ')}; sandbox ${CONFIG.listHistory.toLocaleString('en-US')} ready in ${(list.startupMs / 1000).toFixed(1)} s; ` +
      `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
  );
  out.push('');
  out.push('targets:');
  for (const [name, ok, value] of targets) out.push(`  ${ok ? 'PASS' : 'MISS'}  ${name.padEnd(38)} ${value}`);
  out.push('');
  process.stdout.write(`${out.join('\n')}\n`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  const allFinite = JSON.stringify(result, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v)).includes('null') === false;
  if (!allFinite) return 1;
  if (SMOKE) return 0;
  return targets.every(([, ok]) => ok) ? 0 : 3;
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
  progress(`done in ${((performance.now() - benchStart) / 1000).toFixed(0)} s`);
}
process.exit(code);
