import { describe, expect, it } from 'vitest';
import { createSkewTracker } from '../../src/client/headers.js';
import {
  CLOCK_SKEW_LIMIT_MS,
  DEFAULT_RECONNECT_POLICY,
  parseRetryAfter,
  type ReconnectDecision,
  reconnectDecision,
} from '../../src/client/index.js';

describe('reconnectDecision (wire notes §6)', () => {
  const table: [string, { code: number; livedMs: number; failures: number }, ReconnectDecision][] = [
    ['4000 logged out: never', { code: 4000, livedMs: 0, failures: 0 }, { reconnect: false }],
    ['4000 even after a long life', { code: 4000, livedMs: 60_000, failures: 3 }, { reconnect: false }],
    [
      '4001 token refresh: 1 s',
      { code: 4001, livedMs: 0, failures: 4 },
      { reconnect: true, delayMs: 1_000, failures: 0 },
    ],
    [
      '4001 after a long life: still 1 s',
      { code: 4001, livedMs: 90_000, failures: 0 },
      { reconnect: true, delayMs: 1_000, failures: 0 },
    ],
    [
      '1006 after 30 s: at once',
      { code: 1006, livedMs: 30_000, failures: 5 },
      { reconnect: true, delayMs: 0, failures: 0 },
    ],
    [
      '1000 from the server after a long life: at once',
      { code: 1000, livedMs: 45_000, failures: 0 },
      { reconnect: true, delayMs: 0, failures: 0 },
    ],
    [
      '1006 short-lived, first failure: 1 s',
      { code: 1006, livedMs: 29_999, failures: 0 },
      { reconnect: true, delayMs: 1_000, failures: 1 },
    ],
    [
      'failed connect (never opened), second failure: 2 s',
      { code: 1006, livedMs: 0, failures: 1 },
      { reconnect: true, delayMs: 2_000, failures: 2 },
    ],
    [
      '1001 going away, fifth failure: 5 s',
      { code: 1001, livedMs: 10, failures: 4 },
      { reconnect: true, delayMs: 5_000, failures: 5 },
    ],
    [
      '1011 tenth failure: 10 s',
      { code: 1011, livedMs: 0, failures: 9 },
      { reconnect: true, delayMs: 10_000, failures: 10 },
    ],
    [
      '1012 capped at 10 s',
      { code: 1012, livedMs: 0, failures: 30 },
      { reconnect: true, delayMs: 10_000, failures: 31 },
    ],
    [
      '1013 try again later',
      { code: 1013, livedMs: 0, failures: 2 },
      { reconnect: true, delayMs: 3_000, failures: 3 },
    ],
  ];
  it.each(table)('%s', (_name, facts, expected) => {
    expect(reconnectDecision(facts)).toEqual(expected);
  });

  it.each<[string, { code: number; livedMs: number; failures: number; framesTooLarge: number }, ReconnectDecision]>([
    ['a frame too large, the first: 30 s', { code: 1006, livedMs: 100, failures: 0, framesTooLarge: 1 }, { reconnect: true, delayMs: 30_000, failures: 1 }],
    ['the second in a row: 1 min', { code: 1006, livedMs: 100, failures: 1, framesTooLarge: 2 }, { reconnect: true, delayMs: 60_000, failures: 2 }],
    ['the fourth: 4 min', { code: 1009, livedMs: 0, failures: 3, framesTooLarge: 4 }, { reconnect: true, delayMs: 240_000, failures: 4 }],
    ['capped at 5 min', { code: 1006, livedMs: 0, failures: 40, framesTooLarge: 40 }, { reconnect: true, delayMs: 300_000, failures: 41 }],
    ['however long the socket lived (the frame comes again)', { code: 1006, livedMs: 90_000, failures: 0, framesTooLarge: 1 }, { reconnect: true, delayMs: 30_000, failures: 1 }],
    ['0: not a frame too large, the usual rules', { code: 1006, livedMs: 90_000, failures: 0, framesTooLarge: 0 }, { reconnect: true, delayMs: 0, failures: 0 }],
    ['4000 still means logged out', { code: 4000, livedMs: 0, failures: 0, framesTooLarge: 3 }, { reconnect: false }],
  ])('%s', (_name, facts, expected) => {
    expect(reconnectDecision(facts)).toEqual(expected);
  });

  it('the delay sequence of consecutive failures: 1, 2, ... 10, 10 s', () => {
    const delays: number[] = [];
    let failures = 0;
    for (let i = 0; i < 12; i++) {
      const d = reconnectDecision({ code: 1006, livedMs: 0, failures });
      if (!d.reconnect) throw new Error('expected a reconnect');
      delays.push(d.delayMs);
      failures = d.failures;
    }
    expect(delays).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10].map((s) => s * 1_000));
  });

  it('takes a custom policy', () => {
    const policy = {
      ...DEFAULT_RECONNECT_POLICY,
      reconnectStepMs: 100,
      reconnectMaxMs: 250,
      longLivedMs: 500,
    };
    expect(reconnectDecision({ code: 1006, livedMs: 499, failures: 2 }, policy)).toEqual({
      reconnect: true,
      delayMs: 250,
      failures: 3,
    });
    expect(reconnectDecision({ code: 1006, livedMs: 500, failures: 2 }, policy)).toMatchObject({
      delayMs: 0,
    });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-06-06T12:00:00Z');
  it.each([
    [null, undefined],
    ['', undefined],
    ['soon', undefined],
    ['-1', undefined],
    ['0', 0],
    ['1', 1],
    [' 120 ', 120],
    ['Fri, 06 Jun 2025 12:00:30 GMT', 30],
    ['Fri, 06 Jun 2025 11:59:00 GMT', 0],
  ])('%j → %j', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});

describe('skew tracker', () => {
  it('reports once per entry beyond the limit', () => {
    let local = Date.parse('2025-06-06T12:00:00Z');
    const reports: number[] = [];
    const t = createSkewTracker(
      () => local,
      (ms) => reports.push(ms),
    );
    const date = (offsetMs: number) => new Date(local + offsetMs).toUTCString();
    t.observe(null);
    t.observe('garbage');
    expect(t.skewMs).toBeUndefined();
    t.observe(date(CLOCK_SKEW_LIMIT_MS));
    expect(reports).toEqual([]);
    t.observe(date(-45_000));
    t.observe(date(-46_000));
    expect(reports).toEqual([-45_000]);
    t.observe(date(1_000));
    t.observe(date(120_000));
    expect(reports).toEqual([-45_000, 120_000]);
    expect(t.skewMs).toBe(120_000);
    local += 1;
  });

  it('a listener that throws does not break it', () => {
    const t = createSkewTracker(
      () => 0,
      () => {
        throw new Error('bug');
      },
    );
    expect(() => t.observe(new Date(60_000).toUTCString())).not.toThrow();
  });
});
