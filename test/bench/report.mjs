// What `npm run bench` prints: the figures of the JSON line (issue 6, the million-transaction
// workspace and the export of issue 20), the targets with PASS or MISS, and the table with its conditions.
import { cpus, loadavg } from 'node:os';
import { COLS, CONFIG, elapsedSeconds, HUGE, ROWS, SEED, SMALL, SMOKE, SPEED } from './config.mjs';
import { FILTERS } from './filters.mjs';
import { median, percentile, round, spread } from './stats.mjs';

const n = (v) => Number(v).toLocaleString('en-US');
const p50p95 = (values) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) });

/** The JSON line: every figure, keyed by the sizes' labels (transactions in the workspace). */
export function figures(m) {
  const h = (label) => String(CONFIG.sizes[label]);
  return {
    node: process.version,
    firstFrameMs: round(median(m.firstFrames.console)),
    baselineFirstFrameMs: round(median(m.firstFrames.baseline)),
    demoFirstFrameMs: round(median(m.firstFrames.demo)),
    firstRowsMs: { [SMALL]: round(median(m.firstFrames.rows[SMALL])), [HUGE]: round(median(m.firstFrames.rows[HUGE])) },
    keyLatencyMs: Object.fromEntries(Object.keys(CONFIG.sizes).map((label) => [label, p50p95(m.keys.samples[h(label)])])),
    filterMs: Object.fromEntries(
      FILTERS.map((f) => [f.name, Object.fromEntries([SMALL, HUGE].map((label) => [label, p50p95(m.filters[f.name][h(label)])]))]),
    ),
    bytesPerSecond: { incremental: round(median(m.bytes.rates.incremental)), full: round(median(m.bytes.rates.full)) },
    updateToScreenMs: p50p95(m.updateTimes),
    rssMb: {
      ...Object.fromEntries(['1000', '100000', HUGE].map((label) => [label, round(m.rss[h(label)].peakMb)])),
      // At rest (rest.mjs): the console 10 s after its first rows, and the bare Ink program.
      rest: round(m.rest.rssMb),
      baseline: round(m.rest.baselineRssMb),
    },
    idleCpuPercent: round(m.rest.cpuPercent),
    exportRowsPerSecond: Object.fromEntries([SMALL, HUGE].map((label) => [label, round(median(m.exports[h(label)].map((e) => e.rowsPerSecond)))])),
    exportRssMb: Object.fromEntries([SMALL, HUGE].map((label) => [label, round(median(m.exports[h(label)].map((e) => e.peakMb)))])),
    sandboxListMs: p50p95(m.list.times),
    // The sandbox with --state-dir at the largest size (state-dir.mjs).
    stateDir: {
      startMs: round(m.state.startMs),
      restartMs: round(m.state.restartMs),
      bytesPerChange: round(m.state.bytesPerChange),
      idleBytesPerMinute: round(m.state.idleBytesPerMinute),
    },
    signUs: round(median(m.signSamples)),
    hostile: {
      firstRowsMs: round(median(m.hostile.firstRows)),
      keyMs: { p50: round(median(m.hostile.keys)), max: round(Math.max(...m.hostile.keys)) },
      sigtermToExitMs: { p50: round(median(m.hostile.sigterm)), max: round(Math.max(...m.hostile.sigterm)) },
      controlSequences: m.hostile.controls,
    },
  };
}

