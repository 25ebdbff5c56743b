import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir, writeFileAtomic } from './atomic.js';
import { ConfigError, errnoCode } from './errors.js';
import { locateJsonError } from './json-error.js';
import { isValidProfileName } from './paths.js';

export const DEFAULT_APPROVAL_THRESHOLD_USD = '100000';
export const DEFAULT_PRICE_POLL_MS = 2000;
export const MIN_PRICE_POLL_MS = 500;

const DECIMAL = /^\d+(\.\d+)?$/;

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' });
const proxyUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// proxy URL' });

const ProfileNameSchema = z
  .string()
  .refine(isValidProfileName, "a profile name is 1 to 64 of [A-Za-z0-9_.-], not starting with '.'");

export const ProfileSchema = z.looseObject({
  baseUrl: httpUrl,
  workspaceId: z.string().min(1),
  /** Path of the private key; default `<config dir>/keys/<profile>.jwk`. */
  keyFile: z.string().min(1).optional(),
  keyId: z.string().min(1).optional(),
  /**
   * The key's role: one of format/roles.ts (which this room may not import), or one the service
   * added since; an unknown role is kept and shown, never fatal.
   */
  role: z.string().min(1).optional(),
  readOnly: z.boolean().optional(),
  proxy: proxyUrl.optional(),
  pricePollMs: z.number().int().min(MIN_PRICE_POLL_MS).optional(),
  /** USD amount at or above which a decline asks for the typed confirmation. */
  approvalThresholdUsd: z.string().regex(DECIMAL, 'expected a decimal string such as "100000"').optional(),
  /** The console rings the bell when a transaction starts waiting for approval (default true). */
  bell: z.boolean().optional(),
  /** ...and sends a desktop notification: true (the protocol the terminal most likely speaks) or one named. */
  notify: z
    .union([z.boolean(), z.enum(['osc9', 'osc777'])], { error: 'expected true, false, "osc9" or "osc777"' })
    .optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ConfigSchema = z.looseObject({
  version: z.literal(1),
  activeProfile: ProfileNameSchema.optional(),
  profiles: z.record(ProfileNameSchema, ProfileSchema).default({}),
});
export type Config = z.infer<typeof ConfigSchema>;

export function emptyConfig(): Config {
  return { version: 1, profiles: {} };
}

export interface LoadedConfig {
  path: string;
  exists: boolean;
  config: Config;
}

/** `profiles.prod.baseUrl`, with odd keys quoted: `profiles["../x"]`, `list[2]`. */
function formatPath(segments: ReadonlyArray<PropertyKey>): string {
  if (segments.length === 0) return '(top level)';
  return segments
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const key = String(segment);
      if (/^[A-Za-z_$][\w$-]*$/.test(key)) return i === 0 ? key : `.${key}`;
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const message =
        issue.code === 'invalid_key'
          ? "invalid profile name (use 1 to 64 of [A-Za-z0-9_.-], not starting with '.')"
          : issue.message;
      return `${formatPath(issue.path)}: ${message}`;
    })
    .join('; ');
}

/** Parses a config text; `file` only names the source in errors. */
export function parseConfigText(text: string, file: string): Config {
  const fix = `fix ${file} by hand (or move it away to start over)`;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '')
    throw new ConfigError(`${file} is empty; it should hold a JSON object`, { path: file, fix });
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    const at = locateJsonError(body);
    const where = at ? ` at line ${at.line}, column ${at.column} (${at.problem})` : '';
    throw new ConfigError(`${file} is not valid JSON${where}`, { path: file, fix });
  }
  if (typeof raw === 'object' && raw !== null && 'version' in raw && raw.version !== 1) {
    const version = JSON.stringify(raw.version);
    throw new ConfigError(`${file} has config version ${version}; this custody reads version 1`, {
      path: file,
      fix: 'upgrade custody, or point CUSTODY_CONFIG at another file',
    });
  }
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`${file} is not a valid custody config: ${describeIssues(parsed.error)}`, {
      path: file,
      fix,
    });
  }
  return parsed.data;
}

/**
 * Reads the config file. A missing file is an empty config; a damaged one is a ConfigError and is
 * left exactly as it is: the user fixes it, we never rewrite it.
 */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT') return { path: file, exists: false, config: emptyConfig() };
    if (code === 'EISDIR') throw new ConfigError(`${file} is a folder, not a config file`, { path: file });
    throw new ConfigError(`cannot read ${file}: ${code ?? String(err)}`, { path: file });
  }
  return { path: file, exists: true, config: parseConfigText(text, file) };
}

/**
 * Writes the config atomically (0600, folder 0700). It refuses to replace a file that does not
 * load: such a file holds something the user wrote, and they must see the error and fix it.
 */
export async function saveConfig(file: string, config: Config): Promise<void> {
  const checked = ConfigSchema.safeParse(config);
  if (!checked.success) {
    throw new ConfigError(`refusing to save an invalid config to ${file}: ${describeIssues(checked.error)}`, {
      path: file,
    });
  }
  await loadConfig(file); // throws on a damaged file, which then stays untouched
  await ensurePrivateDir(path.dirname(file));
  await writeFileAtomic(file, `${JSON.stringify(checked.data, null, 2)}\n`, { mode: 0o600 });
}

export function profileNames(config: Config): string[] {
  return Object.keys(config.profiles).sort();
}

/** Own-property lookup: a profile named like an Object.prototype member must not resolve to it. */
export function getProfile(config: Config, name: string): Profile | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

function checkName(name: string): void {
  if (!isValidProfileName(name)) {
    throw new ConfigError(
      `invalid profile name ${JSON.stringify(name)}: use 1 to 64 of [A-Za-z0-9_.-], not starting with '.'`,
    );
  }
}

/** Adds or replaces a profile; fields of an existing profile not in `profile` are kept. */
export function upsertProfile(config: Config, name: string, profile: Profile): Config {
  checkName(name);
  const previous = getProfile(config, name) ?? {};
  const parsed = ProfileSchema.safeParse({ ...previous, ...profile });
  if (!parsed.success) {
    throw new ConfigError(`invalid profile ${JSON.stringify(name)}: ${describeIssues(parsed.error)}`);
  }
  return { ...config, profiles: { ...config.profiles, [name]: parsed.data } };
}

export function setActiveProfile(config: Config, name: string): Config {
  if (!getProfile(config, name)) {
    const known = profileNames(config);
    throw new ConfigError(
      `no profile named ${JSON.stringify(name)}; known profiles: ${known.length ? known.join(', ') : '(none)'}`,
      { fix: 'custody init creates a profile' },
    );
  }
  return { ...config, activeProfile: name };
}

/** Removes a profile; if it was the active one, no profile is active afterwards. */
export function removeProfile(config: Config, name: string): Config {
  if (!getProfile(config, name)) return config;
  const profiles = { ...config.profiles };
  delete profiles[name];
  const next: Config = { ...config, profiles };
  if (next.activeProfile === name) delete next.activeProfile;
  return next;
}
