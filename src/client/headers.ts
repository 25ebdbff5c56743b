import { randomBytes } from 'node:crypto';

/** A client Correlation-Id: 32 lowercase hex characters. */
export function newCorrelationId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Seconds to wait from a `Retry-After` value (delta-seconds or an HTTP date), or undefined when
 * the value is neither. A date in the past means 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its weekday and month; Date.parse alone would also take "-1" as a year.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Beyond this the server's clock and ours disagree enough to matter (tokens live 300 s). */
export const CLOCK_SKEW_LIMIT_MS = 30_000;

/**
 * Tracks the server's clock from `Date` headers. `report` is called when the skew goes beyond
 * the limit, once per entry into that state (and again after it came back within the limit).
 */
export function createSkewTracker(now: () => number, report: ((skewMs: number) => void) | undefined) {
  let last: number | undefined;
  let skewed = false;
  return {
    get skewMs(): number | undefined {
      return last;
    },
    /** `date`: the response's Date header. Positive skew: the server is ahead of us. */
    observe(date: string | null): void {
      if (!date) return;
      const server = Date.parse(date);
      if (Number.isNaN(server)) return;
      // Date has whole seconds: the measure is good to about a second, plenty for a 30 s limit.
      last = server - now();
      const beyond = Math.abs(last) > CLOCK_SKEW_LIMIT_MS;
      if (beyond && !skewed) {
        try {
          report?.(last);
        } catch {
          // a listener's bug must not fail the request
        }
      }
      skewed = beyond;
    },
  };
}
