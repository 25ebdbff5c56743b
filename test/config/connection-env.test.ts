// A `:ctx` switch reads the next profile without the variables that chose the first connection:
// exactly CONNECTION_ENV goes, everything else (read-only, where the config is, home, a proxy for
// other programs) stays, and the environment given is left as it was.
import { describe, expect, it } from 'vitest';
import { CONNECTION_ENV, withoutConnectionEnv } from '../../src/config/index.js';

const KEPT = {
  CUSTODY_READ_ONLY: '1',
  CUSTODY_CONFIG: '/etc/custody/config.json',
  XDG_CONFIG_HOME: '/h/.config',
  HOME: '/h',
  HTTPS_PROXY: 'http://proxy:3128',
  CUSTODY_NO_SUCH_THING: 'kept: not a connection variable',
} as const;

describe('withoutConnectionEnv', () => {
  it('names the connection variables', () => {
    expect([...CONNECTION_ENV].sort()).toEqual([
      'CUSTODY_API_KEY',
      'CUSTODY_BASE_URL',
      'CUSTODY_KEY_FILE',
      'CUSTODY_KEY_PASSPHRASE',
      'CUSTODY_PROFILE',
      'CUSTODY_PROXY',
      'CUSTODY_WORKSPACE',
    ]);
  });

  it.each(CONNECTION_ENV)('drops %s', (name) => {
    expect(withoutConnectionEnv({ ...KEPT, [name]: 'x' })).toEqual(KEPT);
  });

  it('drops all of them at once and keeps the rest exactly', () => {
    const all = Object.fromEntries(CONNECTION_ENV.map((n) => [n, `value of ${n}`]));
    expect(withoutConnectionEnv({ ...all, ...KEPT })).toEqual(KEPT);
  });

  it('keeps an empty environment empty', () => {
    expect(withoutConnectionEnv({})).toEqual({});
  });

  it('does not touch the environment it is given', () => {
    const env: NodeJS.ProcessEnv = { ...KEPT, CUSTODY_PROFILE: 'prod', CUSTODY_KEY_PASSPHRASE: 'secret' };
    const before = { ...env };
    const out = withoutConnectionEnv(env);
    expect(env).toEqual(before);
    expect(out).not.toBe(env);
  });
});
