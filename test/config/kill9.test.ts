// Config writes survive `kill -9` at any moment (issue 7, "Files and secrets"): a child process
// saves the config through the commands' own writer (saveConfig → writeFileAtomic: temp file,
// fsync, rename, fsync of the folder), alternating two valid contents of different sizes, and is
// killed with SIGKILL at seeded random moments. After every kill the file parses and is exactly
// one of the two contents (never empty, truncated or a mix), keeps mode 0600, and the next save
// works; a temp file a killed writer left is a dotfile no reader looks at, and the next save
// clears it.
//
// KILL9_ROUNDS (default 40) and KILL9_SEED reproduce a run.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type Config,
  ConfigSchema,
  loadConfig,
  parseConfigText,
  saveConfig,
  writeFileExclusive,
} from '../../src/config/index.js';

const ROUNDS = Math.max(1, Number(process.env.KILL9_ROUNDS ?? 40) || 40);
const SEED = Number(process.env.KILL9_SEED ?? 0x5eed_c0de) >>> 0;
/** The kill lands this long (uniform) after the writer's first save. */
const MAX_DELAY_MS = 30;

const here = path.dirname(fileURLToPath(import.meta.url));
let dir: string;
let program: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(tmpdir(), 'custody-kill9-'));
  program = path.join(dir, 'config-writer.mjs');
  await esbuild.build({
    entryPoints: [path.join(here, 'programs/config-writer.ts')],
    outfile: program,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function configWith(profiles: number, active: string): Config {
  const out: Config = { version: 1, activeProfile: active, profiles: {} };
  for (let i = 0; i < profiles; i++) {
    out.profiles[`${active}-${i}`] = {
      baseUrl: `https://api-${i}.example.com/${active}`,
      workspaceId: `ws-${active}-${i}-${'x'.repeat(40)}`,
      keyFile: `/home/user/.config/custody/keys/${active}-${i}.jwk`,
      role: 'view-only',
    };
  }
  out.profiles[active] = { baseUrl: 'https://api.example.com', workspaceId: `ws-${active}` };
  return out;
}

/** The bytes saveConfig writes for `config`. */
function savedText(config: Config): string {
  return `${JSON.stringify(ConfigSchema.parse(config), null, 2)}\n`;
}

const TEMP = /^\.config\.json\.\d+\.[0-9a-f]+\.tmp$/;

it(`survives ${ROUNDS} kill -9 of a writer at random moments: always the old or the new file, whole`, async () => {
  const A = configWith(60, 'alpha'); // ~10 KB
  const B = configWith(3, 'beta'); // ~1 KB: a torn write of A over B (or back) cannot pass for either
  const texts = [savedText(A), savedText(B)];
  expect(texts[0]!.length).toBeGreaterThan(8 * texts[1]!.length);
  const file = path.join(dir, 'home', 'custody', 'config.json');
  const next = random(SEED);
  const seen = { A: 0, B: 0 };
  let saves = 0;
  let roundsWithTemp = 0;
  let tempsLeft = 0;

  for (let round = 0; round < ROUNDS; round++) {
    const child: ChildProcess = spawn(process.execPath, [program, file, JSON.stringify(A), JSON.stringify(B)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    // Wait for the first save of this round, then kill at a random moment of the ones after it.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`writer not ready in 10 s: ${err}`)), 10_000);
      const check = () => {
        if (out.includes('ready\n')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', check);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`writer exited before it was ready: ${err}`));
      });
    });
    await new Promise((r) => setTimeout(r, next() * MAX_DELAY_MS));
    child.kill('SIGKILL');
    expect(await exited, err).toBe('SIGKILL');
    saves += 1 + (out.split('ready\n')[1] ?? '').length;

    // Whatever moment the kill hit: the file is one of the two, whole, parseable, still 0600.
    const text = await fs.readFile(file, 'utf8');
    const which = texts.indexOf(text);
    expect(which, `round ${round} (KILL9_SEED=${SEED}): the file is neither content (${text.length} bytes)`).toBeGreaterThanOrEqual(0);
    expect(parseConfigText(text, file)).toEqual(ConfigSchema.parse(which === 0 ? A : B));
    expect((await loadConfig(file)).exists).toBe(true);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    seen[which === 0 ? 'A' : 'B'] += 1;

    // What else the folder holds: only the config and, when the kill hit a write, its temp file.
    const names = (await fs.readdir(path.dirname(file))).filter((n) => n !== 'config.json');
    for (const name of names) expect(name, 'only our own temp files beside the config').toMatch(TEMP);
    if (names.length > 0) roundsWithTemp += 1;
    tempsLeft = names.length;
  }

  // A later save (any command's) works over what the kills left, and clears the dead writers' temp files.
  await saveConfig(file, B);
  expect(await fs.readFile(file, 'utf8')).toBe(texts[1]);
  expect(await fs.readdir(path.dirname(file))).toEqual(['config.json']);

  process.stdout.write(
    `[kill9] seed ${SEED}: ${ROUNDS} kills over ${saves} saves; file was A ${seen.A}× and B ${seen.B}×; ` +
      `a temp file was left in ${roundsWithTemp} rounds (${tempsLeft} after the last), cleared by the next save\n`,
  );
  // The kills did land on both sides of the rename, not always between two saves.
  expect(seen.A).toBeGreaterThan(0);
  expect(seen.B).toBeGreaterThan(0);
}, 60_000);

it('a save clears only the temp files of writers that are gone: never a live writer\'s, never another name', async () => {
  const folder = await fs.mkdtemp(path.join(dir, 'stale-'));
  const file = path.join(folder, 'config.json');
  const keyFile = path.join(folder, 'k.jwk');
  const gone = spawn(process.execPath, ['-e', '0']);
  const deadPid = await new Promise<number>((resolve) => gone.once('exit', () => resolve(gone.pid!)));
  const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    const names = {
      dead: `.config.json.${deadPid}.0123456789ab.tmp`,
      deadKey: `.k.jwk.${deadPid}.0123456789ab.tmp`,
      alive: `.config.json.${alive.pid}.0123456789ab.tmp`,
      own: `.config.json.${process.pid}.0123456789ab.tmp`,
      other: ['.config.json.bak', `.config.json.${deadPid}.tmp`, `.other.json.${deadPid}.0123456789ab.tmp`],
    };
    for (const name of [names.dead, names.deadKey, names.alive, names.own, ...names.other])
      await fs.writeFile(path.join(folder, name), 'x', { mode: 0o600 });
    await saveConfig(file, configWith(1, 'one'));
    await writeFileExclusive(keyFile, '{}');
    expect((await fs.readdir(folder)).sort()).toEqual(
      ['config.json', 'k.jwk', names.alive, names.own, ...names.other].sort(),
    );
  } finally {
    alive.kill('SIGKILL');
  }
});
