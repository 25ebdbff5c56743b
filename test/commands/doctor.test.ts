import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import { parseCommandArgs } from '../../src/commands/cli.js';
import { type Runtime, runDoctor, spec } from '../../src/commands/doctor.js';
import { openAuditLog, takeSecretEnv, writePrivateKey } from '../../src/config/index.js';
import { custody, custodyOnTty, fakeIo, type Home, tempHome } from '../helpers/cli-io.js';
import { deadUrl, startApi, type TestApi } from '../helpers/custody-api.js';
import { auditEntry } from '../helpers/audit-entry.js';

interface Setup {
  home: Home;
  api: TestApi;
  jwk: PrivateJwk;
  keyFile: string;
}

/** A profile "prod" (active) with its key in keys/prod.jwk, registered with a test API. */
async function setup(opts: { passphrase?: string; baseUrl?: string } = {}): Promise<Setup> {
  const home = await tempHome();
  const api = await startApi();
  const jwk = await generatePrivateJwk();
  const keyFile = path.join(home.keysDir, 'prod.jwk');
  await writePrivateKey(keyFile, jwk, opts.passphrase === undefined ? {} : { passphrase: opts.passphrase });
  api.register(jwk);
  const config = {
    version: 1,
    activeProfile: 'prod',
    profiles: { prod: { baseUrl: opts.baseUrl ?? api.url, workspaceId: 'ws1', keyId: jwk.kid } },
  };
  await fs.writeFile(home.configFile, JSON.stringify(config), { mode: 0o600 });
  return { home, api, jwk, keyFile };
}

/** Doctor in-process on a Node version and a day of the test's choosing. */
async function doctorOn(runtime: Runtime, argv: string[], env: NodeJS.ProcessEnv) {
  const io = fakeIo(env);
  io.stdin.end();
  const code = await runDoctor(parseCommandArgs(spec, argv), io, takeSecretEnv(env), runtime);
  return { code, out: io.out(), err: io.err() };
}

const NODE_20_AFTER_EOL: Runtime = { nodeVersion: 'v20.20.2', now: new Date('2026-11-24T10:00:00Z') };
const NODE_24: Runtime = { nodeVersion: 'v24.11.1', now: new Date('2026-11-24T10:00:00Z') };
const NODE_20_WARNING =
  'Node v20.20.2 reached end of life on 2026-04-30 and gets no security fixes; ' +
  'a tool that holds signing keys should run on a supported Node (22 or 24)';

/** The doctor line of one check, as `<mark> <summary>` (the padded name taken out). */
function line(out: string, name: string): string {
  for (const l of out.split('\n')) {
    const m = /^(\S+) (.+?) {2,}(.*)$/.exec(l);
    if (m && m[2]!.trim() === name) return `${m[1]} ${m[3]}`;
  }
  return `(no ${name} line in)\n${out}`;
}

