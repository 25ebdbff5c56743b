// stop() leaves nothing running: a child process that starts an engine, stops it and closes
// the sandbox must exit on its own (no process.exit), quickly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'live-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the process exits on its own after stop()', async () => {
  const outfile = join(dir, 'program.mjs');
  await esbuild.build({
    entryPoints: [join(here, 'programs/stop-then-exit.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    external: ['bufferutil', 'utf-8-validate'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const child = spawn(process.execPath, [outfile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const started = Date.now();
  const code = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running after 10 s');
    }, 10_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c ?? 'killed');
    });
  });
  expect({ code, err }).toEqual({ code: 0, err: '' });
  expect(out).toMatch(/^stopped /);
  // It ended because nothing was left, not after some long timeout.
  expect(Date.now() - started).toBeLessThan(8_000);
}, 30_000);
