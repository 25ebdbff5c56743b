// Which setup a run uses (config/setup.ts, derived in resolveSettings): a profile, flags, env or the
// demo; the host; a profile's tone, refused when unknown.
import { describe, expect, it } from 'vitest';
import {
  type Config,
  demoSetup,
  parseConfigText,
  resolveSettings,
  type Setup,
  type SettingsFlags,
  setupOf,
} from '../../src/config/index.js';
import type { SessionSetup } from '../../src/store/index.js';

const HOME = { HOME: '/h' };

const config: Config = {
  version: 1,
  profiles: {
    default: { baseUrl: 'https://default.example', workspaceId: 'ws-default' },
    'ops-prod-eu': { baseUrl: 'https://API.prod.example:8443/v1/', workspaceId: 'ws-prod', tone: 'production' },
    staging: { baseUrl: 'https://staging.example', workspaceId: 'ws-staging' },
  },
};

const FLAGS: SettingsFlags = { baseUrl: 'http://127.0.0.1:4010', workspace: 'ws-flag', keyFile: '/k.jwk' };
const ENV = { CUSTODY_BASE_URL: 'https://env.example', CUSTODY_WORKSPACE: 'ws-env', CUSTODY_KEY_FILE: '/e.jwk' };

describe('resolveSettings: the setup', () => {
  it.each<[string, SettingsFlags, Record<string, string>, Omit<Setup, 'baseUrl' | 'workspaceId'>]>([
    ['the default profile, nothing named', {}, {}, { origin: 'profile', profile: 'default', host: 'default.example' }],
    [
      'a named profile with its tone',
      { profile: 'ops-prod-eu' },
      {},
      { origin: 'profile', profile: 'ops-prod-eu', tone: 'production', host: 'api.prod.example:8443' },
    ],
    ['CUSTODY_PROFILE selects: still the profile', {}, { CUSTODY_PROFILE: 'staging' }, {
      origin: 'profile',
      profile: 'staging',
      host: 'staging.example',
    }],
    // Issue 18: these were logged under profile "default".
    ['flags give all three: no profile lent anything', FLAGS, {}, { origin: 'flags', host: '127.0.0.1:4010' }],
    ['CUSTODY_* give all three', {}, ENV, { origin: 'env', host: 'env.example' }],
    ['flags over env: flags', FLAGS, ENV, { origin: 'flags', host: '127.0.0.1:4010' }],
    [
      'a flag overrides part of a profile: flags, and the profile (with its tone) still named',
      { profile: 'ops-prod-eu', workspace: 'ws-other' },
      {},
      { origin: 'flags', profile: 'ops-prod-eu', tone: 'production', host: 'api.prod.example:8443' },
    ],
    [
      'CUSTODY_WORKSPACE over the default profile',
      {},
      { CUSTODY_WORKSPACE: 'ws-env' },
      { origin: 'env', profile: 'default', host: 'default.example' },
    ],
    [
      'all three from flags over a production profile: its tone is not the flags\' server',
      { ...FLAGS, profile: 'ops-prod-eu' },
      {},
      { origin: 'flags', host: '127.0.0.1:4010' },
    ],
  ])('%s', (_name, flags, env, expected) => {
    const settings = resolveSettings({ flags, env: { ...HOME, ...env }, config });
    const { baseUrl: _b, workspaceId: _w, ...setup } = settings.setup!;
    expect(setup).toEqual(expected);
    expect(settings.setup!.baseUrl).toBe(settings.baseUrl);
    expect(settings.setup!.workspaceId).toBe(settings.workspaceId);
    expect(settings.tone).toBe(expected.tone);
  });

  it('no setup while a connection setting is missing', () => {
    const settings = resolveSettings({ flags: { baseUrl: 'https://x.example' }, env: HOME, config: { version: 1, profiles: {} } });
    expect(settings.missing).toEqual(['workspaceId', 'key']);
    expect(settings.setup).toBeUndefined();
  });

  it('the tone has its source, for config show', () => {
    const settings = resolveSettings({ flags: { profile: 'ops-prod-eu' }, env: HOME, config });
    expect(settings.sources.tone).toBe('profile');
  });
});

describe('setupOf and demoSetup', () => {
  it('the demo: no profile, no tone', () => {
    expect(demoSetup('http://127.0.0.1:39999', 'ws-demo')).toEqual({
      origin: 'demo',
      baseUrl: 'http://127.0.0.1:39999',
      host: '127.0.0.1:39999',
      workspaceId: 'ws-demo',
    });
  });

  it('the session store takes the same record (shapes tied here at compile time)', () => {
    const setup: SessionSetup = setupOf({
      baseUrl: 'https://a.example',
      workspaceId: 'ws',
      sources: { baseUrl: 'profile', workspaceId: 'profile', key: 'profile' },
      profile: { name: 'p', tone: 'production' },
    });
    expect(setup).toMatchObject({ origin: 'profile', profile: 'p', tone: 'production', host: 'a.example' });
  });
});

describe('the tone field of a profile', () => {
  const text = (tone: unknown) =>
    JSON.stringify({ version: 1, profiles: { p: { baseUrl: 'https://a.example', workspaceId: 'ws', tone } } });

  it('"production" loads', () => {
    expect(parseConfigText(text('production'), 'config.json').profiles.p!.tone).toBe('production');
  });

  it.each(['prodution', 'Production', 'staging', '', 1, true])('%j is refused, naming the allowed tone', (tone) => {
    expect(() => parseConfigText(text(tone), 'config.json')).toThrow(
      /profiles\.p\.tone: unknown tone .*: the allowed tone is "production" \(leave the field out for none\)/,
    );
  });
});
