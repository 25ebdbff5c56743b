// What `:ctx` needs from the terminal layer: the profiles of the config file as the view lists
// them, a failed switch in words safe to show, and the screen that asks an encrypted key's
// passphrase on the way (the alternate screen stays: nothing of the shell shows in between).
import { type Config, ConfigError, getProfile, hostOf, KeyFileError, profileNames } from '../config/index.js';
import type { ProfileEntry } from '../view/index.js';
import { UsageError } from './cli.js';

/** The config file's profiles, by name, with their server's host, workspace and tone. */
export function profileEntries(config: Config): ProfileEntry[] {
  return profileNames(config).flatMap((name) => {
    const profile = getProfile(config, name);
    if (profile === undefined) return [];
    return [{ name, host: hostOf(profile.baseUrl), workspaceId: profile.workspaceId, production: profile.tone === 'production' }];
  });
}

/**
 * Why a switch failed, as the status line may show it. The config and key rooms write their
 * messages to be shown (never a key); anything else is summed up, since its text could quote input.
 */
export function switchFailure(err: unknown): string {
  if (err instanceof ConfigError || err instanceof KeyFileError) {
    return err.fix === undefined ? err.message : `${err.message} (${err.fix})`;
  }
  if (err instanceof UsageError) return err.message;
  if (err instanceof Error && err.name === 'PromptAborted') return 'no passphrase given';
  return 'the profile could not be opened (the debug log says more)';
}

/** Clears the alternate screen and shows the cursor for the passphrase question. */
export const PASSPHRASE_SCREEN = '\x1b[H\x1b[2J\x1b[?25h';

/** The lines above the passphrase question: which profile, which server, what Ctrl-C does. */
export function passphraseIntro(entry: Pick<ProfileEntry, 'name' | 'host' | 'workspaceId' | 'production'>): string {
  const tone = entry.production ? ' PRODUCTION' : '';
  return (
    `custody: switching to profile ${entry.name}${tone} (${entry.host ?? '?'}, workspace ${entry.workspaceId ?? '?'}).\r\n` +
    'Its key is encrypted. Ctrl-C stays on the profile in use.\r\n\r\n'
  );
}
