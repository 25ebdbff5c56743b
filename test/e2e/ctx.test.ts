// `:ctx` in a real terminal (issue 19): two standalone sandboxes, two profiles. The console starts
// on ops-prod (production, plain key) with --read-only and a CUSTODY_WORKSPACE override, lists the
// profiles, switches to staging (its key encrypted: a wrong passphrase, then the right one),
// goes back with `:ctx -`, and stays where it is when Ctrl-C answers the passphrase question.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrivateJwk } from '../../src/auth/index.js';
import { writePrivateKey } from '../../src/config/keyfile.js';
import { disposeAllPtys, type PtySession, spawnCustody, startStandaloneSandbox } from '../helpers/pty.js';
import { expectRestored } from './helpers.js';

afterEach(disposeAllPtys);

const PASSPHRASE = 'staging-passphrase-4f1c9e';
const WRONG = 'not-the-passphrase-7d2b';
const LIVE = { timeoutMs: 20_000 } as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The header (first row): `profile` as the header names it (`+env` when the environment
 * overrides a setting), its tone, the server's host, and further on the live dot.
 */
function headerRe(profile: string, tone: string, host: string): RegExp {
  return new RegExp(`^ (custody  )?${escape(profile)}${tone}  ${escape(host)}  .*● live`);
}

/** Types a `:` command and runs it. */
async function command(pty: PtySession, text: string): Promise<void> {
  await pty.press(':');
  await pty.waitForText(/^ :/m);
  pty.type(text);
  await pty.waitForText(new RegExp(`^ :${escape(text)}`, 'm'));
  await pty.press('enter');
}

/** Waits for the passphrase question with the terminal in raw mode (nothing typed is echoed). */
async function waitForPassphraseQuestion(pty: PtySession, after: RegExp = /Passphrase for/): Promise<void> {
  await pty.waitForText(after, LIVE);
  await pty.waitForRawMode({ timeoutMs: 10_000 });
}

describe(':ctx switches the running console', () => {
  it('ops-prod → staging (encrypted key) → back, read-only kept, overrides dropped', async () => {
    const [one, two] = await Promise.all([
      startStandaloneSandbox({ args: ['--seed', '7'] }),
      startStandaloneSandbox({ args: ['--seed', '11'] }),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'custody-ctx-'));
    try {
      // staging's key, encrypted, in a folder of its own (writePrivateKey: folder 0700, file 0600).
      const stagingKey = join(dir, 'keys', 'staging.jwe');
      const jwk = JSON.parse(readFileSync(two.keyFile, 'utf8')) as PrivateJwk;
      await writePrivateKey(stagingKey, jwk, { passphrase: PASSPHRASE, iterations: 10_000 });
      const configFile = join(dir, 'config.json');
      const profiles = {
        'ops-prod': { baseUrl: one.baseUrl, workspaceId: one.workspaceId, keyFile: one.keyFile, tone: 'production' },
        staging: { baseUrl: two.baseUrl, workspaceId: two.workspaceId, keyFile: stagingKey },
      };
      // The active profile is staging: ops-prod is chosen by the flag, which a switch drops too.
      writeFileSync(configFile, JSON.stringify({ version: 1, activeProfile: 'staging', profiles }), { mode: 0o600 });
      const host1 = new URL(one.baseUrl).host;
      const host2 = new URL(two.baseUrl).host;
      expect(host1).not.toBe(host2);

      const pty = spawnCustody(['--profile', 'ops-prod', '--read-only'], {
        configFile,
        env: { CUSTODY_WORKSPACE: one.workspaceId },
      });
      await pty.waitForText(/● live/, LIVE);
      // CUSTODY_WORKSPACE overrides the profile's (with the same value): the header says +env.
      expect(pty.screenText()[0]).toMatch(headerRe('ops-prod+env', ' PRODUCTION', host1));
      expect(pty.screenText()[0]).toContain('READ-ONLY');

      // The list: both profiles, ● on the one in use, PRODUCTION beside it, both hosts.
      await command(pty, 'ctx');
      await pty.waitForText('Profiles');
      const list = pty.screen();
      expect(list).toMatch(new RegExp(`● ops-prod +PRODUCTION +${escape(host1)}`));
      expect(list).toMatch(new RegExp(`  staging +${escape(host2)}`));
      await pty.press('esc');
      await pty.waitForNoText('Profiles');

      // To staging: the passphrase is asked on the way; a wrong one is asked again.
      await command(pty, 'ctx staging');
      await waitForPassphraseQuestion(pty);
      expect(pty.screen()).toContain('switching to profile staging');
      pty.type(WRONG);
      await pty.press('enter');
      await waitForPassphraseQuestion(pty, /Wrong passphrase, try again\.[\s\S]*Passphrase for/);
      pty.type(PASSPHRASE);
      await pty.press('enter');
      await pty.waitFor(() => headerRe('staging', '', host2).test(pty.screenText()[0] ?? ''), {
        what: 'the header on staging, live',
        ...LIVE,
      });
      await pty.waitForText('switched to profile staging');
      expect(pty.screen()).not.toContain(host1);
      expect(pty.screenText()[0]).toContain('READ-ONLY');

      // Back: the plain key needs no question; production is said loudly.
      await command(pty, 'ctx -');
      await pty.waitFor(() => headerRe('ops-prod', ' PRODUCTION', host1).test(pty.screenText()[0] ?? ''), {
        what: 'the header on ops-prod, live',
        ...LIVE,
      });
      await pty.waitForText('now on PRODUCTION');
      expect(pty.screen()).not.toContain(host2);
      expect(pty.screenText()[0]).toContain('READ-ONLY');

      // Ctrl-C at the passphrase: the console stays on ops-prod and says why.
      await command(pty, 'ctx staging');
      await waitForPassphraseQuestion(pty);
      await pty.press('ctrl-c');
      await pty.waitForText('stayed on ops-prod: no passphrase given', LIVE);
      expect(pty.screenText()[0]).toMatch(headerRe('ops-prod', ' PRODUCTION', host1));

      await pty.press('q');
      expect((await pty.exit).exitCode).toBe(0);
      expectRestored(pty);
      expect(pty.output).not.toContain(PASSPHRASE);
      expect(pty.output).not.toContain(WRONG);
    } finally {
      await Promise.all([one.close(), two.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
