// `custody key show`: the public JWK on stdout (one line, never d), a human line on stderr, the
// key found the way the console finds it, unsafe key files refused, encrypted keys unlocked.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encryptPrivateJwk, generatePrivateJwk, type PrivateJwk, publicHalf } from '../../src/auth/index.js';
import { writePrivateKey } from '../../src/config/index.js';
import { custody, custodyOnTty, type Home, type RunResult, tempHome } from '../helpers/cli-io.js';

const PASS = 'correct horse battery staple';

interface Setup {
  home: Home;
  prod: PrivateJwk;
  staging: PrivateJwk;
  prodFile: string;
  stagingFile: string;
}

/** Profiles "prod" (active, plain key) and "staging" (encrypted key). */
async function setup(): Promise<Setup> {
  const home = await tempHome();
  const [prod, staging] = [await generatePrivateJwk(), await generatePrivateJwk()];
  const prodFile = path.join(home.keysDir, 'prod.jwk');
  const stagingFile = path.join(home.keysDir, 'staging.jwk');
  await writePrivateKey(prodFile, prod);
  await writePrivateKey(stagingFile, staging, { passphrase: PASS, iterations: 1000 });
  const config = {
    version: 1,
    activeProfile: 'prod',
    profiles: {
      prod: { baseUrl: 'https://api.example', workspaceId: 'ws1', keyId: prod.kid },
      staging: { baseUrl: 'https://api.example', workspaceId: 'ws2', keyId: staging.kid },
    },
  };
  await fs.writeFile(home.configFile, JSON.stringify(config), { mode: 0o600 });
  return { home, prod, staging, prodFile, stagingFile };
}

/** Exactly one line of JSON on stdout: the public half of `jwk`, and nothing private anywhere. */
function expectPublicKey(r: RunResult, jwk: PrivateJwk): void {
  expect(r.code, r.err).toBe(0);
  expect(r.out).toBe(`${JSON.stringify(publicHalf(jwk))}\n`);
  expect(JSON.parse(r.out)).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid });
  expectNoPrivatePart(r, jwk);
}

function expectNoPrivatePart(r: RunResult, jwk: PrivateJwk): void {
  for (const text of [r.out, r.err]) {
    expect(text).not.toContain(jwk.d);
    expect(text).not.toMatch(/"d"/);
    expect(text).not.toContain(PASS);
  }
}

