// `custody sandbox --register FILE=ROLE` with a key file encrypted by `custody init --encrypt`:
// unlocked with CUSTODY_KEY_PASSPHRASE or at a prompt, only the public half registered.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSigner, generatePrivateJwk, type PrivateJwk } from '../../src/auth/index.js';
import { createApiClient } from '../../src/client/index.js';
import { parseCommandArgs } from '../../src/commands/cli.js';
import { run } from '../../src/commands/index.js';
import { serve, spec } from '../../src/commands/sandbox.js';
import { writePrivateKey } from '../../src/config/index.js';
import { custody, type FakeIo, fakeIo, tempHome } from '../helpers/cli-io.js';

const PASS = 'tr0ub4dor&3 sandbox';

async function encryptedKey(dir: string): Promise<{ jwk: PrivateJwk; file: string }> {
  const jwk = await generatePrivateJwk();
  const file = path.join(dir, 'keys', 'ops.jwk');
  await writePrivateKey(file, jwk, { passphrase: PASS, iterations: 1000 });
  return { jwk, file };
}

interface Line {
  baseUrl: string;
  workspaceId: string;
  keys: Array<{ kid: string; role: string; state: string }>;
}

const firstLine = (io: FakeIo): Line => JSON.parse(io.out().split('\n')[0]!) as Line;

/** A signed call with the private key: it passes only if the sandbox registered its public half. */
async function signedCall(line: Line, jwk: PrivateJwk): Promise<string> {
  const api = createApiClient({
    baseUrl: line.baseUrl,
    workspaceId: line.workspaceId,
    signer: await createSigner(jwk),
    retry: { limit: 0 },
  });
  return (await api.workspaces.get()).workspaceId;
}

function expectNoSecret(text: string, jwk: PrivateJwk): void {
  expect(text).not.toContain(jwk.d);
  expect(text).not.toContain(PASS);
}

describe('custody sandbox --register with an encrypted key file', () => {
  it('unlocks it with CUSTODY_KEY_PASSPHRASE and registers its public half', async () => {
    const home = await tempHome();
    const { jwk, file } = await encryptedKey(home.dir);
    const io = fakeIo(home.env({ CUSTODY_KEY_PASSPHRASE: PASS }));
    const done = run(['sandbox', '--history', '10', '--register', `${file}=transaction-operator:active`], io);
    await Promise.race([io.waitFor('Ctrl-C stops it', { timeoutMs: 15_000 }), done]);
    const line = firstLine(io);
    expect(line.keys).toEqual([{ kid: jwk.kid, role: 'transaction-operator', state: 'active' }]);
    expect(await signedCall(line, jwk)).toBe(line.workspaceId);
    process.emit('SIGTERM');
    expect(await done).toBe(0);
    expectNoSecret(io.all(), jwk);
    expect(io.all()).not.toMatch(/Passphrase for/);
  });

  it('asks for the passphrase on a terminal (echo off), again after a wrong one', async () => {
    const home = await tempHome();
    const { jwk, file } = await encryptedKey(home.dir);
    const io = fakeIo(home.env(), { tty: true }) as FakeIo & { stdin: { rawModeCalls: boolean[] } };
    const controller = new AbortController();
    const done = serve(parseCommandArgs(spec, ['--history', '10', '--register', `${file}=view-only`]), io, {
      signal: controller.signal,
      secrets: {},
    });
    await io.waitFor(/Passphrase for .*ops\.jwk: $/);
    io.type('not it\r');
    await io.waitFor('Wrong passphrase, try again.');
    io.type(`${PASS}\r`);
    await Promise.race([io.waitFor('Ctrl-C stops it', { timeoutMs: 15_000 }), done]);
    const line = firstLine(io);
    expect(line.keys).toEqual([{ kid: jwk.kid, role: 'view-only', state: 'active' }]);
    expect(await signedCall(line, jwk)).toBe(line.workspaceId);
    controller.abort();
    expect(await done).toBe(0);
    expect(io.stdin.rawModeCalls).toEqual([true, false, true, false]);
    expectNoSecret(io.all(), jwk);
  });

  it('registers plain and encrypted key files side by side', async () => {
    const home = await tempHome();
    const { jwk, file } = await encryptedKey(home.dir);
    const plain = await generatePrivateJwk();
    const plainFile = path.join(home.dir, 'plain.json');
    await fs.writeFile(plainFile, JSON.stringify(plain));
    const io = fakeIo(home.env());
    const controller = new AbortController();
    const done = serve(
      parseCommandArgs(spec, [
        '--history',
        '10',
        '--register',
        `${plainFile}=full-access`,
        '--register',
        `${file}=view-only:pending`,
      ]),
      io,
      { signal: controller.signal, secrets: { passphrase: PASS } },
    );
    await Promise.race([io.waitFor('Ctrl-C stops it', { timeoutMs: 15_000 }), done]);
    expect(firstLine(io).keys).toEqual([
      { kid: plain.kid, role: 'full-access', state: 'active' },
      { kid: jwk.kid, role: 'view-only', state: 'pending' },
    ]);
    controller.abort();
    expect(await done).toBe(0);
  });

  it('a wrong passphrase is a clear error (exit 1) before anything listens, no secret printed', async () => {
    const home = await tempHome();
    const { jwk, file } = await encryptedKey(home.dir);
    const r = await custody(
      ['sandbox', '--history', '10', '--register', `${file}=full-access`],
      home.env({ CUSTODY_KEY_PASSPHRASE: `${PASS}x` }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^custody: .*ops\.jwk: cannot decrypt the key: wrong passphrase or damaged key file\n$/u);
    expect(r.err).not.toMatch(/not valid JSON/);
    expectNoSecret(r.err, jwk);
  });

  it('without a terminal or CUSTODY_KEY_PASSPHRASE it says how to give the passphrase (exit 1)', async () => {
    const home = await tempHome();
    const { file } = await encryptedKey(home.dir);
    const r = await custody(['sandbox', '--history', '10', '--register', `${file}=full-access`], home.env());
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/is encrypted and no passphrase was given/);
    expect(r.err).toMatch(/set CUSTODY_KEY_PASSPHRASE/);
  });

  it('refuses an encrypted key file others can read, like every private key file', async () => {
    const home = await tempHome();
    const { file } = await encryptedKey(home.dir);
    await fs.chmod(file, 0o644);
    const r = await custody(
      ['sandbox', '--history', '10', '--register', `${file}=full-access`],
      home.env({ CUSTODY_KEY_PASSPHRASE: PASS }),
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/has mode 0644/);
    expect(r.err).toMatch(/chmod 600/);
  });
});
