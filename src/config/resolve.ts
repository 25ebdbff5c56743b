import path from 'node:path';
import * as z from 'zod';
import { ConfigError } from './errors.js';
import {
  type Config,
  DEFAULT_APPROVAL_THRESHOLD_USD,
  DEFAULT_PRICE_POLL_MS,
  getProfile,
  type Profile,
  profileNames,
  type ProfileTone,
} from './file.js';
import { assertProfileName, configDir, defaultKeyPath, expandHome } from './paths.js';
import { type Setup, setupOf } from './setup.js';

/** The command-line flags that select or override settings (parsed by `commands/`). */
export interface SettingsFlags {
  profile?: string | undefined;
  baseUrl?: string | undefined;
  workspace?: string | undefined;
  keyFile?: string | undefined;
  proxy?: string | undefined;
  readOnly?: boolean | undefined;
  /** false: --no-bell. */
  bell?: boolean | undefined;
  /** true: --notify. */
  notify?: boolean | undefined;
}

/** Secrets taken out of the environment by `takeSecretEnv`. */
export interface SecretEnv {
  apiKey?: string;
  passphrase?: string;
}

export type KeySource = { source: 'file'; path: string } | { source: 'env' };

/**
 * Where a value came from: a flag, an environment variable, the selected profile, or `default`
 * (the profile named `default` standing in for the selected one, or a built-in default).
 */
export type SettingSource = 'flag' | 'env' | 'profile' | 'default';

export type SettingField =
  | 'profileName'
  | 'baseUrl'
  | 'workspaceId'
  | 'key'
  | 'proxy'
  | 'readOnly'
  | 'role'
  | 'keyId'
  | 'pricePollMs'
  | 'approvalThresholdUsd'
  | 'bell'
  | 'notify'
  | 'tone';

/** Desktop notifications of the console: off, the protocol the terminal most likely speaks, or one named. */
export type NotifyChoice = 'off' | 'auto' | 'osc9' | 'osc777';

export interface Settings {
  profileName?: string;
  baseUrl?: string;
  workspaceId?: string;
  key?: KeySource;
  proxy?: string;
  readOnly: boolean;
  /** The profile's role as written (known or not: format/roles.ts decides what it allows). */
  role?: string;
  keyId?: string;
  pricePollMs: number;
  approvalThresholdUsd: string;
  /** The console rings the bell when a transaction starts waiting for approval. */
  bell: boolean;
  notify: NotifyChoice;
  /** The selected profile's tone ("production"), only when that profile lent the connection something. */
  tone?: ProfileTone;
  /** Which setup this is (setup.ts), once base URL, workspace and key are all known. */
  setup?: Setup;
  /** One entry per field that has a value. */
  sources: Partial<Record<SettingField, SettingSource>>;
  /** Required settings nobody gave: `baseUrl`, `workspaceId`, `key`. */
  missing: Array<'baseUrl' | 'workspaceId' | 'key'>;
}

export interface ResolveInput {
  flags?: SettingsFlags;
  env?: NodeJS.ProcessEnv;
  config: Config;
  /** What `takeSecretEnv` took; CUSTODY_API_KEY still in `env` counts too. */
  secrets?: SecretEnv;
  /** Named in errors about the config file. */
  configPath?: string;
}

/**
 * Takes CUSTODY_API_KEY and CUSTODY_KEY_PASSPHRASE out of `env` (deleting them, so no child
 * process or crash dump of the environment carries them) and returns them.
 */
export function takeSecretEnv(env: NodeJS.ProcessEnv = process.env): SecretEnv {
  const secrets: SecretEnv = {};
  const apiKey = env.CUSTODY_API_KEY;
  const passphrase = env.CUSTODY_KEY_PASSPHRASE;
  delete env.CUSTODY_API_KEY;
  delete env.CUSTODY_KEY_PASSPHRASE;
  if (apiKey) secrets.apiKey = apiKey;
  if (passphrase) secrets.passphrase = passphrase;
  return secrets;
}

/**
 * The variables that choose or override where a run connects and with which key (the profile,
 * the server, the workspace, the key, its passphrase, the proxy). A `:ctx` switch drops them:
 * they were given for the first connection, and one profile's server must never meet another's key.
 */
export const CONNECTION_ENV = [
  'CUSTODY_PROFILE',
  'CUSTODY_BASE_URL',
  'CUSTODY_WORKSPACE',
  'CUSTODY_KEY_FILE',
  'CUSTODY_API_KEY',
  'CUSTODY_KEY_PASSPHRASE',
  'CUSTODY_PROXY',
] as const;

/** `env` without CONNECTION_ENV (a copy; the process's own is left as it is). */
export function withoutConnectionEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const drop: readonly string[] = CONNECTION_ENV;
  return Object.fromEntries(Object.entries(env).filter(([name]) => !drop.includes(name)));
}

const httpUrl = z.url({ protocol: /^https?$/ });

function checkUrl(value: string, where: string, what: string): string {
  if (!httpUrl.safeParse(value).success) {
    throw new ConfigError(`${where} is not a valid ${what}: expected an http:// or https:// URL`);
  }
  return value;
}

