// The error paths of init, config and doctor, run with a known key and passphrase: nothing they
// print (stdout or stderr) may hold the key's `d`, the passphrase, or any token.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePrivateJwk } from '../../src/auth/index.js';
import { writePrivateKey } from '../../src/config/index.js';
import { custody, custodyOnTty, tempHome } from '../helpers/cli-io.js';
import { deadUrl, startApi } from '../helpers/custody-api.js';

it('no error path prints the private key, the passphrase or a token', async () => {
  const home = await tempHome();
  const api = await startApi();
  const jwk = await generatePrivateJwk();
  const passphrase = 'Tr0ub4dor&3 horse';
  const typed = 'typed-wrong-passphrase-42';
  const keyFile = path.join(home.keysDir, 'prod.jwk');
  await writePrivateKey(keyFile, jwk, { passphrase });
  const plainFile = path.join(home.dir, 'plain.jwk');
  await writePrivateKey(plainFile, jwk);
  api.register(jwk, 'pending');
  const dead = await deadUrl();
  await fs.writeFile(
    home.configFile,
    JSON.stringify({
      version: 1,
      activeProfile: 'prod',
      profiles: {
        prod: { baseUrl: api.url, workspaceId: 'ws1', keyId: jwk.kid },
        gone: { baseUrl: dead, workspaceId: 'ws1', keyFile },
      },
    }),
  );
  const withPass = (extra: Record<string, string> = {}) =>
    home.env({ CUSTODY_KEY_PASSPHRASE: passphrase, ...extra });
  const jwkText = JSON.stringify(jwk);
  const output: string[] = [];
  const go = async (argv: string[], env: NodeJS.ProcessEnv, code = 1) => {
    const r = await custody(argv, env);
    output.push(r.out, r.err);
    expect(r.code, argv.join(' ')).toBe(code);
  };

  await go(['doctor'], withPass()); // 401
  await go(['doctor', '--json'], withPass());
  await go(['init', '--profile', 'p2', '--base-url', api.url, '--key-file', keyFile], withPass()); // 401
  api.setState(jwk.kid, 'revoked');
  await go(['doctor'], withPass()); // 403
  await go(
    ['init', '--profile', 'p2', '--base-url', api.url, '--key-file', keyFile, '--workspace', 'ws1'],
    withPass(),
  );
  api.setState(jwk.kid, 'accepted');
  await go(
    ['init', '--profile', 'p2', '--base-url', api.url, '--key-file', plainFile, '--workspace', 'nope'],
    home.env(),
  );
  await go(['doctor'], home.env({ CUSTODY_KEY_PASSPHRASE: `${passphrase}!` })); // wrong passphrase
  await go(['doctor', '--profile', 'gone'], withPass()); // unreachable
  await go(['init', '--profile', 'p3', '--base-url', dead, '--key-file', keyFile], withPass());
  await go(['config', 'show'], home.env({ CUSTODY_API_KEY: jwkText }), 0);
  await go(['doctor'], home.env({ CUSTODY_API_KEY: jwkText, CUSTODY_KEY_FILE: keyFile })); // both set
  // A broken key given inline: its (valid-looking) d must not be echoed in the complaint.
  await go(['doctor'], home.env({ CUSTODY_API_KEY: JSON.stringify({ ...jwk, x: jwk.y }) }));
  await go(['doctor'], home.env({ CUSTODY_API_KEY: `${jwkText.slice(0, -2)},}` }));
  await go(['init', '--profile', 'prod', '--base-url', api.url, '--generate-key', '--yes'], withPass());

  // Typed at the prompt: wrong three times.
  const { io, done } = custodyOnTty(['doctor'], home.env());
  for (let i = 0; i < 3; i++) {
    const mark = io.all().length;
    await io.waitFor(/Passphrase for .*: $/, { from: mark });
    io.type(`${typed}\r`);
    if (i < 2) await io.waitFor('Wrong passphrase, try again.', { from: mark });
  }
  expect(await done).toBe(1);
  output.push(io.out(), io.err());

  const all = output.join('\n');
  // The runs did fail for the reasons meant, so the secrets were in play.
  expect(all).toMatch(/401/);
  expect(all).toMatch(/403/);
  expect(all).toMatch(/wrong passphrase/);
  expect(all).toMatch(/connection refused/);
  expect(all).toMatch(/both CUSTODY_KEY_FILE and CUSTODY_API_KEY are set/);
  const tokens = api.requests.map((r) => (r.authorization ?? '').replace(/^ApiKey /, '')).filter(Boolean);
  expect(tokens.length).toBeGreaterThan(5);

  expect(all).not.toContain(jwk.d);
  expect(all).not.toContain(passphrase);
  expect(all).not.toContain(typed);
  for (const token of tokens) {
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split('.')[2]!); // not even the signature
  }
  expect(all).not.toMatch(/ApiKey\s+\S/);
  expect(all).not.toMatch(/eyJ[\w-]+\.eyJ/);
});
