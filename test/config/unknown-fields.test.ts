import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/config/index.js';
import {
  CONFIG_FIELDS,
  editDistance,
  nearestName,
  PROFILE_FIELDS,
  unknownConfigFields,
} from '../../src/config/unknown-fields.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['role', 'role', 0],
    ['rloe', 'role', 1], // a transposition is one edit
    ['proxi', 'proxy', 1],
    ['workspace', 'workspaceid', 2],
    ['kitten', 'sitting', 3],
  ])('%j → %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('nearestName', () => {
  it.each([
    // case, '-' and '_' first
    ['readonly', 'readOnly'],
    ['READONLY', 'readOnly'],
    ['read_only', 'readOnly'],
    ['read-only', 'readOnly'],
    ['base-url', 'baseUrl'],
    ['keyfile', 'keyFile'],
    ['KeyId', 'keyId'],
    // then a small edit distance
    ['workspace', 'workspaceId'],
    ['baseUri', 'baseUrl'],
    ['rol', 'role'],
    ['pricePoll', 'pricePollMs'],
    ['pricepollmss', 'pricePollMs'],
    ['approvalThreshold', 'approvalThresholdUsd'],
    ['proxyy', 'proxy'],
    // then a known name it starts with
    ['proxyUrl', 'proxy'],
    // nothing close
    ['colour', undefined],
    ['x', undefined],
    ['timeoutSeconds', undefined],
  ])('%j → %j among profile fields', (name, expected) => {
    expect(nearestName(name, PROFILE_FIELDS)).toBe(expected);
  });

  it.each([
    ['activeprofile', 'activeProfile'],
    ['active_profile', 'activeProfile'],
    ['profile', 'profiles'],
    ['Profiles', 'profiles'],
    ['versoin', 'version'],
    ['theme', undefined],
  ])('%j → %j among top-level fields', (name, expected) => {
    expect(nearestName(name, CONFIG_FIELDS)).toBe(expected);
  });

  it('knows the fields of the schema', () => {
    expect(CONFIG_FIELDS).toEqual(['version', 'activeProfile', 'profiles']);
    expect(PROFILE_FIELDS).toEqual([
      'baseUrl',
      'workspaceId',
      'keyFile',
      'keyId',
      'role',
      'readOnly',
      'proxy',
      'pricePollMs',
      'approvalThresholdUsd',
      'bell',
      'notify',
      'tone',
    ]);
  });
});

describe('unknownConfigFields', () => {
  const parse = (config: unknown) => parseConfigText(JSON.stringify(config), 'config.json');

  it('finds nothing in a config of known fields', () => {
    const config = parse({
      version: 1,
      activeProfile: 'prod',
      profiles: { prod: { baseUrl: 'https://a.example', workspaceId: 'w', readOnly: true, role: 'view-only' } },
    });
    expect(unknownConfigFields(config)).toEqual([]);
  });

  it('reports top-level fields first, then each profile by name, with the nearest known name', () => {
    const config = parse({
      version: 1,
      activeprofile: 'staging',
      theme: 'dark',
      profiles: {
        staging: { baseUrl: 'https://s.example', workspaceId: 'w', readonly: true },
        prod: { baseUrl: 'https://p.example', workspaceId: 'w', colour: 'red', pricePoll: 1000 },
      },
    });
    expect(unknownConfigFields(config)).toEqual([
      {
        field: 'activeprofile',
        suggestion: 'activeProfile',
        message:
          'config file (top level): unknown field "activeprofile" (did you mean "activeProfile"?) — it is ignored',
      },
      { field: 'theme', message: 'config file (top level): unknown field "theme" — it is ignored' },
      {
        profile: 'prod',
        field: 'colour',
        message: 'profile prod: unknown field "colour" — it is ignored',
      },
      {
        profile: 'prod',
        field: 'pricePoll',
        suggestion: 'pricePollMs',
        message: 'profile prod: unknown field "pricePoll" (did you mean "pricePollMs"?) — it is ignored',
      },
      {
        profile: 'staging',
        field: 'readonly',
        suggestion: 'readOnly',
        message: 'profile staging: unknown field "readonly" (did you mean "readOnly"?) — it is ignored',
      },
    ]);
  });

  it('the unknown field really is ignored: it does not make the profile read-only', () => {
    const config = parse({
      version: 1,
      profiles: { staging: { baseUrl: 'https://s.example', workspaceId: 'w', readonly: true } },
    });
    expect(config.profiles.staging!.readOnly).toBeUndefined();
  });
});
