import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePrivateJwk } from '../../src/auth/index.js';
import { connect } from '../../src/commands/context.js';
import { PromptAborted, readLine, readSecret } from '../../src/commands/prompt.js';
import { displayUrl, shellQuote } from '../../src/commands/shell.js';
import { isUtf8Locale } from '../../src/view/base/terminal.js';
import { ConfigError, writePrivateKey } from '../../src/config/index.js';
import { fakeIo, tempHome } from '../helpers/cli-io.js';
import { startApi } from '../helpers/custody-api.js';

describe('connect', () => {
  it('builds a signed client from the profile, with flags on top', async () => {
    const home = await tempHome();
    const api = await startApi([
      { workspaceId: 'ws1', name: 'One', tag: 'one' },
      { workspaceId: 'ws2', name: 'Two', tag: 'two' },
    ]);
    const jwk = await generatePrivateJwk();
    await writePrivateKey(path.join(home.keysDir, 'default.jwk'), jwk);
    api.register(jwk);
    await fs.writeFile(
      home.configFile,
      JSON.stringify({ version: 1, profiles: { default: { baseUrl: api.url, workspaceId: 'ws1' } } }),
    );
    const io = fakeIo(home.env());
    const c = await connect({ workspace: 'ws2' }, io, {});
    expect(c.keyId).toBe(jwk.kid);
    expect(c.settings.sources.workspaceId).toBe('flag');
    expect((await c.client.workspaces.get()).name).toBe('Two');
    expect(JSON.stringify(c)).not.toContain(jwk.d);
  });

  it('names every missing setting and how to give it', async () => {
    const home = await tempHome();
    const err = await connect({}, fakeIo(home.env()), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toBe(
      'not configured: missing the API base URL (--base-url or CUSTODY_BASE_URL); the workspace ' +
        '(--workspace or CUSTODY_WORKSPACE); the private key (--key-file, CUSTODY_KEY_FILE or CUSTODY_API_KEY)',
    );
    expect((err as ConfigError).fix).toMatch(/custody init/);
  });
});

describe('prompts', () => {
  it('readLine keeps what was typed ahead for the next question, and ends with undefined', async () => {
    const io = fakeIo({}, { tty: true });
    io.type('one\r\ntwo\nthree');
    expect(await readLine(io, 'a? ')).toBe('one');
    expect(await readLine(io, 'b? ')).toBe('two');
    io.stdin.end();
    expect(await readLine(io, 'c? ')).toBe('three');
    expect(await readLine(io, 'd? ')).toBeUndefined();
    expect(io.err()).toBe('a? b? c? d? ');
    expect(io.stdin.isPaused()).toBe(true);
  });

  it('readSecret edits with backspace and Ctrl-U, skips escape sequences, and never echoes', async () => {
    const io = fakeIo({}, { tty: true });
    io.type('wrong\x15pa\x1b[Dss\x7f\x7fsś\r');
    expect(await readSecret(io, 'Passphrase: ')).toBe('pasś');
    expect(io.err()).toBe('Passphrase: \n');
    // Split across chunks, and with a multi-byte character cut in two.
    const p = readSecret(io, 'Again: ');
    const bytes = Buffer.from('żółw\r');
    io.stdin.write(bytes.subarray(0, 1));
    io.stdin.write(bytes.subarray(1));
    expect(await p).toBe('żółw');
  });

  it('readSecret: Ctrl-C, or Ctrl-D on an empty line, cancels and leaves raw mode', async () => {
    for (const keys of ['ab\x03', '\x04']) {
      const io = fakeIo({}, { tty: true });
      io.type(keys);
      await expect(readSecret(io, '? ')).rejects.toBeInstanceOf(PromptAborted);
      expect((io.stdin as unknown as { isRaw: boolean }).isRaw).toBe(false);
    }
  });
});

describe('small text helpers', () => {
  it.each([
    [{ LANG: 'en_US.UTF-8' }, true],
    [{ LANG: 'C.utf8' }, true],
    [{ LANG: 'C' }, false],
    [{}, false],
    [{ LC_ALL: 'C', LANG: 'en_US.UTF-8' }, false],
    [{ LC_CTYPE: 'UTF-8', LANG: 'C' }, true],
    [{ LC_ALL: '', LANG: 'de_DE.UTF-8' }, true],
  ])('isUtf8Locale(%o) = %s', (env, expected) => {
    expect(isUtf8Locale(env)).toBe(expected);
  });

  it('shellQuote and displayUrl', () => {
    expect(shellQuote('/tmp/a.jwk')).toBe('/tmp/a.jwk');
    expect(shellQuote('/tmp/my key.jwk')).toBe("'/tmp/my key.jwk'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('~/k')).toBe("'~/k'");
    expect(displayUrl('http://u:secret@proxy:3128')).toBe('http://u:***@proxy:3128');
    expect(displayUrl('http://proxy:3128')).toBe('http://proxy:3128');
    expect(displayUrl('not a url')).toBe('not a url');
  });
});
