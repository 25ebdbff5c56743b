// The clipboard behind `y`: which way a copy goes from the environment, tmux's buffer through a
// fake runner and through stand-in tmux programs (a real child process, its stdin, its
// environment, its exit), and OSC 52 when tmux is not there. The real tmux: test/e2e/clipboard-tmux.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ClipboardRoute,
  clipboardRoute,
  copyWithTmux,
  createClipboard,
  execTmux,
  TmuxError,
  type TmuxRunner,
  tmuxEnv,
} from '../../src/view/base/clipboard.js';
import type { CopyOutcome } from '../../src/view/base/copy-outcome.js';
import { osc52 } from '../../src/view/base/osc52.js';

const TMUX = '/tmp/tmux-1000/default,4242,0';

describe('clipboardRoute', () => {
  it.each<[NodeJS.ProcessEnv, ClipboardRoute]>([
    [{}, 'terminal'],
    [{ TERM: 'xterm-256color' }, 'terminal'],
    [{ TMUX, TERM: 'screen' }, 'tmux'],
    [{ TMUX, TERM: 'tmux-256color' }, 'tmux'],
    [{ TMUX: '', TERM: 'xterm' }, 'terminal'], // empty is unset
    [{ STY: '1234.pts-0.host', TERM: 'screen' }, 'screen'],
    [{ STY: '1234.pts-0.host', TERM: 'screen.xterm-256color' }, 'screen'],
    [{ STY: '1234.pts-0.host', TERM: 'xterm-256color' }, 'terminal'], // a stale STY, carried elsewhere
    [{ STY: '', TERM: 'screen' }, 'terminal'],
    [{ TERM: 'screen' }, 'terminal'], // TERM alone does not make screen (tmux sets it too)
    [{ TMUX, STY: '1234.pts-0.host', TERM: 'screen' }, 'tmux'], // nested: tmux's buffer still works
  ])('%j → %s', (env, route) => {
    expect(clipboardRoute(env)).toBe(route);
  });
});

describe('tmuxEnv', () => {
  it('passes what a tmux client needs and nothing else', () => {
    const env = {
      PATH: '/usr/bin:/bin',
      TMUX,
      TMUX_PANE: '%3',
      LANG: 'C.UTF-8',
      HOME: '/home/op',
      CUSTODY_API_KEY: '{"d":"secret"}',
      CUSTODY_KEY_PASSPHRASE: 'hunter2',
      AWS_SECRET_ACCESS_KEY: 'x',
      SSH_AUTH_SOCK: '/tmp/ssh-agent',
    };
    expect(tmuxEnv(env)).toEqual({ PATH: '/usr/bin:/bin', TMUX, TMUX_PANE: '%3', LANG: 'C.UTF-8' });
  });
});

interface Call {
  args: string;
  input: string | undefined;
}

