// The package as a user gets it: `npm pack` (which builds the bundle through prepack), then a
// global install of the tarball into an empty prefix and `npx <tarball>`, run from a folder with
// no clone around. Installing must run no script (no patch-package, no build: the bundle carries
// the Ink fixes) and fetch nothing (the bundle carries every dependency).
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectRestored, waitForLiveRows } from '../e2e/helpers.js';
import { disposeAllPtys, ptyEnv, REPO_ROOT, spawnPty } from '../helpers/pty.js';

const MAX_TARBALL_BYTES = 2 * 1024 * 1024;
const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let work: string;
let tarball: string;
let prefix: string;
/** A user's machine: an empty home, its own npm cache, and no clone in sight. */
let userEnv: Record<string, string>;

function npm(args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync('npm', args, { cwd, env: userEnv, encoding: 'utf8', timeout: 120_000 });
}

function output(result: SpawnSyncReturns<string>): string {
  return `${result.stdout}${result.stderr}`;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'custody-package-'));
  const home = join(work, 'home');
  mkdirSync(home);
  prefix = join(work, 'prefix');
  userEnv = ptyEnv({
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local/state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    NODE_PATH: undefined,
  });
  for (const name of Object.keys(userEnv)) if (name.startsWith('npm_') && !name.startsWith('npm_config_')) delete userEnv[name];
  delete userEnv.npm_config_prefix;
  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: REPO_ROOT,
    env: { ...userEnv, npm_config_cache: join(work, 'npm-cache') },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(packed.status, output(packed)).toBe(0);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string }>;
  tarball = join(work, info!.filename);
}, 180_000);

afterEach(disposeAllPtys);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it(`is at most 2 MB and holds only what runs`, () => {
    expect(statSync(tarball).size).toBeLessThanOrEqual(MAX_TARBALL_BYTES);
    const listed = spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' });
    const files = listed.stdout.trim().split('\n').sort();
    const unexpected = files.filter(
      (f) => !/^package\/(LICENSE|README\.md|SECURITY\.md|package\.json|bin\/custody\.js|dist\/[\w-]+\.js)$/.test(f),
    );
    expect(unexpected).toEqual([]);
    expect(files).toContain('package/dist/main.js');
    expect(files).toContain('package/LICENSE');
  });

  it('has a manifest a registry accepts and an install runs nothing from', () => {
    const manifest = JSON.parse(
      spawnSync('tar', ['xzf', tarball, '-O', 'package/package.json'], { encoding: 'utf8' }).stdout,
    ) as Record<string, unknown>;
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    const scripts = Object.keys((manifest.scripts as Record<string, string> | undefined) ?? {});
    expect(scripts.filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
  });
});

describe('npm install -g <tarball> into an empty prefix', () => {
  let bin: string;
  beforeAll(() => {
    const started = performance.now();
    const installed = npm(['install', '-g', tarball, '--prefix', prefix], work);
    const seconds = (performance.now() - started) / 1000;
    expect(installed.status, output(installed)).toBe(0);
    // npm 11 lists install scripts it skipped: a user would have to act on that.
    expect(output(installed)).not.toMatch(/install-scripts|patch-package/);
    console.log(`global install of ${statSync(tarball).size} bytes took ${seconds.toFixed(1)} s`);
    bin = join(prefix, 'bin/custody');
  }, 120_000);

  it('custody --version and --help', () => {
    const v = spawnSync(bin, ['--version'], { cwd: work, env: userEnv, encoding: 'utf8' });
    expect(v.stdout.trim()).toBe(version);
    const help = spawnSync(bin, ['--help'], { cwd: work, env: userEnv, encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const command of ['init', 'doctor', 'sandbox', 'watch', 'audit']) expect(help.stdout).toContain(command);
  });

  it('custody --demo opens the living demo and quits cleanly', async () => {
    const pty = spawnPty(bin, ['--demo'], { cwd: work, env: userEnv, cols: 120, rows: 40 });
    await pty.waitForRawMode({ timeoutMs: 20_000 });
    await waitForLiveRows(pty);
    expect(pty.screenText()[0]).toContain('DEMO');
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  });
});

describe('npx <tarball>', () => {
  it('runs the demo', async () => {
    const pty = spawnPty('npx', ['--yes', `./${tarball.split('/').pop()!}`, '--demo'], {
      cwd: work,
      env: userEnv,
      cols: 120,
      rows: 40,
    });
    await pty.waitForRawMode({ timeoutMs: 60_000 });
    await waitForLiveRows(pty);
    await pty.press('q');
    expect((await pty.exit).exitCode).toBe(0);
    expectRestored(pty);
  });
});
