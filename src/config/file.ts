import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { ensurePrivateDir, writeFileAtomic } from './atomic.js';
import { ConfigError, errnoCode } from './errors.js';
import { locateJsonError } from './json-error.js';
import { assertProfileName, isValidProfileName, PROFILE_NAME_RULE } from './paths.js';
import { assertSecurePath, type SecurePathOptions } from './secure-path.js';

export const DEFAULT_APPROVAL_THRESHOLD_USD = '100000';
export const DEFAULT_PRICE_POLL_MS = 2000;
export const MIN_PRICE_POLL_MS = 500;
/** A config of a hundred profiles is a few tens of KB; a file far larger is not one (and is not read). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

// O_NONBLOCK: a FIFO put in the config's place must not hang the open. Symlinks are followed
// (dotfile managers link the config); secure-path.ts checks where the link leads.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

const DECIMAL = /^\d+(\.\d+)?$/;

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' });
const proxyUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// proxy URL' });

const ProfileNameSchema = z.string().refine(isValidProfileName, {
  error: (issue) => `invalid profile name ${JSON.stringify(issue.input)}: use ${PROFILE_NAME_RULE}`,
});

/** How a profile marks itself; the console shows it beside the profile's name (README: the header). */
export const PROFILE_TONES = ['production'] as const;
export type ProfileTone = (typeof PROFILE_TONES)[number];

// An unknown tone is refused, not shown: a misspelt "prodution" kept as a word would leave the
// danger mark off the one profile its owner meant to mark; a refusal says so before anything runs.
const ToneSchema = z.enum(PROFILE_TONES, {
  error: (issue) =>
    `unknown tone ${JSON.stringify(issue.input)}: the allowed tone is ${PROFILE_TONES.map((t) => JSON.stringify(t)).join(', ')} (leave the field out for none)`,
});

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
  /** "production": the header says PRODUCTION in the danger colour while this profile is in use. */
  tone: ToneSchema.optional(),
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
  /** What is wrong in the file without stopping it from loading: profiles left out for their name. */
  errors: ProfileNameError[];
}

/** A profile of the config file left out for its name; the others load. */
export class ProfileNameError extends ConfigError {
  constructor(
    readonly profile: string,
    file: string,
  ) {
    const name = JSON.stringify(profile);
    super(`${file}: profile name ${name} is not allowed (use ${PROFILE_NAME_RULE}); that profile is left out`, {
      path: file,
      fix: `rename the profile ${name} in ${file}`,
    });
  }
}

export interface LoadOptions {
  /** Who the file and its folders must belong to (default: this process's user; tests inject). */
  secure?: SecurePathOptions;
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
          ? `invalid profile name (use ${PROFILE_NAME_RULE})`
          : issue.message;
      return `${formatPath(issue.path)}: ${message}`;
    })
    .join('; ');
}

/**
 * Takes the profiles whose name is not allowed out of a parsed config, each with an error naming
 * it, so the others still load. Before the schema: a record would drop `__proto__` silently.
 */
function withoutBadProfiles(raw: unknown, file: string): { raw: unknown; errors: ProfileNameError[] } {
  if (typeof raw !== 'object' || raw === null || !('profiles' in raw)) return { raw, errors: [] };
  const profiles = raw.profiles;
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) return { raw, errors: [] };
  const names = Object.keys(profiles);
  const bad = names.filter((name) => !isValidProfileName(name));
  if (bad.length === 0) return { raw, errors: [] };
  const errors = bad.map((name) => new ProfileNameError(name, file));
  // fromEntries defines each name as an own property, so no name can reach a prototype.
  const record = profiles as Record<string, unknown>;
  const kept = Object.fromEntries(names.filter((name) => isValidProfileName(name)).map((name) => [name, record[name]]));
  return { raw: { ...raw, profiles: kept }, errors };
}

/**
 * Parses a config text; `file` only names the source in errors. A profile with a bad name is
 * left out and reported in `errors`; anything else wrong is a ConfigError thrown.
 */
