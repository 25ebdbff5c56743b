// The benchmark's smoke run, so it cannot rot: `BENCH_SMOKE=1 node test/bench/run.mjs` drives the
// same phases with tiny sizes and one repetition (not a timed test: only the shape is checked),
// and its last line must be the JSON object of issue 6 (and of the million-transaction workspace:
// first rows, filters, the 1,000,000 console's keys and memory; of the hostile server of issue 17;
// and of the export of issue 20) with every figure a finite number.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function runSmoke(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SMOKE: '1' };
    // The bench removes CI from its programs itself; vitest's markers stay out of the child too.
    for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
    const child = spawn(process.execPath, ['test/bench/run.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const SIZES = ['1000', '10000', '100000', '1000000'];
const NUMBERS = [
  'firstFrameMs',
  'baselineFirstFrameMs',
  'demoFirstFrameMs',
  'firstRowsMs.1000',
  'firstRowsMs.1000000',
  ...SIZES.flatMap((size) => [`keyLatencyMs.${size}.p50`, `keyLatencyMs.${size}.p95`]),
  ...['tx', 'text'].flatMap((filter) =>
    ['1000', '1000000'].flatMap((size) => [`filterMs.${filter}.${size}.p50`, `filterMs.${filter}.${size}.p95`]),
  ),
  'bytesPerSecond.incremental',
  'bytesPerSecond.full',
  'updateToScreenMs.p50',
  'updateToScreenMs.p95',
  'rssMb.1000',
  'rssMb.100000',
  'rssMb.1000000',
  'rssMb.rest',
  'rssMb.baseline',
  'idleCpuPercent',
  ...['1000', '1000000'].flatMap((size) => [`exportRowsPerSecond.${size}`, `exportRssMb.${size}`]),
  'sandboxListMs.p50',
  'sandboxListMs.p95',
  'stateDir.startMs',
  'stateDir.restartMs',
  'stateDir.bytesPerChange',
  'stateDir.idleBytesPerMinute',
  'signUs',
  'hostile.firstRowsMs',
  'hostile.keyMs.p50',
  'hostile.keyMs.max',
  'hostile.sigtermToExitMs.p50',
  'hostile.sigtermToExitMs.max',
  'hostile.controlSequences',
];

describe('npm run bench (smoke)', () => {
  it('prints the table and, as the very last line, the JSON object with every figure', { timeout: 90_000 }, async () => {
    const { code, stdout, stderr } = await runSmoke();
    expect(code, stderr).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout).toContain('targets:');
    const result = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual(
      [
        'node',
        'firstFrameMs',
        'baselineFirstFrameMs',
        'demoFirstFrameMs',
        'firstRowsMs',
        'keyLatencyMs',
        'filterMs',
        'bytesPerSecond',
        'updateToScreenMs',
        'rssMb',
        'idleCpuPercent',
        'exportRowsPerSecond',
        'exportRssMb',
        'sandboxListMs',
        'stateDir',
        'signUs',
        'hostile',
      ].sort(),
    );
    expect(result.node, 'the Node the bench ran on').toBe(process.version);
    expect(Object.keys(result.firstRowsMs as object).sort()).toEqual(['1000', '1000000']);
    expect(Object.keys(result.keyLatencyMs as object).sort()).toEqual([...SIZES].sort());
    expect(Object.keys(result.filterMs as object).sort()).toEqual(['text', 'tx']);
    for (const filter of ['tx', 'text']) {
      expect(Object.keys((result.filterMs as Record<string, object>)[filter]!).sort()).toEqual(['1000', '1000000']);
    }
    expect(Object.keys(result.rssMb as object).sort()).toEqual(['1000', '100000', '1000000', 'baseline', 'rest']);
    for (const figure of ['exportRowsPerSecond', 'exportRssMb']) {
      expect(Object.keys(result[figure] as object).sort(), figure).toEqual(['1000', '1000000']);
    }
    expect(Object.keys(result.stateDir as object).sort()).toEqual(['bytesPerChange', 'idleBytesPerMinute', 'restartMs', 'startMs']);
    expect(Object.keys(result.hostile as object).sort()).toEqual(['controlSequences', 'firstRowsMs', 'keyMs', 'sigtermToExitMs']);
    for (const path of NUMBERS) {
      const value = path.split('.').reduce<unknown>((obj, key) => (obj as Record<string, unknown>)[key], result);
      expect(Number.isFinite(value), `${path} = ${String(value)}`).toBe(true);
    }
  });
});
