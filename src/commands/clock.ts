// This computer's clock against the server's, in the one sentence `doctor`, `init` and the
// console's notice all use. Signed tokens live TOKEN_LIFETIME_SECONDS: beyond that much skew the
// server refuses every signature; beyond the client's CLOCK_SKEW_LIMIT_MS it is worth a warning.
import { TOKEN_LIFETIME_SECONDS } from '../auth/index.js';

/** What to do about a clock that is off. */
export const CLOCK_FIX = 'sync your clock (e.g. timedatectl set-ntp true, or chronyc makestep)';

/**
 * "this computer's clock is 120 s behind the server's (signatures fail beyond 300 s)".
 * `skewMs` is the server's clock minus ours (the client's `clockSkewMs`): positive, we are behind.
 */
export function clockSkewText(skewMs: number): string {
  const seconds = Math.round(Math.abs(skewMs) / 1000);
  const way = skewMs > 0 ? 'behind' : 'ahead of';
  return `this computer's clock is ${seconds} s ${way} the server's (signatures fail beyond ${TOKEN_LIFETIME_SECONDS} s)`;
}

/** Whether the clock is so far off that the server refuses every signature. */
export function clockBreaksSignatures(skewMs: number | undefined): boolean {
  return skewMs !== undefined && Math.abs(skewMs) > TOKEN_LIFETIME_SECONDS * 1000;
}
