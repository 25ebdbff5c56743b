// A program in a real pseudo-terminal, watched the way its user sees it (the benchmark's plain
// JavaScript counterpart of test/helpers/pty.ts). Every byte goes into a headless xterm; every
// chunk's arrival time is kept, so a wait resolves with the arrival time of the chunk after which
// the emulated screen matched (judged only between synchronized updates, as a terminal shows
// them). Raw mode is read from the terminal side by a small python3 probe (or `stty -F`).
import { spawn as spawnChild, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as nodePty from '@lydell/node-pty';
import xtermHeadless from '@xterm/headless';

const { Terminal } = xtermHeadless;

/** This process's environment without CI markers, color/locale overrides or custody settings. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (
      name === 'CI' ||
      name === 'CONTINUOUS_INTEGRATION' ||
      name.startsWith('CI_') ||
      name === 'FORCE_COLOR' ||
      name === 'NO_COLOR' ||
      name === 'NODE_OPTIONS' ||
      // Node 20 reads these certificates at every start (100-150 ms here); a user's terminal
      // seldom has them, and they would flatter the console's ratio to the bare program.
      name === 'NODE_EXTRA_CA_CERTS' ||
      // A bench run from inside tmux measures a terminal, not tmux's pane (renderer.ts asks it).
      name === 'TMUX' ||
      name === 'TMUX_PANE' ||
      name === 'LC_ALL' ||
      name === 'LC_CTYPE' ||
      name === 'COLORTERM' ||
      name.startsWith('CUSTODY_') ||
      name.startsWith('VITEST') ||
      name.startsWith('npm_')
    ) {
      continue;
    }
    env[name] = value;
  }
  env.TERM = 'xterm-256color';
  env.LANG = 'C.UTF-8';
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

// Holds the slave open and reports every change of its termios as one JSON line; quits when the
// program's pid is gone or its stdin closes.
const PROBE = String.raw`
import json, os, select, sys, termios
path, pid, interval = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n"); sys.stdout.flush()
try:
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
except OSError as e:
    say({"error": str(e)}); sys.exit(0)
def alive():
    try:
        os.kill(pid, 0); return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
last = None
while alive():
    try:
        l = termios.tcgetattr(fd)[3]
    except OSError as e:
        say({"error": str(e)}); break
    now = {"icanon": bool(l & termios.ICANON), "echo": bool(l & termios.ECHO)}
    if now != last:
        say(now); last = now
    r, _, _ = select.select([0], [], [], interval)
    if r and not os.read(0, 64):
        break
os.close(fd)
`;

let python;
function pythonPath() {
  if (python !== undefined) return python ?? undefined;
  python = null;
  for (const candidate of ['/usr/bin/python3', '/usr/local/bin/python3', 'python3']) {
    if (candidate.includes('/') && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['-c', 'import termios'], { stdio: 'ignore', timeout: 5_000 });
    if (probe.status === 0) {
      python = candidate;
      break;
    }
  }
  return python ?? undefined;
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class PtySession {
  /**
   * @param {string} file
   * @param {string[]} args
   * @param {{ cols?: number, rows?: number, env?: Record<string, string|undefined>, cwd?: string }} opts
   */
  constructor(file, args, opts = {}) {
    this.cols = opts.cols ?? 120;
    this.rows = opts.rows ?? 40;
    this.term = new Terminal({ cols: this.cols, rows: this.rows, allowProposedApi: true, scrollback: 0 });
    this.bytes = 0;
    this.chunks = 0;
    this.waiters = new Set();
    this.pending = 0;
    this.mode = undefined;
    this.exited = undefined;
    this.startedAt = performance.now();
    this.lastParsedAt = this.startedAt;
    this.pty = nodePty.spawn(file, args, {
      name: 'xterm-256color',
      cols: this.cols,
      rows: this.rows,
      cwd: opts.cwd ?? process.cwd(),
      env: cleanEnv(opts.env),
      encoding: null, // bytes: exact counts; xterm decodes UTF-8 split across chunks itself
    });
    this.pid = this.pty.pid;
    this.ptsName = this.pty.ptsName;
    this.pty.onData((data) => this.#onData(data));
    this.exit = new Promise((resolve) => {
      this.pty.onExit(({ exitCode, signal }) => {
        this.exited = { exitCode, signal, at: performance.now() };
        this.term.write('', () => {
          for (const w of this.waiters) this.#fail(w, `the program exited (code ${exitCode}, signal ${signal})`);
          resolve(this.exited);
        });
      });
    });
    // The mode probe starts at the first waitForRawMode(): a python3 starting beside the program
    // would compete with it for the CPU while its first frame is being timed.
  }

  #onData(data) {
    const at = performance.now();
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    this.bytes += bytes.length;
    this.chunks++;
    this.pending++;
    this.term.write(bytes, () => {
      this.pending--;
      this.lastParsedAt = at;
      this.#check(at);
    });
  }

  #startProbe() {
    const py = pythonPath();
    if (!py) {
      const read = () => {
        const out = spawnSync('stty', ['-a', '-F', this.ptsName], { encoding: 'utf8', timeout: 5_000 });
        if (out.status !== 0) return;
        const flags = ` ${out.stdout.replace(/\s+/g, ' ')} `;
        this.#setMode({ icanon: !flags.includes(' -icanon '), echo: !flags.includes(' -echo ') });
      };
      const poll = setInterval(read, 50);
      this.pty.onExit(() => clearInterval(poll));
      return;
    }
    const probe = spawnChild(py, ['-c', PROBE, this.ptsName, String(this.pid), '0.005'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    this.probe = probe;
    let buffered = '';
    probe.stdout.setEncoding('utf8');
    probe.stdout.on('data', (chunk) => {
      buffered += chunk;
      let nl;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          const report = JSON.parse(line);
          if (report.icanon !== undefined) this.#setMode(report);
        } catch {
          // not a report
        }
      }
    });
    probe.stdin.on('error', () => {});
  }

  #setMode(mode) {
    if (this.mode?.icanon === mode.icanon && this.mode?.echo === mode.echo) return;
    this.mode = { icanon: mode.icanon, echo: mode.echo };
    this.#check(performance.now());
  }

  isRawMode() {
    return this.mode !== undefined && !this.mode.icanon && !this.mode.echo;
  }

  /** True inside a synchronized update (CSI ? 2026 h … l): a terminal shows nothing of it yet. */
  inSync() {
    return this.term.modes.synchronizedOutputMode;
  }

  #check(at) {
    if (this.inSync()) return;
    for (const w of this.waiters) {
      let ok = false;
      try {
        ok = w.predicate();
      } catch {
        ok = false;
      }
      if (ok) {
        this.waiters.delete(w);
        clearTimeout(w.timer);
        w.resolve(at);
      }
    }
  }

  #fail(w, why) {
    if (!this.waiters.delete(w)) return;
    clearTimeout(w.timer);
    w.reject(new Error(`waiting for ${w.what}: ${why}\n--- screen ---\n${this.screen().trimEnd()}\n---`));
  }

  /**
   * Resolves with the arrival time of the chunk after which `predicate` held on the screen (at
   * once, with the last parsed chunk's time, when it holds already).
   */
  waitFor(predicate, { timeoutMs = 10_000, what = 'condition', now = true } = {}) {
    if (now && this.pending === 0 && !this.inSync() && predicate()) return Promise.resolve(this.lastParsedAt);
    if (this.exited) return Promise.reject(new Error(`the program exited before ${what}`));
    return new Promise((resolve, reject) => {
      const w = { predicate, resolve, reject, what };
      w.timer = setTimeout(() => this.#fail(w, `timed out after ${timeoutMs} ms`), timeoutMs);
      this.waiters.add(w);
    });
  }

  waitForText(text, opts = {}) {
    const test = () => (typeof text === 'string' ? this.screen().includes(text) : text.test(this.screen()));
    return this.waitFor(test, { what: `the screen to show ${String(text)}`, ...opts });
  }

  waitForRawMode(opts = {}) {
    if (!this.probeStarted) {
      this.probeStarted = true;
      this.#startProbe();
    }
    return this.waitFor(() => this.isRawMode(), { what: 'raw mode', ...opts });
  }

  /** The visible screen, one string per row, trailing blanks trimmed. */
  lines() {
    const buffer = this.term.buffer.active;
    const out = [];
    for (let y = 0; y < this.rows; y++) out.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return out;
  }

  screen() {
    return this.lines().join('\n');
  }

  /** Writes bytes as typed; returns performance.now() at the write. */
  write(data) {
    const at = performance.now();
    this.pty.write(data);
    return at;
  }

  /** Resolves once every chunk received so far has been parsed. */
  drained() {
    return new Promise((resolve) => this.term.write('', () => resolve()));
  }

  kill(signal = 'SIGTERM') {
    try {
      process.kill(this.pid, signal);
    } catch {
      // already gone
    }
  }

  async dispose() {
    if (this.disposed) return;
    this.disposed = true;
    if (!this.exited) {
      this.kill('SIGTERM');
      const gone = await Promise.race([this.exit.then(() => true), delay(2_000).then(() => false)]);
      if (!gone) {
        this.kill('SIGKILL');
        await Promise.race([this.exit, delay(2_000)]);
      }
    }
    this.probe?.stdin?.end();
    this.probe?.kill();
    for (const w of this.waiters) this.#fail(w, 'disposed');
    this.term.dispose();
  }
}
