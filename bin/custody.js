#!/usr/bin/env node
// The shipped entry: loads the esbuild bundle (see scripts/build.mjs; `npm run build` makes it).
import { existsSync } from 'node:fs';
import v8 from 'node:v8';

// A console lives for hours: let the heap grow by a fifth at a time, not V8's default of up to
// 4x, so loading 100,000 transactions peaks near what it keeps (measured: 240 MB instead of
// 340 MB, at the same load time). V8 reads this flag whenever it sizes the heap, so setting it
// here, before anything is allocated, takes effect.
v8.setFlagsFromString('--heap-growing-percent=20');

const bundle = new URL('../dist/main.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('custody: the console is not built yet. Run `npm run build` (or `npm start`).\n');
  process.exit(1);
}
await import(bundle.href);
