// `custody completion bash|zsh|fish`: each script names every command and flag of the specs; the
// bash one is sourced in a real bash and its function run as bash runs it on Tab; zsh and fish
// check the syntax (and fish completes for real) when they are installed.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandModel } from '../../src/commands/completion-model.js';
import { commandNames, loadCommand } from '../../src/commands/index.js';
import type { CommandSpec } from '../../src/commands/cli.js';
import { ROLES } from '../../src/format/index.js';
import { KEY_STATES } from '../../src/contract/index.js';
import { custody, type Home, tempHome } from '../helpers/cli-io.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHELLS = ['bash', 'zsh', 'fish'] as const;

function installed(shell: string): boolean {
  return spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
}

async function specs(): Promise<CommandSpec[]> {
  return Promise.all(commandNames().map(async (name) => (await loadCommand(name))!.spec));
}

async function script(shell: string, home?: Home): Promise<string> {
  const r = await custody(['completion', shell], home?.env() ?? {});
  expect(r.code, r.err).toBe(0);
  expect(r.err).toBe('');
  return r.out;
}

/** A folder holding a `custody` that runs this checkout's build, for the scripts to call. */
async function custodyOnPath(dir: string): Promise<string> {
  const bin = path.join(dir, 'bin');
  await fs.mkdir(bin);
  const entry = JSON.stringify(path.join(root, 'bin/custody.js'));
  const wrapper = `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${entry} "$@"\n`;
  await fs.writeFile(path.join(bin, 'custody'), wrapper, { mode: 0o755 });
  return bin;
}

async function writeConfig(home: Home): Promise<void> {
  const profile = { baseUrl: 'https://api.example', workspaceId: 'ws' };
  const config = { version: 1, activeProfile: 'prod', profiles: { prod: profile, staging: profile } };
  await fs.mkdir(path.dirname(home.configFile), { recursive: true });
  await fs.writeFile(home.configFile, JSON.stringify(config), { mode: 0o600 });
}

describe.each(SHELLS)('custody completion %s', (shell) => {
  // fish names flags as `-l profile` and `-s y`, the others as `--profile` and `-y`.
  const long = (name: string) => new RegExp(shell === 'fish' ? `-l ${name} ` : `--${name}\\b`);
  const short = (name: string) => new RegExp(shell === 'fish' ? `-s ${name} ` : `[ ,{]-${name}\\b`);

  it('names every command, every flag of every command, the roles and the profile lookup', async () => {
    const text = await script(shell);
    for (const spec of await specs()) {
      expect(text, spec.name).toContain(spec.name);
      for (const [name, option] of Object.entries({ ...spec.options, help: { short: 'h' } })) {
        expect(text, `${spec.name} --${name}`).toMatch(long(name));
        if (option.short === undefined) continue;
        expect(text, `${spec.name} -${option.short}`).toMatch(short(option.short));
      }
    }
    for (const role of ROLES) expect(text).toContain(role);
    for (const state of KEY_STATES) expect(text).toContain(state);
    for (const sub of ['show', 'list', 'use', 'bash', 'zsh', 'fish']) {
      expect(text).toMatch(new RegExp(`\\b${sub}\\b`));
    }
    expect(text).toContain('custody config list --names 2>/dev/null');
    expect(text).toContain(`custody completion ${shell}`);
  });
});

describe('custody completion: the model read from the specs', () => {
  it.each([
    ['config', ['show', 'list', 'use'], { use: 'profiles' }],
    ['key', ['show'], {}],
    ['completion', ['bash', 'zsh', 'fish'], {}],
    ['sandbox', [], {}],
    ['console', [], {}],
    ['tx', ['list', 'get', 'events', 'approve', 'decline', 'cancel'], { get: 'none', events: 'none', approve: 'none', decline: 'none', cancel: 'none' }],
    ['accounts', ['list', 'get'], { get: 'none' }],
    ['members', ['list'], {}],
    ['workspace', [], {}],
  ] as const)('%s has subcommands %j', async (name, subs, args) => {
    const model = commandModel((await loadCommand(name))!.spec);
    expect(model.subcommands.map((s) => s.name)).toEqual(subs);
    for (const s of model.subcommands) expect(s.argument?.kind).toBe((args as Record<string, string>)[s.name]);
  });

  it.each([
    ['console', 'profile', 'profiles'],
    ['console', 'key-file', 'files'],
    ['console', 'log-file', 'files'],
    ['console', 'base-url', 'none'],
    ['init', 'role', 'words'],
    ['sandbox', 'register', 'register'],
    ['watch', 'status', 'words'],
    ['tx', 'status', 'words'],
    ['tx', 'type', 'words'],
    ['tx', 'output', 'words'],
    ['tx', 'sort', 'words'],
    ['balances', 'output', 'words'],
    ['console', 'read-only', undefined],
  ] as const)('%s --%s completes to %s', async (name, flag, kind) => {
    const model = commandModel((await loadCommand(name))!.spec);
    expect(model.flags.find((f) => f.long === flag)?.value?.kind).toBe(kind);
  });
});

