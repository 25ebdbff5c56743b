// `custody watch` as a command: flags, profiles and the environment as for every command, JSON
// lines on stdout and nothing else, state and problems on stderr, exit codes; in-process against
// a sandbox, and once as the built bin in a pipe.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandArgs, UsageError } from '../../src/commands/cli.js';
import { listOption, resolveAccounts } from '../../src/commands/tx-words.js';
import { spec, watch } from '../../src/commands/watch.js';
import { PANES } from '../../src/view/resources/registry.js';
import { type Account, type Transaction, TransactionSchema } from '../../src/contract/index.js';
import { writePrivateKey } from '../../src/config/index.js';
import { custody, fakeIo, type FakeIo, type Home, tempHome } from '../helpers/cli-io.js';
import { type SandboxFixture, startTestSandbox } from '../helpers/sandbox.js';
import { expectNoSecrets } from '../helpers/secrets.js';
import { createInWorld, serverTruth } from '../live/helpers.js';

let fx: SandboxFixture;

beforeAll(async () => {
  fx = await startTestSandbox({ history: 120 });
});
afterAll(async () => {
  await fx.close();
});

/** A home whose key file holds the sandbox's full-access key; the flags that point at it. */
async function setup(role: 'full-access' | 'view-only' = 'full-access', jwk = fx.keys[role].jwk) {
  const home = await tempHome();
  const keyFile = path.join(home.keysDir, 'watch.jwk');
  await writePrivateKey(keyFile, jwk);
  const flags = ['--base-url', fx.baseUrl, '--workspace', fx.workspaceId, '--key-file', keyFile];
  return { home, keyFile, flags };
}

interface Running {
  io: FakeIo;
  stop(): void;
  done: Promise<number>;
  lines(): Transaction[];
}

function start(argv: string[], home: Home): Running {
  const io = fakeIo(home.env());
  const control = new AbortController();
  const done = watch(parseCommandArgs(spec, argv), io, {}, { signal: control.signal });
  return {
    io,
    stop: () => control.abort(),
    done,
    lines: () =>
      io
        .out()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => TransactionSchema.parse(JSON.parse(l))),
  };
}

