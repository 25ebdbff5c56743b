// What console, doctor (and later commands) share: the connection flags, the resolved settings,
// the private key (with its passphrase) and a signed API client.
import { createSigner, type PrivateJwk, type Signer } from '../auth/index.js';
import { type ApiClient, type ClientOptions, createApiClient } from '../client/index.js';
import {
  ConfigError,
  configFilePath,
  KeyFileError,
  type KeySource,
  keyFromEnvText,
  type LoadedConfig,
  loadConfig,
  readPrivateKey,
  resolveSettings,
  type SecretEnv,
  type Settings,
  type SettingsFlags,
} from '../config/index.js';
import { bool, type Io, type OptionSpec, type ParsedValues, str } from './cli.js';
import { canPrompt, readSecret } from './prompt.js';
import { VERSION } from './version.js';

/** Flags that select and override the settings of a run (console, doctor, config show). */
export const connectionOptions = {
  profile: { type: 'string', value: 'NAME', description: 'use this profile (default: the active one)' },
  'base-url': { type: 'string', value: 'URL', description: 'API base URL (overrides the profile)' },
  workspace: { type: 'string', value: 'ID', description: 'workspace id (overrides the profile)' },
  'key-file': { type: 'string', value: 'PATH', description: 'private key file (overrides the profile)' },
  proxy: { type: 'string', value: 'URL', description: 'HTTP(S) proxy for API calls and the live socket' },
  'read-only': { type: 'boolean', description: 'never offer actions that change anything' },
} as const satisfies Record<string, OptionSpec>;

/** Help text on where settings come from, shared by the commands that take connection flags. */
export const SETTINGS_HELP = `Settings come from flags, then the environment (CUSTODY_PROFILE, CUSTODY_BASE_URL,
CUSTODY_WORKSPACE, CUSTODY_KEY_FILE, CUSTODY_API_KEY holding the private JWK, CUSTODY_PROXY,
CUSTODY_READ_ONLY), then the selected profile, then the profile named "default".
An encrypted key asks for its passphrase in a terminal; CUSTODY_KEY_PASSPHRASE gives it to scripts.`;

export function settingsFlags(values: ParsedValues): SettingsFlags {
  return {
    profile: str(values, 'profile'),
    baseUrl: str(values, 'base-url'),
    workspace: str(values, 'workspace'),
    keyFile: str(values, 'key-file'),
    proxy: str(values, 'proxy'),
    readOnly: bool(values, 'read-only'),
    // The console's own flags (other commands do not declare them, so they stay unset there).
    ...(bool(values, 'no-bell') ? { bell: false } : {}),
    ...(bool(values, 'notify') ? { notify: true } : {}),
  };
}

export interface LoadedSettings {
  configPath: string;
  loaded: LoadedConfig;
  settings: Settings;
}

/** Loads the config file and resolves this run's settings (flags > env > profile > default). */
export async function loadSettings(
  values: ParsedValues,
  io: Io,
  secrets: SecretEnv,
): Promise<LoadedSettings> {
  const configPath = configFilePath(io.env);
  const loaded = await loadConfig(configPath);
  const settings = resolveSettings({
    flags: settingsFlags(values),
    env: io.env,
    config: loaded.config,
    secrets,
    configPath,
  });
  return { configPath, loaded, settings };
}

const MISSING_HOW: Record<Settings['missing'][number], string> = {
  baseUrl: 'the API base URL (--base-url or CUSTODY_BASE_URL)',
  workspaceId: 'the workspace (--workspace or CUSTODY_WORKSPACE)',
  key: 'the private key (--key-file, CUSTODY_KEY_FILE or CUSTODY_API_KEY)',
};

/** One line naming every required setting nobody gave, and how to give it. */
export function describeMissing(missing: Settings['missing']): string {
  return missing.map((m) => MISSING_HOW[m]).join('; ');
}

export function missingSettingsError(settings: Settings): ConfigError {
  const profile = settings.profileName ? ` (profile ${JSON.stringify(settings.profileName)})` : '';
  return new ConfigError(`not configured${profile}: missing ${describeMissing(settings.missing)}`, {
    fix: 'run `custody init` to create a profile, or give the missing values as flags',
  });
}

/** Where the key comes from, in words: its path, or the environment variable. */
export function keyLabel(key: KeySource): string {
  return key.source === 'file' ? key.path : 'CUSTODY_API_KEY';
}

