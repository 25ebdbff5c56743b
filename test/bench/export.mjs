// The export of issue 20 in the bench: `custody tx list --all --output csv` as a child process
// against a sandbox, the way `> year.csv` runs it (stdout a pipe, stderr not a terminal). Its
// output is counted here as it streams and never held (only the first and last line are kept);
// it is timed from spawn to exit, and its memory is read from /proc until it exits (VmHWM only
// grows, so the last reading is the peak). Then it is checked whole: exit 0, the header first,
// a CRLF after the last row, at least the sandbox's history, and the last row the oldest
// transaction there is (the export is newest first, so a short file ends too early).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CONFIG } from './config.mjs';
import { cpuSeconds, freshHome, memory } from './programs.mjs';
import { cleanEnv } from './pty.mjs';
import { CUSTODY_BIN, ROOT } from './sandbox.mjs';

/** The command line of the export (after node's own flags). */
export function exportArgs(sandbox, format = 'csv') {
  return [
    CUSTODY_BIN,
    ...['tx', 'list', '--all', '--output', format],
    ...['--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.key.keyFile],
  ];
}

const CR = 13;
const LF = 10;
const QUOTE = 34;
const KEEP = 4096;

/**
 * Counts CSV lines (CRLF outside quotes, so a quoted CRLF inside a cell is not a row) in chunks
 * as they come, keeping only the first line and the last KEEP bytes.
 */
export function csvCounter() {
  let lines = 0;
  let quoted = false;
  let lastByte = -1;
  let bytes = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  return {
    push(chunk) {
      bytes += chunk.length;
      if (head.length < KEEP) head = Buffer.concat([head, chunk.subarray(0, KEEP - head.length)]);
      tail = Buffer.concat([tail, chunk.subarray(Math.max(0, chunk.length - KEEP))]).subarray(-KEEP);
      // Most chunks hold no quote: indexOf over LF is much faster than a byte loop.
      if (!quoted && chunk.indexOf(QUOTE) === -1) {
        for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
          if ((i > 0 ? chunk[i - 1] : lastByte) === CR) lines++;
        }
      } else {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          if (b === QUOTE) quoted = !quoted;
          else if (b === LF && !quoted && (i > 0 ? chunk[i - 1] : lastByte) === CR) lines++;
        }
      }
      if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
    },
    result() {
      const text = (b) => b.toString('latin1');
      const first = text(head).split('\r\n')[0];
      const ends = tail.length >= 2 && tail[tail.length - 2] === CR && tail[tail.length - 1] === LF;
      const last = ends ? text(tail.subarray(0, -2)).split('\r\n').at(-1) : undefined;
      return { bytes, lines, first, last, endsWithCrlf: ends, quoted };
    },
  };
}

/**
 * One export of `sandbox` in `format`: { ms, firstByteMs, bytes, lines, first, last, endsWithCrlf,
 * code, stderr, peakMb, rssMb, cpuS }. Rejects when it runs past `timeoutMs` (and kills it).
 */
export function runExport(sandbox, { format = 'csv', nodeArgs = [], timeoutMs = CONFIG.exportTimeoutMs } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, ...exportArgs(sandbox, format)], {
      cwd: ROOT,
      env: cleanEnv(freshHome()),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const counter = csvCounter();
    let firstByteMs = Number.NaN;
    let stderr = '';
    let last = { peakMb: Number.NaN, rssMb: Number.NaN, cpuS: Number.NaN };
    let maxRssMb = 0;
    const sample = () => {
      const m = memory(child.pid);
      const cpuS = cpuSeconds(child.pid);
      if (!Number.isFinite(m.peakMb)) return; // gone
      last = { ...m, cpuS };
      maxRssMb = Math.max(maxRssMb, m.rssMb);
    };
    const sampler = setInterval(sample, 50);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the export did not finish in ${timeoutMs} ms (${counter.result().lines} lines so far)`));
    }, timeoutMs);
    child.stdout.on('data', (chunk) => {
      if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
      counter.push(chunk);
    });
    // Reading once more as the output closes: the process is about to exit, at its final peak.
    child.stdout.once('end', sample);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code, sig) => {
      const ms = performance.now() - started;
      clearInterval(sampler);
      clearTimeout(timer);
      resolve({ ms, firstByteMs, code: code ?? sig, stderr, ...counter.result(), peakMb: last.peakMb, rssMb: maxRssMb, cpuS: last.cpuS });
    });
  });
}

/** The transactionId of the sandbox's oldest transaction (the last row of a whole export). */
async function oldestId(sandbox) {
  const { body } = await sandbox.request('GET', '/transactions?sortBy=activity&sortDirection=ASC&limit=1');
  return body?.transactions?.[0]?.transactionId;
}

/** Why `run` is not a whole CSV export of a workspace of at least `history` rows ending at `oldest`. */
export function wholeProblems(run, history, oldest) {
  const rows = run.lines - 1;
  const problems = [];
  if (run.code !== 0) problems.push(`exit ${run.code}: ${run.stderr.trim().slice(-500)}`);
  if (!run.first.startsWith('createdAt,transactionId,')) problems.push(`the first line is not the header: ${JSON.stringify(run.first.slice(0, 120))}`);
  if (!run.endsWithCrlf || run.quoted) problems.push('the output does not end with a whole line');
  if (rows < history) problems.push(`${rows} rows, fewer than the ${history} of the history`);
  const lastId = run.last?.split(',')[1];
  if (oldest !== undefined && lastId !== oldest) problems.push(`the last row is ${lastId}, not the oldest transaction ${oldest}`);
  return problems;
}

/**
 * The CSV export of each sandbox ({label, history, sandbox}), CONFIG.exportRuns[label] times,
 * one after another: { [label]: [{ rows, ms, rowsPerSecond, peakMb, ... }] }. Throws when an
 * export is not whole: a fast export of a short file is no figure.
 */
export async function measureExport(subjects, say = () => undefined) {
  const out = {};
  for (const { label, history, sandbox } of subjects) {
    const oldest = await oldestId(sandbox);
    out[label] = [];
    for (let i = 0; i < (CONFIG.exportRuns[label] ?? 1); i++) {
      const run = await runExport(sandbox);
      const problems = wholeProblems(run, history, oldest);
      if (problems.length > 0) throw new Error(`the export of ${label} is not whole: ${problems.join('; ')}`);
      const rows = run.lines - 1;
      const result = { ...run, rows, rowsPerSecond: rows / (run.ms / 1000) };
      delete result.stderr;
      out[label].push(result);
      say(
        `export (${label}): ${rows.toLocaleString('en-US')} rows, ${(run.bytes / 1e6).toFixed(1)} MB in ${(run.ms / 1000).toFixed(1)} s ` +
          `(${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s, ${run.cpuS.toFixed(1)} s CPU), peak RSS ${run.peakMb.toFixed(0)} MB`,
      );
    }
  }
  return out;
}