async function until(predicate: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('options (pure)', () => {
  it.each([
    [['waiting-approval'], ['waiting-approval']],
    [['new,waiting-approval'], ['new', 'waiting-approval']],
    [['new', ' signing , ,new'], ['new', 'signing']],
    [[], []],
  ])('--status %j → %j', (given, expected) => {
    const parsed = parseCommandArgs(spec, given.flatMap((v) => ['--status', v]));
    expect(listOption(parsed.values, 'status')).toEqual(expected);
  });

  const account = (accountId: string, accountName: string) => ({ accountId, accountName }) as Account;
  const accounts = [account('a1', 'Treasury'), account('a2', 'Ops'), account('a3', 'Ops'), account('a4', 'a1')];

  it.each([
    [['a1'], ['a1']],
    [['Treasury'], ['a1']],
    [['a2', 'Treasury'], ['a2', 'a1']],
  ])('--account %j → %j (an id wins over a name)', async (given, expected) => {
    expect(await resolveAccounts(given, accounts)).toEqual(expected);
  });

  // The accounts pane's number is the console's own (the registry's order): pane 1, not a literal.
  const accountsPane = String(PANES.findIndex((p) => p.id === 'accounts') + 1);
  it.each([
    ['Ops', /^--account "Ops" names 2 accounts: give its id instead: a2, a3$/],
    ['treasury', new RegExp(`^--account "treasury": no account has this id or name: did you mean "Treasury"\\? \\(the console lists the accounts in pane ${accountsPane}\\)$`)],
    ['zzzzzz', /^--account "zzzzzz": no account has this id or name \(the console lists/],
  ])('--account %s is refused (exit 2), with what to do', async (given, message) => {
    await expect(resolveAccounts([given], accounts)).rejects.toThrow(UsageError);
    await expect(resolveAccounts([given], accounts)).rejects.toThrow(message);
  });

  it('points at pane 1 for the accounts, as the tabs number them', async () => {
    expect(accountsPane).toBe('1');
    await expect(resolveAccounts(['Nope'], accounts)).rejects.toThrow(
      expect.objectContaining({ message: expect.stringContaining('pane 1)') }),
    );
  });
});

describe('custody watch against a sandbox', () => {
  it('prints every update as one JSON line in wire form, nothing else on stdout; a stop is exit 0', async () => {
    const { home, flags } = await setup();
    const run = start(flags, home);
    await run.io.waitFor(`custody watch: live on workspace ${fx.workspaceId}`);
    expect(run.io.out()).toBe(''); // live only
    const ids = await createInWorld(fx, 2);
    fx.advance(3_000);
    await until(() => ids.every((id) => run.lines().some((tx) => tx.transactionId === id)), 'the new ones');
    for (const line of run.io.out().trimEnd().split('\n')) {
      const raw = JSON.parse(line) as Record<string, unknown>;
      expect(raw).not.toHaveProperty('embedded'); // the wire's name is `_embedded`
      expect(typeof raw.updatedAt).toBe('string');
    }
    run.stop();
    expect(await run.done).toBe(0);
    const jwk = fx.keys['full-access'].jwk;
    expectNoSecrets(run.io.all(), [jwk.d]);
  });

  it('filters by status, type and account name, on the subscription and here', async () => {
    const [account] = await fx.client().accounts.list({ statuses: ['active'], isTestnet: false });
    const { home, flags } = await setup();
    const [probe] = await createInWorld(fx, 1);
    const first = (await fx.client().transactions.get(probe!)).status;
    const run = start(
      [...flags, '--status', `${first},waiting-approval`, '--type', 'withdrawal', '--account', account!.accountName],
      home,
    );
    await run.io.waitFor('live on workspace');
    const sub = fx.responses.find((r) => r.kind === 'ws' && r.method === 'SUBSCRIBE' && r.target.includes('accountIds='));
    expect(sub?.target).toContain(`accountIds=${account!.accountId}`);
    expect(sub?.target).toContain('transactionTypes=withdrawal');
    expect(sub?.target).toContain('limit=0');

    const ids = await createInWorld(fx, 2);
    await until(() => ids.every((id) => run.lines().some((tx) => tx.transactionId === id)), 'the new ones');
    fx.advance(8_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const tx of run.lines()) {
      expect([first, 'waiting-approval']).toContain(tx.status);
      expect(tx.transactionType).toBe('withdrawal');
      expect(tx.accountId).toBe(account!.accountId);
    }
    run.stop();
    expect(await run.done).toBe(0);
  });

  it('--with-history prints the matching transactions first, oldest change first', async () => {
    const { home, flags } = await setup();
    const truth = [...(await serverTruth(fx)).values()].filter((tx) => tx.transactionType === 'deposit');
    const run = start([...flags, '--type', 'deposit', '--with-history', '--quiet'], home);
    await until(() => run.lines().length >= truth.length, 'the history');
    const lines = run.lines();
    expect(new Set(lines.map((tx) => tx.transactionId))).toEqual(new Set(truth.map((tx) => tx.transactionId)));
    const times = lines.map((tx) => BigInt(tx.updatedAt!));
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.io.err()).toBe(''); // --quiet: no state lines
  });

  it('stdout closed by the reader (EPIPE) ends it quietly with exit 0', async () => {
    const { home, flags } = await setup();
    const run = start(flags, home);
    await run.io.waitFor('live on workspace');
    run.io.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(await run.done).toBe(0);
    expect(run.io.err()).not.toMatch(/cannot write/);
  });

  it('a revoked key: a clear 403 and exit 1, no secret', async () => {
    const key = await fx.addKey('full-access', { state: 'revoked' });
    const { home, flags } = await setup('full-access', key.jwk);
    const result = await custody(['watch', ...flags], home.env());
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/forbidden \(403\)/);
    expect(result.out).toBe('');
    expectNoSecrets(result.err, [key.jwk.d]);
  });

  it('an account that does not exist: exit 2 with the reason', async () => {
    const { home, flags } = await setup();
    const result = await custody(['watch', ...flags, '--account', 'no such account'], home.env());
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--account "no such account": no account has this id or name/);
    expect(result.err).toContain('the console lists the accounts in pane 1)');
  });

  it.each<[string[], string]>([
    [['--status', 'waitng-approval'], "--status: unknown status 'waitng-approval': did you mean waiting-approval? (--as-given sends it anyway)"],
    [['--status', 'new,pendng'], "--status: unknown status 'pendng'"],
    [['--type', 'withdrawl'], "--type: unknown type 'withdrawl': did you mean withdrawal?"],
  ])('%j: a typo is refused by name, exit 2, before connecting', async (given, words) => {
    const { home, flags } = await setup();
    const asked = fx.responses.length;
    const result = await custody(['watch', ...flags, ...given], home.env());
    expect(result.code).toBe(2);
    expect(result.err).toContain(`custody watch: ${words}`);
    expect(result.out).toBe('');
    expect(fx.responses.length).toBe(asked); // nothing was asked of the server
  });

  it('--as-given: a status this version does not know is noted and sent as given (enums grow)', async () => {
    const { home, flags } = await setup();
    const run = start([...flags, '--status', 'no-such-status', '--as-given'], home);
    await run.io.waitFor('live on workspace');
    expect(run.io.err()).toMatch(/note: this version knows no status no-such-status; sent as given \(--as-given\)/);
    const sub = fx.responses.findLast((r) => r.kind === 'ws' && r.method === 'SUBSCRIBE');
    expect(sub?.target).toContain('transactionStatuses=no-such-status');
    run.stop();
    expect(await run.done).toBe(0);
  });

  it('with nothing configured it says what to set up (no surprise sandbox), exit 1', async () => {
    const home = await tempHome();
    const result = await custody(['watch'], home.env());
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/not configured/);
    expect(result.err).toMatch(/--demo/);
  });

  it('--demo does not go with connection flags (exit 2)', async () => {
    const { home, flags } = await setup();
    const result = await custody(['watch', '--demo', ...flags], home.env());
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--demo uses the built-in sandbox; it does not go with --base-url/);
  });
});

// The shipped entry, in a pipe; only when a build exists (`npm test` builds first).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = path.join(root, 'bin', 'custody.js');
describe.skipIf(!existsSync(path.join(root, 'dist', 'main.js')))('the built bin', () => {
  it('prints lines into a pipe and exits 0 on SIGTERM', async () => {
    const home = await tempHome();
    const child = spawn(process.execPath, [bin, 'watch', '--demo', '--with-history'], {
      env: home.env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no two lines; stderr:\n${err}`)), 8_000);
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.split('\n').length > 2) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const line of out.split('\n').slice(0, 2)) expect(TransactionSchema.safeParse(JSON.parse(line)).success).toBe(true);
    expect(err).toMatch(/demo: watching the built-in sandbox/);
  }, 10_000);

  it('piped into head: exits 0 once head has its lines', async () => {
    const home = await tempHome();
    const result = spawnSync(
      'bash',
      ['-c', `set -o pipefail; "${process.execPath}" "${bin}" watch --demo --with-history --quiet | head -n 3 >/dev/null`],
      { env: home.env(), encoding: 'utf8', timeout: 10_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 12_000);
});
