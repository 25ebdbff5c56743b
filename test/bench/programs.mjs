// The programs the benchmark runs and where they live: a private snapshot of the console's build,
// the baseline Ink program and the project's signer bundled for it, each console in a fresh home,
// and what /proc says of a program's memory. One temporary folder for the run, removed at exit.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { COLS, ROWS, SMOKE } from './config.mjs';
import { PtySession } from './pty.mjs';
import { CUSTODY_BIN, ROOT } from './sandbox.mjs';

let folder;
/** The run's temporary folder, made on first use. */
function tmp() {
  if (folder === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'custody-bench-run-'));
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
    folder = made;
  }
  return folder;
}

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
export function snapshotBuild() {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const app = join(tmp(), `app-${attempt}`);
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
export async function bundleBaseline() {
  const { bundleOptions } = await import(pathToFileURL(join(ROOT, 'scripts/build.mjs')).href);
  const out = join(tmp(), 'baseline');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  await esbuild.build(bundleOptions([join(ROOT, 'test/bench/baseline/main.tsx')], out));
  // Launched like bin/custody.js: a small entry that imports the bundle.
  writeFileSync(join(out, 'bin.js'), "await import('./main.js');\n");
  return join(out, 'bin.js');
}

/** The project's signer (src/auth), bundled for this process. */
export async function bundleSigner() {
  const out = join(tmp(), 'auth');
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

let homes = 0;
/**
 * A fresh HOME and XDG folders, so no profile of the user's interferes. The cache folder is one
 * for the whole run, as a user's is: from Node 22.1 the console keeps its compiled bundle there
 * (bin/custody.js), and the first-frame warm-up run fills it like a user's first start does.
 */
export function freshHome() {
  const home = join(tmp(), `home-${++homes}`);
  mkdirSync(home, { recursive: true });
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), XDG_CACHE_HOME: join(tmp(), 'cache') };
}

/** The console against `sandbox`, in a 120x40 pseudo-terminal. */
export function spawnConsole(sandbox, env = {}, nodeArgs = []) {
  const args = [...nodeArgs, CUSTODY_BIN, '--base-url', sandbox.baseUrl, '--workspace', sandbox.workspaceId, '--key-file', sandbox.key.keyFile];
  return new PtySession(process.execPath, args, { cols: COLS, rows: ROWS, cwd: ROOT, env: { ...freshHome(), ...env } });
}

/** The console with nothing configured but --demo: the sandbox starts inside it. */
export function spawnDemo() {
  return new PtySession(process.execPath, [CUSTODY_BIN, '--demo'], { cols: COLS, rows: ROWS, cwd: ROOT, env: freshHome() });
}

/** The baseline Ink program (bundleBaseline()) in the same terminal. */
export function spawnBaseline(baselineBin) {
  return new PtySession(process.execPath, [baselineBin], { cols: COLS, rows: ROWS, cwd: ROOT, env: freshHome() });
}

/** The raw-mode echo program (echo.mjs): the floor of key-to-screen times. */
export function spawnEcho() {
  return new PtySession(process.execPath, [join(ROOT, 'test/bench/echo.mjs')], { cols: COLS, rows: ROWS, cwd: ROOT });
}

export function signal(session, name) {
  try {
    process.kill(session.pid, name);
  } catch {
    // gone
  }
}

/** Peak (VmHWM: over the process's whole life so far) and current resident memory, MB (Linux /proc). */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { peakMb: Number.NaN, rssMb: Number.NaN };
  }
}

/** CPU seconds (user + system) a live process has used, from /proc/PID/stat; NaN once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
