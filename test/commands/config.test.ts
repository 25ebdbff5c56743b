import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk } from '../../src/auth/index.js';
import { custody, type Home, readJson, tempHome } from '../helpers/cli-io.js';

async function writeConfig(home: Home, config: unknown): Promise<string> {
  await fs.mkdir(path.dirname(home.configFile), { recursive: true, mode: 0o700 });
  const text = `${JSON.stringify(config, null, 2)}\n`;
  await fs.writeFile(home.configFile, text, { mode: 0o600 });
  return text;
}

const TWO_PROFILES = {
  version: 1,
  activeProfile: 'prod',
  profiles: {
    default: {
      baseUrl: 'https://default.example',
      workspaceId: 'wsDefault',
      proxy: 'http://proxy.example:3128',
    },
    prod: {
      baseUrl: 'https://api.example',
      workspaceId: 'wsProd',
      keyId: 'kidprod',
      role: 'view-only',
      pricePollMs: 5000,
    },
  },
};

describe('custody config show', () => {
  it('shows each setting with its source: flag, env, profile, default', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const env = home.env({ CUSTODY_WORKSPACE: 'wsEnv' });
    const r = await custody(['config', 'show', '--base-url', 'https://flag.example/', '--json'], env);
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.out) as {
      settings: Record<string, { value: unknown; source: string }>;
    } & Record<string, unknown>;
    expect(shown.configFile).toBe(home.configFile);
    expect(shown.missing).toEqual([]);
    expect(shown.settings).toMatchObject({
      profileName: { value: 'prod', source: 'profile' },
      baseUrl: { value: 'https://flag.example', source: 'flag' },
      workspaceId: { value: 'wsEnv', source: 'env' },
      key: {
        value: { source: 'file', path: path.join(home.keysDir, 'prod.jwk'), keyId: 'kidprod' },
        source: 'profile',
      },
      role: { value: 'view-only', source: 'profile' },
      proxy: { value: 'http://proxy.example:3128', source: 'default' },
      pricePollMs: { value: 5000, source: 'profile' },
      readOnly: { value: false, source: 'default' },
    });

    const text = await custody(['config', 'show', '--profile', 'default', '--read-only'], env);
    expect(text.code).toBe(0);
    const line = (label: string) => text.out.split('\n').find((l) => l.startsWith(label)) ?? '';
    expect(line('config file')).toContain(home.configFile);
    expect(line('profile')).toMatch(/^profile\s+flag\s+default$/);
    expect(line('base URL')).toMatch(/^base URL\s+profile\s+https:\/\/default\.example$/);
    expect(line('workspace')).toMatch(/^workspace\s+env\s+wsEnv$/);
    expect(line('key')).toMatch(/^key\s+profile\s+\/.*keys\/default\.jwk$/);
    expect(line('role')).toMatch(/^role\s+-\s+\(not set\)$/);
    expect(line('read-only')).toMatch(/^read-only\s+flag\s+yes$/);
  });

  it('names a key from CUSTODY_API_KEY by its key id only', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const jwk = await generatePrivateJwk();
    const env = home.env({ CUSTODY_API_KEY: JSON.stringify(jwk) });
    const r = await custody(['config', 'show'], env);
    expect(r.code).toBe(0);
    expect(env.CUSTODY_API_KEY).toBeUndefined();
    expect(r.out).toMatch(new RegExp(`key\\s+env\\s+CUSTODY_API_KEY \\(key id ${jwk.kid}\\)`));
    expect(r.out).not.toContain(jwk.d);
    const json = await custody(
      ['config', 'show', '--json'],
      home.env({ CUSTODY_API_KEY: JSON.stringify(jwk) }),
    );
    expect(json.out).not.toContain(jwk.d);
    expect(JSON.parse(json.out).settings.key).toEqual({
      value: { source: 'env', keyId: jwk.kid },
      source: 'env',
    });
  });

  it('with no config says what is missing and how to create it', async () => {
    const home = await tempHome();
    const r = await custody(['config', 'show'], home.env());
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/does not exist yet/);
    expect(r.out).toMatch(/missing: the API base URL/);
    expect(r.out).toMatch(/custody init/);
  });

  it('an unknown --profile is an error naming the known ones', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'show', '--profile', 'nope'], home.env());
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/profile "nope" \(from --profile\) does not exist/);
    expect(r.err).toMatch(/known profiles: default, prod/);
  });
});

