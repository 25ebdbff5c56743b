// The bell inside a real tmux (its default settings): the built console runs in a background window
// of a private tmux server; the transactions waiting at start leave the window's bell flag down,
// and one that enters waiting-approval raises it (`#{window_bell_flag}`: what the status line of
// the person's tmux shows as the window's bell mark).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTODY_BIN, ptyEnv, REPO_ROOT } from '../helpers/pty.js';
import { type ApprovalWorld, startApprovalWorld } from './approval-world.js';

const run = promisify(execFile);

const version = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
const tmuxInstalled = version.status === 0;
const title = tmuxInstalled
  ? `the approval bell inside tmux (${version.stdout.trim()}, default settings)`
  : 'the approval bell inside tmux (skipped: tmux is not installed)';

const socket = `custody-bell-${process.pid}-${Date.now().toString(36)}`;
const dir = mkdtempSync(join(tmpdir(), 'custody-bell-tmux-'));
// The server's environment, which the console inherits: no CI (Ink would draw nothing), no outer
// tmux, a private config.
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

const bellFlag = async () => (await tmux('display-message', '-p', '-t', 'bell:0', '#{window_bell_flag}')).trim();

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      const screen = await tmux('capture-pane', '-p', '-t', 'bell:0').catch((e: unknown) => String(e));
      throw new Error(`timed out waiting for ${what}; the console's window:\n${screen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let world: ApprovalWorld | undefined;
let socketPath: string | undefined;

beforeAll(async () => {
  if (tmuxInstalled) world = await startApprovalWorld();
});

afterAll(async () => {
  if (tmuxInstalled) await tmux('kill-server').catch(() => {});
  // tmux 3.3 leaves the socket file behind.
  if (socketPath !== undefined) rmSync(socketPath, { force: true });
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!tmuxInstalled)(title, () => {
  it('a background window gets its bell flag when a transaction enters waiting-approval', { timeout: 60_000 }, async () => {
    // -f /dev/null: tmux's defaults (monitor-bell on), whatever ~/.tmux.conf says.
    await tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'bell', '-x', '120', '-y', '30', ...[
      process.execPath,
      CUSTODY_BIN,
      ...world!.args,
    ]);
    socketPath = (await tmux('display-message', '-p', '#{socket_path}')).trim();
    await waitFor('the console live with its approval count', async () =>
      /● live[\s\S]*\d+ awaiting approval · n/.test(await tmux('capture-pane', '-p', '-t', 'bell:0')),
    );
    // Another window in front: the console's is in the background, as when the person works elsewhere.
    await tmux('new-window', '-t', 'bell', 'sleep 600');
    expect((await tmux('display-message', '-p', '-t', 'bell', '#{window_index}')).trim()).toBe('1');
    // The ones waiting at start ring nothing, after the first catch-up too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await bellFlag()).toBe('0');

    await world!.enterWaiting(1);
    await waitFor('the bell flag of the console window', async () => (await bellFlag()) === '1');
    expect(await tmux('capture-pane', '-p', '-t', 'bell:0')).toMatch(/● 1 new +\d+ awaiting approval · n/);
    await tmux('send-keys', '-t', 'bell:0', 'q');
  });
});
