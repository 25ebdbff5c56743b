import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  generatePrivateJwk,
  isEncryptedKeyText,
  type PrivateJwk,
  type PublicJwk,
  parseJwk,
} from '../../src/auth/index.js';
import { readPrivateKey, writePrivateKey } from '../../src/config/index.js';
import { custody, custodyOnTty, modeOf, readJson, tempHome } from '../helpers/cli-io.js';
import { deadUrl, startApi, type TestApi } from '../helpers/custody-api.js';

/** The one line of JSON init prints: the public key. */
function printedJwk(out: string): Record<string, unknown> {
  const line = out.split('\n').find((l) => l.startsWith('{"kty"'));
  if (!line) throw new Error(`no JWK printed in:\n${out}`);
  return JSON.parse(line) as Record<string, unknown>;
}

/** Accepts any key found in `keysDir`, as if an admin had pasted it already. */
function acceptKeysIn(api: TestApi, keysDir: string): void {
  api.lookup = (kid) => {
    try {
      const file = path.join(keysDir, 'default.jwk');
      const text = readFileSync(file, 'utf8');
      const jwk = parseJwk(text) as PublicJwk;
      return jwk.kid === kid ? jwk : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The `custody init ...` line init printed to finish the setup, as argv. */
function finishCommand(err: string): string[] {
  const line = err.split('\n').find((l) => l.trim().startsWith('custody init'));
  if (!line) throw new Error(`no finish command in:\n${err}`);
  return line.trim().split(/\s+/).slice(1);
}

describe('custody init, non-interactive', () => {
  it('generates a key, prints only its public half, discovers the workspace and saves the profile', async () => {
    const home = await tempHome();
    const api = await startApi();
    acceptKeysIn(api, home.keysDir);
    const r = await custody(['init', '--base-url', api.url, '--generate-key', '--yes'], home.env());
    expect(r.err).toBe('');
    expect(r.code).toBe(0);

    const keyFile = path.join(home.keysDir, 'default.jwk');
    expect(await modeOf(keyFile)).toBe(0o600);
    expect(await modeOf(home.keysDir)).toBe(0o700);
    const key = (await readPrivateKey(keyFile)) as PrivateJwk;

    const pub = printedJwk(r.out);
    expect(pub).toEqual({ kty: 'EC', crv: 'P-256', x: key.x, y: key.y, kid: key.kid });
    expect(pub).not.toHaveProperty('d');
    expect(r.out).not.toContain(key.d);
    expect(r.out).toMatch(/workspace settings → API keys/);
    expect(r.out).toMatch(/Run `custody` to open the console/);

    const config = await readJson(home.configFile);
    expect(config).toEqual({
      version: 1,
      activeProfile: 'default',
      profiles: {
        default: { baseUrl: api.url, workspaceId: 'ws1', keyFile: 'keys/default.jwk', keyId: key.kid },
      },
    });
    expect(await modeOf(home.configFile)).toBe(0o600);
    expect(api.requests.map((q) => `${q.method} ${q.target} ${q.status}`)).toEqual([`GET /workspaces 200`]);
  });

  it('takes the base URL from CUSTODY_BASE_URL and requires one', async () => {
    const home = await tempHome();
    const none = await custody(['init', '--generate-key', '--yes'], home.env());
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--base-url URL or CUSTODY_BASE_URL/);
    expect(none.err).toMatch(/https:\/\/api\.bron\.org/);
    await expect(fs.stat(home.keysDir)).rejects.toThrow(); // nothing written

    const api = await startApi();
    acceptKeysIn(api, home.keysDir);
    const r = await custody(['init', '--generate-key', '--yes'], home.env({ CUSTODY_BASE_URL: api.url }));
    expect(r.code).toBe(0);
    expect(
      ((await readJson(home.configFile)).profiles as Record<string, { baseUrl: string }>).default!.baseUrl,
    ).toBe(api.url);
  });

  it('a key not accepted yet (401): exit 1, the key is kept, nothing saved, and the printed command finishes it', async () => {
    const home = await tempHome();
    const api = await startApi();
    const jwk = await generatePrivateJwk();
    const keyFile = path.join(home.dir, 'my.jwk');
    await writePrivateKey(keyFile, jwk);
    api.register(jwk, 'pending');

    const r = await custody(
      ['init', '--base-url', api.url, '--key-file', keyFile, '--role', 'view-only'],
      home.env(),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/GET \/workspaces → 401: the server does not accept the key [\w-]+: it is not accepted yet/);
    expect(r.err).toMatch(/No profile was saved/);
    await expect(fs.stat(home.configFile)).rejects.toThrow();
    const argv = finishCommand(r.err);
    expect(argv).toEqual(['init', '--base-url', api.url, '--key-file', keyFile, '--role', 'view-only']);

    api.setState(jwk.kid, 'accepted');
    const again = await custody(argv, home.env());
    expect(again.code).toBe(0);
    const profile = ((await readJson(home.configFile)).profiles as Record<string, Record<string, string>>)
      .default!;
    expect(profile).toEqual({
      baseUrl: api.url,
      workspaceId: 'ws1',
      keyFile,
      keyId: jwk.kid,
      role: 'view-only',
    });
  });

  it('a generated key the server does not know yet (403) is kept for the --key-file retry', async () => {
    const home = await tempHome();
    const api = await startApi();
    const r = await custody(
      ['init', '--profile', 'prod', '--base-url', api.url, '--generate-key', '--yes'],
      home.env(),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/GET \/workspaces → 403: the key [\w-]+ is unknown or revoked[^]*To fix: add the key in the workspace settings/);
    const keyFile = path.join(home.keysDir, 'prod.jwk');
    expect(await modeOf(keyFile)).toBe(0o600);
    expect(finishCommand(r.err)).toEqual([
      'init',
      '--profile',
      'prod',
      '--base-url',
      api.url,
      '--key-file',
      keyFile,
    ]);
    await expect(fs.stat(home.configFile)).rejects.toThrow();

    api.register(printedJwk(r.out) as unknown as PublicJwk);
    const again = await custody(finishCommand(r.err), home.env());
    expect(again.code).toBe(0);
    expect((await readJson(home.configFile)).activeProfile).toBe('prod');
  });

  it('uses an existing --key-file and stores its absolute path', async () => {
    const home = await tempHome();
    const api = await startApi();
    const jwk = await generatePrivateJwk();
    const keyFile = path.join(home.dir, 'keys-elsewhere', 'ops.jwk');
    await writePrivateKey(keyFile, jwk);
    api.register(jwk);
    const r = await custody(['init', '--base-url', api.url, '--key-file', keyFile], home.env());
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Using the key in ${keyFile}`);
    expect(printedJwk(r.out).kid).toBe(jwk.kid);
    const profile = ((await readJson(home.configFile)).profiles as Record<string, Record<string, string>>)
      .default!;
    expect(profile.keyFile).toBe(keyFile);
    expect(profile.keyId).toBe(jwk.kid);
  });

  it('--encrypt with CUSTODY_KEY_PASSPHRASE writes a JWE, and the passphrase leaves the environment', async () => {
    const home = await tempHome();
    const api = await startApi();
    const env = home.env({ CUSTODY_KEY_PASSPHRASE: 'correct horse battery staple' });
    const r = await custody(['init', '--base-url', api.url, '--encrypt', '--yes'], env);
    expect(env.CUSTODY_KEY_PASSPHRASE).toBeUndefined();
    expect(r.code).toBe(1); // the server does not know the new key yet
    const keyFile = path.join(home.keysDir, 'default.jwk');
    const text = await fs.readFile(keyFile, 'utf8');
    expect(isEncryptedKeyText(text.trim())).toBe(true);
    const key = await readPrivateKey(keyFile, { passphrase: async () => 'correct horse battery staple' });
    expect(printedJwk(r.out).kid).toBe(key.kid);
    expect(r.out).toMatch(/encrypted with your passphrase/);

    // The retry unlocks the encrypted key with the passphrase from the environment.
    api.register(key);
    const again = await custody(
      finishCommand(r.err),
      home.env({ CUSTODY_KEY_PASSPHRASE: 'correct horse battery staple' }),
    );
    expect(again.code).toBe(0);
  });

  it('--encrypt without a terminal or CUSTODY_KEY_PASSPHRASE is a usage error and writes nothing', async () => {
    const home = await tempHome();
    const r = await custody(['init', '--base-url', 'http://127.0.0.1:9', '--encrypt', '--yes'], home.env());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/CUSTODY_KEY_PASSPHRASE/);
    await expect(fs.stat(path.join(home.keysDir, 'default.jwk'))).rejects.toThrow();
  });

  it('never overwrites a key file', async () => {
    const home = await tempHome();
    const keyFile = path.join(home.keysDir, 'default.jwk');
    await fs.mkdir(home.keysDir, { recursive: true, mode: 0o700 });
    await fs.writeFile(keyFile, 'the old key\n', { mode: 0o600 });
    const r = await custody(
      ['init', '--base-url', 'http://127.0.0.1:9', '--generate-key', '--yes'],
      home.env(),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/already exists at .*default\.jwk; custody never overwrites a key file/);
    expect(r.err).toContain(`--key-file ${keyFile}`);
    expect(await fs.readFile(keyFile, 'utf8')).toBe('the old key\n');
    expect(r.out).toBe('');
  });

  it('refuses to replace an existing profile without --yes, and replaces it with --yes', async () => {
    const home = await tempHome();
    const api = await startApi();
    const old = await generatePrivateJwk();
    const oldFile = path.join(home.dir, 'old.jwk');
    await writePrivateKey(oldFile, old);
    api.register(old);
    expect(
      (
        await custody(
          ['init', '--base-url', api.url, '--key-file', oldFile, '--role', 'full-access'],
          home.env(),
        )
      ).code,
    ).toBe(0);
    const before = await fs.readFile(home.configFile, 'utf8');

    const fresh = await generatePrivateJwk();
    const freshFile = path.join(home.dir, 'fresh.jwk');
    await writePrivateKey(freshFile, fresh);
    api.register(fresh);
    const refused = await custody(['init', '--base-url', api.url, '--key-file', freshFile], home.env());
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/profile "default" already exists/);
    expect(refused.err).toMatch(/--yes/);
    expect(await fs.readFile(home.configFile, 'utf8')).toBe(before);

    const replaced = await custody(['init', '--key-file', freshFile, '--yes'], home.env());
    expect(replaced.code).toBe(0);
    const profile = ((await readJson(home.configFile)).profiles as Record<string, Record<string, string>>)
      .default!;
    // The base URL is kept; the old key's id and role are not.
    expect(profile).toEqual({ baseUrl: api.url, workspaceId: 'ws1', keyFile: freshFile, keyId: fresh.kid });
  });

  it('a second profile does not take over the active one', async () => {
    const home = await tempHome();
    const api = await startApi();
    const a = await generatePrivateJwk();
    const b = await generatePrivateJwk();
    await writePrivateKey(path.join(home.dir, 'a.jwk'), a);
    await writePrivateKey(path.join(home.dir, 'b.jwk'), b);
    api.register(a);
    api.register(b);
    await custody(
      ['init', '--profile', 'a', '--base-url', api.url, '--key-file', path.join(home.dir, 'a.jwk')],
      home.env(),
    );
    const r = await custody(
      ['init', '--profile', 'b', '--base-url', api.url, '--key-file', path.join(home.dir, 'b.jwk')],
      home.env(),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/custody config use b/);
    expect((await readJson(home.configFile)).activeProfile).toBe('a');
  });

  it('with several workspaces: requires --workspace when it cannot ask, and checks the one given', async () => {
    const home = await tempHome();
    const api = await startApi([
      { workspaceId: 'ws1', name: 'Acme', tag: 'acme' },
      { workspaceId: 'ws2', name: 'Beta', tag: 'beta' },
    ]);
    const jwk = await generatePrivateJwk();
    const keyFile = path.join(home.dir, 'k.jwk');
    await writePrivateKey(keyFile, jwk);
    api.register(jwk);

    const ask = await custody(['init', '--base-url', api.url, '--key-file', keyFile], home.env());
    expect(ask.code).toBe(1);
    expect(ask.err).toMatch(/2 workspaces/);
    expect(ask.err).toMatch(/2 {2}Beta {2}\(ws2\)/);
    expect(finishCommand(ask.err)).toEqual([
      'init',
      '--base-url',
      api.url,
      '--key-file',
      keyFile,
      '--workspace',
      'ws1',
    ]);
    await expect(fs.stat(home.configFile)).rejects.toThrow();

    const given = await custody(
      ['init', '--base-url', api.url, '--key-file', keyFile, '--workspace', 'ws2'],
      home.env(),
    );
    expect(given.code).toBe(0);
    expect(given.out).toMatch(/Beta \(ws2\)/);
    expect(api.requests.at(-1)!.target).toBe('/workspaces/ws2');
    const profile = ((await readJson(home.configFile)).profiles as Record<string, Record<string, string>>)
      .default!;
    expect(profile.workspaceId).toBe('ws2');

    const unknown = await custody(
      ['init', '--profile', 'x', '--base-url', api.url, '--key-file', keyFile, '--workspace', 'nope'],
      home.env(),
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/GET \/workspaces\/nope → 404: workspace nope was not found/);
  });

  it('an unreachable server fails clearly and keeps the key', async () => {
    const home = await tempHome();
    const url = await deadUrl();
    const r = await custody(['init', '--base-url', url, '--generate-key', '--yes'], home.env());
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+: .*connection refused/);
    expect(r.err).toMatch(/--key-file/);
    expect(await modeOf(path.join(home.keysDir, 'default.jwk'))).toBe(0o600);
    await expect(fs.stat(home.configFile)).rejects.toThrow();
  });

  it('never prints the password of a --proxy URL', async () => {
    const home = await tempHome();
    const proxy = `${await deadUrl()}`.replace('http://', 'http://ops:pr0xy-secret@');
    const r = await custody(
      ['init', '--base-url', 'http://api.invalid', '--proxy', proxy, '--generate-key', '--yes'],
      home.env(),
    );
    expect(r.code).toBe(1);
    expect(r.out + r.err).not.toContain('pr0xy-secret');
    expect(r.err).toContain(`--proxy '${proxy.replace('pr0xy-secret', '***')}'`);
  });

  it('rejects conflicting or bad flags with exit code 2', async () => {
    const home = await tempHome();
    const env = home.env();
    const cases: string[][] = [
      ['init', '--base-url', 'http://x', '--key-file', 'k', '--generate-key'],
      ['init', '--base-url', 'http://x', '--key-file', 'k', '--encrypt'],
      ['init', '--base-url', 'http://x', '--role', 'admin'],
      ['init', '--base-url', 'ftp://x'],
      ['init', '--base-url', 'http://x', '--profile', '../etc'],
      ['init', '--base-url', 'http://x', 'extra'],
      ['init', '--bogus'],
    ];
    for (const argv of cases) {
      const r = await custody(argv, env);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/custody init --help/);
    }
    await expect(fs.stat(home.keysDir)).rejects.toThrow();
  });

  it('a damaged config stops init before any key is made, and is left untouched', async () => {
    const home = await tempHome();
    await fs.mkdir(path.dirname(home.configFile), { recursive: true });
    await fs.writeFile(home.configFile, '{"version": 1,,}');
    const r = await custody(
      ['init', '--base-url', 'http://127.0.0.1:9', '--generate-key', '--yes'],
      home.env(),
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${home.configFile} is not valid JSON`);
    expect(r.err).toMatch(/left untouched/);
    expect(await fs.readFile(home.configFile, 'utf8')).toBe('{"version": 1,,}');
    await expect(fs.stat(home.keysDir)).rejects.toThrow();
  });
});

describe('custody init, interactive', () => {
  it('waits for Enter, retries after a 401, and lets the user pick a workspace by number', async () => {
    const home = await tempHome();
    const api = await startApi([
      { workspaceId: 'ws1', name: 'Acme', tag: 'acme' },
      { workspaceId: 'ws2', name: 'Beta', tag: 'beta' },
    ]);
    const { io, done } = custodyOnTty(['init', '--base-url', api.url, '--role', 'full-access'], home.env());
    await io.waitFor('Press Enter once the key is added');
    expect(api.requests).toHaveLength(0); // nothing is called before the user says so
    const pub = printedJwk(io.out()) as unknown as PublicJwk;

    api.register(pub, 'pending');
    let mark = io.all().length;
    io.type('\n');
    await io.waitFor('Press Enter to try again', { from: mark });
    expect(io.err()).toMatch(/GET \/workspaces → 401: the server does not accept the key [\w-]+: it is not accepted yet/);

    api.setState(pub.kid, 'accepted');
    mark = io.all().length;
    io.type('\n');
    await io.waitFor('Workspace number [1-2]', { from: mark });
    mark = io.all().length;
    io.type('7\n');
    await io.waitFor('Type a number from 1 to 2', { from: mark });
    io.type('2\n');
    expect(await done).toBe(0);

    const config = await readJson(home.configFile);
    expect(config.activeProfile).toBe('default');
    expect((config.profiles as Record<string, Record<string, string>>).default).toMatchObject({
      workspaceId: 'ws2',
      keyId: pub.kid,
      role: 'full-access',
    });
    expect(io.out()).toMatch(/Saved profile "default"/);
  });

  it('q at the Enter prompt stops without saving and says how to finish', async () => {
    const home = await tempHome();
    const { io, done } = custodyOnTty(['init', '--base-url', 'http://127.0.0.1:9'], home.env());
    await io.waitFor('Press Enter once the key is added');
    io.type('q\n');
    expect(await done).toBe(1);
    expect(io.err()).toMatch(/No profile was saved/);
    expect(io.err()).toMatch(/custody init --base-url http:\/\/127\.0\.0\.1:9 --key-file /);
    await expect(fs.stat(home.configFile)).rejects.toThrow();
  });

  it('--encrypt asks for the passphrase twice with echo off, and again when they differ', async () => {
    const home = await tempHome();
    const api = await startApi();
    const { io, done } = custodyOnTty(['init', '--base-url', api.url, '--encrypt'], home.env());
    await io.waitFor('Passphrase for the new key: ');
    io.type('first try\r');
    await io.waitFor('The same passphrase again: ');
    io.type('first tyr\r');
    await io.waitFor('The two passphrases differ; try again.\nPassphrase for the new key: ');
    const mark = io.all().length;
    io.type('s3cret phrase\r');
    await io.waitFor('The same passphrase again: ', { from: mark });
    io.type('s3cret phrasX\x7fe\r'); // a typo fixed with backspace
    await io.waitFor('Press Enter once the key is added');
    // Raw mode (no echo) for each of the four answers, and always switched off again.
    expect(io.stdin.rawModeCalls).toEqual([true, false, true, false, true, false, true, false]);
    api.register(printedJwk(io.out()) as unknown as PublicJwk);
    io.type('\n');
    expect(await done).toBe(0);
    expect(io.all()).not.toContain('s3cret');
    const key = await readPrivateKey(path.join(home.keysDir, 'default.jwk'), {
      passphrase: async () => 's3cret phrase',
    });
    expect(printedJwk(io.out()).kid).toBe(key.kid);
  });

  it('Ctrl-C at the passphrase prompt cancels (exit 130) and restores the terminal', async () => {
    const home = await tempHome();
    const { io, done } = custodyOnTty(['init', '--base-url', 'http://127.0.0.1:9', '--encrypt'], home.env());
    await io.waitFor('Passphrase for the new key: ');
    io.type('abc\x03');
    expect(await done).toBe(130);
    expect(io.stdin.isRaw).toBe(false);
    expect(io.err()).toMatch(/cancelled/);
    await expect(fs.stat(path.join(home.keysDir, 'default.jwk'))).rejects.toThrow();
  });
});
