import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import { writePrivateKey } from '../../src/config/index.js';
import { custody, custodyOnTty, type Home, tempHome } from '../helpers/cli-io.js';
import { deadUrl, startApi, type TestApi } from '../helpers/custody-api.js';

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
    expect(r.out).toMatch(/All checks passed\.\n$/);
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
    expect(json.checks.map((c) => `${c.name}:${c.status}`)).toEqual([
      'config file:pass',
      'settings:pass',
      'key file:pass',
      'key:pass',
      'connection:pass',
      'clock:pass',
      'workspace:pass',
      'accounts:pass',
    ]);
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
    expect(r.out).toMatch(/1 check failed\./);
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
