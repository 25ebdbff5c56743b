// The first-frame figure of `npm run bench` alone, quicker to repeat while working on startup:
// spawn of `custody --base-url … --workspace … --key-file …` (pointed at a running sandbox with
// the bench's history and speed) to the chunk after which account rows show, interleaved with
// the baseline Ink program bundled the same way, in the same invocation (ratios hold on a noisy
// machine, absolute times do not). Other builds can join the rounds, to compare before/after.
//
//   node test/bench/first-frame.mjs [--runs 9] [--history 1000] [--bin NAME=path/to/bin.js ...]
//                                   [--no-build] [--no-console]  (only the --bin programs)
//                                   [--demo]  (the console's --demo as well: its own sandbox)
//
// The console is a private copy of bin/ + dist/ (built if stale), as in run.mjs; each --bin is
// another program taking the same flags (e.g. a copy of an earlier build). Prints one line per
// round to stderr, then medians and ratios to the baseline.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { PtySession } from './pty.mjs';
import { ROOT, startSandbox } from './sandbox.mjs';
import { showsAccountRows } from './screen.mjs';
import { median, seeded, spread } from './stats.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string' },
    history: { type: 'string' },
    speed: { type: 'string' },
    bin: { type: 'string', multiple: true },
    'no-build': { type: 'boolean' },
    'no-console': { type: 'boolean' },
    demo: { type: 'boolean' },
  },
});
const RUNS = Number(values.runs ?? 9);
const HISTORY = Number(values.history ?? 1000);
const SPEED = values.speed ?? '3.5';
const rng = seeded(1);
const delay = (ms) => new Promise((r) => setTimeout(r, ms));

const tmp = mkdtempSync(join(tmpdir(), 'custody-first-frame-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

function snapshotConsole() {
  if (!values['no-build']) {
    const out = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
    if (out.status !== 0) throw new Error('the build failed');
  }
  const app = join(tmp, 'app');
  cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'bin/custody.js'), join(app, 'bin/custody.js'));
  writeFileSync(join(app, 'package.json'), '{"type":"module"}\n');
  return join(app, 'bin/custody.js');
}

async function bundleBaseline() {
  const { bundleOptions } = await import(pathToFileURL(join(ROOT, 'scripts/build.mjs')).href);
  const out = join(tmp, 'baseline');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  await esbuild.build(bundleOptions([join(ROOT, 'test/bench/baseline/main.tsx')], out));
  writeFileSync(join(out, 'bin.js'), "await import('./main.js');\n");
  return join(out, 'bin.js');
}

let homes = 0;
/** A fresh home per start; one cache folder for the run, as a user's (see run.mjs). */
function freshHome() {
  const home = join(tmp, `home-${++homes}`);
  mkdirSync(home, { recursive: true });
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), XDG_CACHE_HOME: join(tmp, 'cache') };
}

const consoleBin = values['no-console'] ? undefined : snapshotConsole();
const baselineBin = await bundleBaseline();
const sandbox = await startSandbox({ history: HISTORY, extra: ['--speed', SPEED] });
const flags = ['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.key.keyFile];
const subjects = { baseline: [baselineBin] };
if (consoleBin !== undefined) subjects.console = [consoleBin, ...flags];
if (consoleBin !== undefined && values.demo) subjects.demo = [consoleBin, '--demo'];
for (const spec of values.bin ?? []) {
  const eq = spec.indexOf('=');
  const path = spec.slice(eq + 1);
  if (eq < 1 || !existsSync(path)) throw new Error(`--bin NAME=PATH: ${spec}`);
  subjects[spec.slice(0, eq)] = [path, ...flags];
}
const names = Object.keys(subjects);
const times = Object.fromEntries(names.map((n) => [n, []]));
const cpu = Object.fromEntries(names.map((n) => [n, []]));

/** CPU time (user + system, ms) the process has used so far; 10 ms ticks (Linux /proc). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

try {
  for (let run = 0; run <= RUNS; run++) {
    // Rotate the order, so no program always runs first on a warmer (or busier) machine.
    const order = names.map((_, i) => names[(i + run) % names.length]);
    const line = [];
    for (const name of order) {
      const session = new PtySession(process.execPath, subjects[name], { cols: 120, rows: 40, cwd: ROOT, env: freshHome() });
      try {
        let used = Number.NaN;
        const at = await session.waitFor(
          () => {
            const shown = showsAccountRows(session.lines());
            // Read at once: what the program does after its first frame is not counted.
            if (shown) used = cpuMs(session.pid);
            return shown;
          },
          { timeoutMs: 20_000, what: 'account rows' },
        );
        const ms = at - session.startedAt;
        if (run > 0) {
          times[name].push(ms); // round 0 warms the disk cache
          cpu[name].push(used);
        }
        line.push(`${name} ${ms.toFixed(0)} (cpu ${used})`);
        await session.waitForRawMode({ timeoutMs: 10_000 });
      } finally {
        await session.dispose();
      }
      await delay(rng.range(100, 300));
    }
    process.stderr.write(`round ${run}${run === 0 ? ' (warm-up)' : ''}: ${line.join(', ')} ms\n`);
  }
} finally {
  await sandbox.close();
}

const base = median(times.baseline);
for (const name of names) {
  const m = median(times[name]);
  const s = spread(times[name]);
  process.stdout.write(
    `${name.padEnd(10)} median ${m.toFixed(0)} ms  (${s.min.toFixed(0)}–${s.max.toFixed(0)})  ${(m / base).toFixed(2)} x baseline;  CPU used by then: median ${median(cpu[name])} ms\n`,
  );
}