/** [name, holds, value shown] of every target. */
export function targets(r) {
  const k = r.keyLatencyMs;
  const ratio = (a, b) => a / b;
  const keys100k = ratio(k[100000].p50, k[1000].p50);
  const keys1M = ratio(k[HUGE].p50, k[SMALL].p50);
  const rows = ratio(r.firstRowsMs[HUGE], r.firstRowsMs[SMALL]);
  const rss = ratio(r.rssMb[HUGE], r.rssMb[SMALL]);
  const incremental = ratio(r.bytesPerSecond.incremental, r.bytesPerSecond.full);
  const frame = ratio(r.firstFrameMs, r.baselineFirstFrameMs);
  // Node 20 has no compile cache (module.enableCompileCache): its floor is allowed more.
  const frameTarget = Number(process.versions.node.split('.')[0]) >= 22 ? 1.5 : 2;
  const demo = ratio(r.demoFirstFrameMs, r.firstFrameMs);
  const exportRss = ratio(r.exportRssMb[HUGE], r.exportRssMb[SMALL]);
  const rest = ratio(r.rssMb.rest, r.rssMb.baseline);
  const restart = ratio(r.stateDir.restartMs, r.stateDir.startMs);
  return [
    ['keyLatency p50 100k / 1k <= 1.25', keys100k <= 1.25, keys100k.toFixed(2)],
    ['keyLatency p95 at 100k < 50 ms', k[100000].p95 < 50, `${k[100000].p95} ms`],
    ['keyLatency p50 1M / 1k <= 1.25', keys1M <= 1.25, keys1M.toFixed(2)],
    ...FILTERS.map((f) => [`filterMs.${f.name} p95 at 1M <= 150 ms`, r.filterMs[f.name][HUGE].p95 <= 150, `${r.filterMs[f.name][HUGE].p95} ms`]),
    ['firstRowsMs 1M <= 1.5 x 1k', rows <= 1.5, `${rows.toFixed(2)} x`],
    ['bytesPerSecond.incremental <= 2048', r.bytesPerSecond.incremental <= 2048, `${r.bytesPerSecond.incremental} B/s`],
    ['incremental <= 0.10 x full', incremental <= 0.1, `${incremental.toFixed(3)} x`],
    [`firstFrameMs <= ${frameTarget} x baseline`, frame <= frameTarget, `${frame.toFixed(2)} x`],
    ['demoFirstFrameMs <= 1.3 x firstFrameMs', demo <= 1.3, `${demo.toFixed(2)} x`],
    ['updateToScreenMs.p95 <= 50', r.updateToScreenMs.p95 <= 50, `${r.updateToScreenMs.p95} ms`],
    ['rssMb[100000] <= 250', r.rssMb[100000] <= 250, `${r.rssMb[100000]} MB`],
    ['rssMb[1000000] <= 1.25 x rssMb[1000]', rss <= 1.25, `${rss.toFixed(2)} x`],
    ['rssMb.rest <= 2 x rssMb.baseline', rest <= 2, `${rest.toFixed(2)} x (${r.rssMb.rest} / ${r.rssMb.baseline} MB)`],
    ['idleCpuPercent <= 2', r.idleCpuPercent <= 2, `${r.idleCpuPercent} % of a core`],
    ['exportRssMb[1000000] <= 1.25 x exportRssMb[1000]', exportRss <= 1.25, `${exportRss.toFixed(2)} x`],
    ['sandboxListMs.p95 <= 50', r.sandboxListMs.p95 <= 50, `${r.sandboxListMs.p95} ms`],
    ['stateDir.bytesPerChange <= 1024', r.stateDir.bytesPerChange <= 1024, `${r.stateDir.bytesPerChange} B`],
    ['stateDir.restartMs <= 1.5 x startMs', restart <= 1.5, `${restart.toFixed(2)} x (${r.stateDir.restartMs} / ${r.stateDir.startMs} ms)`],
    ['signUs <= 200', r.signUs <= 200, `${r.signUs} µs`],
    ['hostile.firstRowsMs <= 5000', r.hostile.firstRowsMs <= 5000, `${r.hostile.firstRowsMs} ms`],
    ['hostile.keyMs.p50 < 100', r.hostile.keyMs.p50 < 100, `${r.hostile.keyMs.p50} ms`],
    ['hostile.keyMs.max < 1000', r.hostile.keyMs.max < 1000, `${r.hostile.keyMs.max} ms`],
    ['hostile.sigtermToExitMs.max < 1000', r.hostile.sigtermToExitMs.max < 1000, `${r.hostile.sigtermToExitMs.max} ms`],
    ['hostile.controlSequences == 0', r.hostile.controlSequences === 0, String(r.hostile.controlSequences)],
  ];
}

const fmt = (v, unit = 'ms') => (Number.isFinite(v) ? `${v < 100 ? v.toFixed(1) : n(Math.round(v))} ${unit}` : 'n/a');
function range(values, unit) {
  const { min, max } = spread(values);
  return `${fmt(min, unit)} – ${fmt(max, unit)}`;
}
const sized = (label) => `${n(label)} txs${CONFIG.sizes[label] !== Number(label) ? ` (as ${n(CONFIG.sizes[label])})` : ''}`;

