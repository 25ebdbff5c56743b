// The last line of defence: turns any error that reaches the command table into a message that
// says what went wrong and what to do, and never into a secret or a stack trace (unless asked).
import { ConfigError, KeyFileError, type SecretEnv } from '../config/index.js';
import type { Io } from './cli.js';
import { PromptAborted } from './prompt.js';

/** Exit code for a run cancelled at a prompt (as a shell reports SIGINT). */
export const EXIT_CANCELLED = 130;

/**
 * Removes what could be a secret from text that did not come from our own rooms: the passphrase
 * and key given through the environment, anything after `ApiKey `, and long base64url runs
 * (a `d`, a token, a JWE part).
 */
export function redact(text: string, secrets: SecretEnv = {}): string {
  let out = text;
  for (const secret of [secrets.passphrase, secrets.apiKey]) {
    if (secret) out = out.split(secret).join('…');
  }
  return out.replace(/ApiKey\s+\S+/gi, 'ApiKey …').replace(/[A-Za-z0-9_-]{40,}/g, '…');
}

function debugEnabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.CUSTODY_DEBUG;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** The fix line of a config or key error, indented under the message. */
function withFix(message: string, fix: string | undefined): string {
  return fix ? `${message}\n  to fix: ${fix}` : message;
}

/**
 * The friendly text of an error, or undefined when it is not one we know. The client room is
 * loaded only here, on the error path, so `custody --version` and `--help` never pay for it.
 */
async function describeKnownError(err: unknown): Promise<string | undefined> {
  if (err instanceof ConfigError) {
    // Said of a damaged file (its errors start with its path), so the user knows nothing was lost.
    const untouched =
      err.path && err.message.startsWith(err.path) ? `\n  ${err.path} was left untouched.` : '';
    return withFix(`${err.message}${untouched}`, err.fix);
  }
  if (err instanceof KeyFileError) return withFix(err.message, err.fix);
  const client = await import('../client/index.js');
  if (err instanceof client.ApiError) return client.describeApiError(err);
  if (err instanceof client.NetworkError) {
    const what = err.timedOut ? 'the server did not answer in time' : 'cannot reach the server';
    return withFix(
      `${what} (${err.method} ${err.path}): ${err.message}`,
      'check the base URL (custody config show), your network, and the proxy (--proxy, HTTPS_PROXY, NO_PROXY); `custody doctor` checks each',
    );
  }
  if (err instanceof client.ContractError) {
    const id = err.correlationId ? ` (correlation id ${err.correlationId})` : '';
    return withFix(
      `the server's answer to ${err.endpoint} does not match the API: ${err.field}${id}`,
      'check that --base-url points at the custody API; if it does, report this with the correlation id',
    );
  }
  return undefined;
}

/** Prints an error that ended a command and returns the exit code. */
export async function reportError(err: unknown, io: Io, secrets: SecretEnv = {}): Promise<number> {
  if (err instanceof PromptAborted) {
    io.stderr.write('custody: cancelled\n');
    return EXIT_CANCELLED;
  }
  let known: string | undefined;
  try {
    known = await describeKnownError(err);
  } catch {
    known = undefined; // the client room failed to load: fall through to the plain message
  }
  if (known !== undefined) {
    io.stderr.write(`custody: ${redact(known, secrets)}\n`);
    return 1;
  }
  const message = err instanceof Error ? err.message : String(err);
  io.stderr.write(`custody: ${redact(message || 'unexpected error', secrets)}\n`);
  if (debugEnabled(io.env) && err instanceof Error && err.stack) {
    io.stderr.write(`${redact(err.stack, secrets)}\n`);
  }
  return 1;
}
