// `custody config show|list|use`: what this run would use and where each value comes from,
// the profiles on file, and switching the active one.
import { encryptedKeyKid, isEncryptedKeyText, parseJwk } from '../auth/index.js';
import {
  configFilePath,
  getProfile,
  loadConfig,
  profileNames,
  type SecretEnv,
  type SettingField,
  type SettingSource,
  type Settings,
  saveConfig,
  setActiveProfile,
} from '../config/index.js';
import { unknownConfigFields } from '../config/unknown-fields.js';
import { bool, type CommandSpec, type Io, type Parsed, UsageError } from './cli.js';
import { connectionOptions, describeMissing, keyLabel, loadSettings, SETTINGS_HELP } from './context.js';
import { displayUrl } from './shell.js';

export const spec: CommandSpec = {
  name: 'config',
  summary: 'show, list or switch profiles',
  usage: [
    'config show [--profile NAME] [connection flags] [--json]',
    'config list [--json | --names]',
    'config use PROFILE',
  ],
  options: {
    ...connectionOptions,
    json: { type: 'boolean', description: 'print JSON instead of text' },
    names: {
      type: 'boolean',
      description: 'config list: only the profile names, one a line (for scripts and shell completion)',
    },
  },
  positionals: true,
  details: `show   the settings this run would use, each with its source: flag, env, profile or default
       (the key is named by its path and key id only, never its content), and a warning for each
       field of the file custody does not know (a misspelt "readonly" does nothing)
list   the profiles in the config file; * marks the active one
use    make PROFILE the active profile

${SETTINGS_HELP}`,
};

const SUBCOMMAND_FLAGS: Record<string, readonly string[]> = {
  show: [...Object.keys(connectionOptions), 'json'],
  list: ['json', 'names'],
  use: [],
};

export async function run(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const [sub, ...args] = parsed.positionals;
  if (sub === undefined) throw new UsageError('which one: config show, config list or config use PROFILE?');
  const allowed = Object.hasOwn(SUBCOMMAND_FLAGS, sub) ? SUBCOMMAND_FLAGS[sub] : undefined;
  if (!allowed) {
    throw new UsageError(`unknown subcommand '${sub}': use show, list or use`);
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value !== undefined && name !== 'help' && !allowed.includes(name)) {
      throw new UsageError(`--${name} does not apply to config ${sub}`);
    }
  }
  if (sub === 'use') {
    if (args.length !== 1) throw new UsageError('config use takes one profile name');
    return switchProfile(args[0]!, io);
  }
  if (args.length > 0) throw new UsageError(`config ${sub} takes no arguments (got '${args[0]}')`);
  return sub === 'show' ? show(parsed, io, secrets) : list(parsed, io);
}

// --- show ---

/** The key id of a key given through CUSTODY_API_KEY, read without keeping or printing anything else. */
function envKeyId(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (isEncryptedKeyText(trimmed)) return encryptedKeyKid(trimmed);
  try {
    return parseJwk(trimmed, 'CUSTODY_API_KEY').kid;
  } catch {
    return undefined; // doctor says what is wrong with it
  }
}

interface Row {
  field: SettingField;
  label: string;
  value: string | undefined;
}

const NOTIFY_WORDS: Readonly<Record<Settings['notify'], string>> = {
  off: 'off',
  auto: 'on (OSC 9 or OSC 777, by the terminal)',
  osc9: 'on (OSC 9)',
  osc777: 'on (OSC 777)',
};

function rows(settings: Settings, keyId: string | undefined): Row[] {
  const key = settings.key ? `${keyLabel(settings.key)}${keyId ? ` (key id ${keyId})` : ''}` : undefined;
  return [
    { field: 'profileName', label: 'profile', value: settings.profileName },
    { field: 'baseUrl', label: 'base URL', value: settings.baseUrl },
    { field: 'workspaceId', label: 'workspace', value: settings.workspaceId },
    { field: 'key', label: 'key', value: key },
    { field: 'role', label: 'role', value: settings.role },
    { field: 'proxy', label: 'proxy', value: settings.proxy && displayUrl(settings.proxy) },
    { field: 'readOnly', label: 'read-only', value: settings.readOnly ? 'yes' : 'no' },
    { field: 'pricePollMs', label: 'price poll', value: `${settings.pricePollMs} ms` },
    {
      field: 'approvalThresholdUsd',
      label: 'typed confirmation',
      value: `from ${settings.approvalThresholdUsd} USD`,
    },
    { field: 'bell', label: 'approval bell', value: settings.bell ? 'on' : 'off' },
    { field: 'notify', label: 'approval notification', value: NOTIFY_WORDS[settings.notify] },
    // The header says PRODUCTION for this tone; "-" when the profile sets none (or lent nothing).
    { field: 'tone', label: 'tone', value: settings.tone },
  ];
}