describe('custody doctor', () => {
  it('passes every check against a healthy setup', async () => {
    const { home, api, jwk } = await setup();
    const r = await custody(['doctor'], home.env());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    for (const name of [
      'config file',
      'settings',
      'key file',
      'key',
      'connection',
      'clock',
      'workspace',
      'accounts',
    ]) {
      expect(line(r.out, name), name).toMatch(/^✓ /);
    }
    expect(line(r.out, 'key file')).toMatch(/mode 0600, a regular file, not encrypted/);
    expect(line(r.out, 'key')).toContain(`key id ${jwk.kid}`);
    expect(line(r.out, 'workspace')).toContain('signed GET /workspaces/ws1: Acme Treasury');
    expect(line(r.out, 'accounts')).toContain('GET /workspaces/ws1/accounts?limit=1');
    // A Node past its end of life (it depends on the one running this) adds a warning.
    expect(r.out).toMatch(/All checks passed(, with 1 warning)?\.\n$/);
    expect(api.requests.map((q) => `${q.target} ${q.status}`)).toEqual([
      '/workspaces/ws1 200',
      '/workspaces/ws1/accounts?limit=1 200',
    ]);
  });

  it('uses ASCII marks when the locale is not UTF-8', async () => {
    const { home } = await setup();
    for (const locale of [{ LANG: 'C' }, { LANG: 'en_US.UTF-8', LC_ALL: 'POSIX' }, { LANG: '' }] as Record<
      string,
      string
    >[]) {
      const r = await custody(['doctor'], home.env(locale));
      expect(r.code).toBe(0);
      expect(line(r.out, 'connection')).toMatch(/^\[ok\] /);
      expect(r.out).not.toContain('✓');
    }
    const utf = await custody(['doctor'], home.env({ LANG: 'C', LC_CTYPE: 'de_DE.utf8' }));
    expect(line(utf.out, 'connection')).toMatch(/^✓ /);
  });

  it('prints JSON with --json', async () => {
    const { home } = await setup();
    const r = await custody(['doctor', '--json'], home.env());
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as { ok: boolean; checks: Array<{ name: string; status: string }> };
    expect(json.ok).toBe(true);
    // The first check is the Node running this test: passed or warned, depending on which.
    expect(json.checks[0]!.name).toBe('node');
    expect(['pass', 'warn']).toContain(json.checks[0]!.status);
    expect(json.checks.slice(1).map((c) => `${c.name}:${c.status}`)).toEqual([
      'config file:pass',
      'settings:pass',
      'key file:pass',
      'key:pass',
      'audit log:pass',
      'connection:pass',
      'clock:pass',
      'workspace:pass',
      'accounts:pass',
    ]);
  });

  it('warns about a Node past its end of life, in text and JSON, and still exits 0', async () => {
    const { home } = await setup();
    const text = await doctorOn(NODE_20_AFTER_EOL, [], home.env());
    expect(text.code).toBe(0);
    expect(text.err).toBe('');
    expect(line(text.out, 'node')).toBe(`! ${NODE_20_WARNING}`);
    expect(text.out).toContain('to fix: install a supported Node (22 or 24)');
    expect(line(text.out, 'accounts')).toMatch(/^✓ /);
    expect(text.out).toMatch(/\nAll checks passed, with 1 warning\.\n$/);

    const json = await doctorOn(NODE_20_AFTER_EOL, ['--json'], home.env());
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.out) as { ok: boolean; checks: Array<Record<string, string>> };
    expect(parsed.ok).toBe(true);
    expect(parsed.checks[0]).toEqual({
      name: 'node',
      status: 'warn',
      summary: NODE_20_WARNING,
      fix: 'install a supported Node (22 or 24)',
    });
    expect(parsed.checks.filter((c) => c.status !== 'pass').map((c) => c.name)).toEqual(['node']);
  });

  it('passes a supported Node with its end-of-life date, and fails one below 20', async () => {
    const { home } = await setup();
    const ok = await doctorOn(NODE_24, [], home.env());
    expect(ok.code).toBe(0);
    expect(line(ok.out, 'node')).toBe('✓ Node v24.11.1 (security fixes until 2028-04-30)');
    expect(ok.out).toMatch(/\nAll checks passed\.\n$/);

    const old = await doctorOn({ nodeVersion: 'v18.20.4', now: NODE_24.now }, ['--json'], home.env());
    expect(old.code).toBe(1);
    const parsed = JSON.parse(old.out) as { ok: boolean; checks: Array<Record<string, string>> };
    expect(parsed.ok).toBe(false);
    expect(parsed.checks[0]).toMatchObject({ name: 'node', status: 'fail' });
    expect(parsed.checks[0]!.summary).toMatch(/too old: custody needs Node 20 or newer/);
  });

  it('warns about an unknown config field, names the known one, and leaves the file alone', async () => {
    const { home, api, jwk } = await setup();
    const config = {
      version: 1,
      activeProfile: 'prod',
      profiles: { prod: { baseUrl: api.url, workspaceId: 'ws1', keyId: jwk.kid, readonly: true } },
      activeprofile: 'prod',
    };
    const text = `${JSON.stringify(config, null, 2)}\n`;
    await fs.writeFile(home.configFile, text, { mode: 0o600 });
    const before = await fs.stat(home.configFile);

    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(0);
    const warnings = r.out.split('\n').filter((l) => /^! config field {2,}/.test(l));
    expect(warnings).toEqual([
      expect.stringContaining(
        'config file (top level): unknown field "activeprofile" (did you mean "activeProfile"?) — it is ignored',
      ),
      expect.stringContaining(
        'profile prod: unknown field "readonly" (did you mean "readOnly"?) — it is ignored',
      ),
    ]);
    expect(r.out).toContain(`to fix: rename it to "readOnly" in ${home.configFile}`);
    expect(r.out).toMatch(/All checks passed, with 2 warnings\.\n$/);

    const json = JSON.parse((await doctorOn(NODE_24, ['--json'], home.env())).out) as {
      ok: boolean;
      checks: Array<Record<string, string>>;
    };
    expect(json.ok).toBe(true);
    expect(json.checks.filter((c) => c.name === 'config field').map((c) => c.status)).toEqual(['warn', 'warn']);

    expect(await fs.readFile(home.configFile, 'utf8')).toBe(text);
    expect((await fs.stat(home.configFile)).mtimeMs).toBe(before.mtimeMs);
  });

  it('401: explains a key not accepted yet or rotated out', async () => {
    const { home, api, jwk } = await setup();
    api.setState(jwk.kid, 'pending');
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'connection')).toMatch(/^✓ .*answers \(HTTP 401\)/);
    expect(line(r.out, 'workspace')).toMatch(/^✗ .*401: .*not accepted yet, or it was rotated out/);
    expect(r.out).toMatch(/to fix: accept the key in the workspace settings/);
    expect(line(r.out, 'accounts')).toMatch(/^- /);
    expect(r.out).toMatch(/1 check failed(, with 1 warning)?\./);
  });

  it('403: explains an unknown or revoked key, or a role too low', async () => {
    const { home, api, jwk } = await setup();
    api.setState(jwk.kid, 'revoked');
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'workspace')).toMatch(
      /^✗ .*403: the key \w+ is unknown or revoked, or its role does not allow/,
    );
    expect(r.out).toMatch(/correlation id 0123456789abcdef0123456789abcdef/);
  });

  it('fails the clock check when the server clock is more than 30 s away', async () => {
    const { home, api } = await setup();
    api.clockOffsetMs = 120_000;
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'clock')).toMatch(/^✗ this computer's clock is 1[12]\d s behind the server's/);
    expect(r.out).toMatch(/to fix: sync your clock \(e\.g\. timedatectl/);
    expect(line(r.out, 'workspace')).toMatch(/^✓ /); // 120 s is still inside the token's 300 s

    api.clockOffsetMs = -400_000; // beyond 300 s: the signature fails, and the fix says why
    const far = await custody(['doctor'], home.env());
    expect(line(far.out, 'clock')).toMatch(/ahead of the server's/);
    expect(line(far.out, 'workspace')).toMatch(/^✗ .*401/);
    expect(far.out).toMatch(/sync your clock .* first: a clock more than 300 s off fails every signature/);
  });

  it('warns (without failing) when the server sends no Date header', async () => {
    const { home, api } = await setup();
    api.noDate = true;
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(0);
    expect(line(r.out, 'clock')).toMatch(/^! the server sent no Date header/);
  });

  it('an unreachable server fails the connection and skips what needs it', async () => {
    const { home } = await setup({ baseUrl: await deadUrl() });
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'connection')).toMatch(
      /^✗ cannot reach http:\/\/127\.0\.0\.1:\d+: .*connection refused/,
    );
    expect(r.out).toMatch(/to fix: check the base URL/);
    for (const name of ['clock', 'workspace', 'accounts']) expect(line(r.out, name)).toMatch(/^- /);
  });

  it('a key file readable by others fails with the chmod that fixes it', async () => {
    const { home, keyFile } = await setup();
    await fs.chmod(keyFile, 0o644);
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'key file')).toMatch(/^✗ .*prod\.jwk has mode 0644: others can read the private key/);
    expect(r.out).toContain(`to fix: chmod 600 ${keyFile}`);
    expect(line(r.out, 'key')).toMatch(/^- /);
    expect(line(r.out, 'connection')).toMatch(/^- /);
  });

  it('a symlinked key file fails', async () => {
    const { home, keyFile } = await setup();
    const real = path.join(home.dir, 'real.jwk');
    await fs.rename(keyFile, real);
    await fs.symlink(real, keyFile);
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'key file')).toMatch(/^✗ .* is a symlink/);
    expect(r.out).toMatch(/cp --remove-destination/);
  });

  it('a missing key file and missing settings are failures that say what to run', async () => {
    const { home, keyFile } = await setup();
    await fs.rm(keyFile);
    const r = await custody(['doctor'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'key file')).toMatch(/^✗ no key file at/);
    expect(r.out).toMatch(/custody init/);

    const empty = await tempHome();
    const none = await custody(['doctor'], empty.env());
    expect(none.code).toBe(1);
    expect(line(none.out, 'config file')).toMatch(/^! .*does not exist/);
    expect(line(none.out, 'settings')).toMatch(/^✗ no profile .*missing the API base URL/);
  });

  it('unlocks an encrypted key with CUSTODY_KEY_PASSPHRASE or at the prompt, and fails on a wrong one', async () => {
    const { home } = await setup({ passphrase: 'open sesame' });
    const ok = await custody(['doctor'], home.env({ CUSTODY_KEY_PASSPHRASE: 'open sesame' }));
    expect(ok.code).toBe(0);
    expect(line(ok.out, 'key file')).toMatch(/encrypted with a passphrase/);

    const wrong = await custody(['doctor'], home.env({ CUSTODY_KEY_PASSPHRASE: 'open sesame!' }));
    expect(wrong.code).toBe(1);
    expect(line(wrong.out, 'key')).toMatch(/^✗ .*wrong passphrase/);

    const none = await custody(['doctor'], home.env());
    expect(line(none.out, 'key')).toMatch(/^✗ .*encrypted and no passphrase was given/);
    expect(none.out).toMatch(/set CUSTODY_KEY_PASSPHRASE/);

    // On a terminal: asked with echo off; a wrong one is asked again.
    const { io, done } = custodyOnTty(['doctor'], home.env());
    await io.waitFor(/Passphrase for .*prod\.jwk: $/);
    io.type('nope\r');
    await io.waitFor('Wrong passphrase, try again.');
    io.type('open sesame\r');
    expect(await done).toBe(0);
    expect(io.stdin.rawModeCalls).toEqual([true, false, true, false]);
    expect(io.all()).not.toContain('open sesame');
  });

  it('flags override the profile (and unknown flags exit 2)', async () => {
    const { home, api } = await setup();
    const r = await custody(['doctor', '--workspace', 'nope'], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'settings')).toContain('workspace nope');
    expect(line(r.out, 'workspace')).toMatch(/404: workspace nope was not found/);
    expect(api.requests.at(-1)!.target).toBe('/workspaces/nope');
    expect((await custody(['doctor', '--nope'], home.env())).code).toBe(2);
  });
});

