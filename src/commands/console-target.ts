// Where the console connects: the demo (the sandbox in this process), the configured server, or
// (for `:ctx`) another profile of the config file taken whole. A target is what one session of
// the console runs on; console.ts runs one after another when the person switches.
import { createSigner, generatePrivateJwk, type PrivateJwk, type Signer } from '../auth/index.js';
import {
  DEFAULT_APPROVAL_THRESHOLD_USD,
  DEFAULT_PRICE_POLL_MS,
  demoSetup,
  type KeySource,
  MIN_PRICE_POLL_MS,
  readPrivateKey,
  type SecretEnv,
  type Settings,
  type Setup,
  withoutConnectionEnv,
} from '../config/index.js';
import { unknownConfigFields } from '../config/unknown-fields.js';
import { type Calls, demoCalls } from './approval-calls.js';
import { bool, type Io, type Parsed, type ParsedValues, str, UsageError } from './cli.js';
import { keyLabel, loadPrivateKey, loadSettings, missingSettingsError } from './context.js';
import type { DebugLog } from './debug-log.js';

export interface Target {
  baseUrl: string;
  workspaceId: string;
  signer: Signer;
  role?: string;
  /** Which setup: the header names it, the audit lines record it. */
  setup: Setup;
  proxy?: string;
  demo: boolean;
  readOnly: boolean;
  pricePollMs: number;
  /** USD value from which a decline asks for the typed confirmation (decimal text). */
  approvalThresholdUsd: string;
  /** The member the key acts as, when known without asking (demo only: the sandbox said). */
  selfUserId?: string;
  /** How the console calls the operator when a transaction starts waiting for approval. */
  calls: Calls;
  /** Warnings about the config file, shown as notices at start (also said on stderr before). */
  configWarnings?: readonly string[];
  /** Stops what the target started (the embedded sandbox). */
  close(): Promise<void>;
}

export function envFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(env[name] ?? '');
}

function pricePollMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < MIN_PRICE_POLL_MS) {
    throw new UsageError(`--price-poll must be a whole number of milliseconds, at least ${MIN_PRICE_POLL_MS} (got "${text}")`);
  }
  return value;
}