/** A tmux that answers each command line ("load-buffer -w -") from a table. */
function fakeTmux(answers: Record<string, string | TmuxError>): { run: TmuxRunner; calls: Call[] } {
  const calls: Call[] = [];
  const run: TmuxRunner = (args, input) => {
    const line = args.join(' ');
    calls.push({ args: line, input });
    const answer = answers[line];
    if (answer === undefined) return Promise.reject(new Error(`unexpected tmux ${line}`));
    return answer instanceof TmuxError ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { run, calls };
}

const LOAD_W = 'load-buffer -w -';
const LOAD = 'load-buffer -';
const SHOW = 'show-options -gv set-clipboard';
const refused = new TmuxError('failed', 'tmux load-buffer failed (exit 1): command load-buffer: unknown flag -w');
const noServer = new TmuxError('failed', 'tmux load-buffer failed (exit 1): no server running');
const missing = new TmuxError('missing', 'tmux is not installed (not found on PATH)');
const hung = new TmuxError('timeout', 'tmux load-buffer did not answer within 2000 ms');

describe('copyWithTmux', () => {
  it.each<[string, Record<string, string | TmuxError>, CopyOutcome, string[]]>([
    [
      'tmux >= 3.2, set-clipboard external',
      { [LOAD_W]: '', [SHOW]: 'external\n' },
      { to: 'tmux', clipboard: true },
      [SHOW, LOAD_W],
    ],
    ['set-clipboard on', { [LOAD_W]: '', [SHOW]: 'on\n' }, { to: 'tmux', clipboard: true }, [SHOW, LOAD_W]],
    [
      'set-clipboard off',
      { [LOAD_W]: '', [SHOW]: 'off\n' },
      { to: 'tmux', clipboard: false, why: 'tmux set-clipboard is off' },
      [SHOW, LOAD_W],
    ],
    ['set-clipboard unknown', { [LOAD_W]: '', [SHOW]: noServer }, { to: 'tmux', clipboard: false }, [SHOW, LOAD_W]],
    [
      'tmux before 3.2 (no -w): a plain buffer',
      { [LOAD_W]: refused, [LOAD]: '', [SHOW]: 'on\n' },
      { to: 'tmux', clipboard: false, why: 'this tmux cannot forward it to the clipboard; 3.2 can' },
      [SHOW, LOAD_W, LOAD],
    ],
  ])('%s', async (_name, answers, outcome, order) => {
    const tmux = fakeTmux(answers);
    await expect(copyWithTmux('tx-w1-7f3a9c2e5b1d', tmux.run)).resolves.toEqual(outcome);
    expect(tmux.calls.map((c) => c.args)).toEqual(order);
    // The text goes on stdin, never on the command line.
    for (const call of tmux.calls) {
      expect(call.args).not.toContain('tx-w1');
      expect(call.input).toBe(call.args.startsWith('load-buffer') ? 'tx-w1-7f3a9c2e5b1d' : undefined);
    }
  });

  it.each<[string, Record<string, string | TmuxError>, TmuxError, string[]]>([
    ['tmux not installed: no second try', { [LOAD_W]: missing, [SHOW]: missing }, missing, [SHOW, LOAD_W]],
    ['tmux hung: no second wait', { [LOAD_W]: hung, [SHOW]: hung }, hung, [SHOW, LOAD_W]],
    [
      'both tries refused: the first answer',
      { [LOAD_W]: noServer, [LOAD]: refused, [SHOW]: noServer },
      noServer,
      [SHOW, LOAD_W, LOAD],
    ],
  ])('%s', async (_name, answers, error, order) => {
    const tmux = fakeTmux(answers);
    await expect(copyWithTmux('tx-1', tmux.run)).rejects.toBe(error);
    expect(tmux.calls.map((c) => c.args)).toEqual(order);
  });
});

function fakeStdout(): { write: (s: string) => boolean; written: string[] } {
  const written: string[] = [];
  return { written, write: (s) => written.push(s) > 0 };
}

describe('createClipboard', () => {
  it.each<[string, NodeJS.ProcessEnv, string, CopyOutcome]>([
    [
      'outside any multiplexer: OSC 52',
      { TERM: 'xterm-256color' },
      osc52('tx-1'),
      { to: 'osc52', via: 'terminal' },
    ],
    [
      'under screen: through its passthrough',
      { STY: '99.pts-1.host', TERM: 'screen' },
      osc52('tx-1', 'screen'),
      { to: 'osc52', via: 'screen' },
    ],
  ])('%s, without running tmux', async (_name, env, sequence, outcome) => {
    const stdout = fakeStdout();
    const tmux = fakeTmux({});
    const copy = createClipboard({ stdout, env, run: tmux.run });
    await expect(copy('tx-1')).resolves.toEqual(outcome);
    expect(stdout.written).toEqual([sequence]);
    expect(tmux.calls).toEqual([]);
  });

  it('inside tmux: into its buffer, and nothing written to the terminal', async () => {
    const stdout = fakeStdout();
    const tmux = fakeTmux({ [LOAD_W]: '', [SHOW]: 'external\n' });
    const lines: string[] = [];
    const copy = createClipboard({ stdout, env: { TMUX }, run: tmux.run, log: (l) => lines.push(l) });
    await expect(copy('tx-1')).resolves.toEqual({ to: 'tmux', clipboard: true });
    expect(stdout.written).toEqual([]);
    expect(lines).toEqual(['copy: tmux buffer and clipboard']);
  });

  it.each<[TmuxError, string]>([
    [missing, 'tmux not found'],
    [hung, 'tmux did not answer'],
    [noServer, 'tmux load-buffer failed'],
  ])('inside tmux, when tmux cannot take it (%s): the passthrough, with a warning why', async (error, why) => {
    const stdout = fakeStdout();
    const tmux = fakeTmux({ [LOAD_W]: error, [LOAD]: error, [SHOW]: error });
    const lines: string[] = [];
    const copy = createClipboard({ stdout, env: { TMUX }, run: tmux.run, log: (l) => lines.push(l) });
    await expect(copy('tx-secretish-id')).resolves.toEqual({ to: 'osc52', via: 'tmux', why });
    expect(stdout.written).toEqual([osc52('tx-secretish-id', 'tmux')]);
    expect(lines.join('\n')).toContain(error.message);
    expect(lines.join('\n')).not.toContain('tx-secretish-id');
  });

  it('rejects when the terminal cannot be written either', async () => {
    const stdout = {
      write: () => {
        throw new Error('write EPIPE');
      },
    };
    const copy = createClipboard({ stdout, env: {}, run: fakeTmux({}).run });
    await expect(copy('tx-1')).rejects.toThrow('write EPIPE');
    // The next copy is not held up by the failed one.
    await expect(copy('tx-2')).rejects.toThrow('write EPIPE');
  });

  it('copies one after another: the last key pressed ends up on top', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const run: TmuxRunner = async (args, input) => {
      if (args[0] !== 'load-buffer') return 'external\n';
      if (input === 'tx-1') await firstHeld;
      order.push(input!);
      return '';
    };
    const copy = createClipboard({ stdout: fakeStdout(), env: { TMUX }, run });
    const first = copy('tx-1');
    const second = copy('tx-2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]); // tx-2 waits for tx-1
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['tx-1', 'tx-2']);
  });
});