async function show(parsed: Parsed, io: Io, secrets: SecretEnv): Promise<number> {
  const { configPath, loaded, settings } = await loadSettings(parsed.values, io, secrets);
  const unknown = unknownConfigFields(loaded.config);
  const keyId = settings.key?.source === 'env' ? envKeyId(secrets.apiKey) : settings.keyId;
  if (bool(parsed.values, 'json')) {
    const out: Record<string, { value: unknown; source: SettingSource | undefined }> = {};
    const value = (field: SettingField): unknown => {
      if (field === 'key') {
        return settings.key && { ...settings.key, ...(keyId ? { keyId } : {}) };
      }
      if (field === 'proxy') return settings.proxy && displayUrl(settings.proxy);
      return settings[field];
    };
    for (const field of Object.keys(settings.sources) as SettingField[]) {
      if (field === 'keyId') continue; // shown with the key
      out[field] = { value: value(field), source: settings.sources[field] };
    }
    const json = {
      configFile: configPath,
      configExists: loaded.exists,
      settings: out,
      missing: settings.missing,
      warnings: unknown,
    };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  const table = rows(settings, keyId);
  const width = Math.max('config file'.length, ...table.map((r) => r.label.length));
  const sourceWidth = 'default'.length;
  const lines = [
    `${'config file'.padEnd(width)}  ${''.padEnd(sourceWidth)}  ${configPath}${loaded.exists ? '' : ' (does not exist yet)'}`,
  ];
  for (const r of table) {
    const source = r.value === undefined ? '-' : (settings.sources[r.field] ?? 'default');
    lines.push(`${r.label.padEnd(width)}  ${source.padEnd(sourceWidth)}  ${r.value ?? '(not set)'}`);
  }
  if (settings.missing.length) {
    lines.push('', `missing: ${describeMissing(settings.missing)}`, 'run `custody init` to create a profile');
  }
  if (unknown.length) lines.push('', ...unknown.map((u) => `warning: ${u.message}`));
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

// --- list ---

async function list(parsed: Parsed, io: Io): Promise<number> {
  const file = configFilePath(io.env);
  const { config } = await loadConfig(file);
  const names = profileNames(config);
  if (bool(parsed.values, 'names')) {
    if (bool(parsed.values, 'json')) throw new UsageError('--names and --json do not go together');
    // Read by shell completion at every Tab: names only, and nothing at all without a config.
    io.stdout.write(names.map((n) => `${n}\n`).join(''));
    return 0;
  }
  // With no active profile set, the one named `default` is what a run uses.
  const active = config.activeProfile ?? (getProfile(config, 'default') ? 'default' : undefined);
  if (bool(parsed.values, 'json')) {
    const profiles = names.map((name) => {
      const p = getProfile(config, name)!;
      return { name, active: name === active, baseUrl: p.baseUrl, workspaceId: p.workspaceId, role: p.role };
    });
    io.stdout.write(`${JSON.stringify({ configFile: file, activeProfile: active, profiles }, null, 2)}\n`);
    return 0;
  }
  if (names.length === 0) {
    io.stdout.write(`No profiles in ${file}. Run \`custody init\` to create one.\n`);
    return 0;
  }
  const table = names.map((name) => {
    const p = getProfile(config, name)!;
    return [name === active ? '*' : ' ', name, p.workspaceId, p.baseUrl, p.role ?? ''] as const;
  });
  const header = [' ', 'PROFILE', 'WORKSPACE', 'BASE URL', 'ROLE'] as const;
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const fmt = (r: readonly string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  io.stdout.write(`${[fmt(header), ...table.map(fmt)].join('\n')}\n`);
  return 0;
}

// --- use ---

async function switchProfile(name: string, io: Io): Promise<number> {
  const file = configFilePath(io.env);
  const { config } = await loadConfig(file);
  await saveConfig(file, setActiveProfile(config, name));
  const p = getProfile(config, name)!;
  io.stdout.write(`Active profile: ${name} (workspace ${p.workspaceId} at ${p.baseUrl})\n`);
  const envProfile = io.env.CUSTODY_PROFILE;
  if (envProfile && envProfile !== name) {
    io.stderr.write(`Note: CUSTODY_PROFILE=${envProfile} is set in this shell and still takes precedence.\n`);
  }
  return 0;
}