describe('custody config show: fields custody does not know', () => {
  const WITH_TYPOS = {
    ...TWO_PROFILES,
    editor: 'vim',
    profiles: {
      ...TWO_PROFILES.profiles,
      staging: { baseUrl: 'https://staging.example', workspaceId: 'wsStaging', readonly: true },
    },
  };

  it('warns with the nearest known name, never fails, and leaves the file as it is', async () => {
    const home = await tempHome();
    const before = await writeConfig(home, WITH_TYPOS);
    const mtime = (await fs.stat(home.configFile)).mtimeMs;

    const r = await custody(['config', 'show', '--profile', 'staging'], home.env());
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^read-only +default +no$/m); // the misspelt field did nothing
    expect(r.out.trimEnd().split('\n').slice(-2)).toEqual([
      'warning: config file (top level): unknown field "editor" — it is ignored',
      'warning: profile staging: unknown field "readonly" (did you mean "readOnly"?) — it is ignored',
    ]);

    const json = await custody(['config', 'show', '--json'], home.env());
    expect(json.code).toBe(0);
    expect((JSON.parse(json.out) as { warnings: unknown }).warnings).toEqual([
      { field: 'editor', message: 'config file (top level): unknown field "editor" — it is ignored' },
      {
        profile: 'staging',
        field: 'readonly',
        suggestion: 'readOnly',
        message: 'profile staging: unknown field "readonly" (did you mean "readOnly"?) — it is ignored',
      },
    ]);

    expect(await fs.readFile(home.configFile, 'utf8')).toBe(before);
    expect((await fs.stat(home.configFile)).mtimeMs).toBe(mtime);
  });

  it('says nothing for a config of known fields', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'show'], home.env());
    expect(r.out).not.toContain('warning');
    const json = await custody(['config', 'show', '--json'], home.env());
    expect((JSON.parse(json.out) as { warnings: unknown }).warnings).toEqual([]);
  });
});

describe('custody config list --names (read by shell completion)', () => {
  it('prints the profile names, one a line, sorted', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'list', '--names'], home.env());
    expect(r).toMatchObject({ code: 0, out: 'default\nprod\n', err: '' });
  });

  it('prints nothing, quietly, when there is no config file', async () => {
    const home = await tempHome();
    const r = await custody(['config', 'list', '--names'], home.env());
    expect(r).toMatchObject({ code: 0, out: '', err: '' });
  });

  it('does not go with --json, nor with another subcommand', async () => {
    const home = await tempHome();
    for (const argv of [
      ['config', 'list', '--names', '--json'],
      ['config', 'show', '--names'],
      ['config', 'use', 'prod', '--names'],
    ]) {
      const r = await custody(argv, home.env());
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.out).toBe('');
    }
  });
});

describe('custody config list and use', () => {
  it('lists the profiles with the active one marked', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'list'], home.env());
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/PROFILE\s+WORKSPACE\s+BASE URL\s+ROLE/);
    expect(lines[1]).toMatch(/^ {3}default\s+wsDefault\s+https:\/\/default\.example$/);
    expect(lines[2]).toMatch(/^\* {2}prod\s+wsProd\s+https:\/\/api\.example\s+view-only$/);
    const json = JSON.parse((await custody(['config', 'list', '--json'], home.env())).out);
    expect(json.activeProfile).toBe('prod');
    expect(json.profiles.map((p: { name: string; active: boolean }) => [p.name, p.active])).toEqual([
      ['default', false],
      ['prod', true],
    ]);
  });

  it('with no profiles points at init', async () => {
    const home = await tempHome();
    const r = await custody(['config', 'list'], home.env());
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No profiles in .*custody init/);
  });

  it('use switches the active profile and keeps everything else', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'use', 'default'], home.env());
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Active profile: default \(workspace wsDefault at https:\/\/default\.example\)/);
    expect(await readJson(home.configFile)).toEqual({ ...TWO_PROFILES, activeProfile: 'default' });
    const dir = await fs.readdir(path.dirname(home.configFile));
    expect(dir).toEqual(['config.json']); // no temp file left behind
  });

  it('use notes a CUSTODY_PROFILE that still overrides it', async () => {
    const home = await tempHome();
    await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'use', 'default'], home.env({ CUSTODY_PROFILE: 'prod' }));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/CUSTODY_PROFILE=prod .* takes precedence/);
  });

  it('use of an unknown profile fails, lists the known ones and changes nothing', async () => {
    const home = await tempHome();
    const before = await writeConfig(home, TWO_PROFILES);
    const r = await custody(['config', 'use', 'staging'], home.env());
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no profile named "staging"; known profiles: default, prod/);
    expect(await fs.readFile(home.configFile, 'utf8')).toBe(before);
  });

  it('a corrupt config file is reported with its path and left untouched by show, list and use', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(home.configFile), { recursive: true });
    const corrupt = '{\n  "version": 1,\n  "profiles": {\n    "prod": { "baseUrl": "https://x" ,, }\n}\n';
    await fs.writeFile(home.configFile, corrupt);
    for (const argv of [['config', 'show'], ['config', 'list'], ['config', 'use', 'prod'], ['doctor']]) {
      const r = await custody(argv, home.env());
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err + r.out).toContain(`${home.configFile} is not valid JSON at line 4`);
      expect(r.err + r.out).toMatch(/left untouched/);
      expect(await fs.readFile(home.configFile, 'utf8')).toBe(corrupt);
    }
  });

  it('usage mistakes exit 2', async () => {
    const home = await tempHome();
    const env = home.env();
    for (const argv of [
      ['config'],
      ['config', 'edit'],
      ['config', 'use'],
      ['config', 'use', 'a', 'b'],
      ['config', 'list', '--profile', 'x'],
      ['config', 'use', 'x', '--json'],
      ['config', 'show', 'extra'],
      ['config', 'constructor'],
    ]) {
      const r = await custody(argv, env);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/custody config --help/);
    }
  });
});