describe('execTmux (stand-in tmux programs on PATH)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'custody-fake-tmux-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A folder holding an executable `tmux` that runs `script` (sh), to put on PATH. */
  function standIn(name: string, script: string): string {
    const folder = mkdtempSync(join(dir, `${name}-`));
    writeFileSync(join(folder, 'tmux'), `#!/bin/sh\n${script}\n`);
    chmodSync(join(folder, 'tmux'), 0o755);
    return folder;
  }

  it('runs tmux without a shell, the text on stdin, in the minimal environment', async () => {
    const out = join(dir, 'seen');
    const folder = standIn(
      'record',
      `printf '%s\\n' "$@" > '${out}.args'; cat > '${out}.stdin'; env > '${out}.env'; echo external`,
    );
    const run = execTmux({
      PATH: `${folder}:/usr/bin:/bin`,
      TMUX,
      TMUX_PANE: '%1',
      CUSTODY_API_KEY: 'secret-d',
      HOME: '/root',
    });
    // Quotes and `;` reach tmux as they are: no shell reads them.
    await expect(run(['load-buffer', '-w', '-', ';', "'$(x)'"], 'tx-1 "a";b')).resolves.toBe('external\n');
    expect(readFileSync(`${out}.args`, 'utf8')).toBe("load-buffer\n-w\n-\n;\n'$(x)'\n");
    expect(readFileSync(`${out}.stdin`, 'utf8')).toBe('tx-1 "a";b');
    const env = readFileSync(`${out}.env`, 'utf8');
    expect(env).toContain(`TMUX=${TMUX}`);
    expect(env).toContain('TMUX_PANE=%1');
    expect(env).not.toContain('CUSTODY');
    expect(env).not.toContain('secret-d');
    expect(env).not.toContain('HOME=');
  });

  it('a refusal: kind failed, with the exit code and what tmux said', async () => {
    const folder = standIn('refuse', 'echo "no server running on /tmp/tmux-0/default" >&2; exit 1');
    const run = execTmux({ PATH: folder, TMUX });
    const error = await run(['load-buffer', '-w', '-'], 'tx-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmuxError);
    expect(error).toMatchObject({
      kind: 'failed',
      message: 'tmux load-buffer failed (exit 1): no server running on /tmp/tmux-0/default',
    });
  });

  it('a refusal before reading stdin does not break the console (EPIPE is swallowed)', async () => {
    const folder = standIn('early', 'exec 0<&-; exit 2');
    const run = execTmux({ PATH: folder, TMUX });
    await expect(run(['load-buffer', '-'], 'x'.repeat(1 << 20))).rejects.toMatchObject({ kind: 'failed' });
  });

  it('not installed: kind missing', async () => {
    const run = execTmux({ PATH: join(dir, 'nothing-here'), TMUX });
    await expect(run(['load-buffer', '-'], 'tx-1')).rejects.toMatchObject({ kind: 'missing' });
  });

  it('hung: killed after the timeout, kind timeout', async () => {
    const folder = standIn('hang', 'exec sleep 30');
    const run = execTmux({ PATH: `${folder}:/usr/bin:/bin`, TMUX }, 300);
    await expect(run(['load-buffer', '-'], 'tx-1')).rejects.toMatchObject({
      kind: 'timeout',
      message: 'tmux load-buffer did not answer within 300 ms',
    });
  });
});
