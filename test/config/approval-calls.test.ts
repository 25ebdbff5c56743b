// How the console calls the operator when a transaction starts waiting for approval: the bell (on
// unless --no-bell or the profile's "bell": false) and the desktop notification (off unless
// --notify or the profile's "notify"), flag over profile over the `default` profile.
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, parseConfigText, resolveSettings, type SettingsFlags } from '../../src/config/index.js';

function config(own: Record<string, unknown>, fallback: Record<string, unknown> = {}): Config {
  return {
    version: 1,
    activeProfile: 'ops',
    profiles: {
      default: { baseUrl: 'https://d.example', workspaceId: 'ws-d', ...fallback },
      ops: { baseUrl: 'https://o.example', workspaceId: 'ws-o', ...own },
    },
  } as Config;
}

describe('bell and notify settings', () => {
  it.each<[string, SettingsFlags, Config, { bell: boolean; notify: string; sources: Record<string, string> }]>([
    ['defaults: the bell, no notification', {}, config({}), { bell: true, notify: 'off', sources: { bell: 'default', notify: 'default' } }],
    ['--no-bell', { bell: false }, config({}), { bell: false, notify: 'off', sources: { bell: 'flag', notify: 'default' } }],
    ['--notify: the protocol by the terminal', { notify: true }, config({}), { bell: true, notify: 'auto', sources: { bell: 'default', notify: 'flag' } }],
    ['the profile turns the bell off', {}, config({ bell: false }), { bell: false, notify: 'off', sources: { bell: 'profile', notify: 'default' } }],
    ['the profile turns notifications on', {}, config({ notify: true }), { bell: true, notify: 'auto', sources: { bell: 'default', notify: 'profile' } }],
    ['the profile names OSC 777', {}, config({ notify: 'osc777' }), { bell: true, notify: 'osc777', sources: { bell: 'default', notify: 'profile' } }],
    ['--notify keeps the protocol the profile names', { notify: true }, config({ notify: 'osc9' }), { bell: true, notify: 'osc9', sources: { bell: 'default', notify: 'flag' } }],
    ['--notify over a profile that says false', { notify: true }, config({ notify: false }), { bell: true, notify: 'auto', sources: { bell: 'default', notify: 'flag' } }],
    ['the `default` profile stands in', {}, config({}, { bell: false, notify: true }), { bell: false, notify: 'auto', sources: { bell: 'default', notify: 'default' } }],
    ['the selected profile over `default`', {}, config({ bell: true, notify: false }, { bell: false, notify: true }), { bell: true, notify: 'off', sources: { bell: 'profile', notify: 'profile' } }],
  ])('%s', (_name, flags, cfg, want) => {
    const s = resolveSettings({ flags, env: { HOME: '/h' }, config: cfg });
    expect({ bell: s.bell, notify: s.notify }).toEqual({ bell: want.bell, notify: want.notify });
    expect({ bell: s.sources.bell, notify: s.sources.notify }).toEqual(want.sources);
  });

  it.each([
    ['"notify": "osc8"', { notify: 'osc8' }, /notify: expected true, false, "osc9" or "osc777"/],
    ['"bell": "off"', { bell: 'off' }, /bell/],
  ])('a config file with %s is refused with the field named', (_name, own, message) => {
    const text = JSON.stringify(config(own));
    expect(() => parseConfigText(text, 'config.json')).toThrow(ConfigError);
    expect(() => parseConfigText(text, 'config.json')).toThrow(message);
  });

  it('a config file with the settings reads them', () => {
    const parsed = parseConfigText(JSON.stringify(config({ bell: false, notify: 'osc777' })), 'config.json');
    expect(parsed.profiles.ops).toMatchObject({ bell: false, notify: 'osc777' });
  });
});