describe('custody doctor: where the files are (StrictModes)', () => {
  const isRoot = process.geteuid?.() === 0;
  const OTHER = 4242;

  it('a profile named __proto__ fails the config file, naming it, and the other profile still loads', async () => {
    const { home, api, jwk } = await setup();
    const prodProfile = JSON.stringify({ baseUrl: api.url, workspaceId: 'ws1', keyId: jwk.kid });
    const text = `{"version":1,"activeProfile":"prod","profiles":{"prod":${prodProfile},"__proto__":${prodProfile}}}`;
    await fs.writeFile(home.configFile, text, { mode: 0o600 });
    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'config file')).toBe(
      `✗ ${home.configFile}: profile name "__proto__" is not allowed (use 1 to 64 letters, digits, '_', '-' or '.', ` +
        "not starting with '.', and not __proto__, constructor or prototype); that profile is left out; " +
        '1 other profile loads (left untouched)',
    );
    expect(r.out).toContain(`to fix: rename the profile "__proto__" in ${home.configFile}`);
    expect(r.out).not.toMatch(/valid \(0 profiles\)/);
    expect(line(r.out, 'settings')).toMatch(/^✓ profile prod: workspace ws1/);
    expect(line(r.out, 'accounts')).toMatch(/^✓ /);
    expect(await fs.readFile(home.configFile, 'utf8')).toBe(text);
  });

  it('a config file over 1 MB fails, is not read, and is left untouched', async () => {
    const { home } = await setup();
    await fs.truncate(home.configFile, 2 * 1024 * 1024);
    const before = await fs.stat(home.configFile);
    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'config file')).toBe(
      `✗ ${home.configFile} is 2,097,152 bytes; a custody config is at most 1,048,576 bytes (1 MB), so it was not read ` +
        '(left untouched)',
    );
    expect((await fs.stat(home.configFile)).mtimeMs).toBe(before.mtimeMs);
  });

  it.skipIf(!isRoot)('a key file owned by another user (mode 0600) fails with the chown (needs root to chown)', async () => {
    const { home, keyFile } = await setup();
    await fs.chown(keyFile, OTHER, OTHER);
    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'key file')).toBe(`✗ ${keyFile} is owned by uid ${OTHER}, not by you (root): its owner can change it`);
    expect(r.out).toContain(`to fix: chown root ${keyFile}`);
    expect(line(r.out, 'key')).toMatch(/^- the key file must be fixed first/);
  });

  it('a key in a world-writable folder fails naming the folder; with the sticky bit it passes', async () => {
    const { home, keyFile } = await setup();
    await fs.chmod(home.keysDir, 0o777);
    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'key file')).toBe(
      `✗ the folder ${home.keysDir} (on the way to ${keyFile}) is writable by others (mode 0777) and not sticky: ` +
        'anyone on this machine can swap what is in it',
    );
    expect(r.out).toContain(`to fix: chmod go-w ${home.keysDir}`);
    await fs.chmod(home.keysDir, 0o1777);
    const sticky = await doctorOn(NODE_24, [], home.env());
    expect(line(sticky.out, 'key file')).toMatch(/^✓ .*mode 0600, a regular file, not encrypted, owned by you or root, in/);
    expect(sticky.code).toBe(0);
  });

  it('the audit log: none yet, then written; a symlinked folder with a world-writable target fails', async () => {
    const { home } = await setup();
    const state = path.join(home.dir, 'state');
    const file = path.join(state, 'custody', 'audit.jsonl');
    expect(line((await doctorOn(NODE_24, [], home.env())).out, 'audit log')).toBe(
      `✓ ${file}: none yet; the folders it would be made in are safe`,
    );
    await openAuditLog(file).append(auditEntry());
    expect(line((await doctorOn(NODE_24, [], home.env())).out, 'audit log')).toBe(
      `✓ ${file}: mode 0600, owned by you or root, in folders only you or root can change`,
    );

    const shared = path.join(home.dir, 'shared');
    await fs.rename(state, shared);
    await fs.symlink(shared, state);
    await fs.chmod(shared, 0o777);
    const r = await doctorOn(NODE_24, [], home.env());
    expect(r.code).toBe(1);
    expect(line(r.out, 'audit log')).toMatch(
      new RegExp(`^✗ the folder ${shared} \\(on the way to ${file}\\) is writable by others \\(mode 0777\\)`),
    );
    expect(r.out).toContain(`to fix: chmod go-w ${shared}`);
    if (isRoot) {
      await fs.chmod(shared, 0o700);
      await fs.chown(path.join(shared, 'custody', 'audit.jsonl'), OTHER, OTHER);
      const owned = await doctorOn(NODE_24, [], home.env());
      expect(line(owned.out, 'audit log')).toMatch(new RegExp(`^✗ ${file} \\(→ .*\\) is owned by uid ${OTHER}`));
    }
  });

  it('the log file, when given: checked as the console would open it', async () => {
    const { home } = await setup();
    expect((await doctorOn(NODE_24, [], home.env())).out).not.toMatch(/log file {2,}/);

    const logs = path.join(home.dir, 'logs');
    await fs.mkdir(logs, { mode: 0o700 });
    const file = path.join(logs, 'custody.log');
    const ok = await doctorOn(NODE_24, ['--log-file', file], home.env());
    expect(line(ok.out, 'log file')).toBe(`✓ ${file}: none yet; the folders it would be made in are safe`);
    expect(ok.code).toBe(0);

    await fs.chmod(logs, 0o777);
    const bad = await doctorOn(NODE_24, [], home.env({ CUSTODY_LOG_FILE: file }));
    expect(bad.code).toBe(1);
    expect(line(bad.out, 'log file')).toMatch(/^✗ the folder .*logs .* is writable by others \(mode 0777\) and not sticky/);
    expect(bad.out).toContain(`to fix: chmod go-w ${logs}`);

    await fs.chmod(logs, 0o700);
    await fs.symlink(path.join(home.dir, 'elsewhere.log'), file);
    const link = await doctorOn(NODE_24, ['--log-file', file], home.env());
    expect(line(link.out, 'log file')).toBe(`✗ cannot open the log file ${file}: it is a symlink (give the real path)`);
  });
});
