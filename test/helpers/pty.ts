// A program in a real pseudo-terminal, watched the way its user sees it. Every byte it writes is
// fed to a headless xterm (@xterm/headless), so tests read the emulated screen and not the raw
// stream; each chunk's arrival time is recorded, so a wait resolves with the time of the chunk
// that made the screen match (the benchmark's clock), judged only between synchronized updates,
// as a terminal shows them. The terminal's mode (raw or not) is read
// from the terminal side: a small python3 probe holds the pty's slave open and reports every
// change of its termios, and the last state before the program exited.
//
// Used by the end-to-end tests, the benchmark and the reliability tests. No vitest imports here.
import { type ChildProcess, spawn as spawnChild, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import * as nodePty from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';

const { Terminal } = xtermHeadless;
type XTerm = InstanceType<typeof Terminal>;

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built program (npm test builds it first). */
export const CUSTODY_BIN = join(REPO_ROOT, 'bin/custody.js');

// ---------------------------------------------------------------------------------------------
// Environment

/**
 * Variables that make Ink draw nothing until exit (is-in-ci reads CI and CONTINUOUS_INTEGRATION)
 * or change colors, the locale or the program's settings behind the test's back.
 */
function isDroppedVariable(name: string): boolean {
  return (
    name === 'CI' ||
    name === 'CONTINUOUS_INTEGRATION' ||
    name.startsWith('CI_') ||
    name === 'FORCE_COLOR' ||
    name === 'NO_COLOR' ||
    name === 'NODE_OPTIONS' ||
    name === 'LC_ALL' ||
    name === 'LC_CTYPE' ||
    name === 'COLORTERM' ||
    name.startsWith('CUSTODY_') ||
    name.startsWith('VITEST')
  );
}

/**
 * The environment of a program under test: this process's, without CI markers, color and
 * locale overrides or custody settings; TERM=xterm-256color and LANG=C.UTF-8; then `extra`
 * (a value of undefined removes the variable).
 */
export function ptyEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !isDroppedVariable(name)) env[name] = value;
  }
  env.TERM = 'xterm-256color';
  env.LANG = 'C.UTF-8';
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

// ---------------------------------------------------------------------------------------------
// Keys

/** Named keys for press(); anything else is sent as typed. */
export const KEYS: Readonly<Record<string, string>> = {
  enter: '\r',
  esc: '\x1b',
  escape: '\x1b',
  tab: '\t',
  'shift-tab': '\x1b[Z',
  backspace: '\x7f',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  pgup: '\x1b[5~',
  pageup: '\x1b[5~',
  pgdn: '\x1b[6~',
  pagedown: '\x1b[6~',
  delete: '\x1b[3~',
};

/** The bytes of a named key (`enter`, `pgdn`, `ctrl-c` …), or the text itself. */
export function keyBytes(key: string): string {
  const named = KEYS[key.toLowerCase()];
  if (named !== undefined) return named;
  const ctrl = /^ctrl-([a-z])$/i.exec(key);
  if (ctrl) return String.fromCharCode(ctrl[1]!.toLowerCase().charCodeAt(0) - 96);
  return key;
}

// ---------------------------------------------------------------------------------------------
// The terminal-side mode probe

export interface TermiosState {
  /** Canonical (line) input. */
  icanon: boolean;
  echo: boolean;
  /** Ctrl-C/Ctrl-Z send signals. */
  isig: boolean;
  /** performance.now() when this process heard of it. */
  at: number;
}

// Holds the slave open (so the pty outlives the program by a moment), reports every termios
// change as one JSON line, and once the program's pid is gone reports the final state and lets
// go. Quits when its stdin closes.
const PROBE = String.raw`
import json, os, select, sys, termios
path, pid, interval = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n"); sys.stdout.flush()
try:
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
except OSError as e:
    say({"error": str(e)}); sys.exit(0)
def mode():
    l = termios.tcgetattr(fd)[3]
    return {"icanon": bool(l & termios.ICANON), "echo": bool(l & termios.ECHO), "isig": bool(l & termios.ISIG)}
def alive():
    try:
        os.kill(pid, 0); return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
last = None
while True:
    try:
        now = mode()
    except OSError as e:
        say({"error": str(e)}); break
    if not alive():
        say(dict(now, final=True)); break
    if now != last:
        say(now); last = now
    r, _, _ = select.select([0], [], [], interval)
    if r and not os.read(0, 64):
        break
os.close(fd)
`;

