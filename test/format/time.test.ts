import { afterEach, describe, expect, it } from 'vitest';
import {
  formatAbsolute,
  formatAge,
  formatClock,
  formatCountdown,
  formatDuration,
  formatRelative,
  parseMillis,
} from '../../src/format/index.js';

// 2026-11-21 12:04:33.250 UTC
const NOW = Date.UTC(2026, 10, 21, 12, 4, 33, 250);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('parseMillis', () => {
  it.each([
    ['1795262673250', 1795262673250],
    ['0', 0],
    ['007', 7],
    [1795262673250, 1795262673250],
    [1.9, 1],
    [-5, -5],
    ['8640000000000000', 8.64e15],
  ] as const)('%j → %s', (value, expected) => {
    expect(parseMillis(value)).toBe(expected);
  });

  it.each([
    [''],
    ['-5'],
    ['1.5'],
    ['1e3'],
    [' 1'],
    ['12a'],
    ['8640000000000001'],
    ['99999999999999999999'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [8.64e15 + 1],
    [null],
    [undefined],
    [{}],
  ])('%j → undefined', (value) => {
    expect(parseMillis(value)).toBeUndefined();
  });
});

describe('formatAge', () => {
  it.each([
    [NOW, '0s'],
    [NOW - 999, '0s'],
    [NOW - 12 * S, '12s'],
    [NOW - 59 * S - 999, '59s'],
    [NOW - 60 * S, '1m'],
    [NOW - 3 * M - 59 * S, '3m'],
    [NOW - 59 * M, '59m'],
    [NOW - 2 * H, '2h'],
    [NOW - 23 * H - 59 * M, '23h'],
    [NOW - 4 * D, '4d'],
    [NOW - 6 * D - 23 * H, '6d'],
    [NOW - 7 * D, '1w'],
    [NOW - 35 * D, '5w'],
    [NOW - 364 * D, '52w'],
    [NOW - 365 * D, '1y'],
    [NOW - 2 * 365 * D - 5 * D, '2y'],
    // The future (clock skew, an expiry): a leading "+"; under a second is noise.
    [NOW + 500, '0s'],
    [NOW + 3 * M, '+3m'],
    [NOW + 2 * D, '+2d'],
  ])('then %s → %s', (then, expected) => {
    expect(formatAge(then, NOW)).toBe(expected);
  });

  it('takes the wire strings', () => {
    expect(formatAge(String(NOW - 12 * S), String(NOW))).toBe('12s');
  });

  it.each([['soon'], [''], ['-1']])('returns invalid %j as text', (then) => {
    expect(formatAge(then, NOW)).toBe(then);
  });

  it('returns the time as text when now is invalid', () => {
    expect(formatAge('123', 'now')).toBe('123');
  });
});

describe('formatRelative', () => {
  it.each([
    [NOW, 'just now'],
    [NOW - 999, 'just now'],
    [NOW + 999, 'just now'],
    [NOW - 12 * S, '12s ago'],
    [NOW - 3 * M, '3m ago'],
    [NOW - 2 * H - 1, '2h ago'],
    [NOW - 10 * D, '1w ago'],
    [NOW + 5 * M, 'in 5m'],
    [NOW + 5 * M + 30 * S, 'in 5m'],
    [NOW + 400 * D, 'in 1y'],
  ])('then %s → %s', (then, expected) => {
    expect(formatRelative(then, NOW)).toBe(expected);
  });

  it('returns invalid input as text', () => {
    expect(formatRelative('yesterday', NOW)).toBe('yesterday');
  });
});

describe('formatAbsolute and formatClock in UTC', () => {
  it.each([
    [NOW, '2026-11-21 12:04:33Z', '12:04:33'],
    [String(NOW), '2026-11-21 12:04:33Z', '12:04:33'],
    [0, '1970-01-01 00:00:00Z', '00:00:00'],
    [Date.UTC(2024, 1, 29, 23, 59, 59, 999), '2024-02-29 23:59:59Z', '23:59:59'],
    [Date.UTC(2000, 0, 1, 9, 5, 7), '2000-01-01 09:05:07Z', '09:05:07'],
  ])('%s → %s', (ms, absolute, clock) => {
    expect(formatAbsolute(ms, { utc: true })).toBe(absolute);
    expect(formatClock(ms, { utc: true })).toBe(clock);
  });

  it.each([['later'], [''], ['1.5']])('returns invalid %j unchanged', (ms) => {
    expect(formatAbsolute(ms, { utc: true })).toBe(ms);
    expect(formatAbsolute(ms)).toBe(ms);
    expect(formatClock(ms)).toBe(ms);
  });
});

describe('formatAbsolute and formatClock in local time', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it('uses the local fields of the date, with no suffix', () => {
    const d = new Date(NOW);
    const p = (n: number) => String(n).padStart(2, '0');
    const clock = `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    const date = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    expect(formatAbsolute(NOW)).toBe(`${date} ${clock}`);
    expect(formatClock(NOW)).toBe(clock);
  });

  it.each([
    // Node re-reads TZ when it changes. Offsets away from whole hours catch a UTC-only implementation.
    ['Asia/Kathmandu', '2026-11-21 17:49:33', '17:49:33'],
    ['America/St_Johns', '2026-11-21 08:34:33', '08:34:33'],
    ['Pacific/Kiritimati', '2026-11-22 02:04:33', '02:04:33'],
  ])('in %s', (tz, absolute, clock) => {
    process.env.TZ = tz;
    expect(formatAbsolute(NOW)).toBe(absolute);
    expect(formatClock(NOW)).toBe(clock);
    expect(formatAbsolute(NOW, { utc: true })).toBe('2026-11-21 12:04:33Z');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '0s'],
    [-5000, '0s'],
    [1, '1s'],
    [999, '1s'],
    [1000, '1s'],
    [1001, '2s'],
    [29 * S, '29s'],
    [59 * S + 1, '1m 00s'],
    [60 * S, '1m 00s'],
    [4 * M + 5 * S, '4m 05s'],
    [59 * M + 59 * S, '59m 59s'],
    [H, '1h 00m'],
    [3 * H + 12 * M, '3h 12m'],
    [3 * H + 2 * M + 59 * S, '3h 02m'],
    [D, '1d 0h'],
    [2 * D + 4 * H + 30 * M, '2d 4h'],
    [Number.NaN, 'NaN'],
  ])('%s ms → %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [0.5, '0s'],
    [850, '850ms'],
    [999.9, '999ms'],
    [1000, '1s'],
    [12 * S + 999, '12s'],
    [90 * S, '1m 30s'],
    [2 * M, '2m'],
    [2 * H, '2h'],
    [2 * H + 5 * M + 30 * S, '2h 5m'],
    [3 * D + 4 * H, '3d 4h'],
    [3 * D + 59 * M, '3d'],
    [-90 * S, '-1m 30s'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%s ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});
