import { describe, expect, it } from 'vitest';
import {
  type Config,
  ConfigError,
  resolveSettings,
  type Settings,
  type SettingsFlags,
  takeSecretEnv,
} from '../../src/config/index.js';

const HOME = { HOME: '/h' };

const config: Config = {
  version: 1,
  activeProfile: 'dev',
  profiles: {
    default: {
      baseUrl: 'https://default.example',
      workspaceId: 'ws-default',
      keyId: 'kid-default',
      role: 'view-only',
      proxy: 'http://proxy-default:3128',
      pricePollMs: 5000,
      approvalThresholdUsd: '50000',
    },
    prod: {
      baseUrl: 'https://prod.example/',
      workspaceId: 'ws-prod',
      keyFile: '/secure/prod.jwk',
      keyId: 'kid-prod',
      role: 'full-access',
    },
    dev: {
      baseUrl: 'https://dev.example',
      workspaceId: 'ws-dev',
      keyFile: '~/dev.jwk',
      proxy: 'http://proxy-dev:8080',
      pricePollMs: 1000,
      readOnly: true,
    },
  },
};

type Expect = Partial<Omit<Settings, 'sources' | 'missing'>> & { sources?: Settings['sources'] };

const ALL_ENV = {
  CUSTODY_PROFILE: 'prod',
  CUSTODY_BASE_URL: 'https://env.example',
  CUSTODY_WORKSPACE: 'ws-env',
  CUSTODY_KEY_FILE: '/env/key.jwk',
  CUSTODY_PROXY: 'http://proxy-env:1',
};
const ALL_FLAGS: SettingsFlags = {
  profile: 'dev',
  baseUrl: 'http://flag.example:8080',
  workspace: 'ws-flag',
  keyFile: '/flag/key.jwk',
  proxy: 'http://proxy-flag:2',
  readOnly: true,
};