/** The embedded sandbox on a free loopback port, with a key that lives only in this process. */
async function startDemo(readOnly: boolean, pollMs: number | undefined, calls: Calls, log: DebugLog): Promise<Target> {
  // A separate chunk: the sandbox loads only when the demo runs.
  const { startSandbox } = await import('../sandbox/index.js');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, log: (line) => log('sandbox', line) });
  const jwk = await generatePrivateJwk();
  const { userId } = sandbox.registerKey(jwk, 'full-access');
  const signer = await createSigner(jwk);
  log('console', `demo: sandbox on ${sandbox.baseUrl}, workspace ${sandbox.workspaceId}, throwaway key ${signer.kid}`);
  return {
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer,
    role: 'full-access',
    setup: demoSetup(sandbox.baseUrl, sandbox.workspaceId),
    demo: true,
    readOnly,
    pricePollMs: pollMs ?? DEFAULT_PRICE_POLL_MS,
    approvalThresholdUsd: DEFAULT_APPROVAL_THRESHOLD_USD,
    selfUserId: userId,
    calls,
    close: async () => {
      // Sockets close with 1001; never wait long for it on the way out.
      await Promise.race([sandbox.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}

type Connected = Settings & { baseUrl: string; workspaceId: string; key: KeySource; setup: Setup };

function complete(settings: Settings): Connected {
  if (
    settings.baseUrl === undefined ||
    settings.workspaceId === undefined ||
    settings.key === undefined ||
    settings.setup === undefined
  ) {
    throw missingSettingsError(settings);
  }
  return settings as Connected;
}

/** The target of resolved settings and their key. */
async function settingsTarget(
  settings: Connected,
  jwk: PrivateJwk,
  pollMs: number | undefined,
  log: DebugLog,
  configWarnings: readonly string[],
): Promise<Target> {
  const signer = await createSigner(jwk);
  log(
    'console',
    `setup ${settings.setup.origin}, profile ${settings.setup.profile ?? '(none)'}: ${settings.baseUrl}, workspace ${settings.workspaceId}, key ${signer.kid} from ${keyLabel(settings.key)}`,
  );
  return {
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    signer,
    ...(settings.role !== undefined ? { role: settings.role } : {}),
    setup: settings.setup,
    ...(settings.proxy !== undefined ? { proxy: settings.proxy } : {}),
    demo: false,
    readOnly: settings.readOnly,
    pricePollMs: pollMs ?? settings.pricePollMs,
    approvalThresholdUsd: settings.approvalThresholdUsd,
    calls: { bell: settings.bell, notify: settings.notify },
    configWarnings,
    close: async () => {},
  };
}

/** Demo when asked, or when nothing at all is configured; else the configured server and key. */
export async function resolveTarget(parsed: Parsed, io: Io, secrets: SecretEnv, log: DebugLog): Promise<Target> {
  const { values } = parsed;
  const pollMs = pricePollMs(str(values, 'price-poll'));
  if (bool(values, 'demo')) {
    const clash = ['profile', 'base-url', 'workspace', 'key-file'].filter((name) => str(values, name) !== undefined);
    if (clash.length > 0) {
      throw new UsageError(`--demo opens the built-in sandbox; it does not go with ${clash.map((n) => `--${n}`).join(', ')}`);
    }
    const readOnly = bool(values, 'read-only') || envFlag(io.env, 'CUSTODY_READ_ONLY');
    return startDemo(readOnly, pollMs, demoCalls(values), log);
  }
  const { settings, loaded } = await loadSettings(values, io, secrets);
  const configWarnings = unknownConfigFields(loaded.config).map((u) => u.message);
  for (const text of configWarnings) io.stderr.write(`custody: warning: ${text}\n`);
  // A profile left out for its name: the others still work, and the user learns which and why.
  for (const error of loaded.errors) io.stderr.write(`custody: ${error.message}\n  to fix: ${error.fix}\n`);
  if (settings.profileName === undefined && settings.missing.length === 3) {
    log('console', 'nothing configured: opening the demo');
    return startDemo(settings.readOnly, pollMs, { bell: settings.bell, notify: settings.notify }, log);
  }
  const connected = complete(settings);
  // The passphrase prompt (an encrypted key) happens here, before the alternate screen.
  const jwk = await loadPrivateKey(connected.key, io, secrets);
  return settingsTarget(connected, jwk, pollMs, log, configWarnings);
}

/**
 * The flags a switch keeps: how this console behaves (read-only, the bell, notifications, the
 * price poll), never where it connects. The log file is the process's and stays open anyway.
 */
const KEPT_FLAGS = ['read-only', 'no-bell', 'notify', 'price-poll'] as const;

/** A profile switch's settings, resolved but not yet unlocked: its key may need a passphrase. */
export interface ProfileStep {
  readonly profile: string;
  readonly settings: Connected;
  /** The key, when it opened without a passphrase. */
  readonly jwk?: PrivateJwk;
  readonly pollMs: number | undefined;
  readonly configWarnings: readonly string[];
}

class NeedsPassphrase extends Error {}

/**
 * `:ctx NAME`: the profile's settings whole. The flags and CUSTODY_* variables that chose or
 * overrode the first connection are dropped (one profile's server never meets another's key), and
 * so are the key and passphrase given through the environment. Throws what is wrong with it (a
 * ConfigError or KeyFileError: words safe to show).
 */
export async function profileStep(name: string, parsed: Parsed, io: Io): Promise<ProfileStep> {
  const values: ParsedValues = { profile: name };
  for (const flag of KEPT_FLAGS) if (parsed.values[flag] !== undefined) values[flag] = parsed.values[flag];
  const pollMs = pricePollMs(str(values, 'price-poll'));
  const { settings, loaded } = await loadSettings(values, { ...io, env: withoutConnectionEnv(io.env) }, {});
  const connected = complete(settings);
  const configWarnings = unknownConfigFields(loaded.config).map((u) => u.message);
  const base = { profile: name, settings: connected, pollMs, configWarnings };
  if (connected.key.source !== 'file') return base; // cannot be: the environment's key was dropped
  try {
    // Opened now when it can be: a key that will not open is said before anything stops.
    const jwk = await readPrivateKey(connected.key.path, {
      passphrase: () => Promise.reject(new NeedsPassphrase()),
    });
    return { ...base, jwk };
  } catch (err) {
    if (err instanceof NeedsPassphrase) return base;
    throw err;
  }
}

/** The step's target; an encrypted key asks for its passphrase on `io` (a terminal) first. */
export async function profileTarget(step: ProfileStep, io: Io, log: DebugLog): Promise<Target> {
  const jwk = step.jwk ?? (await loadPrivateKey(step.settings.key, io, {}));
  return settingsTarget(step.settings, jwk, step.pollMs, log, step.configWarnings);
}
