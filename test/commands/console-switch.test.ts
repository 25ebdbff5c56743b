// What `:ctx` gets from the terminal layer: the config file's profiles as the view lists them, and a
// failed switch in words safe for the status line (the config and key rooms' own words; anything
// else summed up, never its message, which could quote input).
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, KeyFileError } from '../../src/config/index.js';
import { UsageError } from '../../src/commands/cli.js';
import { profileEntries, switchFailure } from '../../src/commands/console-switch.js';

describe('profileEntries', () => {
  it('lists the profiles by name with host, workspace and tone', () => {
    const config: Config = {
      version: 1,
      activeProfile: 'prod-eu',
      profiles: {
        staging: { baseUrl: 'https://staging.example.com/api', workspaceId: 'ws-stg' },
        'prod-eu': { baseUrl: 'https://custody.example.com:8443/', workspaceId: 'ws-prod', tone: 'production' },
        dev: { baseUrl: 'http://127.0.0.1:4010', workspaceId: 'ws-dev' },
      },
    };
    expect(profileEntries(config)).toEqual([
      { name: 'dev', host: '127.0.0.1:4010', workspaceId: 'ws-dev', production: false },
      { name: 'prod-eu', host: 'custody.example.com:8443', workspaceId: 'ws-prod', production: true },
      { name: 'staging', host: 'staging.example.com', workspaceId: 'ws-stg', production: false },
    ]);
  });

  it('an empty config file lists nothing', () => {
    expect(profileEntries({ version: 1, profiles: {} })).toEqual([]);
  });
});

describe('switchFailure', () => {
  const aborted = Object.assign(new Error('prompt aborted by ctrl-c'), { name: 'PromptAborted' });
  it.each<[string, unknown, string]>([
    ['a ConfigError with its fix', new ConfigError('no profile "x"', { fix: 'custody config list' }), 'no profile "x" (custody config list)'],
    ['a ConfigError without one', new ConfigError('the config file is not JSON'), 'the config file is not JSON'],
    [
      'a KeyFileError with its fix',
      new KeyFileError('the key file is readable by others', { fix: 'chmod 600 /k.jwk' }),
      'the key file is readable by others (chmod 600 /k.jwk)',
    ],
    ['a KeyFileError without one', new KeyFileError('wrong passphrase'), 'wrong passphrase'],
    ['a UsageError', new UsageError('--base-url needs a value'), '--base-url needs a value'],
    ['the passphrase question aborted', aborted, 'no passphrase given'],
    ['any other Error: summed up', new Error('secret-token-123 in the text'), 'the profile could not be opened (the debug log says more)'],
    ['a TypeError: summed up', new TypeError('x.y is not a function'), 'the profile could not be opened (the debug log says more)'],
    ['not an Error at all', 'thrown string', 'the profile could not be opened (the debug log says more)'],
  ])('%s', (_, err, said) => {
    expect(switchFailure(err)).toBe(said);
  });

  it('never repeats the message of an unknown error', () => {
    expect(switchFailure(new Error('sk_live_ABCDEF'))).not.toContain('sk_live_ABCDEF');
  });
});