const cases: Array<[string, { flags?: SettingsFlags; env?: NodeJS.ProcessEnv; config?: Config }, Expect]> = [
  [
    'active profile, with `default` filling what it lacks',
    {},
    {
      profileName: 'dev',
      baseUrl: 'https://dev.example',
      workspaceId: 'ws-dev',
      key: { source: 'file', path: '/h/dev.jwk' },
      proxy: 'http://proxy-dev:8080',
      readOnly: true,
      pricePollMs: 1000,
      approvalThresholdUsd: '50000',
      sources: {
        profileName: 'profile',
        baseUrl: 'profile',
        workspaceId: 'profile',
        key: 'profile',
        proxy: 'profile',
        readOnly: 'profile',
        pricePollMs: 'profile',
        approvalThresholdUsd: 'default',
      },
    },
  ],
  [
    'env selects a profile over activeProfile; keyId and role come with its key',
    { env: { CUSTODY_PROFILE: 'prod' } },
    {
      profileName: 'prod',
      baseUrl: 'https://prod.example',
      workspaceId: 'ws-prod',
      key: { source: 'file', path: '/secure/prod.jwk' },
      keyId: 'kid-prod',
      role: 'full-access',
      proxy: 'http://proxy-default:3128',
      readOnly: false,
      pricePollMs: 5000,
      approvalThresholdUsd: '50000',
      sources: {
        profileName: 'env',
        baseUrl: 'profile',
        workspaceId: 'profile',
        key: 'profile',
        keyId: 'profile',
        role: 'profile',
        proxy: 'default',
        readOnly: 'default',
        pricePollMs: 'default',
        approvalThresholdUsd: 'default',
      },
    },
  ],
  [
    'flag selects a profile over env',
    { flags: { profile: 'prod' }, env: { CUSTODY_PROFILE: 'dev' } },
    {
      profileName: 'prod',
      workspaceId: 'ws-prod',
      sources: expect.objectContaining({ profileName: 'flag' }),
    },
  ],
  [
    'env beats the profile, field by field',
    { env: ALL_ENV },
    {
      profileName: 'prod',
      baseUrl: 'https://env.example',
      workspaceId: 'ws-env',
      key: { source: 'file', path: '/env/key.jwk' },
      proxy: 'http://proxy-env:1',
      keyId: undefined,
      role: undefined,
      sources: expect.objectContaining({
        profileName: 'env',
        baseUrl: 'env',
        workspaceId: 'env',
        key: 'env',
        proxy: 'env',
      }),
    },
  ],
  [
    'flags beat env',
    { flags: ALL_FLAGS, env: { ...ALL_ENV, CUSTODY_READ_ONLY: '0' } },
    {
      profileName: 'dev',
      baseUrl: 'http://flag.example:8080',
      workspaceId: 'ws-flag',
      key: { source: 'file', path: '/flag/key.jwk' },
      proxy: 'http://proxy-flag:2',
      readOnly: true,
      sources: expect.objectContaining({
        profileName: 'flag',
        baseUrl: 'flag',
        workspaceId: 'flag',
        key: 'flag',
        proxy: 'flag',
        readOnly: 'flag',
      }),
    },
  ],
  [
    'CUSTODY_API_KEY supplies the key through the environment',
    { env: { CUSTODY_API_KEY: '{"kty":"EC"}' } },
    { key: { source: 'env' }, sources: expect.objectContaining({ key: 'env' }) },
  ],
  [
    '--key-file beats CUSTODY_API_KEY',
    { flags: { keyFile: '/f.jwk' }, env: { CUSTODY_API_KEY: '{}' } },
    { key: { source: 'file', path: '/f.jwk' }, sources: expect.objectContaining({ key: 'flag' }) },
  ],
  [
    'CUSTODY_READ_ONLY=1 turns read-only on',
    { env: { CUSTODY_PROFILE: 'prod', CUSTODY_READ_ONLY: '1' } },
    { readOnly: true, sources: expect.objectContaining({ readOnly: 'env' }) },
  ],
  [
    'read-only is sticky: CUSTODY_READ_ONLY=0 does not turn off the profile setting',
    { env: { CUSTODY_READ_ONLY: '0' } },
    { profileName: 'dev', readOnly: true, sources: expect.objectContaining({ readOnly: 'profile' }) },
  ],
  [
    'no active profile: the `default` profile is the default level',
    { config: { ...config, activeProfile: undefined } },
    {
      profileName: 'default',
      baseUrl: 'https://default.example',
      key: { source: 'file', path: '/h/.config/custody/keys/default.jwk' },
      keyId: 'kid-default',
      role: 'view-only',
      pricePollMs: 5000,
      sources: expect.objectContaining({
        profileName: 'default',
        baseUrl: 'default',
        key: 'default',
        keyId: 'default',
        pricePollMs: 'default',
      }),
    },
  ],
  [
    'the `default` profile named explicitly is the profile level',
    { flags: { profile: 'default' } },
    { profileName: 'default', sources: expect.objectContaining({ profileName: 'flag', baseUrl: 'profile' }) },
  ],
  [
    'no config at all: built-in defaults only',
    { config: { version: 1, profiles: {} }, env: { CUSTODY_BASE_URL: 'https://env.example/' } },
    {
      profileName: undefined,
      baseUrl: 'https://env.example',
      readOnly: false,
      pricePollMs: 2000,
      approvalThresholdUsd: '100000',
      sources: {
        baseUrl: 'env',
        readOnly: 'default',
        pricePollMs: 'default',
        approvalThresholdUsd: 'default',
      },
    },
  ],
  [
    'a key path under CUSTODY_CONFIG',
    {
      flags: { profile: 'prod' },
      config: { version: 1, profiles: { prod: { baseUrl: 'https://p', workspaceId: 'w' } } },
      env: { CUSTODY_CONFIG: '/etc/custody/c.json' },
    },
    { key: { source: 'file', path: '/etc/custody/keys/prod.jwk' } },
  ],
  [
    'a relative keyFile is taken from the config folder',
    {
      flags: { profile: 'prod' },
      config: {
        version: 1,
        profiles: { prod: { baseUrl: 'https://p', workspaceId: 'w', keyFile: 'k/p.jwk' } },
      },
    },
    { key: { source: 'file', path: '/h/.config/custody/k/p.jwk' } },
  ],
];

describe('resolveSettings precedence', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    const settings = resolveSettings({
      flags: input.flags ?? {},
      env: { ...HOME, ...input.env },
      config: input.config ?? config,
    });
    // An `undefined` in the table means "absent"; toMatchObject would want the key present.
    const present = Object.fromEntries(Object.entries(expected).filter(([, value]) => value !== undefined));
    expect(settings).toMatchObject(present);
    for (const [field, value] of Object.entries(expected)) {
      if (value === undefined) expect(settings[field as keyof Settings]).toBeUndefined();
    }
  });

  it('lists what is missing', () => {
    const settings = resolveSettings({ env: HOME, config: { version: 1, profiles: {} } });
    expect(settings.missing).toEqual(['baseUrl', 'workspaceId', 'key']);
    expect(resolveSettings({ env: HOME, config }).missing).toEqual([]);
  });

  it('counts an API key already taken out of the environment', () => {
    const settings = resolveSettings({ env: HOME, config, secrets: { apiKey: '{}' } });
    expect(settings.key).toEqual({ source: 'env' });
    expect(settings.keyId).toBeUndefined();
  });
});

