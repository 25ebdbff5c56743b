// Which setup a run uses, said once: where its connection came from (a profile, flags, the
// environment, or the demo), the server's host, the workspace, and the profile's tone. The header,
// the audit log, doctor and `config show` all show this one record (README: "Which setup").
import type { ProfileTone } from './file.js';

/**
 * Where the connection (base URL, workspace, key) came from: all three from a profile, at least
 * one from a flag (`flags`), else at least one from a CUSTODY_* variable (`env`), or the demo.
 */
export type SetupOrigin = 'profile' | 'flags' | 'env' | 'demo';

export interface Setup {
  readonly origin: SetupOrigin;
  /**
   * The profile whose settings the connection uses, whole or in part. Absent when flags or the
   * environment give all three: a `default` profile standing by then lent nothing to name.
   */
  readonly profile?: string;
  /** Its tone, when that profile lent the connection something (a tone describes its own server). */
  readonly tone?: ProfileTone;
  readonly baseUrl: string;
  /** The base URL's host (and port), lowercase: what tells servers apart on screen. */
  readonly host: string;
  readonly workspaceId: string;
}

/** Where each connection setting came from (resolve.ts's SettingSource for the three). */
type ConnectionSource = 'flag' | 'env' | 'profile' | 'default';

export interface SetupSources {
  readonly baseUrl: ConnectionSource;
  readonly workspaceId: ConnectionSource;
  readonly key: ConnectionSource;
}

/** The host of a base URL; the URL itself when it does not parse (resolve.ts checked it did). */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/**
 * The setup of a run with every connection setting given. Pure: resolve.ts calls it with the
 * sources it picked, so "where from" has this one rule.
 */
export function setupOf(input: {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly sources: SetupSources;
  /** The selected profile (named, active, or `default` standing in), when there is one. */
  readonly profile?: { readonly name: string; readonly tone?: ProfileTone | undefined } | undefined;
}): Setup {
  const from = [input.sources.baseUrl, input.sources.workspaceId, input.sources.key];
  const origin: SetupOrigin = from.includes('flag') ? 'flags' : from.includes('env') ? 'env' : 'profile';
  const lent = input.profile !== undefined && from.some((s) => s === 'profile' || s === 'default');
  const profile = lent ? input.profile : undefined;
  return {
    origin,
    ...(profile !== undefined ? { profile: profile.name } : {}),
    ...(profile?.tone !== undefined ? { tone: profile.tone } : {}),
    baseUrl: input.baseUrl,
    host: hostOf(input.baseUrl),
    workspaceId: input.workspaceId,
  };
}

/** The embedded sandbox's setup: no profile, no tone. */
export function demoSetup(baseUrl: string, workspaceId: string): Setup {
  return { origin: 'demo', baseUrl, host: hostOf(baseUrl), workspaceId };
}
