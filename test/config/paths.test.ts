import os from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  auditLogPath,
  ConfigError,
  configDir,
  configFilePath,
  defaultKeyPath,
  isValidProfileName,
  keysDir,
  logFilePath,
  stateDir,
} from '../../src/config/index.js';

describe('configFilePath', () => {
  const cases: Array<[string, NodeJS.ProcessEnv, string]> = [
    ['HOME only', { HOME: '/h' }, '/h/.config/custody/config.json'],
    ['XDG_CONFIG_HOME', { HOME: '/h', XDG_CONFIG_HOME: '/x' }, '/x/custody/config.json'],
    [
      'CUSTODY_CONFIG wins',
      { HOME: '/h', XDG_CONFIG_HOME: '/x', CUSTODY_CONFIG: '/c/my.json' },
      '/c/my.json',
    ],
    ['CUSTODY_CONFIG with ~', { HOME: '/h', CUSTODY_CONFIG: '~/cfg/c.json' }, '/h/cfg/c.json'],
    ['empty CUSTODY_CONFIG is unset', { HOME: '/h', CUSTODY_CONFIG: '' }, '/h/.config/custody/config.json'],
    ['empty XDG_CONFIG_HOME is unset', { HOME: '/h', XDG_CONFIG_HOME: '' }, '/h/.config/custody/config.json'],
    [
      'relative XDG_CONFIG_HOME is ignored',
      { HOME: '/h', XDG_CONFIG_HOME: 'rel' },
      '/h/.config/custody/config.json',
    ],
  ];
  it.each(cases)('%s', (_name, env, expected) => {
    expect(configFilePath(env)).toBe(expected);
  });

  it('resolves a relative CUSTODY_CONFIG against the working folder', () => {
    expect(configFilePath({ HOME: '/h', CUSTODY_CONFIG: 'c.json' })).toBe(`${process.cwd()}/c.json`);
  });

  it('falls back to os.homedir() without HOME', () => {
    expect(configFilePath({})).toBe(`${os.homedir()}/.config/custody/config.json`);
  });
});

describe('derived paths', () => {
  const cases: Array<[string, NodeJS.ProcessEnv, Record<string, string>]> = [
    [
      'HOME only',
      { HOME: '/h' },
      {
        configDir: '/h/.config/custody',
        keysDir: '/h/.config/custody/keys',
        key: '/h/.config/custody/keys/prod.jwk',
        stateDir: '/h/.local/state/custody',
        audit: '/h/.local/state/custody/audit.jsonl',
        log: '/h/.local/state/custody/custody.log',
      },
    ],
    [
      'XDG dirs',
      { HOME: '/h', XDG_CONFIG_HOME: '/xc', XDG_STATE_HOME: '/xs' },
      {
        configDir: '/xc/custody',
        keysDir: '/xc/custody/keys',
        key: '/xc/custody/keys/prod.jwk',
        stateDir: '/xs/custody',
        audit: '/xs/custody/audit.jsonl',
        log: '/xs/custody/custody.log',
      },
    ],
    [
      'CUSTODY_CONFIG moves keys with it, not state',
      { HOME: '/h', CUSTODY_CONFIG: '/etc/c/custody.json', XDG_STATE_HOME: '/xs' },
      {
        configDir: '/etc/c',
        keysDir: '/etc/c/keys',
        key: '/etc/c/keys/prod.jwk',
        stateDir: '/xs/custody',
        audit: '/xs/custody/audit.jsonl',
        log: '/xs/custody/custody.log',
      },
    ],
  ];
  it.each(cases)('%s', (_name, env, expected) => {
    expect({
      configDir: configDir(env),
      keysDir: keysDir(env),
      key: defaultKeyPath('prod', env),
      stateDir: stateDir(env),
      audit: auditLogPath(env),
      log: logFilePath(env),
    }).toEqual(expected);
  });
});

describe('profile names', () => {
  const good = ['default', 'prod', 'a', 'my-ws_2.eu', 'ok-name_1.x', 'Constructor', 'x'.repeat(64)];
  it.each(good)('accepts %j', (name) => {
    expect(isValidProfileName(name)).toBe(true);
    expect(defaultKeyPath(name, { HOME: '/h' })).toBe(`/h/.config/custody/keys/${name}.jwk`);
  });

  const reserved = ['__proto__', 'constructor', 'prototype'];
  it.each(['', '.', '..', '../x', 'a/b', 'a\\b', '.hidden', 'x'.repeat(65), 'a b', 'é', ...reserved, 'a\0b'])(
    'refuses %j',
    (name) => {
      expect(isValidProfileName(name)).toBe(false);
      expect(() => defaultKeyPath(name, { HOME: '/h' })).toThrow(ConfigError);
    },
  );
});
