import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './errors.js';

// Every function takes the environment as a parameter so tests (and `doctor`) never need the real home.
type Env = NodeJS.ProcessEnv;

const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

// Names an object record cannot hold safely, or that code reading one may mistake for its own.
const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The rule in words, for every message that refuses a name. */
export const PROFILE_NAME_RULE =
  "1 to 64 letters, digits, '_', '-' or '.', not starting with '.', and not __proto__, constructor or prototype";

/**
 * A profile name doubles as a file name (`keys/<name>.jwk`), so it is held to a safe alphabet.
 * A leading dot is refused too (`.`, `..`, hidden files), and the names of RESERVED_NAMES.
 */
export function isValidProfileName(name: string): boolean {
  return PROFILE_NAME.test(name) && !name.startsWith('.') && !RESERVED_NAMES.has(name);
}

export function assertProfileName(name: string): string {
  if (!isValidProfileName(name)) {
    throw new ConfigError(`invalid profile name ${JSON.stringify(name)}: use ${PROFILE_NAME_RULE}`);
  }
  return name;
}

/** An environment variable's value, with the empty string read as unset (as XDG asks). */
function envValue(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** XDG base directories must be absolute; a relative value is ignored per the specification. */
function xdgDir(env: Env, name: string): string | undefined {
  const value = envValue(env, name);
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}

function homeDir(env: Env = process.env): string {
  return envValue(env, 'HOME') ?? os.homedir();
}

/** Expands a leading `~/` (as a user writes it in a config file) against the home folder. */
export function expandHome(p: string, env: Env = process.env): string {
  if (p === '~') return homeDir(env);
  if (p.startsWith('~/')) return path.join(homeDir(env), p.slice(2));
  return p;
}

export function configFilePath(env: Env = process.env): string {
  const explicit = envValue(env, 'CUSTODY_CONFIG');
  if (explicit !== undefined) return path.resolve(expandHome(explicit, env));
  const base = xdgDir(env, 'XDG_CONFIG_HOME') ?? path.join(homeDir(env), '.config');
  return path.join(base, 'custody', 'config.json');
}

export function configDir(env: Env = process.env): string {
  return path.dirname(configFilePath(env));
}

export function keysDir(env: Env = process.env): string {
  return path.join(configDir(env), 'keys');
}

export function defaultKeyPath(profile: string, env: Env = process.env): string {
  return path.join(keysDir(env), `${assertProfileName(profile)}.jwk`);
}

export function stateDir(env: Env = process.env): string {
  const base = xdgDir(env, 'XDG_STATE_HOME') ?? path.join(homeDir(env), '.local', 'state');
  return path.join(base, 'custody');
}

export function auditLogPath(env: Env = process.env): string {
  return path.join(stateDir(env), 'audit.jsonl');
}

export function logFilePath(env: Env = process.env): string {
  return path.join(stateDir(env), 'custody.log');
}
