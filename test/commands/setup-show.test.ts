// The setup and its tone where a person checks them before opening the console: `custody config
// show` (the tone row, with its source) and doctor's settings line (setupWords); a tone custody
// does not know stops the run and names the allowed one.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupWords } from '../../src/commands/doctor.js';
import { type Config, resolveSettings } from '../../src/config/index.js';
import { custody, type Home, tempHome } from '../helpers/cli-io.js';

async function writeConfig(home: Home, config: unknown): Promise<void> {
  await fs.mkdir(path.dirname(home.configFile), { recursive: true, mode: 0o700 });
  await fs.writeFile(home.configFile, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
}

const CONFIG: Config = {
  version: 1,
  activeProfile: 'ops-prod-eu',
  profiles: {
    default: { baseUrl: 'https://staging.example', workspaceId: 'ws-staging' },
    'ops-prod-eu': { baseUrl: 'https://api.prod.example', workspaceId: 'ws-prod', tone: 'production' },
  },
};

describe('custody config show: the tone', () => {
  it('a production profile: the row says production, from the profile', async () => {
    const home = await tempHome();
    await writeConfig(home, CONFIG);
    const text = await custody(['config', 'show'], home.env());
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^tone +profile +production$/m);
    const json = await custody(['config', 'show', '--json'], home.env());
    expect(JSON.parse(json.out).settings.tone).toEqual({ value: 'production', source: 'profile' });
  });

  it('a profile without one: not set', async () => {
    const home = await tempHome();
    await writeConfig(home, CONFIG);
    const r = await custody(['config', 'show', '--profile', 'default'], home.env());
    expect(r.out).toMatch(/^tone +- +\(not set\)$/m);
  });

  it('an unknown tone is refused, naming the allowed one', async () => {
    const home = await tempHome();
    const bad = structuredClone(CONFIG) as unknown as { profiles: Record<string, Record<string, unknown>> };
    bad.profiles['ops-prod-eu']!.tone = 'prodution';
    await writeConfig(home, bad);
    const r = await custody(['config', 'show'], home.env());
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('profiles.ops-prod-eu.tone: unknown tone "prodution": the allowed tone is "production"');
  });
});

describe("doctor's words for the setup", () => {
  const words = (flags: Parameters<typeof resolveSettings>[0]['flags'], env: Record<string, string> = {}) =>
    setupWords(resolveSettings({ flags, env: { HOME: '/h', ...env }, config: CONFIG }));

  it.each<[string, string]>([
    [words({}), 'profile ops-prod-eu (PRODUCTION)'],
    [words({ profile: 'default' }), 'profile default'],
    [words({ baseUrl: 'http://127.0.0.1:9', workspace: 'w', keyFile: '/k' }), 'flags (no profile)'],
    [words({ workspace: 'w' }), 'flags over profile ops-prod-eu (PRODUCTION)'],
    [words({}, { CUSTODY_WORKSPACE: 'w', CUSTODY_PROFILE: 'default' }), 'the environment over profile default'],
    [words({ baseUrl: 'http://127.0.0.1:9' }, { CUSTODY_WORKSPACE: 'w', CUSTODY_KEY_FILE: '/k' }), 'flags (no profile)'],
  ])('%s', (said, expected) => {
    expect(said).toBe(expected);
  });
});
