// Where the console's time goes, phase by phase, under the benchmark's conditions: a sandbox at
// the bench's speed, the console in a 120x40 pty with a V8 CPU profile (--cpu-prof), then the
// top self-time functions (source-mapped back to src/) of its start (to rows on screen), of
// answering keys, of the bench's filters (`:tx` and `/`, each then esc), of scrolling (G and PgDn,
// reading older history) and of steady state, with the peak RSS. Not part of `npm run bench`: a
// tool for finding causes.
//
//   node scripts/build.mjs && node test/bench/profile.mjs [--history 100000] [--keys 60] [--filters 10]
//                                                        [--idle 10] [--top 15]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PtySession } from './pty.mjs';
import { CUSTODY_BIN, ROOT, startSandbox } from './sandbox.mjs';
import { FILTERS, filterOnce, scroll } from './filters.mjs';
import { selectedRow, showsTransactionRows } from './screen.mjs';
import { percentile, seeded } from './stats.mjs';

const { values } = parseArgs({
  options: {
    history: { type: 'string' },
    keys: { type: 'string' },
    filters: { type: 'string' },
    idle: { type: 'string' },
    top: { type: 'string' },
    speed: { type: 'string' },
  },
});
const history = Number(values.history ?? 100_000);
const keyCount = Number(values.keys ?? 60);
const filterCount = Number(values.filters ?? 10);
const idleSeconds = Number(values.idle ?? 10);
const top = Number(values.top ?? 15);
const speed = values.speed ?? '3';
const rng = seeded(1);
const delay = (ms) => new Promise((r) => setTimeout(r, ms));
/** CLOCK_MONOTONIC in µs: the clock V8's profile timestamps use on Linux. */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

const dir = mkdtempSync(join(tmpdir(), 'custody-profile-'));
const sandbox = await startSandbox({ history, extra: ['--speed', speed], timeoutMs: 120_000 });
const phases = {};
let session;
try {
  process.stderr.write(`sandbox with ${history} transactions ready in ${(sandbox.startupMs / 1000).toFixed(1)} s\n`);
  const args = ['--cpu-prof', `--cpu-prof-dir=${dir}`, CUSTODY_BIN, '--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.key.keyFile];
  const t0 = monoUs();
  session = new PtySession(process.execPath, args, {
    cwd: ROOT,
    env: { HOME: dir, XDG_CONFIG_HOME: join(dir, 'c'), XDG_STATE_HOME: join(dir, 's') },
  });
  await session.waitForRawMode({ timeoutMs: 30_000 });
  const rowsAt = await session.waitFor(() => showsTransactionRows(session.lines()), {
    timeoutMs: 60_000,
    what: 'transaction rows on screen',
  });
  phases.start = [t0, monoUs()];
  process.stderr.write(`rows on screen in ${((rowsAt - session.startedAt) / 1000).toFixed(2)} s\n`);
  await delay(1000);

  const k0 = monoUs();
  const latencies = [];
  for (let i = 0; i < keyCount; i++) {
    await session.drained();
    const before = selectedRow(session.lines());
    const sent = session.write('j');
    const at = await session.waitFor(() => selectedRow(session.lines()) !== before, { timeoutMs: 5_000, now: false });
    latencies.push(at - sent);
    await delay(rng.range(60, 260));
  }
  phases.keys = [k0, monoUs()];
  process.stderr.write(`keys: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms\n`);

  const f0 = monoUs();
  const filterTimes = Object.fromEntries(FILTERS.map((f) => [f.label, []]));
  for (let i = 0; i < filterCount; i++) {
    for (const f of FILTERS) filterTimes[f.label].push(await filterOnce(session, f));
  }
  phases.filters = [f0, monoUs()];
  for (const [label, times] of Object.entries(filterTimes)) {
    process.stderr.write(`filter ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms\n`);
  }

  const s0 = monoUs();
  const scrolled = await scroll(session);
  phases.scroll = [s0, monoUs()];
  process.stderr.write(`scrolled to rows ${scrolled.first}-${scrolled.last} of ${scrolled.held}${scrolled.more ? '+' : ''}\n`);

  const i0 = monoUs();
  const bytes0 = session.bytes;
  await delay(idleSeconds * 1000);
  phases.idle = [i0, monoUs()];
  process.stderr.write(`steady state: ${((session.bytes - bytes0) / idleSeconds).toFixed(0)} bytes/s\n`);

  const status = readFileSync(`/proc/${session.pid}/status`, 'utf8');
  process.stderr.write(`${/VmHWM.*$/m.exec(status)?.[0]}  ${/VmRSS.*$/m.exec(status)?.[0]}\n`);
  session.write('q');
  await Promise.race([session.exit, delay(10_000)]);
} finally {
  await session?.dispose();
  await sandbox.close();
}

// ---- the profile ----
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (file === undefined) throw new Error('no .cpuprofile written (did the console exit normally?)');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const maps = new Map();
function locate(frame) {
  const { url, lineNumber, columnNumber, functionName } = frame;
  let where = url ? `${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}` : '(native)';
  if (url?.includes('/dist/')) {
    if (!maps.has(url)) {
      try {
        const path = url.startsWith('file://') ? fileURLToPath(url) : url;
        maps.set(url, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))));
      } catch {
        maps.set(url, undefined);
      }
    }
    const entry = maps.get(url)?.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) where = `${entry.originalSource.replace(/^.*?\/(src|node_modules)\//, '$1/')}:${entry.originalLine + 1}`;
  }
  return `${functionName || '(anonymous)'}  ${where}`;
}
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
let t = profile.startTime;
const self = Object.fromEntries(Object.keys(phases).map((p) => [p, new Map()]));
const totals = Object.fromEntries(Object.keys(phases).map((p) => [p, 0]));
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  for (const [phase, [from, to]] of Object.entries(phases)) {
    if (t < from || t > to) continue;
    const name = locate(byId.get(id).callFrame);
    self[phase].set(name, (self[phase].get(name) ?? 0) + dt);
    totals[phase] += dt;
  }
});
for (const [phase, [from, to]] of Object.entries(phases)) {
  const wall = (to - from) / 1000;
  const idle = [...self[phase].entries()].filter(([n]) => n.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
  process.stdout.write(`\n${phase}: ${wall.toFixed(0)} ms wall, ${((totals[phase] - idle) / 1000).toFixed(0)} ms on the CPU\n`);
  const rows = [...self[phase].entries()].filter(([n]) => !n.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, us] of rows) process.stdout.write(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}\n`);
}
rmSync(dir, { recursive: true, force: true });
