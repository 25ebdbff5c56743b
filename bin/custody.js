#!/usr/bin/env node
// The shipped entry: loads the esbuild bundle (see scripts/build.mjs; `npm run build` makes it).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

// Node >= 22.1 can keep the compiled bundle on disk: a start then skips most of the ~110 ms of
// compiling it. The cache lives in the user's XDG cache folder (never beside the package, which a
// global install may not let us write); Node checks each entry against the source, and any
// failure here only means a slower start.
function compileCacheDir() {
  const xdg = process.env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'custody', 'compile-cache');
}
if (typeof module.enableCompileCache === 'function') {
  try {
    module.enableCompileCache(compileCacheDir());
  } catch {
    // no home folder, a read-only file system: start without the cache
  }
}

const bundle = new URL('../dist/main.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('custody: the console is not built yet. Run `npm run build` (or `npm start`).\n');
  process.exit(1);
}
await import(bundle.href);