describe('custody key show', () => {
  it("prints the active profile's public key, and on stderr what it is", async () => {
    const { home, prod } = await setup();
    const r = await custody(['key', 'show'], home.env());
    expectPublicKey(r, prod);
    expect(r.err).toBe(
      `public key of profile prod (kid ${prod.kid}): paste into workspace settings → API keys\n`,
    );
  });

  it('follows the profile named by --profile or CUSTODY_PROFILE', async () => {
    const { home, staging } = await setup();
    const env = { CUSTODY_KEY_PASSPHRASE: PASS };
    for (const [argv, extra] of [
      [['key', 'show', '--profile', 'staging'], env],
      [['key', 'show'], { ...env, CUSTODY_PROFILE: 'staging' }],
    ] as const) {
      const r = await custody([...argv], home.env(extra));
      expectPublicKey(r, staging);
      expect(r.err).toContain(`public key of profile staging (kid ${staging.kid})`);
    }
  });

  it('reads the key file given with --key-file (a plain JWK or a JWE)', async () => {
    const { home, prod, staging, prodFile, stagingFile } = await setup();
    const plain = await custody(['key', 'show', '--key-file', prodFile], home.env());
    expectPublicKey(plain, prod);
    expect(plain.err).toContain(`public key in ${prodFile} (kid ${prod.kid})`);

    const encrypted = await custody(
      ['key', 'show', '--key-file', stagingFile],
      home.env({ CUSTODY_KEY_PASSPHRASE: PASS }),
    );
    expectPublicKey(encrypted, staging);
  });

  it('asks for the passphrase of an encrypted key on a terminal, with echo off', async () => {
    const { home, staging } = await setup();
    const { io, done } = custodyOnTty(['key', 'show', '--profile', 'staging'], home.env());
    await io.waitFor(/Passphrase for .*staging\.jwk: $/);
    io.type('wrong\r');
    await io.waitFor('Wrong passphrase, try again.');
    io.type(`${PASS}\r`);
    expect(await done).toBe(0);
    expect(io.stdin.rawModeCalls).toEqual([true, false, true, false]);
    expect(io.out()).toBe(`${JSON.stringify(publicHalf(staging))}\n`);
    expectNoPrivatePart({ code: 0, out: io.out(), err: io.err(), io }, staging);
  });

  it('a wrong passphrase, or none where none can be asked, fails without printing a secret', async () => {
    const { home, staging } = await setup();
    const wrong = await custody(
      ['key', 'show', '--profile', 'staging'],
      home.env({ CUSTODY_KEY_PASSPHRASE: `${PASS}!` }),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.out).toBe('');
    expect(wrong.err).toMatch(/wrong passphrase/);
    expectNoPrivatePart(wrong, staging);

    const none = await custody(['key', 'show', '--profile', 'staging'], home.env());
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/encrypted and no passphrase was given/);
    expect(none.err).toMatch(/CUSTODY_KEY_PASSPHRASE/);
  });

  it('takes the private JWK from CUSTODY_API_KEY (plain or encrypted), as the console does', async () => {
    const { home } = await setup();
    const envKey = await generatePrivateJwk();
    const r = await custody(['key', 'show'], home.env({ CUSTODY_API_KEY: JSON.stringify(envKey) }));
    expectPublicKey(r, envKey);
    expect(r.err).toContain(`public key from CUSTODY_API_KEY (kid ${envKey.kid})`);

    const jwe = await encryptPrivateJwk(envKey, PASS, { iterations: 1000 });
    const locked = await custody(
      ['key', 'show'],
      home.env({ CUSTODY_API_KEY: jwe, CUSTODY_KEY_PASSPHRASE: PASS }),
    );
    expectPublicKey(locked, envKey);
  });

  it('refuses a key file others can read, and a symlink, like every command', async () => {
    const { home, prod, prodFile } = await setup();
    await fs.chmod(prodFile, 0o644);
    const loose = await custody(['key', 'show'], home.env());
    expect(loose.code).toBe(1);
    expect(loose.out).toBe('');
    expect(loose.err).toMatch(/has mode 0644: a private key must be readable by you alone/);
    expect(loose.err).toMatch(/chmod 600/);
    expectNoPrivatePart(loose, prod);

    await fs.chmod(prodFile, 0o600);
    const link = path.join(home.dir, 'link.jwk');
    await fs.symlink(prodFile, link);
    const linked = await custody(['key', 'show', '--key-file', link], home.env());
    expect(linked.code).toBe(1);
    expect(linked.err).toMatch(/is a symlink/);
    expectNoPrivatePart(linked, prod);
  });

  it('notes a key whose id is not the one the profile records', async () => {
    const { home, prodFile } = await setup();
    const other = await generatePrivateJwk();
    await fs.rm(prodFile);
    await writePrivateKey(prodFile, other);
    const r = await custody(['key', 'show'], home.env());
    expectPublicKey(r, other);
    const note = `note: the profile records key id \\w+, but .*prod\\.jwk holds ${other.kid}`;
    expect(r.err).toMatch(new RegExp(note));
  });

  it('says what to do when no key is configured', async () => {
    const home = await tempHome();
    const r = await custody(['key', 'show'], home.env());
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/missing the private key/);
    expect(r.err).toMatch(/custody init/);
  });

  it('usage mistakes exit 2', async () => {
    const { home, prodFile } = await setup();
    for (const argv of [
      ['key'],
      ['key', 'list'],
      ['key', 'show', 'extra'],
      ['key', 'show', '--profile', 'prod', '--key-file', prodFile],
      ['key', 'show', '--json'],
    ]) {
      const r = await custody(argv, home.env());
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/custody key --help/);
      expect(r.out).toBe('');
    }
  });
});
