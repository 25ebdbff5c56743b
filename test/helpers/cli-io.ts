// Runs `custody` commands in-process with fake streams and a private temp home: never the real
// home, never the real config. stdin can pretend to be a terminal for the interactive paths.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach } from 'vitest';
import type { Io } from '../../src/commands/cli.js';
import { run } from '../../src/commands/index.js';

const made: string[] = [];

afterEach(async () => {
  for (const dir of made.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

export interface Home {
  dir: string;
  configFile: string;
  keysDir: string;
  /** A fresh environment pointing every custody path into `dir`. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
}

/** A temp folder standing in for HOME, removed after the test. */
export async function tempHome(): Promise<Home> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-cmd-'));
  made.push(dir);
  const configFile = path.join(dir, 'config', 'config.json');
  return {
    dir,
    configFile,
    keysDir: path.join(dir, 'config', 'keys'),
    env: (extra = {}) => ({
      HOME: dir,
      CUSTODY_CONFIG: configFile,
      XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
      XDG_STATE_HOME: path.join(dir, 'state'),
      LANG: 'C.UTF-8',
      ...extra,
    }),
  };
}

export class FakeTtyStdin extends PassThrough {
  isTTY = true;
  isRaw = false;
  /** Every setRawMode call, in order. */
  readonly rawModeCalls: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.isRaw = mode;
    this.rawModeCalls.push(mode);
    return this;
  }
}

export interface FakeIo extends Io {
  readonly stdin: FakeTtyStdin | PassThrough;
  out(): string;
  err(): string;
  /** stdout and stderr together. */
  all(): string;
  /** Types into stdin. */
  type(text: string): void;
  /** Resolves once `pattern` has appeared in stdout or stderr (counting only text after `from`). */
  waitFor(pattern: RegExp | string, opts?: { from?: number; timeoutMs?: number }): Promise<void>;
}

export function fakeIo(env: NodeJS.ProcessEnv, opts: { tty?: boolean } = {}): FakeIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = opts.tty ? new FakeTtyStdin() : new PassThrough();
  if (!opts.tty) (stdin as PassThrough & { isTTY?: boolean }).isTTY = false;
  let out = '';
  let err = '';
  let all = '';
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  stdout.on('data', (c: Buffer) => {
    out += c.toString();
    all += c.toString();
    notify();
  });
  stderr.on('data', (c: Buffer) => {
    err += c.toString();
    all += c.toString();
    notify();
  });
  return {
    stdout,
    stderr,
    stdin,
    env,
    out: () => out,
    err: () => err,
    all: () => all,
    type: (text) => {
      stdin.write(text);
    },
    waitFor: (pattern, { from = 0, timeoutMs = 10_000 } = {}) =>
      new Promise<void>((resolve, reject) => {
        const test = () => {
          const text = all.slice(from);
          return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
        };
        if (test()) {
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${String(pattern)}; output so far:\n${all}`));
        }, timeoutMs);
        const check = () => {
          if (!test()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
  };
}

export interface RunResult {
  code: number;
  out: string;
  err: string;
  io: FakeIo;
}

/** Runs one command line to its end (non-interactive: stdin is a pipe at end of input). */
export async function custody(argv: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  const io = fakeIo(env);
  io.stdin.end();
  const code = await run(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

/** Starts a command on a fake terminal; the test types and waits, then awaits `done`. */
export function custodyOnTty(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { io: FakeIo & { stdin: FakeTtyStdin }; done: Promise<number> } {
  const io = fakeIo(env, { tty: true }) as FakeIo & { stdin: FakeTtyStdin };
  return { io, done: run(argv, io) };
}

export async function modeOf(p: string): Promise<number> {
  return (await fs.stat(p)).mode & 0o777;
}

export async function readJson(p: string): Promise<Record<string, unknown>> {
  return JSON.parse(await fs.readFile(p, 'utf8')) as Record<string, unknown>;
}