function findPython(): string | undefined {
  for (const candidate of ['/usr/bin/python3', '/usr/local/bin/python3', 'python3']) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['-c', 'import termios'], { stdio: 'ignore', timeout: 5_000 });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}
let python: string | null | undefined;
function pythonPath(): string | undefined {
  if (python === undefined) python = findPython() ?? null;
  return python ?? undefined;
}

/** The mode by `stty -a -F` (no python3): works only while the pty exists. */
function sttyMode(ptsName: string): TermiosState | undefined {
  const out = spawnSync('stty', ['-a', '-F', ptsName], { encoding: 'utf8', timeout: 5_000 });
  if (out.status !== 0) return undefined;
  const flags = ` ${out.stdout.replace(/\s+/g, ' ')} `;
  return {
    icanon: !flags.includes(' -icanon '),
    echo: !flags.includes(' -echo '),
    isig: !flags.includes(' -isig '),
    at: performance.now(),
  };
}

// ---------------------------------------------------------------------------------------------
// The session

export interface PtyOptions {
  cols?: number;
  rows?: number;
  /** Added to ptyEnv() (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /**
   * Pause between the keys of one press(): a lone Esc read together with the next key is Alt+key,
   * and a pty delivers quick writes as one read. Default 30 ms.
   */
  keyGapMs?: number;
  /** How often the probe reads the terminal's mode. Default 10 ms. */
  modePollMs?: number;
}

export interface PtyExit {
  exitCode: number;
  /** The signal's number when it died of one. */
  signal?: number;
  /** performance.now() when node-pty reported it. */
  at: number;
}

export interface WaitOptions {
  /** Default 10000. */
  timeoutMs?: number;
  /** Named in the timeout error. */
  what?: string;
}

interface Waiter {
  predicate: () => boolean;
  resolve: (at: number) => void;
  reject: (err: Error) => void;
  what: string;
  timer: NodeJS.Timeout;
}

const sessions = new Set<PtySession>();

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when a DEC private mode list (`?25h`, `?1049;25l` …) holds `mode`. */
function hasMode(params: (number | number[])[], mode: number): boolean {
  return params.some((p) => (Array.isArray(p) ? p.includes(mode) : p === mode));
}

export class PtySession {
  /** The program's pid (signals go here). */
  readonly pid: number;
  /** The slave device, e.g. /dev/pts/3. */
  readonly ptsName: string;
  /** performance.now() at spawn. */
  readonly startedAt: number;
  /** The emulated terminal everything the program wrote went into. */
  readonly term: XTerm;
  /** Settles when the program has exited and the terminal's last mode is known. */
  readonly exit: Promise<PtyExit>;

  readonly #pty: nodePty.IPty;
  readonly #decoder = new StringDecoder('utf8');
  readonly #waiters = new Set<Waiter>();
  readonly #keyGapMs: number;
  readonly #chunkTimes: number[] = [];
  #text = '';
  #bytes = 0;
  #lastParsedAt: number;
  #cursorVisible = true;
  #mode: TermiosState | undefined;
  #probe: ChildProcess | undefined;
  #probeDone: Promise<void>;
  #exited: PtyExit | undefined;
  #pending = 0;

