// `:ctx NAME`'s step against a real config file in a temp home: the named profile's settings whole
// (the flags and CUSTODY_* variables that chose the first connection dropped, how the console
// behaves kept), a plain key opened at once, an encrypted one left for its passphrase screen
// without a prompt, and what is wrong with the profile thrown as words safe to show.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import type { ParsedValues } from '../../src/commands/cli.js';
import { profileStep } from '../../src/commands/console-target.js';
import { ConfigError, KeyFileError, writePrivateKey } from '../../src/config/index.js';
import { fakeIo, type Home, tempHome } from '../helpers/cli-io.js';

const ITERATIONS = 1000; // keeps PBES2 fast in tests

interface Fixture {
  home: Home;
  stagingKey: string;
  prodKey: string;
  jwk: PrivateJwk;
}

/** Two profiles: staging with a plain key, prod-eu with an encrypted one; first one prod-eu. */
async function fixture(): Promise<Fixture> {
  const home = await tempHome();
  const jwk = await generatePrivateJwk();
  const stagingKey = path.join(home.keysDir, 'staging.jwk');
  const prodKey = path.join(home.keysDir, 'prod-eu.jwk');
  await writePrivateKey(stagingKey, jwk);
  await writePrivateKey(prodKey, await generatePrivateJwk(), { passphrase: 'correct horse', iterations: ITERATIONS });
  await fs.writeFile(
    home.configFile,
    JSON.stringify({
      version: 1,
      activeProfile: 'prod-eu',
      profiles: {
        'prod-eu': { baseUrl: 'https://custody.example.com', workspaceId: 'ws-prod', keyFile: prodKey, tone: 'production' },
        staging: { baseUrl: 'https://staging.example.com', workspaceId: 'ws-stg', keyFile: stagingKey, role: 'view-only' },
      },
    }),
  );
  return { home, stagingKey, prodKey, jwk };
}

/** What the first connection was given: another profile, another server, workspace and key. */
const FIRST: ParsedValues = {
  profile: 'prod-eu',
  'base-url': 'https://evil.example.com',
  workspace: 'ws-other',
  'key-file': '/elsewhere/key.jwk',
};

const FIRST_ENV = {
  CUSTODY_PROFILE: 'prod-eu',
  CUSTODY_BASE_URL: 'https://env.example.com',
  CUSTODY_WORKSPACE: 'ws-env',
  CUSTODY_KEY_FILE: '/env/key.jwk',
  CUSTODY_KEY_PASSPHRASE: 'correct horse',
};

describe('profileStep', () => {
  it("takes the named profile's settings whole: the first connection's flags and variables dropped", async () => {
    const f = await fixture();
    const step = await profileStep('staging', { values: FIRST, positionals: [] }, fakeIo(f.home.env(FIRST_ENV)));
    expect(step.profile).toBe('staging');
    expect(step.settings).toMatchObject({
      profileName: 'staging',
      baseUrl: 'https://staging.example.com',
      workspaceId: 'ws-stg',
      role: 'view-only',
      key: { source: 'file', path: f.stagingKey },
      readOnly: false,
    });
    // A plain key opens at once.
    expect(step.jwk).toEqual(f.jwk);
  });

  it('keeps --read-only (how this console behaves, not where it connects)', async () => {
    const f = await fixture();
    const values: ParsedValues = { ...FIRST, 'read-only': true };
    const step = await profileStep('staging', { values, positionals: [] }, fakeIo(f.home.env()));
    expect(step.settings.readOnly).toBe(true);
    expect(step.settings.baseUrl).toBe('https://staging.example.com');
  });

  it('leaves an encrypted key closed, asks nothing, and ignores CUSTODY_KEY_PASSPHRASE', async () => {
    const f = await fixture();
    const io = fakeIo(f.home.env(FIRST_ENV), { tty: true });
    const step = await profileStep('prod-eu', { values: {}, positionals: [] }, io);
    expect(step.jwk).toBeUndefined();
    expect(step.settings.key).toEqual({ source: 'file', path: f.prodKey });
    expect(step.settings.baseUrl).toBe('https://custody.example.com');
    expect(io.all()).toBe('');
    expect((io.stdin as unknown as { rawModeCalls: boolean[] }).rawModeCalls).toEqual([]);
  });

  it('an unknown profile throws a ConfigError', async () => {
    const f = await fixture();
    const err = await profileStep('nope', { values: {}, positionals: [] }, fakeIo(f.home.env())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
  });

  it('a key file others can read throws a KeyFileError', async () => {
    const f = await fixture();
    await fs.chmod(f.stagingKey, 0o644);
    const err = await profileStep('staging', { values: {}, positionals: [] }, fakeIo(f.home.env())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeyFileError);
  });
});