/** The table, its notes and the targets, as printed before the JSON line. */
export function table(m, checks, loadAtStart) {
  const h = (label) => String(CONFIG.sizes[label]);
  const timed = (name, values) => [name, fmt(percentile(values, 50)), fmt(percentile(values, 95)), range(values), String(values.length)];
  const labels = Object.keys(CONFIG.sizes);
  const histories = [...new Set(Object.values(CONFIG.sizes))].sort((a, b) => a - b);
  const rows = [
    ['figure', 'median / p50', 'p95', 'spread (min – max)', 'n'],
    ['first frame: console (account rows)', fmt(median(m.firstFrames.console)), '', range(m.firstFrames.console), String(m.firstFrames.console.length)],
    ['first frame: baseline Ink', fmt(median(m.firstFrames.baseline)), '', range(m.firstFrames.baseline), String(m.firstFrames.baseline.length)],
    ['first frame: demo (its own sandbox)', fmt(median(m.firstFrames.demo)), '', range(m.firstFrames.demo), String(m.firstFrames.demo.length)],
    ...[SMALL, HUGE].map((label) => {
      const v = m.firstFrames.rows[label];
      return [`first rows: ${sized(label)}`, fmt(median(v)), '', range(v), String(v.length)];
    }),
    ['key → screen: echo (floor)', fmt(percentile(m.keys.samples.echo, 50)), fmt(percentile(m.keys.samples.echo, 95)), `round p50s ${range(m.keys.roundMedians.echo)}`, String(m.keys.samples.echo.length)],
    ...labels.map((label) => {
      const s = m.keys.samples[h(label)];
      return [`key → screen: ${sized(label)}`, fmt(percentile(s, 50)), fmt(percentile(s, 95)), `round p50s ${range(m.keys.roundMedians[h(label)])}`, String(s.length)];
    }),
    ...FILTERS.flatMap((f) => [SMALL, HUGE].map((label) => timed(`filter → screen: ${f.label}, ${sized(label)}`, m.filters[f.name][h(label)]))),
    timed(`scroll (G, PgDn) → screen: ${sized(HUGE)}`, m.scrolls[h(HUGE)].times),
    ['bytes/s: incremental', fmt(median(m.bytes.rates.incremental), 'B/s'), '', range(m.bytes.rates.incremental, 'B/s'), String(m.bytes.rates.incremental.length)],
    ['bytes/s: full repaint', fmt(median(m.bytes.rates.full), 'B/s'), '', range(m.bytes.rates.full, 'B/s'), String(m.bytes.rates.full.length)],
    timed('update → screen (decline)', m.updateTimes),
    ...histories.map((hist) => [`peak RSS: ${n(hist)} txs`, fmt(m.rss[hist].peakMb, 'MB'), '', `at exit ${fmt(m.rss[hist].rssMb, 'MB')}`, '1']),
    ...[SMALL, HUGE].map((label) => {
      const runs = m.exports[h(label)];
      const rate = runs.map((e) => e.rowsPerSecond);
      const peak = Math.max(...runs.map((e) => e.peakMb));
      return [`export csv: ${sized(label)}`, fmt(median(rate), 'rows/s'), '', `${range(rate, 'rows/s')}; peak RSS ≤ ${fmt(peak, 'MB')}`, String(runs.length)];
    }),
    timed(`sandbox list (${n(CONFIG.listHistory)} txs)`, m.list.times),
    [`state dir: first start, ${n(m.state.history)} txs`, fmt(m.state.startMs), '', 'makes the folder', '1'],
    [`state dir: restart, ${n(m.state.history)} txs`, fmt(m.state.restartMs), '', `${n(m.state.replayed)} journal lines replayed`, '1'],
    ['state dir: journal per change', fmt(m.state.bytesPerChange, 'B'), '', `${n(m.state.journalBytes)} B after ${m.state.changes} changes`, String(m.state.changes)],
    ['state dir: journal while idle', fmt(m.state.idleBytesPerMinute, 'B/min'), '', `the world alone ${CONFIG.stateIdleMs / 1000} s`, '1'],
    ['sign one request', fmt(median(m.signSamples), 'µs'), '', range(m.signSamples, 'µs'), `${CONFIG.signRepeats}x${CONFIG.signIterations}`],
    ['hostile server: first rows', fmt(median(m.hostile.firstRows)), '', range(m.hostile.firstRows), String(m.hostile.firstRows.length)],
    timed('hostile server: key → screen (j/k, 1 2 3)', m.hostile.keys),
    ['hostile server: SIGTERM → exit', fmt(median(m.hostile.sigterm)), '', range(m.hostile.sigterm), String(m.hostile.sigterm.length)],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const keys = CONFIG.keyRounds * CONFIG.keysPerRound;
  const filters = CONFIG.filterRounds * CONFIG.filtersPerRound;
  const pair = [...new Set([h(SMALL), h(HUGE)])];
  const scrolled = (hist) => {
    const s = m.scrolls[hist];
    return `${n(hist)}: rows ${n(s.first)}-${n(s.last)} of ${s.more ? `${n(s.held)}+` : `all ${n(s.held)}`}`;
  };
  const { G, pageDown } = CONFIG.scroll;
  const out = [
    '',
    `custody bench${SMOKE ? ' (SMOKE: tiny sizes, one repetition; not figures)' : ''}: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? '?'}), node ${process.version}, ${COLS}x${ROWS} pty, seed ${SEED}`,
    line(rows[0]),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
    '',
    'what each console did (its peak RSS is VmHWM, over its whole life):',
    `  every size: started to rows on screen, then ${keys} keys (j) in the key rounds`,
    `  ${pair.map(n).join(' and ')}: then ${filters} × each filter (${FILTERS.map((f) => f.label).join(', ')}; each then esc),`,
    `    then ${G} G + ${pageDown} PgDn, reading older history (ending at ${pair.map(scrolled).join('; ')})`,
    `  ${n(h(SMALL))}: then ${m.updateTimes.length} declines through the API`,
    `  export: ${[SMALL, HUGE]
      .map((label) => {
        const e = m.exports[h(label)].at(-1);
        return `${n(e.rows)} rows, ${(e.bytes / 1e6).toFixed(1)} MB in ${(e.ms / 1000).toFixed(1)} s (${e.cpuS.toFixed(1)} s CPU, first byte at ${fmt(e.firstByteMs)})`;
      })
      .join('; ')};`,
    '    rows/s over the whole run, start of node included; a child process, stdout a pipe counted by the bench',
    `  hostile server: ${CONFIG.hostileRuns} console(s) on ${n(m.hostile.history)} txs behind test/helpers/hostile-proxy.mjs, ` +
      `each: rows, ${m.hostile.keys.length / CONFIG.hostileRuns} keys, SIGTERM`,
    '    (names and memos of 50,000 characters, one of 1,000,000; escapes; invisibles; negative amounts;',
    `    largest answer ${(m.hostile.largestAnswerBytes / 1e6).toFixed(1)} MB); ` +
      `${m.hostile.controls} of the server's control sequences reached the terminal`,
    `  the peak so far after the keys / filters / scrolling: ${pair
      .map((hist) => `${n(hist)}: ${m.peaks[hist].map(([, mb]) => mb.toFixed(0)).join(' / ')} MB`)
      .join('; ')}`,
    'conditions:',
    `  sandboxes at --speed ${SPEED} (${m.bytes.updatesPerSecond.toFixed(1)} transaction updates/s during the bytes windows); ` +
      'ticker: a price poll every 2 s',
    `  sandboxes ready in ${histories.map((hist) => `${(m.sandboxStartMs[hist] / 1000).toFixed(1)} s (${n(hist)})`).join(', ')}; ` +
      `sandbox ${n(CONFIG.listHistory)} in ${(m.list.startupMs / 1000).toFixed(1)} s`,
    `  consoles started alone, rows on screen in ${histories.map((hist) => `${(m.rowsAtMs[hist] / 1000).toFixed(2)} s (${n(hist)})`).join(', ')}`,
    `  load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end; the bench took ${elapsedSeconds().toFixed(0)} s`,
    '',
    'targets:',
    ...checks.map(([name, ok, value]) => `  ${ok ? 'PASS' : 'MISS'}  ${name.padEnd(Math.max(...checks.map(([c]) => c.length)))} ${value}`),
    '',
  ];
  return out.join('\n');
}