describe('custody completion: usage', () => {
  it.each([[['completion']], [['completion', 'tcsh']], [['completion', 'bash', 'zsh']]])(
    '%j is a usage error naming the three shells (exit 2)',
    async (argv) => {
      const home = await tempHome();
      const r = await custody(argv, home.env());
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      if (argv.length < 3) expect(r.err).toContain('bash, zsh, fish');
      expect(r.err).toContain('custody completion --help');
    },
  );
});

describe('the bash script in bash', () => {
  let dir: string;
  let file: string;
  let bin: string;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-completion-'));
    file = path.join(dir, 'custody.bash');
    await fs.writeFile(file, await script('bash'));
    bin = await custodyOnPath(dir);
    await fs.mkdir(path.join(dir, 'keys'));
    await fs.writeFile(path.join(dir, 'keys', 'ops.jwk'), '{}');
  }, 120_000);

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Runs the completion function for each line of words (the last is the one completed). */
  function complete(
    cases: readonly (readonly string[])[],
    env: NodeJS.ProcessEnv,
  ): { replies: string[][]; err: string } {
    const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
    const program = [
      `source ${quote(file)}`,
      't() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ));',
      '  COMP_LINE="$*"; COMP_POINT=${#COMP_LINE};',
      '  COMPREPLY=(); _custody; printf "%s\\037" "${COMPREPLY[@]}"; printf "\\036"; }',
      ...cases.map((words) => `t ${words.map(quote).join(' ')}`),
    ].join('\n');
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { env, encoding: 'utf8', cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const replies = r.stdout.split('\x1e').slice(0, -1).map((s) => s.split('\x1f').filter(Boolean).sort());
    return { replies, err: r.stderr };
  }

  const sorted = (words: readonly string[]) => [...words].sort();

  it('completes commands, flags, values, profile names and files', async () => {
    const home = await tempHome();
    await writeConfig(home);
    const sandbox = (await loadCommand('sandbox'))!.spec;
    const env = { ...home.env(), PATH: `${bin}:${process.env.PATH ?? ''}` };

    const table: Array<[string[], string[]]> = [
      [['custody', ''], [...commandNames(), 'help']],
      [['custody', 'sa'], ['sandbox']],
      [['custody', 'sandbox', '--'], [...Object.keys(sandbox.options).map((o) => `--${o}`), '--help']],
      [['custody', 'sandbox', '--re'], ['--register']],
      [['custody', 'sandbox', '--register', 'k.jwk', '=', ''], [...ROLES]],
      [['custody', 'sandbox', '--register', 'k.jwk', '=', 'full'], ['full-access']],
      [['custody', 'sandbox', '--register', 'k.jwk', '=', 'full-access', ':', 'p'], ['pending']],
      [['custody', '--profile', ''], ['prod', 'staging']],
      [['custody', 'doctor', '--profile', '=', 'st'], ['staging']],
      [['custody', 'doctor', '--profile=p'], ['--profile=prod']],
      [['custody', 'config', ''], ['show', 'list', 'use']],
      [['custody', 'config', 'use', ''], ['prod', 'staging']],
      [['custody', 'config', 'use', 'prod', ''], []],
      [['custody', 'init', '--role', 'tr'], ['transaction-operator']],
      [['custody', 'init', '--role', '=', ''], [...ROLES]],
      [['custody', 'key', ''], ['show']],
      [['custody', 'key', 'show', '--key-file', 'keys/o'], ['keys/ops.jwk']],
      [['custody', '--log-file', 'keys/'], ['keys/ops.jwk']],
      [['custody', 'completion', ''], ['bash', 'zsh', 'fish']],
      [['custody', 'tx', ''], ['list', 'get', 'events', 'approve', 'decline', 'cancel']],
      [['custody', 'tx', 'list', '--status', 'waiting-a'], ['waiting-approval']],
      [['custody', 'tx', '--output', 'j'], ['json', 'jsonl']],
      [['custody', 'address-'], ['address-book']],
      [['custody', 'help', 'do'], ['doctor']],
      [['custody', '--read-only', '--pro'], ['--profile', '--proxy']],
      [['custody', '-V'], ['-V']],
    ];
    const { replies, err } = complete(
      table.map(([words]) => words),
      env,
    );
    expect(err).toBe('');
    table.forEach(([words, expected], i) => expect(replies[i], words.join(' ')).toEqual(sorted(expected)));
  });

  it('offers no profile and says nothing when there is no config, or no custody on PATH', async () => {
    const fresh = await tempHome();
    const env = { ...fresh.env(), PATH: `${bin}:${process.env.PATH ?? ''}` };
    const { replies, err } = complete([['custody', '--profile', ''], ['custody', 'config', 'use', '']], env);
    expect(replies).toEqual([[], []]);
    expect(err).toBe('');

    const noCustody = complete([['custody', '--profile', '']], { ...fresh.env(), PATH: '/usr/bin:/bin' });
    expect(noCustody).toEqual({ replies: [[]], err: '' });
  });
});

