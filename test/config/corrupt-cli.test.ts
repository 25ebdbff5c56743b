// A corrupt config is reported with its path and where it breaks, and never replaced (issue 7,
// "Files and secrets"), through the real command line: the built `custody` in its own process
// (`config show`, `config use`, `doctor`, `init`) and the console started in a pseudo-terminal.
// Garbage bytes (with terminal escapes), truncated JSON and a wrong shape: each is named with its
// path and its line and column (or the field), the file stays byte-identical with the same inode
// and mode, and nothing new appears beside it (no temp file, no key from init).
// (In-process: test/commands/config.test.ts; the parser's positions: test/config/json-error.test.ts.)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectRestored } from '../e2e/helpers.js';
import { CUSTODY_BIN, disposeAllPtys, ptyEnv, REPO_ROOT, spawnCustody } from '../helpers/pty.js';

afterEach(disposeAllPtys);

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'custody-corrupt-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const CORRUPT: Array<[string, Buffer, RegExp]> = [
  [
    'garbage bytes',
    Buffer.from('\x00\xff\xfe garbage \x1b[31mred\x1b[0m \x1b]52;c;aGk=\x07', 'latin1'),
    /is not valid JSON at line 1, column 1 \(unexpected "\\u0000"\)/,
  ],
  [
    'truncated JSON',
    Buffer.from('{\n  "version": 1,\n  "activeProfile": "prod",\n  "profiles": {\n    "prod": {"baseUrl": "https://x", "works'),
    /is not valid JSON at line 5, column 44 \(unterminated string\)/,
  ],
  [
    'a wrong shape',
    Buffer.from('{"version":1,"activeProfile":"prod","profiles":{"prod":{"baseUrl":"https://x","workspaceId":7}}}\n'),
    /is not a valid custody config: profiles\.prod\.workspaceId: .*expected string/,
  ],
];

function setUp(name: string, bytes: Buffer): { dir: string; file: string; env: Record<string, string> } {
  const dir = join(root, name.replace(/\W+/g, '-'));
  const file = join(dir, 'config.json');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, bytes, { mode: 0o640 });
  return {
    dir,
    file,
    // The cache (Node's compile cache, from Node 22.1) lives outside the folder checked for strays.
    env: {
      CUSTODY_CONFIG: file,
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, 'xdg'),
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CACHE_HOME: join(root, 'cache'),
    },
  };
}

function expectUntouched(file: string, bytes: Buffer, before: { ino: number; mode: number; mtimeMs: number }): void {
  expect(readFileSync(file).equals(bytes), 'the file is byte-identical').toBe(true);
  const after = statSync(file);
  expect({ ino: after.ino, mode: after.mode, mtimeMs: after.mtimeMs }).toEqual(before);
  expect(readdirSync(join(file, '..'))).toEqual(['config.json']);
}

describe.each(CORRUPT)('a config holding %s', (name, bytes, problem) => {
  it('config show, config use, doctor and init report it with its path and leave it as it was', () => {
    const { file, env } = setUp(name, bytes);
    const st = statSync(file);
    const before = { ino: st.ino, mode: st.mode, mtimeMs: st.mtimeMs };
    const runs: Array<[string[], number]> = [
      [['config', 'show'], 1],
      [['config', 'list'], 1],
      [['config', 'use', 'prod'], 1],
      [['doctor'], 1],
      [['init', '--base-url', 'http://127.0.0.1:9', '--yes'], 1],
    ];
    for (const [args, code] of runs) {
      const r = spawnSync(process.execPath, [CUSTODY_BIN, ...args], {
        cwd: REPO_ROOT,
        env: ptyEnv(env),
        encoding: 'utf8',
        timeout: 15_000,
      });
      const all = r.stdout + r.stderr;
      expect(r.status, `${args.join(' ')}: ${all}`).toBe(code);
      expect(all, args.join(' ')).toContain(file);
      expect(all, args.join(' ')).toMatch(problem);
      expect(all, args.join(' ')).toMatch(/left untouched/);
      expect(all, args.join(' ')).toContain(`fix ${file} by hand`);
      // The file's own bytes are not echoed to the terminal (no escape sequence from it gets out).
      expect(all).not.toContain('\x1b[31m');
      expect(all).not.toContain('\x1b]52');
      expectUntouched(file, bytes, before);
    }
  });

  it('the console refuses to start, says why, and gives the terminal back', async () => {
    const { file, env } = setUp(`${name}-console`, bytes);
    const st = statSync(file);
    const before = { ino: st.ino, mode: st.mode, mtimeMs: st.mtimeMs };
    const pty = spawnCustody([], { cols: 220, rows: 20, configFile: file, env });
    const exit = await pty.exit;
    expect(exit.exitCode).toBe(1);
    const screen = pty.screen().replace(/\n/g, ' ');
    expect(screen).toContain(file);
    expect(screen).toMatch(problem);
    expect(screen).toMatch(/left untouched/);
    // Not the demo in its place: a broken config is not "nothing configured".
    expect(pty.output).not.toContain('DEMO');
    expect(pty.output).not.toContain('\x1b]52');
    expectRestored(pty);
    expectUntouched(file, bytes, before);
  });
});
