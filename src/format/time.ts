// Times and durations. Timestamps arrive as epoch-millisecond strings (or numbers once parsed);
// "now" is always passed in, so every function here is pure and testable with a fixed clock.
// Invalid input is returned as its text.

export type Millis = number | string;

/** The range of a JavaScript Date: ±100,000,000 days around the epoch. */
const MAX_DATE_MS = 8.64e15;
const SECOND = 1000;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Epoch milliseconds from a string of digits only, or from a finite number (truncated); undefined
 * for anything else and for values outside the range of a Date.
 */
export function parseMillis(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= MAX_DATE_MS ? Math.trunc(value) : undefined;
  }
  if (typeof value === 'string' && /^\d{1,16}$/.test(value)) {
    const n = Number(value);
    return n <= MAX_DATE_MS ? n : undefined;
  }
  return undefined;
}

/** The largest whole unit of a non-negative number of seconds: 12s, 3m, 2h, 4d, 5w, 2y. */
function compactSeconds(s: number): string {
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return `${Math.floor(s / MINUTE)}m`;
  if (s < DAY) return `${Math.floor(s / HOUR)}h`;
  const days = Math.floor(s / DAY);
  if (days < 7) return `${days}d`;
  if (days < 365) return `${Math.floor(days / 7)}w`;
  return `${Math.floor(days / 365)}y`;
}

/**
 * Compact age for a table column: "12s", "3m", "2h", "4d", "5w", "2y" (floored). A time in the future
 * (clock skew, an expiry) reads "+3m"; less than a second ahead counts as "0s".
 */
export function formatAge(then: Millis, now: Millis): string {
  const t = parseMillis(then);
  const n = parseMillis(now);
  if (t === undefined || n === undefined) return String(then);
  const seconds = Math.floor(Math.abs(n - t) / SECOND);
  return n < t && seconds > 0 ? `+${compactSeconds(seconds)}` : compactSeconds(seconds);
}

/** "12s ago", "in 5m", or "just now" within a second either way. */
export function formatRelative(then: Millis, now: Millis): string {
  const t = parseMillis(then);
  const n = parseMillis(now);
  if (t === undefined || n === undefined) return String(then);
  const seconds = Math.floor(Math.abs(n - t) / SECOND);
  if (seconds === 0) return 'just now';
  return n > t ? `${compactSeconds(seconds)} ago` : `in ${compactSeconds(seconds)}`;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

export interface UtcOption {
  /** UTC with a "Z" suffix instead of the machine's local time. */
  readonly utc?: boolean;
}

/** "2026-11-21 12:04:33" in local time, or "2026-11-21 12:04:33Z" in UTC. */
export function formatAbsolute(ms: Millis, { utc = false }: UtcOption = {}): string {
  const t = parseMillis(ms);
  if (t === undefined) return String(ms);
  const d = new Date(t);
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  const month = utc ? d.getUTCMonth() : d.getMonth();
  const day = utc ? d.getUTCDate() : d.getDate();
  const date = `${String(year).padStart(4, '0')}-${two(month + 1)}-${two(day)}`;
  return `${date} ${formatClock(t, { utc })}${utc ? 'Z' : ''}`;
}

/** "12:04:33", local time unless utc (no suffix: the clock in the header). */
export function formatClock(ms: Millis, { utc = false }: UtcOption = {}): string {
  const t = parseMillis(ms);
  if (t === undefined) return String(ms);
  const d = new Date(t);
  return utc
    ? `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
    : `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * A live countdown: "29s", "4m 05s", "3h 12m", "2d 4h"; "0s" at or below zero. Seconds round up,
 * so "0s" appears only once the time is really up; the smaller unit is zero-padded so the text
 * keeps its width while it ticks.
 */
export function formatCountdown(msRemaining: number): string {
  if (!Number.isFinite(msRemaining)) return String(msRemaining);
  if (msRemaining <= 0) return '0s';
  const s = Math.ceil(msRemaining / SECOND);
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return `${Math.floor(s / MINUTE)}m ${two(s % MINUTE)}s`;
  if (s < DAY) return `${Math.floor(s / HOUR)}h ${two(Math.floor((s % HOUR) / MINUTE))}m`;
  return `${Math.floor(s / DAY)}d ${Math.floor((s % DAY) / HOUR)}h`;
}

/**
 * A length of time, floored, in at most two units, the smaller one left out when zero: "850ms",
 * "12s", "1m 30s", "2h", "3d 4h". Negative durations get a leading "-".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 0) return `-${formatDuration(-ms)}`;
  if (ms < SECOND) return ms < 1 ? '0s' : `${Math.floor(ms)}ms`;
  const s = Math.floor(ms / SECOND);
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small > 0 ? `${big}${bigUnit} ${small}${smallUnit}` : `${big}${bigUnit}`;
  if (s < MINUTE) return `${s}s`;
  if (s < HOUR) return pair(Math.floor(s / MINUTE), 'm', s % MINUTE, 's');
  if (s < DAY) return pair(Math.floor(s / HOUR), 'h', Math.floor((s % HOUR) / MINUTE), 'm');
  return pair(Math.floor(s / DAY), 'd', Math.floor((s % DAY) / HOUR), 'h');
}
