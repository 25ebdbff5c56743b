#!/usr/bin/env node
// The shipped entry: loads the esbuild bundle (see scripts/build.mjs; `npm run build` makes it).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/main.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('custody: the console is not built yet. Run `npm run build` (or `npm start`).\n');
  process.exit(1);
}
await import(bundle.href);