  constructor(file: string, args: readonly string[], opts: PtyOptions = {}) {
    const cols = opts.cols ?? 120;
    const rows = opts.rows ?? 40;
    this.#keyGapMs = opts.keyGapMs ?? 30;
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 1000 });
    this.#trackCursor();
    this.startedAt = performance.now();
    this.#lastParsedAt = this.startedAt;
    this.#pty = nodePty.spawn(file, [...args], {
      name: 'xterm-256color',
      cols,
      rows,
      cwd: opts.cwd ?? REPO_ROOT,
      env: ptyEnv(opts.env),
      encoding: null, // bytes: exact counts, and xterm decodes UTF-8 split across chunks itself
    });
    this.pid = this.#pty.pid;
    this.ptsName = (this.#pty as unknown as { ptsName: string }).ptsName;
    this.#pty.onData((data: string | Buffer) => this.#onData(data));
    this.#readLastBytesBeforeClose();
    this.#probeDone = this.#startProbe(opts.modePollMs ?? 10);
    this.exit = new Promise<PtyExit>((resolve) => {
      this.#pty.onExit(({ exitCode, signal }) => {
        const exit: PtyExit = { exitCode, at: performance.now(), ...(signal ? { signal } : {}) };
        // The probe's final report, then everything already received is parsed.
        void Promise.race([this.#probeDone, delay(2_000)])
          .then(() => this.#drained())
          .then(() => {
            this.#exited = exit;
            this.#check(performance.now());
            for (const waiter of this.#waiters) this.#fail(waiter, `the program exited (${describeExit(exit)})`);
            resolve(exit);
          });
      });
    });
    sessions.add(this);
  }

  /**
   * node-pty destroys the pty's socket 200 ms after the program exits, whatever is still unread in
   * it (the probe keeps the terminal open, so the socket never ends by itself). On a busy machine
   * the test process can be starved that long, and the program's last frame and the terminal's
   * restore were lost: the test then saw a console that never restored its terminal. The master
   * side is read dry (it is non-blocking) before the socket goes.
   */
  #readLastBytesBeforeClose(): void {
    const inner = this.#pty as unknown as { _fd?: number; _socket?: { destroy: (...args: unknown[]) => unknown } };
    const socket = inner._socket;
    const fd = inner._fd;
    if (socket === undefined || typeof fd !== 'number') return;
    const destroy = socket.destroy.bind(socket);
    socket.destroy = (...args: unknown[]) => {
      const buf = Buffer.alloc(64 * 1024);
      for (;;) {
        let n = 0;
        try {
          n = readSync(fd, buf, 0, buf.length, null);
        } catch {
          break; // EAGAIN: nothing more; EIO: the terminal is gone
        }
        if (n <= 0) break;
        this.#onData(Buffer.from(buf.subarray(0, n)));
      }
      return destroy(...args);
    };
  }

  // ---- output ------------------------------------------------------------------------------

  #onData(data: string | Buffer): void {
    const at = performance.now();
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.#bytes += bytes.length;
    this.#chunkTimes.push(at);
    this.#text += this.#decoder.write(bytes);
    this.#pending++;
    this.term.write(bytes, () => {
      this.#pending--;
      this.#lastParsedAt = at;
      this.#check(at);
    });
  }

  /** Resolves once every chunk received so far has been parsed by the emulator. */
  #drained(): Promise<void> {
    return new Promise((resolve) => this.term.write('', () => resolve()));
  }

  /** DECTCEM (`CSI ? 25 h/l`) as the emulator applies it, plus the resets that show the cursor. */
  #trackCursor(): void {
    this.term.parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) => {
      if (hasMode(params, 25)) this.#cursorVisible = true;
      return false;
    });
    this.term.parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => {
      if (hasMode(params, 25)) this.#cursorVisible = false;
      return false;
    });
    this.term.parser.registerEscHandler({ final: 'c' }, () => {
      this.#cursorVisible = true; // RIS
      return false;
    });
    this.term.parser.registerCsiHandler({ intermediates: '!', final: 'p' }, () => {
      this.#cursorVisible = true; // DECSTR
      return false;
    });
  }

  /** Bytes the program wrote to the terminal so far. */
  get bytesWritten(): number {
    return this.#bytes;
  }

  /** Everything the program wrote, decoded as UTF-8 (for checks on the raw stream). */
  get output(): string {
    return this.#text;
  }

  /** Arrival time (performance.now()) of every chunk, in order. */
  get chunkTimes(): readonly number[] {
    return this.#chunkTimes;
  }

  /** Set once the program has exited (see `exit`). */
  get exited(): PtyExit | undefined {
    return this.#exited;
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  // ---- the screen --------------------------------------------------------------------------

  /** The visible screen, one string per row, trailing blanks trimmed. */
  screenText(): string[] {
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.term.rows; y++) {
      lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /** The visible screen as one string (rows joined by newlines). */
  screen(): string {
    return this.screenText().join('\n');
  }

  /** The cursor's position on the visible screen. */
  cursor(): { x: number; y: number } {
    const buffer = this.term.buffer.active;
    return { x: buffer.cursorX, y: buffer.cursorY };
  }

  isAltScreen(): boolean {
    return this.term.buffer.active.type === 'alternate';
  }

  isCursorVisible(): boolean {
    return this.#cursorVisible;
  }

  // ---- the terminal's mode -----------------------------------------------------------------

  /** The terminal's mode as last read from the terminal side (after exit: its final mode). */
  termios(): TermiosState | undefined {
    return this.#mode;
  }

  /** Raw mode as the terminal has it: no line editing and no echo. */
  isRawMode(): boolean {
    const mode = this.termios();
    if (!mode) throw new Error('the terminal mode is not known (no python3 and the pty is gone?)');
    return !mode.icanon && !mode.echo;
  }

  /**
   * Resolves (with the time it was seen) once the terminal is in raw mode, or with
   * `{ raw: false }` once it is out of it. The benchmark waits for this before sending keys.
   */
  waitForRawMode(opts: WaitOptions & { raw?: boolean } = {}): Promise<number> {
    const { raw = true, ...wait } = opts;
    return this.waitFor(() => this.#mode !== undefined && this.isRawMode() === raw, {
      what: raw ? 'raw mode' : 'raw mode off',
      ...wait,
    });
  }

  async #startProbe(intervalMs: number): Promise<void> {
    const py = pythonPath();
    if (!py) {
      // Without python3: `stty -F` now and then, which sees the pty only while it exists, so the
      // final mode is the last one read before exit.
      const poll = setInterval(() => this.#setMode(sttyMode(this.ptsName)), Math.max(intervalMs, 50));
      this.#setMode(sttyMode(this.ptsName));
      this.#pty.onExit(() => clearInterval(poll));
      return;
    }
    const probe = spawnChild(py, ['-c', PROBE, this.ptsName, String(this.pid), String(intervalMs / 1000)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.#probe = probe;
    let buffered = '';
    probe.stdout!.setEncoding('utf8');
    probe.stdout!.on('data', (chunk: string) => {
      buffered += chunk;
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        this.#onProbeLine(line);
      }
    });
    probe.stdin!.on('error', () => {}); // the probe may have quit first
    await new Promise<void>((resolve) => {
      probe.on('exit', () => resolve());
      probe.on('error', () => resolve());
    });
  }

  #onProbeLine(line: string): void {
    let report: { icanon?: boolean; echo?: boolean; isig?: boolean; error?: string };
    try {
      report = JSON.parse(line);
    } catch {
      return;
    }
    if (report.error !== undefined || report.icanon === undefined) return;
    this.#setMode({ icanon: report.icanon, echo: report.echo === true, isig: report.isig === true, at: performance.now() });
  }

  #setMode(mode: TermiosState | undefined): void {
    if (!mode) return;
    const changed = this.#mode?.icanon !== mode.icanon || this.#mode.echo !== mode.echo || this.#mode.isig !== mode.isig;
    if (!changed) return;
    this.#mode = mode;
    this.#check(mode.at);
  }

  // ---- waiting -----------------------------------------------------------------------------

  /**
   * Resolves with the arrival time of the chunk (or mode report) after which `predicate` held;
   * at once (with the last parsed chunk's time) when it holds already. Rejects after the timeout
   * or when the program exits first, with the screen in the message.
   */
  waitFor(predicate: () => boolean, opts: WaitOptions = {}): Promise<number> {
    const what = opts.what ?? 'condition';
    if (this.#pending === 0 && !this.inSynchronizedUpdate() && predicate()) return Promise.resolve(this.#lastParsedAt);
    if (this.#exited) return Promise.reject(this.#error(`the program exited before ${what}`));
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve,
        reject,
        what,
        timer: setTimeout(() => this.#fail(waiter, `timed out after ${opts.timeoutMs ?? 10_000} ms`), opts.timeoutMs ?? 10_000),
      };
      this.#waiters.add(waiter);
    });
  }

  /** waitFor the screen to show `text` (a substring, or a RegExp tested on the joined rows). */
  waitForText(text: string | RegExp, opts: WaitOptions = {}): Promise<number> {
    const matches = () => (typeof text === 'string' ? this.screen().includes(text) : text.test(this.screen()));
    return this.waitFor(matches, { what: `the screen to show ${String(text)}`, ...opts });
  }

  /** waitFor the screen to stop showing `text`. */
  waitForNoText(text: string | RegExp, opts: WaitOptions = {}): Promise<number> {
    const absent = () => (typeof text === 'string' ? !this.screen().includes(text) : !text.test(this.screen()));
    return this.waitFor(absent, { what: `the screen to stop showing ${String(text)}`, ...opts });
  }

  /**
   * True while the program is inside a synchronized update (`CSI ? 2026 h` … `l`, which Ink
   * wraps each frame in): a terminal shows nothing of it until the end, and a big frame arrives
   * in several chunks, so the screen is judged only between updates.
   */
  inSynchronizedUpdate(): boolean {
    return this.term.modes.synchronizedOutputMode;
  }

  #check(at: number): void {
    if (this.inSynchronizedUpdate() && !this.#exited) return;
    for (const waiter of this.#waiters) {
      let ok = false;
      try {
        ok = waiter.predicate();
      } catch {
        ok = false;
      }
      if (ok) {
        this.#waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(at);
      }
    }
  }

  #fail(waiter: Waiter, why: string): void {
    if (!this.#waiters.delete(waiter)) return;
    clearTimeout(waiter.timer);
    waiter.reject(this.#error(`waiting for ${waiter.what}: ${why}`));
  }

  #error(message: string): Error {
    const rows = this.screenText();
    while (rows.length > 0 && rows[rows.length - 1] === '') rows.pop();
    return new Error(`${message}\n--- screen (${this.cols}x${this.rows}) ---\n${rows.join('\n')}\n---`);
  }

  // ---- input and control -------------------------------------------------------------------

  /** Writes bytes as typed; returns performance.now() at the write. */
  write(data: string): number {
    const at = performance.now();
    this.#pty.write(data);
    return at;
  }

  /** Types `text` as is (no key names). */
  type(text: string): number {
    return this.write(text);
  }

  /**
   * Presses keys one at a time (`'j'`, `'enter'`, `'pgdn'`, `'ctrl-c'`, `'shift-tab'` …; a string
   * that names no key is typed as is), keyGapMs apart. Resolves with the time of the last write.
   */
  async press(...keys: string[]): Promise<number> {
    let at = performance.now();
    for (const [i, key] of keys.entries()) {
      if (i > 0) await delay(this.#keyGapMs);
      at = this.write(keyBytes(key));
    }
    return at;
  }

  /**
   * Answers a question on screen as a person does: after reading it for a moment (the console
   * counts a confirming key only DECISION_DELAY_MS after the question appeared), the key alone.
   */
  async decide(key: string): Promise<number> {
    await delay(DECISION_DELAY_MS + 150);
    return this.press(key);
  }

  /** Resizes the pty (the program gets SIGWINCH) and the emulator together. */
  resize(cols: number, rows: number): void {
    this.#pty.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** Sends a signal to the program (default SIGTERM). */
  kill(signal: NodeJS.Signals = 'SIGTERM'): void {
    try {
      process.kill(this.pid, signal);
    } catch {
      // already gone
    }
  }

  /**
   * Closes the terminal under the program, as sshd does when the connection drops: the kernel
   * hangs the pty up and the program gets SIGHUP with nothing left to write to.
   */
  hangup(): void {
    (this.#pty as unknown as { destroy(): void }).destroy();
  }

  /** Kills the program if it still runs, stops the probe, frees the emulator. */
  async dispose(): Promise<void> {
    sessions.delete(this);
    if (!this.#exited) {
      this.kill('SIGKILL');
      await Promise.race([this.exit, delay(3_000)]);
    }
    this.#probe?.stdin?.end();
    this.#probe?.kill();
    for (const waiter of this.#waiters) this.#fail(waiter, 'disposed');
    this.term.dispose();
  }
}

export function describeExit(exit: PtyExit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.exitCode}`;
}

/** Spawns `file args` in a fresh pseudo-terminal (default 120x40). */
export function spawnPty(file: string, args: readonly string[], opts: PtyOptions = {}): PtySession {
  return new PtySession(file, args, opts);
}

export interface CustodyPtyOptions extends PtyOptions {
  /** The config file the program reads (default: one that does not exist, in a fresh folder). */
  configFile?: string;
}

/**
 * Runs the built `custody` (node bin/custody.js) in a pseudo-terminal with a config of its own,
 * so the developer's profiles never leak in: no arguments opens the demo.
 */
export function spawnCustody(args: readonly string[] = [], opts: CustodyPtyOptions = {}): PtySession {
  const dir = opts.configFile === undefined ? mkdtempSync(join(tmpdir(), 'custody-pty-')) : undefined;
  const configFile = opts.configFile ?? join(dir!, 'config.json');
  const session = spawnPty(process.execPath, [CUSTODY_BIN, ...args], {
    ...opts,
    env: { CUSTODY_CONFIG: configFile, ...opts.env },
  });
  if (dir !== undefined) void session.exit.then(() => rmSync(dir, { recursive: true, force: true }));
  return session;
}

/** Disposes every session still open (an afterEach of the tests). */
export async function disposeAllPtys(): Promise<void> {
  await Promise.all([...sessions].map((s) => s.dispose()));
}

// ---------------------------------------------------------------------------------------------
// A sandbox in its own process

export interface StandaloneSandbox {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly keys: Array<{ kid: string; role: string; state: string }>;
  /** The registered private key's file (0600, in a temporary folder). */
  readonly keyFile: string;
  /** The same key encrypted with `passphrase` (when one was given). */
  readonly encryptedKeyFile?: string;
  readonly kid: string;
  /** The private key itself, for tests that search output for a leak of `d`. */
  readonly jwk: { readonly kid: string; readonly d: string };
  readonly child: ChildProcess;
  /** What it logged on stderr so far. */
  readonly stderr: () => string;
  /** SIGTERM, then SIGKILL after 3 s; removes the temporary folder. */
  close(): Promise<void>;
}

export interface StandaloneSandboxOptions {
  /** Role of the generated key; default full-access. */
  role?: string;
  /** More arguments for `custody sandbox` (e.g. ['--seed', '3', '--history', '500']). */
  args?: string[];
  env?: Record<string, string | undefined>;
  /** Also write the key encrypted with this passphrase (`encryptedKeyFile`). */
  passphrase?: string;
  /** Until the JSON line; default 20000. */
  timeoutMs?: number;
}

/**
 * Starts `node bin/custody.js sandbox --port 0 --register KEY=ROLE` with a fresh key and resolves
 * with what its one JSON line says, for tests that need the server outside the console's process.
 */
export async function startStandaloneSandbox(opts: StandaloneSandboxOptions = {}): Promise<StandaloneSandbox> {
  const { encryptPrivateJwk, generatePrivateJwk } = await import('../../src/auth/index.js');
  const dir = mkdtempSync(join(tmpdir(), 'custody-sandbox-'));
  const jwk = await generatePrivateJwk();
  const keyFile = join(dir, 'key.jwk');
  writeFileSync(keyFile, JSON.stringify(jwk), { mode: 0o600 });
  let encryptedKeyFile: string | undefined;
  if (opts.passphrase !== undefined) {
    encryptedKeyFile = join(dir, 'key.jwe');
    // Fewer PBKDF2 rounds than `custody init` uses: the same code path, a faster test.
    writeFileSync(encryptedKeyFile, await encryptPrivateJwk(jwk, opts.passphrase, { iterations: 10_000 }), { mode: 0o600 });
  }
  const child = spawnChild(
    process.execPath,
    [CUSTODY_BIN, 'sandbox', '--port', '0', '--register', `${keyFile}=${opts.role ?? 'full-access'}`, ...(opts.args ?? [])],
    { cwd: REPO_ROOT, env: ptyEnv(opts.env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        out += chunk;
        const nl = out.indexOf('\n');
        if (nl >= 0) resolve(out.slice(0, nl));
      });
      void exited.then(() => reject(new Error(`custody sandbox exited before it was ready:\n${stderr}`)));
      setTimeout(() => reject(new Error(`custody sandbox not ready in time:\n${stderr}`)), opts.timeoutMs ?? 20_000);
    });
    const ready = JSON.parse(line) as { baseUrl: string; workspaceId: string; keys: StandaloneSandbox['keys'] };
    return {
      ...ready,
      keyFile,
      ...(encryptedKeyFile !== undefined ? { encryptedKeyFile } : {}),
      kid: jwk.kid,
      jwk,
      child,
      stderr: () => stderr,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
