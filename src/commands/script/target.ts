// Where a one-shot command connects (`watch`, the nouns, `tx`): the selected profile with its
// flags and environment, exactly as the console resolves them, or the built-in sandbox (`--demo`).
// Unlike the console, a script gets no surprise sandbox: made-up data must be asked for.
import { createSigner, generatePrivateJwk, type Signer } from '../../auth/index.js';
import type { ApiClient } from '../../client/index.js';
import { ConfigError, type SecretEnv, type Settings } from '../../config/index.js';
import { bool, type Io, type OptionSpec, type ParsedValues, str, UsageError } from '../cli.js';
import { loadPrivateKey, loadSettings, makeClient, missingSettingsError, proxyEnvOf } from '../context.js';

export const demoOption = {
  demo: { type: 'boolean', description: 'use the built-in sandbox workspace (made-up data, no account needed)' },
} as const satisfies Record<string, OptionSpec>;

export interface ScriptTarget {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly signer: Signer;
  readonly proxy?: string;
  readonly demo: boolean;
  /** The resolved settings (profile, role, read-only, threshold); for the demo, its own. */
  readonly settings: Pick<Settings, 'profileName' | 'readOnly' | 'role' | 'approvalThresholdUsd' | 'setup' | 'tone'>;
  /** The member the key acts as, when known (the demo's key). */
  readonly selfUserId?: string;
  close(): Promise<void>;
}

/** The embedded sandbox on a free loopback port, with a key that lives only in this process. */
async function startDemo(values: ParsedValues): Promise<ScriptTarget> {
  const { startSandbox } = await import('../../sandbox/index.js');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const jwk = await generatePrivateJwk();
  const { userId } = sandbox.registerKey(jwk, 'full-access');
  return {
    baseUrl: sandbox.baseUrl,
    workspaceId: sandbox.workspaceId,
    signer: await createSigner(jwk),
    demo: true,
    settings: { readOnly: bool(values, 'read-only'), approvalThresholdUsd: '100000', role: 'full-access' },
    selfUserId: userId,
    close: async () => {
      await Promise.race([sandbox.close(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}

/** The profile (flags > environment > profile > default), its key unlocked; or the demo. */
export async function resolveScriptTarget(values: ParsedValues, io: Io, secrets: SecretEnv): Promise<ScriptTarget> {
  if (bool(values, 'demo')) {
    const clash = ['profile', 'base-url', 'workspace', 'key-file'].filter((name) => str(values, name) !== undefined);
    if (clash.length > 0) {
      throw new UsageError(`--demo uses the built-in sandbox; it does not go with ${clash.map((n) => `--${n}`).join(', ')}`);
    }
    return startDemo(values);
  }
  const { settings } = await loadSettings(values, io, secrets);
  if (settings.profileName === undefined && settings.missing.length === 3) {
    throw new ConfigError('not configured: no profile, and no --base-url, --workspace or --key-file', {
      fix: 'run `custody init` to create a profile, give the connection flags, or use --demo for the built-in sandbox',
    });
  }
  if (settings.baseUrl === undefined || settings.workspaceId === undefined || settings.key === undefined) {
    throw missingSettingsError(settings);
  }
  const jwk = await loadPrivateKey(settings.key, io, secrets);
  return {
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    signer: await createSigner(jwk),
    ...(settings.proxy !== undefined ? { proxy: settings.proxy } : {}),
    demo: false,
    settings,
    close: async () => {},
  };
}

/** The signed API client of a target (the demo's loopback never goes through a proxy). */
export function targetClient(target: ScriptTarget, io: Io): ApiClient {
  return makeClient(
    target.signer,
    { baseUrl: target.baseUrl, workspaceId: target.workspaceId, proxy: target.proxy },
    { env: proxyEnvOf(target, io.env) },
  );
}
