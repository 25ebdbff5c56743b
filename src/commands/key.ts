// `custody key show`: the public half of the key a run would use, as the one JSON line to paste
// into the workspace settings. The private key is read the way the console reads it (the same
// resolution, the same refusals of unsafe files, the same passphrase prompt) and only its public
// half is ever printed.
import { publicHalf } from '../auth/index.js';
import type { SecretEnv, Settings } from '../config/index.js';
import { type CommandSpec, type Io, type Parsed, UsageError } from './cli.js';
import { connectionOptions, keyLabel, loadPrivateKey, loadSettings, missingSettingsError } from './context.js';

export const spec: CommandSpec = {
  name: 'key',
  summary: 'print the public key to register in the workspace settings',
  usage: ['key show [--profile NAME | --key-file PATH]'],
  options: {
    profile: connectionOptions.profile,
    'key-file': {
      type: 'string',
      value: 'PATH',
      description: 'the private key file to read (instead of a profile)',
    },
  },
  positionals: true,
  details: `show   the public JWK of the key, to paste into the workspace settings → API keys
       (one line of JSON on stdout with kty, crv, x, y and kid, never "d"; stderr says whose key)

With no option it is the key the console would use: --key-file, then CUSTODY_KEY_FILE or
CUSTODY_API_KEY, then the selected profile (--profile, CUSTODY_PROFILE, the active one, else
"default"). A key file readable by others, or a symlink, is refused. An encrypted key asks for
its passphrase in a terminal; CUSTODY_KEY_PASSPHRASE gives it to scripts.

Example:
  custody key show --profile prod | jq -r .kid`,
};

/** Where the key came from, in words for the stderr line. */
function origin(settings: Settings): string {
  const key = settings.key!;
  if (key.source === 'env') return 'from CUSTODY_API_KEY';
  if (settings.sources.key === 'flag') return `in ${key.path}`;
  if (settings.sources.key === 'env') return `in ${key.path} (CUSTODY_KEY_FILE)`;
  return `of profile ${settings.profileName ?? 'default'}`;
}

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const [sub, ...rest] = parsed.positionals;
  if (sub === undefined) throw new UsageError('which one: key show?');
  if (sub !== 'show') throw new UsageError(`unknown subcommand '${sub}': use show`);
  if (rest.length > 0) throw new UsageError(`key show takes no arguments (got '${rest[0]}')`);
  if (parsed.values.profile !== undefined && parsed.values['key-file'] !== undefined) {
    throw new UsageError('give --profile or --key-file, not both');
  }

  const { settings } = await loadSettings(parsed.values, io, secrets);
  if (settings.key === undefined) throw missingSettingsError({ ...settings, missing: ['key'] });
  const jwk = await loadPrivateKey(settings.key, io, secrets);
  const pub = publicHalf(jwk);

  io.stdout.write(`${JSON.stringify(pub)}\n`);
  io.stderr.write(
    `public key ${origin(settings)} (kid ${pub.kid}): paste into workspace settings → API keys\n`,
  );
  if (settings.keyId !== undefined && settings.keyId !== pub.kid) {
    io.stderr.write(
      `note: the profile records key id ${settings.keyId}, but ${keyLabel(settings.key)} holds ${pub.kid}\n`,
    );
  }
  return 0;
}