describe('resolveSettings errors', () => {
  const errors: Array<[string, { flags?: SettingsFlags; env?: NodeJS.ProcessEnv; config?: Config }, RegExp]> =
    [
      [
        'unknown profile by flag',
        { flags: { profile: 'stage' } },
        /"stage" \(from --profile\) does not exist in \/c\.json; known profiles: default, dev, prod/,
      ],
      [
        'unknown profile by env',
        { env: { CUSTODY_PROFILE: 'stage' } },
        /"stage" \(from CUSTODY_PROFILE\).*known profiles: default, dev, prod/,
      ],
      [
        'dangling activeProfile',
        { config: { ...config, activeProfile: 'gone' } },
        /"gone" \(from activeProfile\)/,
      ],
      [
        'Object.prototype member as profile',
        { flags: { profile: 'toString' } },
        /"toString".*does not exist/,
      ],
      ['a reserved name as profile', { flags: { profile: 'constructor' } }, /invalid profile name "constructor"/],
      ['invalid profile name', { flags: { profile: '../x' } }, /invalid profile name/],
      ['bad --base-url', { flags: { baseUrl: 'example.com' } }, /--base-url is not a valid base URL/],
      ['bad CUSTODY_BASE_URL', { env: { CUSTODY_BASE_URL: 'ftp://x' } }, /CUSTODY_BASE_URL is not a valid/],
      [
        'bad CUSTODY_PROXY',
        { env: { CUSTODY_PROXY: 'proxy:3128' } },
        /CUSTODY_PROXY is not a valid proxy URL/,
      ],
      ['empty flag', { flags: { workspace: '' } }, /--workspace needs a value/],
      ['unclear CUSTODY_READ_ONLY', { env: { CUSTODY_READ_ONLY: 'maybe' } }, /CUSTODY_READ_ONLY="maybe"/],
      [
        'two env keys',
        { env: { CUSTODY_KEY_FILE: '/k', CUSTODY_API_KEY: '{}' } },
        /both CUSTODY_KEY_FILE and CUSTODY_API_KEY/,
      ],
    ];
  it.each(errors)('%s', (_name, input, message) => {
    const run = () =>
      resolveSettings({
        flags: input.flags ?? {},
        env: { ...HOME, ...input.env },
        config: input.config ?? config,
        configPath: '/c.json',
      });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it('never puts the API key text in an error', () => {
    const secret = '{"kty":"EC","d":"c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA"}';
    try {
      resolveSettings({ env: { ...HOME, CUSTODY_KEY_FILE: '/k' }, config, secrets: { apiKey: secret } });
      expect.unreachable();
    } catch (e) {
      expect(String(e)).not.toContain('c2VjcmV0');
    }
  });
});

describe('takeSecretEnv', () => {
  it('returns the secrets and deletes them from the environment object', () => {
    const env: NodeJS.ProcessEnv = { CUSTODY_API_KEY: '{"d":"x"}', CUSTODY_KEY_PASSPHRASE: 'pw', OTHER: '1' };
    expect(takeSecretEnv(env)).toEqual({ apiKey: '{"d":"x"}', passphrase: 'pw' });
    expect(env).toEqual({ OTHER: '1' });
    expect('CUSTODY_API_KEY' in env).toBe(false);
    expect(takeSecretEnv(env)).toEqual({});
  });

  it('removes them from process.env, so child processes never see them', async () => {
    process.env.CUSTODY_API_KEY = 'secret-key-text';
    process.env.CUSTODY_KEY_PASSPHRASE = 'secret-passphrase';
    const secrets = takeSecretEnv(process.env);
    expect(secrets).toEqual({ apiKey: 'secret-key-text', passphrase: 'secret-passphrase' });
    const { execFileSync } = await import('node:child_process');
    const childEnv = execFileSync(
      process.execPath,
      ['-e', 'process.stdout.write(JSON.stringify(process.env))'],
      {
        encoding: 'utf8',
      },
    );
    expect(childEnv).not.toContain('secret-key-text');
    expect(childEnv).not.toContain('secret-passphrase');
  });

  it('deletes empty values too and reports them as absent', () => {
    const env: NodeJS.ProcessEnv = { CUSTODY_API_KEY: '', CUSTODY_KEY_PASSPHRASE: '' };
    expect(takeSecretEnv(env)).toEqual({});
    expect(env).toEqual({});
  });
});