/** A test that runs only where `shell` is installed; its title says why it was skipped. */
function withShell(shell: string) {
  const present = installed(shell);
  const why = present ? '' : ` (skipped: ${shell} is not installed)`;
  return (title: string, fn: () => Promise<void>, timeout?: number) =>
    it.runIf(present)(`${title}${why}`, fn, timeout);
}

describe.each(['zsh', 'fish'] as const)('the %s script', (shell) => {
  withShell(shell)(`passes ${shell} -n`, async () => {
    const home = await tempHome();
    const file = path.join(home.dir, `custody.${shell}`);
    await fs.writeFile(file, await script(shell));
    const r = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('the zsh script in zsh', () => {
  withShell('zsh')('registers _custody for custody when sourced after compinit', async () => {
    const home = await tempHome();
    const file = path.join(home.dir, '_custody');
    await fs.writeFile(file, await script('zsh'));
    const program = [
      `autoload -U compinit && compinit -u -D -d ${home.dir}/zcompdump`,
      `source ${file}`,
      'print -r -- $_comps[custody]',
    ].join('; ');
    const env = { ...home.env(), PATH: process.env.PATH ?? '' };
    const r = spawnSync('zsh', ['-f', '-c', program], { encoding: 'utf8', env });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_custody');
  });
});

describe('the fish script in fish', () => {
  withShell('fish')(
    'completes commands, flags, profile names and roles (complete -C)',
    async () => {
      execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
      const home = await tempHome();
      const file = path.join(home.dir, 'custody.fish');
      await fs.writeFile(file, await script('fish'));
      await writeConfig(home);
      const bin = await custodyOnPath(home.dir);
      const table: Array<[string, string[]]> = [
        ['custody sa', ['sandbox']],
        ['custody sandbox --reg', ['--register']],
        ['custody --profile ', ['prod', 'staging']],
        ['custody config ', ['list', 'show', 'use']],
        ['custody config use ', ['prod', 'staging']],
        ['custody init --role tr', ['transaction-operator']],
        ['custody sandbox --register k.jwk=full-access:p', ['k.jwk=full-access:pending']],
      ];
      const program = [`source ${file}`, ...table.map(([l]) => `complete -C '${l}'; echo '---'`)].join('\n');
      const r = spawnSync('fish', ['-N', '-c', program], {
        encoding: 'utf8',
        env: { ...home.env(), PATH: `${bin}:${process.env.PATH ?? ''}` },
      });
      expect(r.stderr).toBe('');
      const replies = r.stdout
        .split('---\n')
        .slice(0, -1)
        .map((block) => block.split('\n').filter(Boolean).map((l) => l.split('\t')[0]!).sort());
      expect(replies).toEqual(table.map(([, expected]) => expected));
    },
    60_000,
  );
});
