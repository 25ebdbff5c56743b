// The import rules `npm run lint` checks (.dependency-cruiser.mjs): they say what
// docs/architecture.md says, each of them can fail, and the repository passes them.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);

type Rooms = Record<string, '*' | readonly string[]>;

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** depcruise as `npm run lint` runs it, in `cwd`, with the repository's config: its violations. */
async function cruise(cwd: string, dirs: readonly string[]): Promise<Violation[]> {
  const args = [DEPCRUISE, ...dirs, '--config', CONFIG, '--output-type', 'json'];
  // It exits non-zero when it finds a violation; the report is on stdout either way.
  const out = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return (JSON.parse(out.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** The "Allowed imports" table of docs/architecture.md, as room → rooms ('*': anything). */
function docTable(markdown: string): Rooms {
  const start = markdown.indexOf('Allowed imports');
  const rows = markdown.slice(start).split('\n').filter((l) => l.startsWith('| `'));
  const table: Rooms = {};
  for (const row of rows) {
    const [, who, may] = row.split('|').map((c) => c.trim());
    const names = (cell: string) => [...cell.matchAll(/`([a-z]+)`/g)].map((m) => m[1]!);
    for (const room of names(who!)) table[room] = may === 'anything' ? '*' : names(may!).sort();
  }
  return table;
}

async function configRooms(): Promise<Rooms> {
  const href = pathToFileURL(CONFIG).href;
  const { ROOMS } = (await import(href)) as { ROOMS: Rooms };
  return ROOMS;
}

describe('the import rules', () => {
  it('the config holds the table of docs/architecture.md, room for room', async () => {
    const doc = docTable(await fs.readFile(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
    const rooms = Object.fromEntries(
      Object.entries(await configRooms()).map(([room, may]) => [room, may === '*' ? '*' : [...may].sort()]),
    );
    expect(Object.keys(doc).length).toBeGreaterThanOrEqual(11);
    expect(rooms).toEqual(doc);
  });

  it('src breaks none of them', { timeout: 60_000 }, async () => {
    expect(await cruise(ROOT, ['src'])).toEqual([]);
  });

  it('no file of the product, its tests or its scripts names a path into ../shared', async () => {
    const offenders: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(p);
        // A path in a string is a read (fs, spawn, import); a mention in a comment is not.
        else if (/['"`][^'"`\n]*\.\.\/shared\b/.test(await fs.readFile(p, 'utf8'))) offenders.push(path.relative(ROOT, p));
      }
    };
    for (const dir of ['src', 'test', 'scripts', 'bin', '.ci']) await walk(path.join(ROOT, dir));
    expect(offenders.filter((f) => f !== 'test/rules/import-rules.test.ts')).toEqual([]);
  });
});

describe('each rule can fail', () => {
  let dir: string;
  let violations: Violation[];
  let rooms: Rooms;
  const reported = (rule: string, from: string) => violations.some((v) => v.rule.name === rule && v.from === from);

  beforeAll(async () => {
    rooms = await configRooms();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-rules-'));
    const repo = path.join(dir, 'repo');
    const write = async (file: string, text: string) => {
      await fs.mkdir(path.dirname(path.join(repo, file)), { recursive: true });
      await fs.writeFile(path.join(repo, file), text);
    };
    await fs.mkdir(path.join(dir, 'shared'));
    await fs.writeFile(path.join(dir, 'shared', 'notes.ts'), 'export const notes = 1;\n');
    await fs.mkdir(repo);
    await fs.copyFile(path.join(ROOT, 'tsconfig.json'), path.join(repo, 'tsconfig.json'));
    // Every room imports every other room, one file per pair: the rules must report exactly the
    // pairs the table does not allow.
    const names = Object.keys(rooms);
    for (const room of names) await write(`src/${room}/index.ts`, `export const ${room} = 1;\n`);
    for (const from of names) {
      for (const to of names) {
        if (to !== from) await write(`src/${from}/to-${to}.ts`, `export { ${to} } from '../${to}/index.js';\n`);
      }
    }
    await write('src/unplanned/index.ts', 'export const unplanned = 1;\n');
    await write('src/format/to-unplanned.ts', "export { unplanned } from '../unplanned/index.js';\n");
    // A cycle of types only.
    await write('src/format/cycle-a.ts', "import type { B } from './cycle-b.js';\nexport type A = { b?: B };\n");
    await write('src/format/cycle-b.ts', "import type { A } from './cycle-a.js';\nexport type B = { a?: A };\n");
    await write('test/helper.ts', 'export const helper = 1;\n');
    await write('src/contract/uses-test.ts', "export { helper } from '../../test/helper.js';\n");
    // The design folder beside the repository, spelled out at run time: this file itself never names it.
    const besides = (ups: number) => `${'../'.repeat(ups)}${'sha' + 'red'}/notes.js`;
    await write('src/config/uses-shared.ts', `export { notes } from '${besides(3)}';\n`);
    await write('test/uses-shared.test.ts', `export { notes } from '${besides(2)}';\n`);
    await write('src/auth/typo.ts', "export { nothing } from './nothing-here.js';\n");
    // Inside the view: a part importing down, sideways (its own floor), up, and an unplaced part.
    for (const part of ['base', 'model', 'dialog', 'lists', 'shell', 'stray']) {
      await write(`src/view/${part}/index.ts`, `export const ${part} = 1;\n`);
    }
    await write('src/view/model/down.ts', "export { base } from '../base/index.js';\n");
    await write('src/view/dialog/sideways.ts', "export { lists } from '../lists/index.js';\n");
    await write('src/view/base/up.ts', "export { shell } from '../shell/index.js';\n");
    await write('src/view/shell/stray.ts', "export { stray } from '../stray/index.js';\n");
    violations = await cruise(repo, ['src', 'test']);
  }, 60_000);

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('a room importing a room the table does not allow is reported, and only then', () => {
    const names = Object.keys(rooms);
    const rows: string[] = [];
    for (const from of names) {
      for (const to of names) {
        if (to === from) continue;
        const may = rooms[from]!;
        const allowed = may === '*' || may.includes(to);
        const got = reported(`room-${from}`, `src/${from}/to-${to}.ts`);
        if (got === allowed) rows.push(`${from} -> ${to}: ${got ? 'reported' : 'not reported'}`);
      }
    }
    expect(rows).toEqual([]);
    // The fixture exercises every room rule at least once.
    for (const room of names.filter((r) => rooms[r] !== '*')) {
      expect(violations.some((v) => v.rule.name === `room-${room}`)).toBe(true);
    }
  });

  it('a folder of src not in the table may not be imported', () => {
    expect(reported('room-format', 'src/format/to-unplanned.ts')).toBe(true);
  });

  it('an import cycle is reported, type-only imports included', () => {
    expect(reported('no-circular', 'src/format/cycle-a.ts')).toBe(true);
  });

  it('src importing a file outside src is reported', () => {
    expect(reported('src-stays-in-src', 'src/contract/uses-test.ts')).toBe(true);
  });

  it('an import from ../shared is reported, from src and from the tests', () => {
    expect(reported('no-shared', 'src/config/uses-shared.ts')).toBe(true);
    expect(reported('no-shared', 'test/uses-shared.test.ts')).toBe(true);
  });

  it('inside the view a part imports only the floors below its own', () => {
    expect(violations.filter((v) => v.from === 'src/view/model/down.ts')).toEqual([]);
    expect(reported('view-dialog', 'src/view/dialog/sideways.ts')).toBe(true);
    expect(reported('view-base', 'src/view/base/up.ts')).toBe(true);
    expect(reported('view-parts-known', 'src/view/shell/stray.ts')).toBe(true);
  });

  it('an import of a file that is not there is reported', () => {
    expect(reported('not-to-unresolvable', 'src/auth/typo.ts')).toBe(true);
  });
});
