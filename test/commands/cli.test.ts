import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError, ContractError, NetworkError } from '../../src/client/index.js';
import { commandNames, loadCommand } from '../../src/commands/index.js';
import { reportError } from '../../src/commands/report.js';
import { VERSION } from '../../src/commands/version.js';
import { ConfigError, KeyFileError } from '../../src/config/index.js';
import { custody, fakeIo, tempHome } from '../helpers/cli-io.js';

const COMMANDS = [
  'console',
  'init',
  'config',
  'doctor',
  'sandbox',
  'tx',
  'accounts',
  'addresses',
  'balances',
  'members',
  'address-book',
  'transaction-limits',
  'activities',
  'workspace',
  'assets',
  'networks',
  'prices',
  'audit',
  'watch',
  'key',
  'completion',
] as const;

describe('command line', () => {
  it('--version and -V print the version', async () => {
    const home = await tempHome();
    for (const flag of ['--version', '-V']) {
      const r = await custody([flag], home.env());
      expect(r.code).toBe(0);
      expect(r.out).toBe(`${VERSION}\n`);
    }
  });

  it('every command in the table is covered here', () => {
    expect(commandNames()).toEqual([...COMMANDS]);
  });

  it('--help, -h and help list the commands', async () => {
    const home = await tempHome();
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = await custody(argv, home.env());
      expect(r.code).toBe(0);
      for (const name of COMMANDS) expect(r.out).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    }
  });

  it.each(COMMANDS)('%s --help shows its usage and every option', async (name) => {
    const home = await tempHome();
    const mod = (await loadCommand(name))!;
    expect(mod.spec.name).toBe(name);
    for (const argv of [
      [name, '--help'],
      [name, '-h'],
      ['help', name],
    ]) {
      const r = await custody(argv, home.env());
      expect(r.code).toBe(0);
      expect(r.err).toBe('');
      expect(r.out).toMatch(new RegExp(`^custody ${name} — `));
      expect(r.out).toMatch(/\nUsage:\n {2}custody /);
      for (const option of Object.keys(mod.spec.options)) expect(r.out).toContain(`--${option}`);
    }
  });

  it('an unknown command or flag is a usage error (exit 2)', async () => {
    const home = await tempHome();
    const unknown = await custody(['deploy'], home.env());
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command 'deploy'/);
    for (const argv of [['--bogus'], ['doctor', '--bogus'], ['init', '-x'], ['doctor', '--profile']]) {
      const r = await custody(argv, home.env());
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/Run `custody \w+ --help` for usage/);
      expect(r.out).toBe('');
    }
  });

  it('with no command runs the console, which takes its flags and needs a terminal', async () => {
    const home = await tempHome();
    for (const argv of [[], ['console'], ['--demo'], ['--read-only', '--profile', 'x', '--price-poll', '1000']]) {
      const r = await custody(argv, home.env());
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/the console needs a terminal/);
      expect(r.out).toBe('');
    }
  });
});

describe('error reports', () => {
  async function report(err: unknown, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; err: string }> {
    const io = fakeIo(env);
    const code = await reportError(err, io);
    return { code, err: io.err() };
  }

  it('config and key errors say what to do; a config file is said to be left untouched', async () => {
    const config = await report(
      new ConfigError('/x/config.json is not valid JSON at line 2, column 3 (a comma is missing)', {
        path: '/x/config.json',
        fix: 'fix /x/config.json by hand',
      }),
    );
    expect(config.code).toBe(1);
    expect(config.err).toBe(
      'custody: /x/config.json is not valid JSON at line 2, column 3 (a comma is missing)\n' +
        '  /x/config.json was left untouched.\n  to fix: fix /x/config.json by hand\n',
    );
    const key = await report(new KeyFileError('/k has mode 0644', { path: '/k', fix: 'chmod 600 /k' }));
    expect(key.err).toBe('custody: /k has mode 0644\n  to fix: chmod 600 /k\n');
  });

  it('client errors get their actionable line', async () => {
    const api = await report(
      new ApiError({
        status: 401,
        code: 'unauthorized',
        message: 'nope',
        method: 'GET',
        path: '/workspaces/ws1',
      }),
    );
    expect(api.code).toBe(1);
    expect(api.err).toMatch(/^custody: not authenticated \(401\): key not yet accepted/);
    const net = await report(
      new NetworkError({ message: 'api.example: connection refused', method: 'GET', path: '/workspaces' }),
    );
    expect(net.err).toMatch(/cannot reach the server \(GET \/workspaces\): api\.example: connection refused/);
    expect(net.err).toMatch(/to fix: check the base URL/);
    const contract = await report(
      new ContractError({
        message: 'x',
        field: 'accounts.0.status',
        endpoint: 'GET /workspaces/ws1/accounts',
        correlationId: 'c0ffee',
      }),
    );
    expect(contract.err).toMatch(
      /answer to GET \/workspaces\/ws1\/accounts does not match the API: accounts\.0\.status/,
    );
    expect(contract.err).toMatch(/correlation id c0ffee/);
  });

  it('an unexpected error is one clean line, redacted; CUSTODY_DEBUG=1 adds the stack', async () => {
    const token = `eyJhbGciOiJFUzI1NiJ9.${'a'.repeat(60)}.${'b'.repeat(86)}`;
    const err = new Error(`boom while sending ApiKey ${token} with d=${'Q'.repeat(43)}`);
    const plain = await report(err);
    expect(plain.code).toBe(1);
    expect(plain.err).toBe('custody: boom while sending ApiKey … with d=…\n');
    const debug = await report(err, { CUSTODY_DEBUG: '1' });
    expect(debug.err.split('\n')[0]).toBe('custody: boom while sending ApiKey … with d=…');
    expect(debug.err).toMatch(/at .*cli\.test\.ts/);
    expect(debug.err).not.toContain(token);
    expect(debug.err).not.toContain('Q'.repeat(43));
  });
});

// The shipped entry (src/main.ts) as users run it; only when a build exists (`npm test` builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'custody.js');
describe.skipIf(!existsSync(path.join(root, 'dist', 'main.js')))('the built bin', () => {
  it('passes exit codes through and reports errors in one line', async () => {
    const home = await tempHome();
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { env: home.env(), encoding: 'utf8' });
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run(['nope']).status).toBe(2);
    await fs.mkdir(path.dirname(home.configFile), { recursive: true });
    await fs.writeFile(home.configFile, '{');
    const broken = run(['config', 'show']);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^custody: .*config\.json is not valid JSON/);
    expect(broken.stderr).not.toMatch(/\n\s+at /); // no stack
  });
});