/**
 * The passphrase source for an encrypted key: CUSTODY_KEY_PASSPHRASE when given, else a prompt
 * with echo off when stdin is a terminal, else none (the key room then says how to give one).
 */
function passphraseSource(
  io: Io,
  secrets: SecretEnv,
  label: string,
): { passphrase: () => Promise<string>; prompted: () => boolean } | undefined {
  if (secrets.passphrase !== undefined) {
    const given = secrets.passphrase;
    return { passphrase: async () => given, prompted: () => false };
  }
  if (!canPrompt(io)) return undefined;
  let asked = false;
  return {
    passphrase: async () => {
      asked = true;
      return readSecret(io, `Passphrase for ${label}: `);
    },
    prompted: () => asked,
  };
}

/** Wrong passphrases typed at the prompt before giving up. */
const PASSPHRASE_TRIES = 3;

/**
 * Reads the private key: the key file (refused when it is a symlink or readable by others) or
 * CUSTODY_API_KEY; an encrypted one is unlocked with CUSTODY_KEY_PASSPHRASE or a prompt, which
 * is repeated after a wrong passphrase.
 */
export async function loadPrivateKey(key: KeySource, io: Io, secrets: SecretEnv): Promise<PrivateJwk> {
  const label = keyLabel(key);
  for (let attempt = 1; ; attempt++) {
    const source = passphraseSource(io, secrets, label);
    const opts = source ? { passphrase: source.passphrase } : {};
    try {
      if (key.source === 'env') {
        if (secrets.apiKey === undefined) {
          throw new KeyFileError('CUSTODY_API_KEY is empty', { fix: 'set it to the private JWK' });
        }
        return await keyFromEnvText(secrets.apiKey, opts);
      }
      return await readPrivateKey(key.path, opts);
    } catch (err) {
      const typedWrong =
        source?.prompted() === true && err instanceof KeyFileError && /passphrase/.test(err.message);
      if (!typedWrong || attempt >= PASSPHRASE_TRIES) throw err;
      io.stderr.write('Wrong passphrase, try again.\n');
    }
  }
}

export interface ClientSettings {
  baseUrl: string;
  workspaceId: string;
  proxy?: string | undefined;
}

/** A signed API client; `workspaceId` '' serves the calls that need no workspace (GET /workspaces). */
export function makeClient(
  signer: Signer,
  settings: ClientSettings,
  extra: Partial<Omit<ClientOptions, 'baseUrl' | 'signer'>> = {},
): ApiClient {
  return createApiClient({
    baseUrl: settings.baseUrl,
    signer,
    workspaceId: settings.workspaceId,
    userAgent: `custody-console/${VERSION}`,
    ...(settings.proxy !== undefined ? { proxy: settings.proxy } : {}),
    ...extra,
  });
}

export interface Connection extends LoadedSettings {
  settings: Settings & { baseUrl: string; workspaceId: string; key: KeySource };
  /** The key's id; the key itself stays inside the signer. */
  keyId: string;
  signer: Signer;
  client: ApiClient;
}

/** Settings, key, signer and client for a command that talks to the API; a ConfigError if unset. */
export async function connect(values: ParsedValues, io: Io, secrets: SecretEnv): Promise<Connection> {
  const loaded = await loadSettings(values, io, secrets);
  const { settings } = loaded;
  if (settings.baseUrl === undefined || settings.workspaceId === undefined || settings.key === undefined) {
    throw missingSettingsError(settings);
  }
  const jwk = await loadPrivateKey(settings.key, io, secrets);
  const signer = await createSigner(jwk);
  const client = makeClient(
    signer,
    { baseUrl: settings.baseUrl, workspaceId: settings.workspaceId, proxy: settings.proxy },
    { env: io.env },
  );
  return {
    ...loaded,
    settings: settings as Connection['settings'],
    keyId: signer.kid,
    signer,
    client,
  };
}

/** A network failure's reason without the host the client puts first ("127.0.0.1:9: connection refused"). */
export function networkReason(err: { message: string }): string {
  return err.message.replace(/^[^\s:/]+(:\d+)?: /, '');
}

/**
 * Where *_PROXY / NO_PROXY are read for a connection. The demo's sandbox runs in this process on
 * loopback: a proxy set for the outside world (a jump host's HTTP_PROXY) could never reach it.
 */
export function proxyEnvOf(target: { readonly demo: boolean }, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!target.demo) return env;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^(https?|no|all)_proxy$/i.test(name)));
}
