// bin/custody.js keeps the compiled bundle in the user's cache folder where Node has a module
// compile cache (>= 22.1), and starts the same way without one (Node 20). CI runs the suite on both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import module from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTODY_BIN } from '../helpers/pty.js';

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const made: string[] = [];

function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'custody-cc-'));
  made.push(dir);
  return dir;
}

function runVersion(env: NodeJS.ProcessEnv): string {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('NODE_COMPILE_CACHE')));
  const result = spawnSync(process.execPath, [CUSTODY_BIN, '--version'], { env: { ...clean, ...env }, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.trim();
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe(`bin/custody.js on Node ${process.version}`, () => {
  it.each([
    ['XDG_CACHE_HOME', (home: string) => ({ HOME: home, XDG_CACHE_HOME: join(home, 'xdg') }), 'xdg/custody/compile-cache'],
    ['HOME/.cache when XDG_CACHE_HOME is unset', (home: string) => ({ HOME: home, XDG_CACHE_HOME: '' }), '.cache/custody/compile-cache'],
    ['HOME/.cache when XDG_CACHE_HOME is relative', (home: string) => ({ HOME: home, XDG_CACHE_HOME: 'rel' }), '.cache/custody/compile-cache'],
  ])('compile cache in %s (only where Node has one)', (_name, env, where) => {
    const home = tempHome();
    expect(runVersion(env(home))).toMatch(/^\d+\.\d+\.\d+/);
    const dir = join(home, where);
    if (hasCompileCache) {
      expect(existsSync(dir)).toBe(true);
      expect(readdirSync(dir).some((name) => name.startsWith(process.version))).toBe(true);
    } else {
      expect(existsSync(join(home, 'xdg'))).toBe(false);
      expect(existsSync(join(home, '.cache'))).toBe(false);
    }
  });

  it('starts when the cache folder cannot be made (a file stands where the folder would go)', () => {
    const home = tempHome();
    const blocker = join(home, 'blocked');
    spawnSync('sh', ['-c', `printf x > "${blocker}"`]);
    expect(runVersion({ HOME: home, XDG_CACHE_HOME: blocker })).toMatch(/^\d+\.\d+\.\d+/);
  });
});
