// The benchmark's smoke run, so it cannot rot: `BENCH_SMOKE=1 node test/bench/run.mjs` drives the
// same phases with tiny sizes and one repetition (not a timed test: only the shape is checked),
// and its last line must be the JSON object of issue 6 with every figure a finite number.
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

const NUMBERS = [
  'firstFrameMs',
  'baselineFirstFrameMs',
  'keyLatencyMs.1000.p50',
  'keyLatencyMs.1000.p95',
  'keyLatencyMs.10000.p50',
  'keyLatencyMs.10000.p95',
  'keyLatencyMs.100000.p50',
  'keyLatencyMs.100000.p95',
  'bytesPerSecond.incremental',
  'bytesPerSecond.full',
  'updateToScreenMs.p50',
  'updateToScreenMs.p95',
  'rssMb.1000',
  'rssMb.100000',
  'sandboxListMs.p50',
  'sandboxListMs.p95',
  'signUs',
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
      ['node', 'firstFrameMs', 'baselineFirstFrameMs', 'keyLatencyMs', 'bytesPerSecond', 'updateToScreenMs', 'rssMb', 'sandboxListMs', 'signUs'].sort(),
    );
    expect(result.node, 'the Node the bench ran on').toBe(process.version);
    expect(Object.keys(result.keyLatencyMs as object).sort()).toEqual(['1000', '10000', '100000']);
    expect(Object.keys(result.rssMb as object).sort()).toEqual(['1000', '100000']);
    for (const path of NUMBERS) {
      const value = path.split('.').reduce<unknown>((obj, key) => (obj as Record<string, unknown>)[key], result);
      expect(Number.isFinite(value), `${path} = ${String(value)}`).toBe(true);
    }
  });
});
