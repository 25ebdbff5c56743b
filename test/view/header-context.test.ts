// The header's context (issue 18): the setup (profile, flags, env or DEMO) and the server's host on
// every width, one line; the clock, the key and role and the workspace name give way first; a long
// host is cut in its middle; a production profile says PRODUCTION.
import { describe, expect, it } from 'vitest';
import { glyphs } from '../../src/format/index.js';
import type { SessionSetup } from '../../src/store/index.js';
import { type HeaderInput, headerItems, headerLine } from '../../src/view/shell/header.js';
import { segmentsWidth } from '../../src/view/draw/line.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const LONG_HOST = 'api.very-long-subdomain-of-the-custody-service.eu-central-1.example.com';
const LONG_PROFILE = 'a-very-long-profile-name-of-sixty-four-characters-for-testing-xyz';

const SETUPS = {
  prod: { origin: 'profile', profile: 'ops-prod-eu', tone: 'production', host: LONG_HOST },
  flags: { origin: 'flags', host: '127.0.0.1:4010' },
  longEnv: { origin: 'env', profile: LONG_PROFILE, host: 'custody.example.com' },
  demo: { origin: 'demo', host: '127.0.0.1:4010' },
} satisfies Record<string, SessionSetup>;

function input(setup: SessionSetup, over: Partial<HeaderInput> = {}): HeaderInput {
  return {
    session: {
      workspaceId: 'ws-7h2k9q3x',
      workspaceName: 'Sandbox Treasury Operations Europe Central',
      keyId: 'k3f9a8b7c6',
      role: 'full-access',
      readOnly: false,
      connection: { kind: 'live', since: NOW - 5_000 },
      freshAt: NOW - 2_000,
      setup,
    },
    awaiting: 6,
    freshApprovals: 0,
    paused: false,
    now: NOW,
    glyphs: glyphs(false),
    ascii: false,
    ...over,
  };
}

const text = (i: HeaderInput, width: number) =>
  headerLine(i, width)
    .map((s) => s.text)
    .join('');

/** The clock, in whatever zone the test runs. */
const CLOCK = /\d\d:\d\d:\d\d/;

describe('headerLine: the setup and the host at every width', () => {
  // [setup, width, what the line shows, what it no longer shows]
  it.each<[keyof typeof SETUPS, number, (string | RegExp)[], (string | RegExp)[]]>([
    // What waits and whether the data is live shorten, they never go; the host is cut for them.
    ['prod', 60, ['ops-prod-eu PRODUCTION', 'api.ve…ple.com', '● live', '6 awaiting'], [CLOCK, 'key ', 'Sandbox', 'approval']],
    // The host is cut to 16 columns before the count of approvals gives way.
    ['prod', 80, ['ops-prod-eu PRODUCTION', 'api.very…ample.com', '● live', '6 awaiting approval · n'], [CLOCK, 'key ', 'Sandbox']],
    [
      'prod',
      120,
      ['ops-prod-eu PRODUCTION', 'api.very-long-s…al-1.example.com', '● live', '6 awaiting approval · n'],
      [CLOCK, 'key ', 'Sandbox'],
    ],
    [
      'prod',
      200,
      ['ops-prod-eu PRODUCTION', 'api.very-long-s…al-1.example.com', 'Sandbox Treasury', 'key k3f9… full-access', CLOCK],
      [],
    ],
    ['flags', 60, [/^ flags {2}127\.0\.0\.1:4010 {2}● live/], [CLOCK, 'key ', 'Sandbox']],
    ['flags', 80, [/^ flags {2}127\.0\.0\.1:4010 {2}● live/, '6 awaiting approval · n'], [CLOCK, 'key ', 'Sandbox']],
    ['flags', 120, ['flags  127.0.0.1:4010  Sandbox Treasury', '6 awaiting approval'], [CLOCK, 'key ']],
    ['flags', 200, ['custody  flags  127.0.0.1:4010', 'key k3f9… full-access', CLOCK, '6 awaiting approval'], []],
    // A 64-character profile is cut in its middle, keeping where it came from ("+env").
    ['longEnv', 60, ['a-very-long…ting-xyz+env', 'custo…le.com', '● live', '6 awaiting'], [CLOCK, 'Sandbox']],
    ['longEnv', 80, ['a-very-long…ting-xyz+env', 'custody…mple.com', '● live'], [CLOCK, 'Sandbox']],
    ['longEnv', 120, ['a-very-long…ting-xyz+env  custody.example.com', '6 awaiting approval'], [CLOCK, 'key ']],
    ['longEnv', 200, ['a-very-long…ting-xyz+env  custody.example.com', CLOCK, 'key k3f9…'], []],
    ['demo', 60, [/^ {2}DEMO {3}127\.0\.0\.1:4010 {2}● live/], [CLOCK, 'Sandbox']],
    ['demo', 80, ['DEMO   127.0.0.1:4010  ● live', '6 awaiting approval'], [CLOCK, 'Sandbox']],
    ['demo', 120, ['DEMO   127.0.0.1:4010  Sandbox Treasury', '6 awaiting approval'], [CLOCK]],
    ['demo', 200, ['DEMO   127.0.0.1:4010', CLOCK, 'key k3f9…'], []],
  ])('%s at %i columns', (setup, width, shown, gone) => {
    const line = text(input(SETUPS[setup]), width);
    expect(segmentsWidth([{ text: line }])).toBeLessThanOrEqual(width);
    expect(line).not.toMatch(/\n/);
    for (const s of shown) expect(line).toMatch(typeof s === 'string' ? new RegExp(escape(s)) : s);
    for (const s of gone) expect(line).not.toMatch(typeof s === 'string' ? new RegExp(escape(s)) : s);
  });

  it.each([30, 40, 50])('even at %i columns: one line, the setup first and the host after it, cut', (width) => {
    const line = text(input(SETUPS.prod), width);
    expect(segmentsWidth([{ text: line }])).toBeLessThanOrEqual(width);
    expect(line.startsWith(' ops-prod-eu PRODUCTION')).toBe(true);
    expect(line).toContain('…');
  });

  it('with every badge on at 80 columns, the setup, host, badges and count all stand, shortened', () => {
    const i = input(SETUPS.flags, { paused: true, held: 3 });
    const line = text({ ...i, session: { ...i.session, readOnly: true } }, 80);
    expect(line).toMatch(/^ flags {2}127\.0\.0\.1:4010 {2}● live {3}PAUSED {2}3 held {3}READ-ONLY/);
    expect(line).toMatch(/6 awaiting $/);
  });

  it('the host is bounded before anything measures it (a 10,000-character host)', () => {
    const items = headerItems(input({ origin: 'flags', host: `${'a'.repeat(10_000)}.example.com` }));
    const widest = Math.max(...items.map((i) => segmentsWidth(i.segments)));
    expect(widest).toBeLessThanOrEqual(40);
    expect(text(input({ origin: 'flags', host: `${'a'.repeat(10_000)}.example.com` }), 80)).toMatch(/^ flags {2}a{15}…a{4}\.example\.com {2}● live/);
  });

  it('PRODUCTION is its own danger-toned segment (the words stay without color)', () => {
    const items = headerItems(input(SETUPS.prod));
    const segments = items.flatMap((i) => i.segments);
    expect(segments).toContainEqual({ text: 'PRODUCTION', token: 'danger' });
    expect(text(input(SETUPS.flags), 200)).not.toContain('PRODUCTION');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
