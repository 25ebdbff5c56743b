// Sandbox at scale (issues 3 and 11): `custody sandbox --history N` beside a windowed console.
// Times the start (to the JSON line), reads the sandbox's resident memory (now and peak, from
// /proc), then times every query shape of sandbox-queries.mjs: p50 / p95 / max per shape.
// Targets at 1,000,000: ready in 15 s, peak memory at most 550 MB (half of what the history held
// before it was compact), p95 at most 50 ms for every shape.
// Usage: node scripts/build.mjs && node test/bench/sandbox-scale.mjs [--history N] [--requests N] [--seed N]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { discover, SHAPES } from './sandbox-queries.mjs';
import { startSandbox } from './sandbox.mjs';
import { percentile, round, seeded } from './stats.mjs';

const { values } = parseArgs({
  options: { history: { type: 'string' }, requests: { type: 'string' }, seed: { type: 'string' } },
});
const history = Number(values.history ?? 1_000_000);
const requests = Number(values.requests ?? 40);
const random = seeded(Number(values.seed ?? 11));

const TARGET = { startupMs: 15_000, peakMb: 550, p95Ms: 50 };

/** VmRSS and VmHWM of a process, in MB (Linux). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: Number.NaN, peakMb: Number.NaN };
  }
}

const sandbox = await startSandbox({ history, timeoutMs: 120_000 });
try {
  const atStart = memoryOf(sandbox.child.pid);
  const facts = await discover(sandbox.request, random.next);
  const rows = [];
  for (const [name, make] of SHAPES) {
    const times = [];
    let returned = 0;
    // A few unmeasured first: the first call of a shape compiles its code paths.
    for (let i = -3; i < requests; i++) {
      const r = await sandbox.request('GET', `/transactions?${make(facts, random.next)}`);
      if (i < 0) continue;
      times.push(r.ms);
      returned += r.body.transactions.length;
    }
    rows.push({
      shape: name,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(Math.max(...times)),
      rows: Math.round(returned / requests),
    });
  }
  const atEnd = memoryOf(sandbox.child.pid);

  const width = Math.max(...rows.map((r) => r.shape.length));
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(line(['shape'.padEnd(width), 'p50 ms', 'p95 ms', 'max ms', 'rows']));
  console.log(line(['-'.repeat(width), '---', '---', '---', '---']));
  for (const r of rows) console.log(line([r.shape.padEnd(width), r.p50, r.p95, r.max, r.rows]));
  const report = {
    node: process.version,
    history,
    requestsPerShape: requests,
    startupMs: Math.round(sandbox.startupMs),
    memory: { start: atStart, end: atEnd },
    shapes: Object.fromEntries(rows.map(({ shape, ...figures }) => [shape, figures])),
  };
  console.log(
    `ready in ${(sandbox.startupMs / 1000).toFixed(1)} s; resident ${atStart.rssMb} MB at start, ` +
      `${atEnd.rssMb} MB after the queries, peak ${atEnd.peakMb} MB`,
  );
  console.log(JSON.stringify(report));
  const slow = rows.filter((r) => r.p95 > TARGET.p95Ms).map((r) => r.shape);
  const misses = [
    ...(sandbox.startupMs > TARGET.startupMs ? [`start ${Math.round(sandbox.startupMs)} ms`] : []),
    ...(atEnd.peakMb > TARGET.peakMb ? [`peak ${atEnd.peakMb} MB`] : []),
    ...slow.map((s) => `p95 of ${s}`),
  ];
  console.log(
    misses.length === 0
      ? `within targets (start ≤ 15 s, peak ≤ ${TARGET.peakMb} MB, every p95 ≤ ${TARGET.p95Ms} ms)`
      : `OVER TARGET: ${misses.join('; ')}`,
  );
  process.exitCode = misses.length === 0 ? 0 : 1;
} finally {
  await sandbox.close();
}