/** Env value with the empty string read as unset. */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function envBoolean(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = envValue(env, name);
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(`${name}=${JSON.stringify(value)} is not understood: use 1 or 0`);
}

interface Picked<T> {
  value: T;
  source: SettingSource;
}

/** The first defined candidate, in precedence order. */
function pick<T>(...candidates: Array<[T | undefined, SettingSource]>): Picked<T> | undefined {
  for (const [value, source] of candidates) {
    if (value !== undefined) return { value, source };
  }
  return undefined;
}

function unknownProfile(name: string, config: Config, named: string, configPath?: string): ConfigError {
  const known = profileNames(config);
  const where = configPath ? ` in ${configPath}` : '';
  return new ConfigError(
    `profile ${JSON.stringify(name)} (from ${named}) does not exist${where}; known profiles: ${
      known.length ? known.join(', ') : '(none)'
    }`,
    { path: configPath, fix: known.length ? 'custody config list' : 'custody init' },
  );
}

function selectProfile(
  input: ResolveInput,
  flags: SettingsFlags,
  env: NodeJS.ProcessEnv,
): { name: string; profile: Profile; source: SettingSource } | undefined {
  const { config, configPath } = input;
  const named = pick<[string, string]>(
    [flags.profile === undefined ? undefined : [flags.profile, '--profile'], 'flag'],
    [
      envValue(env, 'CUSTODY_PROFILE') === undefined ? undefined : [env.CUSTODY_PROFILE!, 'CUSTODY_PROFILE'],
      'env',
    ],
    [config.activeProfile === undefined ? undefined : [config.activeProfile, 'activeProfile'], 'profile'],
  );
  if (named) {
    const [name, where] = named.value;
    assertProfileName(name);
    const profile = getProfile(config, name);
    if (!profile) throw unknownProfile(name, config, where, configPath);
    return { name, profile, source: named.source };
  }
  const fallback = getProfile(config, 'default');
  return fallback ? { name: 'default', profile: fallback, source: 'default' } : undefined;
}

/** A profile's keyFile: `~` expanded, relative paths taken from the config folder. */
function profileKeyPath(name: string, profile: Profile, env: NodeJS.ProcessEnv): string {
  if (profile.keyFile === undefined) return defaultKeyPath(name, env);
  return path.resolve(configDir(env), expandHome(profile.keyFile, env));
}

/**
 * Settings for this run, field by field: flags > environment > the selected profile (--profile,
 * CUSTODY_PROFILE, else the config's activeProfile) > the profile named `default` > built-in.
 *
 * The key, its keyId and role travel together: they come from one profile (the selected one) and
 * never from `default` behind another profile, and keyId/role are dropped when a flag or the
 * environment supplies the key. Read-only is sticky: any level may turn it on, none can turn it off.
 */
