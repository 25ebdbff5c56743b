// `y` inside a real tmux with its default settings (no allow-passthrough, set-clipboard external):
// the built console runs the demo in a private tmux server, and what `y` copied must be in tmux's
// buffer, with the status line saying so. With set-clipboard off it must say "a tmux buffer".
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, ptyEnv, REPO_ROOT } from '../helpers/pty.js';

const run = promisify(execFile);

const version = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
const tmuxInstalled = version.status === 0;
const title = tmuxInstalled
  ? `y inside tmux (${version.stdout.trim()}, default settings)`
  : 'y inside tmux (skipped: tmux is not installed)';

const socket = `custody-clip-${process.pid}-${Date.now().toString(36)}`;
const dir = mkdtempSync(join(tmpdir(), 'custody-clip-'));
// The server's environment, which the console inherits: no CI (Ink would draw nothing), no outer
// tmux, a private config and state folder.
const env = ptyEnv({
  TMUX: undefined,
  TMUX_PANE: undefined,
  CUSTODY_CONFIG: join(dir, 'config.json'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  XDG_STATE_HOME: join(dir, 'state'),
});

async function tmux(...args: string[]): Promise<string> {
  const { stdout } = await run('tmux', ['-L', socket, ...args], { env, cwd: REPO_ROOT, timeout: 10_000 });
  return stdout;
}

const screen = () => tmux('capture-pane', '-p', '-t', 'console');

/** Polls the pane until `pattern` shows; the match, or an error with the screen as it was. */
async function waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    last = await screen().catch((e: unknown) => `(capture-pane failed: ${String(e)})`);
    const m = last.match(pattern);
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; the screen:\n${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let socketPath: string | undefined;

afterAll(async () => {
  if (tmuxInstalled) await tmux('kill-server').catch(() => {});
  // tmux 3.3 leaves the socket file behind.
  if (socketPath !== undefined) rmSync(socketPath, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!tmuxInstalled)(title, () => {
  it('puts the selected transaction id in a tmux buffer and says so', { timeout: 40_000 }, async () => {
    // -f /dev/null: tmux's defaults, whatever ~/.tmux.conf says. The command runs without a shell.
    await tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'console', '-x', '120', '-y', '40', ...[
      process.execPath,
      CUSTODY_BIN,
      '--demo',
    ]);
    socketPath = (await tmux('display-message', '-p', '#{socket_path}')).trim();
    expect((await tmux('show-options', '-gv', 'set-clipboard')).trim()).toBe('external');
    expect((await tmux('show-options', '-gv', 'allow-passthrough')).trim()).toBe('off');
    await waitFor(/(withdrawal|deposit) .* (BTC|ETH|USDT|USDC|SOL|XRP)/);

    // `j` stops following the newest row, so the selection holds still while the demo lives on;
    // `J` shows the selected record's raw JSON, where its id can be read.
    await tmux('send-keys', '-t', 'console', 'j');
    await tmux('send-keys', '-t', 'console', 'J');
    const id = (await waitFor(/"transactionId": "([^"]+)"/))[1]!;
    await tmux('send-keys', '-t', 'console', 'J');
    await waitFor(/Transactions │/);

    await tmux('send-keys', '-t', 'console', 'y', 'y');
    const said = await waitFor(/copied id (\S+) to the tmux buffer and clipboard/);
    expect(said[1]).toBe(id);
    expect(await tmux('show-buffer')).toBe(id);

    // set-clipboard off: tmux keeps the buffer but will not forward it, and the console says so.
    await tmux('set-option', '-s', 'set-clipboard', 'off');
    await tmux('send-keys', '-t', 'console', 'k', 'y', 'y');
    const second = await waitFor(/copied id (\S+) to a tmux buffer \(tmux set-clipboard is off\)/);
    expect(second[1]).not.toBe(id);
    expect(await tmux('show-buffer')).toBe(second[1]);

    await tmux('send-keys', '-t', 'console', 'q');
  });
});
