// `custody sandbox`: the local server of the API, standalone. When it is ready it prints ONE line
// of JSON to stdout (scripts and tests read it); everything else goes to stderr. SIGINT/SIGTERM
// stop it cleanly (exit 0).
import fsp from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { isEncryptedKeyText, JwkError, parseJwk, publicHalf, type PublicJwk } from '../auth/index.js';
import { assertSecurePath, ConfigError, type SecretEnv } from '../config/index.js';
import { KEY_STATES as STATES } from '../contract/index.js';
import { isRole, ROLES, type Role } from '../format/index.js';
import type { KeySpec, KeyState, RestoredState, SandboxHandle } from '../sandbox/index.js';
import { bool, type CommandSpec, type Io, list, type Parsed, str, UsageError } from './cli.js';
import { takeSignals } from './signals.js';

/** The largest history the compact world is built and measured for (about 4 s and 220 MB). */
const MAX_HISTORY = 1_000_000;

export const spec: CommandSpec = {
  name: 'sandbox',
  summary: 'run a local server of the custody API with a living demo workspace',
  usage: [
    'sandbox [--host 127.0.0.1] [--port 0] [--seed N] [--speed F] [--history N] [--register FILE=ROLE[:STATE]]... [--chaos SPEC]',
    'sandbox --state-dir DIR [--register FILE=ROLE[:STATE]]... [--embedded-alias]',
  ],
  options: {
    host: { type: 'string', value: 'HOST', description: 'address to listen on (default 127.0.0.1: this machine only)' },
    port: { type: 'string', value: 'PORT', description: 'port to listen on; 0 picks a free one (default 0)' },
    seed: { type: 'string', value: 'N', description: 'seed of the generated workspace (same seed, same world)' },
    speed: {
      type: 'string',
      value: 'F',
      description: 'how many times faster the world works: steps, arrivals, price ticks (default 1; its clock stays real)',
    },
    history: { type: 'string', value: 'N', description: 'past transactions to generate at start (default 3000)' },
    register: {
      type: 'string',
      value: 'FILE=ROLE[:STATE]',
      multiple: true,
      description:
        'register the key in FILE (a JWK, or a key encrypted by init --encrypt) with a role and a ' +
        'state; only its public half is kept',
    },
    chaos: { type: 'string', value: 'SPEC', description: 'faults on purpose, e.g. latency=50-200,503=0.1 (off by default)' },
    'state-dir': {
      type: 'string',
      value: 'DIR',
      description: 'keep the world in DIR: a restart goes on where it stopped (made on the first start)',
    },
    'embedded-alias': {
      type: 'boolean',
      description: 'also send every _embedded object as embedded (for clients typed from the OpenAPI)',
    },
  },
  details: `ROLE is one of ${ROLES.join(', ')}; STATE one of ${STATES.join(', ')} (default active).
A pending or rotated key gets 401, a revoked or unknown one 403. An encrypted key file asks for
its passphrase in a terminal (CUSTODY_KEY_PASSPHRASE gives it to scripts); like every private
key file it must be readable by you alone.

When it is ready the sandbox prints one line of JSON to stdout and logs one line per request
to stderr (never a header or a token):
  {"baseUrl":"http://127.0.0.1:PORT","workspaceId":"...","keys":[{"kid":"...","role":"...","state":"..."}]}
The WebSocket is the same address with ws:// and /ws.

With --state-dir the world persists in DIR: transactions and their states, decisions and their
reasons, the address book, keys, balances and the activity feed. Every change is written there
before it is answered, so a restart, even after kill -9, finds every change anyone was told of.
Time goes on while it is stopped: what expired meanwhile is expired at the restart. DIR must be
yours and writable by nobody else (as the console's key and config); one sandbox at a time uses
it. --seed, --history and --speed may be left out on a restart (the stored ones are used); a
different value is refused. Keys given with --register at a later start are added beside the
stored ones; a key given again with another role or state takes the new one.

Chaos SPEC is a comma list: latency=MS or MIN-MAX (added to HTTP answers), 503=SHARE and
429=SHARE (of HTTP requests, refused with Retry-After: 1 before anything happens), drop=N (every
N s every socket is dropped), close4001=N (every N s every socket is closed with 4001),
stall=N (every N s one socket stops sending and answering pings), garbage=SHARE (of frames
sent as malformed JSON).

It is a sandbox: made-up data, no real funds. It never pretends to be the production service.`,
};

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max} (got "${text}")`);
  }
  return value;
}

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw new UsageError(`--${name} must be a number above 0 (got "${text}")`);
  }
  return value;
}

/** `FILE=ROLE[:STATE]`, split on the LAST `=` (a file name may hold one). */
export function parseRegister(text: string): { file: string; role: Role; state: KeyState } {
  const eq = text.lastIndexOf('=');
  if (eq <= 0 || eq === text.length - 1) {
    throw new UsageError(`--register must be FILE=ROLE[:STATE] (got "${text}")`);
  }
  const file = text.slice(0, eq);
  const [role, state = 'active', ...rest] = text.slice(eq + 1).split(':');
  if (!isRole(role)) {
    throw new UsageError(`--register ${file}: ROLE must be one of ${ROLES.join(', ')} (got "${role}")`);
  }
  if (rest.length > 0 || !(STATES as readonly string[]).includes(state)) {
    throw new UsageError(`--register ${file}: STATE must be one of ${STATES.join(', ')} (got "${text.slice(eq + 1)}")`);
  }
  return { file, role, state: state as KeyState };
}

/**
 * The public half of the key in FILE. A plain JWK (public or private) is read as it is; an
 * encrypted one is unlocked the way the console unlocks its key (mode checks, passphrase from
 * CUSTODY_KEY_PASSPHRASE or a prompt) and only its public half leaves this function.
 */
async function loadKey(file: string, io: Io, secrets: SecretEnv): Promise<PublicJwk> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : 'cannot be read';
    throw new UsageError(`--register ${file}: ${why}`);
  }
  if (isEncryptedKeyText(text.trim())) {
    const { loadPrivateKey } = await import('./context.js');
    return publicHalf(await loadPrivateKey({ source: 'file', path: path.resolve(file) }, io, secrets));
  }
  try {
    return publicHalf(parseJwk(text, `--register ${file}`));
  } catch (err) {
    // JwkError messages never carry key material.
    if (err instanceof JwkError) throw new UsageError(err.message);
    throw err;
  }
}

/**
 * The state dir holds the key registry: it follows the rules of the console's own files (owned by
 * you or root, writable by nobody else, all the way up), checked before anything is made in it.
 */
async function checkStateDir(dir: string): Promise<void> {
  try {
    await assertSecurePath(path.join(dir, 'journal.jsonl'));
  } catch (err) {
    if (err instanceof ConfigError) {
      throw new UsageError(`--state-dir ${dir}: ${err.message}${err.fix ? ` (fix: ${err.fix})` : ''}`);
    }
    throw err;
  }
}

/** The start-up lines of a sandbox run from a state dir: what it found, and each key given. */
export function restoredLines(r: RestoredState): string {
  const head = r.existed
    ? `custody sandbox: state dir ${r.dir}: the world made ${r.createdAt} goes on (${r.changes} changes replayed` +
      `${r.droppedTail ? '; a last change cut short by a crash was dropped: it was never answered' : ''})`
    : `custody sandbox: state dir ${r.dir}: a new world, kept there from now on`;
  return [head, ...r.keys.map((line) => `custody sandbox: ${line}`)].map((line) => `${line}\n`).join('');
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

export interface ServeControl {
  /** Stops the sandbox when aborted (run() ties it to SIGINT/SIGTERM). */
  signal: AbortSignal;
  /** Called once it is listening (tests). */
  onReady?: (handle: SandboxHandle) => void;
  /** CUSTODY_KEY_PASSPHRASE, taken out of the environment, for encrypted --register files. */
  secrets?: SecretEnv;
}

/** The command's work, with the stop signal handed in (tests run it in-process). */
export async function serve(parsed: Parsed, io: Io, control: ServeControl): Promise<number> {
  const { values } = parsed;
  const host = str(values, 'host') ?? '127.0.0.1';
  const port = integer('port', str(values, 'port'), 0, 65_535) ?? 0;
  const seed = integer('seed', str(values, 'seed'), -(2 ** 31), 2 ** 32 - 1);
  const speed = positive('speed', str(values, 'speed'));
  const history = integer('history', str(values, 'history'), 0, MAX_HISTORY);
  const registers = list(values, 'register').map(parseRegister);
  const stateDir = str(values, 'state-dir');
  if (stateDir !== undefined) await checkStateDir(stateDir);
  const { parseChaos, ChaosSpecError, startSandbox, StateDirError } = await import('../sandbox/index.js');
  const chaosText = str(values, 'chaos');
  let chaos;
  try {
    chaos = chaosText === undefined ? undefined : parseChaos(chaosText);
  } catch (err) {
    if (err instanceof ChaosSpecError) throw new UsageError(`--chaos: ${err.message}`);
    throw err;
  }
  const keys: KeySpec[] = [];
  for (const r of registers) {
    keys.push({ jwk: await loadKey(r.file, io, control.secrets ?? {}), role: r.role, state: r.state });
  }

  const log = (line: string) => {
    io.stderr.write(`${new Date().toISOString()} ${line}\n`);
  };
  if (!isLoopback(host)) {
    io.stderr.write(
      `warning: listening on ${host} makes the sandbox reachable from other machines. It serves made-up ` +
        'data to any registered key; prefer 127.0.0.1.\n',
    );
  }
  if (control.signal.aborted) return 0;

  let handle: SandboxHandle;
  try {
    handle = await startSandbox({
      host,
      port,
      ...(seed === undefined ? {} : { seed }),
      ...(speed === undefined ? {} : { speed }),
      ...(history === undefined ? {} : { history }),
      ...(chaos === undefined ? {} : { chaos }),
      keys,
      log,
      ...(stateDir === undefined ? {} : { stateDir }),
      embeddedAlias: bool(values, 'embedded-alias'),
    });
  } catch (err) {
    if (err instanceof StateDirError) {
      io.stderr.write(`custody sandbox: --state-dir: ${err.message}\n`);
      return 1;
    }
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? 'the address is already in use (try another --port, or 0 for a free one)'
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? 'no such address on this machine'
          : code === 'EACCES'
            ? 'permission denied (ports below 1024 need privileges)'
            : (err as Error).message;
    io.stderr.write(`custody sandbox: cannot listen on ${host}:${port}: ${why}\n`);
    return 1;
  }

  io.stdout.write(`${JSON.stringify({ baseUrl: handle.baseUrl, workspaceId: handle.workspaceId, keys: handle.keys() })}\n`);
  if (keys.length === 0) {
    io.stderr.write('note: no key registered; every request will be refused (use --register FILE=ROLE)\n');
  }
  io.stderr.write(
    `custody sandbox: a local server of the custody API (made-up data, no real funds) on ${handle.baseUrl}` +
      `${isLoopback(host) ? ', loopback only' : ''}; Ctrl-C stops it\n`,
  );
  if (handle.restored !== undefined) io.stderr.write(restoredLines(handle.restored));
  control.onReady?.(handle);

  await new Promise<void>((resolve) => {
    if (control.signal.aborted) resolve();
    else control.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await handle.close();
  return 0;
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const stop = new AbortController();
  const restore = takeSignals(() => stop.abort());
  try {
    return await serve(parsed, io, { signal: stop.signal, secrets });
  } finally {
    restore();
  }
}