export function resolveSettings(input: ResolveInput): Settings {
  const flags = checkFlags(input.flags ?? {});
  const env = input.env ?? process.env;
  const sources: Settings['sources'] = {};

  const selected = selectProfile(input, flags, env);
  const own = selected?.profile;
  // The `default` profile standing in because nothing was named is the `default` level itself.
  const ownSource: SettingSource = selected?.source === 'default' ? 'default' : 'profile';
  const fallback = selected && selected.name !== 'default' ? getProfile(input.config, 'default') : undefined;

  const settings: Settings = {
    readOnly: false,
    pricePollMs: DEFAULT_PRICE_POLL_MS,
    approvalThresholdUsd: DEFAULT_APPROVAL_THRESHOLD_USD,
    bell: true,
    notify: 'off',
    sources,
    missing: [],
  };
  if (selected) {
    settings.profileName = selected.name;
    sources.profileName = selected.source;
  }

  const baseUrl = pick(
    [mapDefined(flags.baseUrl, (v) => checkUrl(v, '--base-url', 'base URL')), 'flag'],
    [
      mapDefined(envValue(env, 'CUSTODY_BASE_URL'), (v) => checkUrl(v, 'CUSTODY_BASE_URL', 'base URL')),
      'env',
    ],
    [own?.baseUrl, ownSource],
    [fallback?.baseUrl, 'default'],
  );
  if (baseUrl) {
    // One form for every later join of base URL and path: no trailing slash.
    settings.baseUrl = baseUrl.value.replace(/\/+$/, '');
    sources.baseUrl = baseUrl.source;
  }

  const workspace = pick(
    [flags.workspace, 'flag'],
    [envValue(env, 'CUSTODY_WORKSPACE'), 'env'],
    [own?.workspaceId, ownSource],
    [fallback?.workspaceId, 'default'],
  );
  if (workspace) {
    settings.workspaceId = workspace.value;
    sources.workspaceId = workspace.source;
  }

  const envKeyFile = envValue(env, 'CUSTODY_KEY_FILE');
  const envKeyText = input.secrets?.apiKey ?? envValue(env, 'CUSTODY_API_KEY');
  if (flags.keyFile === undefined && envKeyFile !== undefined && envKeyText !== undefined) {
    throw new ConfigError('both CUSTODY_KEY_FILE and CUSTODY_API_KEY are set; custody will not guess', {
      fix: 'unset one of them',
    });
  }
  const ownKey: KeySource | undefined = selected
    ? { source: 'file', path: profileKeyPath(selected.name, selected.profile, env) }
    : undefined;
  const key = pick<KeySource>(
    [mapDefined(flags.keyFile, (p) => ({ source: 'file', path: path.resolve(expandHome(p, env)) })), 'flag'],
    [mapDefined(envKeyFile, (p) => ({ source: 'file', path: path.resolve(expandHome(p, env)) })), 'env'],
    [envKeyText === undefined ? undefined : { source: 'env' }, 'env'],
    [ownKey, ownSource],
  );
  if (key) {
    settings.key = key.value;
    sources.key = key.source;
  }
  // keyId and role describe the profile's own key; with a key from elsewhere they would lie.
  if (key && key.value === ownKey && own) {
    if (own.keyId !== undefined) {
      settings.keyId = own.keyId;
      sources.keyId = ownSource;
    }
    if (own.role !== undefined) {
      settings.role = own.role;
      sources.role = ownSource;
    }
  }

  const proxy = pick(
    [mapDefined(flags.proxy, (v) => checkUrl(v, '--proxy', 'proxy URL')), 'flag'],
    [mapDefined(envValue(env, 'CUSTODY_PROXY'), (v) => checkUrl(v, 'CUSTODY_PROXY', 'proxy URL')), 'env'],
    [own?.proxy, ownSource],
    [fallback?.proxy, 'default'],
  );
  if (proxy) {
    settings.proxy = proxy.value;
    sources.proxy = proxy.source;
  }

  const readOnly = pick<true>(
    [flags.readOnly === true ? true : undefined, 'flag'],
    [envBoolean(env, 'CUSTODY_READ_ONLY') === true ? true : undefined, 'env'],
    [own?.readOnly === true ? true : undefined, ownSource],
    [fallback?.readOnly === true ? true : undefined, 'default'],
  );
  settings.readOnly = readOnly !== undefined;
  sources.readOnly = readOnly?.source ?? 'default';

  const poll = pick([own?.pricePollMs, ownSource], [fallback?.pricePollMs, 'default']);
  settings.pricePollMs = poll?.value ?? DEFAULT_PRICE_POLL_MS;
  sources.pricePollMs = poll?.source ?? 'default';

  const threshold = pick([own?.approvalThresholdUsd, ownSource], [fallback?.approvalThresholdUsd, 'default']);
  settings.approvalThresholdUsd = threshold?.value ?? DEFAULT_APPROVAL_THRESHOLD_USD;
  sources.approvalThresholdUsd = threshold?.source ?? 'default';

  const bell = pick(
    [flags.bell === false ? false : undefined, 'flag'],
    [own?.bell, ownSource],
    [fallback?.bell, 'default'],
  );
  settings.bell = bell?.value ?? true;
  sources.bell = bell?.source ?? 'default';

  const fromProfile = pick([own?.notify, ownSource], [fallback?.notify, 'default']);
  // --notify turns notifications on; a protocol the profile names is kept (`true` lets the console pick).
  const protocol = typeof fromProfile?.value === 'string' ? fromProfile.value : undefined;
  const notify: Picked<boolean | 'osc9' | 'osc777'> | undefined =
    flags.notify === true ? { value: protocol ?? true, source: 'flag' } : fromProfile;
  settings.notify = notifyChoice(notify?.value);
  sources.notify = notify?.source ?? 'default';

  if (settings.baseUrl === undefined) settings.missing.push('baseUrl');
  if (settings.workspaceId === undefined) settings.missing.push('workspaceId');
  if (settings.key === undefined) settings.missing.push('key');
  if (settings.baseUrl !== undefined && settings.workspaceId !== undefined && key !== undefined) {
    const setup = setupOf({
      baseUrl: settings.baseUrl,
      workspaceId: settings.workspaceId,
      sources: { baseUrl: sources.baseUrl!, workspaceId: sources.workspaceId!, key: key.source },
      profile: selected && { name: selected.name, tone: own?.tone },
    });
    settings.setup = setup;
    if (setup.tone !== undefined) {
      settings.tone = setup.tone;
      sources.tone = ownSource;
    }
  }
  return settings;
}

/** A flag given with an empty value is a mistake worth saying, not a silent "unset". */
function checkFlags(flags: SettingsFlags): SettingsFlags {
  const names: Array<[keyof SettingsFlags, string]> = [
    ['profile', '--profile'],
    ['baseUrl', '--base-url'],
    ['workspace', '--workspace'],
    ['keyFile', '--key-file'],
    ['proxy', '--proxy'],
  ];
  for (const [field, flag] of names) {
    if (flags[field] === '') throw new ConfigError(`${flag} needs a value`);
  }
  return flags;
}

function notifyChoice(value: boolean | 'osc9' | 'osc777' | undefined): NotifyChoice {
  return value === undefined || value === false ? 'off' : value === true ? 'auto' : value;
}

function mapDefined<T, U>(value: T | undefined, fn: (v: T) => U): U | undefined {
  return value === undefined ? undefined : fn(value);
}