export function readConfigText(text: string, file: string): { config: Config; errors: ProfileNameError[] } {
  const fix = `fix ${file} by hand (or move it away to start over)`;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '')
    throw new ConfigError(`${file} is empty; it should hold a JSON object`, { path: file, fix });
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(body);
  } catch {
    const at = locateJsonError(body);
    const where = at ? ` at line ${at.line}, column ${at.column} (${at.problem})` : '';
    throw new ConfigError(`${file} is not valid JSON${where}`, { path: file, fix });
  }
  if (typeof parsedJson === 'object' && parsedJson !== null && 'version' in parsedJson && parsedJson.version !== 1) {
    const version = JSON.stringify(parsedJson.version);
    throw new ConfigError(`${file} has config version ${version}; this custody reads version 1`, {
      path: file,
      fix: 'upgrade custody, or point CUSTODY_CONFIG at another file',
    });
  }
  const { raw, errors } = withoutBadProfiles(parsedJson, file);
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(`${file} is not a valid custody config: ${describeIssues(parsed.error)}`, {
      path: file,
      fix,
    });
  }
  return { config: parsed.data, errors };
}

/** The config of a text, without the profiles whose name is not allowed (see readConfigText). */
export function parseConfigText(text: string, file: string): Config {
  return readConfigText(text, file).config;
}

/** The file's text, read only when it is a regular file of a sane size. */
async function readConfigFile(file: string): Promise<string | undefined> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, READ_FLAGS);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR') throw new ConfigError(`${file} is a folder, not a config file`, { path: file });
    throw new ConfigError(`cannot read ${file}: ${code ?? String(err)}`, { path: file });
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new ConfigError(`${file} is a folder, not a config file`, { path: file });
    if (!stats.isFile()) throw new ConfigError(`${file} is not a regular file`, { path: file });
    const limit = MAX_CONFIG_BYTES.toLocaleString('en-US');
    const tooLarge = (size: string) =>
      new ConfigError(`${file} is ${size} bytes; a custody config is at most ${limit} bytes (1 MB), so it was not read`, {
        path: file,
        fix: `check that CUSTODY_CONFIG names the config file, or shorten ${file}`,
      });
    if (stats.size > MAX_CONFIG_BYTES) throw tooLarge(stats.size.toLocaleString('en-US'));
    // One byte more than allowed: a file that grew since the stat is caught, not read whole.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_CONFIG_BYTES) throw tooLarge(`more than ${limit}`);
    }
    return buffer.toString('utf8', 0, length);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(`cannot read ${file}: ${errnoCode(err) ?? String(err)}`, { path: file });
  } finally {
    await handle.close().catch(() => {});
  }
}

/**
 * Reads the config file. A missing file is an empty config; a damaged one is a ConfigError and is
 * left exactly as it is: the user fixes it, we never rewrite it. So is one that others could
 * have changed (secure-path.ts) and one over MAX_CONFIG_BYTES. A profile with a bad name is left
 * out and named in `errors`; the others load.
 */
export async function loadConfig(file: string, opts: LoadOptions = {}): Promise<LoadedConfig> {
  const report = await assertSecurePath(file, opts.secure);
  const text = report.exists ? await readConfigFile(file) : undefined;
  if (text === undefined) return { path: file, exists: false, config: emptyConfig(), errors: [] };
  const { config, errors } = readConfigText(text, file);
  return { path: file, exists: true, config, errors };
}

/**
 * Writes the config atomically (0600, folder 0700). It refuses to replace a file that does not
 * load, or loads without a profile of a bad name: such a file holds something the user wrote, and
 * they must see the error and fix it. It refuses a folder others can change, as loading does.
 */
export async function saveConfig(file: string, config: Config, opts: LoadOptions = {}): Promise<void> {
  const checked = ConfigSchema.safeParse(config);
  if (!checked.success) {
    throw new ConfigError(`refusing to save an invalid config to ${file}: ${describeIssues(checked.error)}`, {
      path: file,
    });
  }
  // Throws on a damaged file, which then stays untouched; a left-out profile would be lost.
  const loaded = await loadConfig(file, opts);
  const first = loaded.errors[0];
  if (first !== undefined) {
    const name = JSON.stringify(first.profile);
    const why = `its profile ${name} has a name that is not allowed, and saving would lose it`;
    throw new ConfigError(`refusing to save ${file}: ${why}`, { path: file, fix: first.fix });
  }
  await ensurePrivateDir(path.dirname(file));
  await assertSecurePath(file, opts.secure);
  await writeFileAtomic(file, `${JSON.stringify(checked.data, null, 2)}\n`, { mode: 0o600 });
}

export function profileNames(config: Config): string[] {
  return Object.keys(config.profiles).sort();
}

/** Own-property lookup: a profile named like an Object.prototype member must not resolve to it. */
export function getProfile(config: Config, name: string): Profile | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/** Adds or replaces a profile; fields of an existing profile not in `profile` are kept. */
export function upsertProfile(config: Config, name: string, profile: Profile): Config {
  assertProfileName(name);
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
