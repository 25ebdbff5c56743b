// The status line: which notice it shows (the newest while it holds, else the newest standing one),
// how a long one is cut and points at `m`, and an action's outcome that the audit log could not
// record: both said, in the dialog and on the status line, and not faded like a plain success.
import { afterEach, describe, expect, it } from 'vitest';
import { DECISION_DELAY_MS } from '../../src/view/keys/decision.js';
import { addNotice, type Notice, type NoticeBook, type NoticeSpec, withNotice } from '../../src/store/index.js';
import type { ActionOutcome } from '../../src/view/dialog/outcome.js';
import { hasFaded, NOTICE_TTL_MS, noticeSegments, pickNotice } from '../../src/view/draw/status-line.js';
import { KEYS, NOW, type Rendered, renderApp, settle, tx } from './helpers.js';

const GLYPHS = { warning: '⚠', cross: '✗', bullet: '●' };

function book(specs: readonly NoticeSpec[]): readonly Notice[] {
  return specs.reduce<NoticeBook>((b, s, i) => addNotice(b, s, NOW + i), { notices: [], messages: [] }).notices;
}

const info = (text: string): NoticeSpec => ({ level: 'info', text, key: text });
const warn = (text: string): NoticeSpec => ({ level: 'warn', text, key: text });
const down: NoticeSpec = { level: 'warn', text: 'cannot reach the server', key: 'network', cause: 'server' };
const skew: NoticeSpec = { level: 'warn', text: 'the clock is off', key: 'clock', sticky: true };
const audit: NoticeSpec = { level: 'error', text: 'the audit log could not be written', key: 'audit', cause: 'audit:write' };

describe('pickNotice', () => {
  it.each<[string, NoticeSpec[], boolean, string | undefined, number]>([
    ['nothing said', [], false, undefined, 0],
    ['the newest, while it holds', [info('copied')], false, 'copied', 0],
    ['a faded info shows nothing when nothing stands behind it', [info('copied')], true, undefined, 0],
    ['a newer info hides a standing problem for a while, counting it', [down, info('copied')], false, 'copied', 1],
    ['then the standing problem comes back', [down, info('copied')], true, 'cannot reach the server', 0],
    ['an event warning superseded by a faded info does not come back', [warn('d: not waiting'), info('copied')], true, undefined, 0],
    ['the newest standing one comes back, the others counted', [down, skew, info('copied')], true, 'the clock is off', 1],
    ['an event warning holds while it is the newest', [down, audit, warn('unknown command :x')], false, 'unknown command :x', 2],
  ])('%s', (_name, specs, newestFaded, shown, more) => {
    const pick = pickNotice(book(specs), newestFaded);
    expect(pick.shown?.text).toBe(shown);
    expect(pick.more).toBe(more);
  });

  it.each<[string, NoticeSpec, number, boolean]>([
    ['an info within its time', info('x'), NOTICE_TTL_MS - 1, false],
    ['an info after it', info('x'), NOTICE_TTL_MS, true],
    ['a warning never fades', warn('x'), NOTICE_TTL_MS * 100, false],
    ['a standing info never fades', { ...info('x'), cause: 'server' }, NOTICE_TTL_MS * 100, false],
  ])('hasFaded: %s', (_name, spec, age, faded) => {
    const [n] = book([spec]);
    expect(hasFaded(n!, n!.at + age)).toBe(faded);
  });
});

describe('noticeSegments', () => {
  const text = (segments: { text: string }[]) => segments.map((s) => s.text).join('');
  const [long] = book([{ level: 'warn', text: `loading accounts: ${'very long words '.repeat(8).trim()}`, key: 'k' }]);
  const counted = { ...long!, count: 4 };

  it.each<[string, Notice, number, number, string]>([
    ['fits: the whole notice, nothing on the right', { ...long!, text: 'short' }, 60, 0, ' ⚠ short'],
    ['fits with a count', { ...counted, text: 'short' }, 60, 0, ' ⚠ short (x4)'],
    ['fits, but problems stand behind it', { ...long!, text: 'short' }, 40, 2, ' ⚠ short            +2 more  m messages '],
    ['cut: an ellipsis, and the key that reads it whole', long!, 60, 0, ' ⚠ loading accounts: very long words very long … m messages '],
    ['cut with a count: the count stays', counted, 60, 0, ' ⚠ loading accounts: very long words very … (x4) m messages '],
    ['cut, with problems behind it', long!, 60, 1, ' ⚠ loading accounts: very long words v… +1 more  m messages '],
  ])('%s', (_name, notice, width, more, want) => {
    const line = text(noticeSegments(notice, GLYPHS, width, more));
    expect(line).toBe(want);
    expect([...line].length).toBeLessThanOrEqual(width);
  });
});

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const W1 = 'tx-w1-7f3a9c2e5b1d';
const LAST4 = '5b1d';

function statusLine(a: Rendered): string {
  return a.lines().at(-2) ?? '';
}

function say(a: Rendered, spec: NoticeSpec, at = NOW): void {
  a.stores.session.setState(withNotice(a.stores.session.getState(), spec, at));
}

describe('on screen', () => {
  it('a standing problem behind a newer message is counted, and returns when the message fades', async () => {
    let now = NOW;
    const a = (app = renderApp({ columns: 100, rows: 30, now: () => now }));
    await settle();
    say(a, down);
    say(a, { level: 'info', text: 'copied the id', key: 'view-copy' });
    await settle();
    expect(statusLine(a)).toMatch(/^ ● copied the id +\+1 more {2}m messages$/);
    now = NOW + NOTICE_TTL_MS + 1_000;
    await new Promise((r) => setTimeout(r, 1_100));
    await settle();
    expect(statusLine(a)).toMatch(/^ ⚠ cannot reach the server$/);
  });

  it('approved, but the audit log could not be written: both in the dialog, both on the status line', async () => {
    let now = NOW;
    const why = '/home/op/.local/state/custody/audit.log is readable by others; to fix: chmod 600 it';
    const outcome: ActionOutcome = { kind: 'done', transaction: { ...tx(W1), status: 'approved' }, auditFailure: why };
    const a = (app = renderApp({
      columns: 120,
      rows: 30,
      now: () => now,
      script: {
        // The live engine says the log's failure as a standing notice before the outcome returns.
        approve: () => {
          say(a, { ...audit, text: `the audit log could not be written: ${why}` }, now);
          return Promise.resolve(outcome);
        },
      },
    }));
    a.ui.getState().patchList('transactions', { selectedId: W1 });
    await a.press('a');
    await a.type(LAST4);
    now += DECISION_DELAY_MS; // a person reads the question first (keys/decision.ts)
    await a.press(KEYS.enter);
    await settle();
    expect(a.frame()).toMatch(/✓ approved/);
    expect(a.frame()).toContain('⚠ the audit log could not be written: /home/op/.local/state/custody/audit.log is');
    await a.press(KEYS.enter);
    // One line says both, as a warning; the log's own notice stands behind it.
    expect(statusLine(a)).toMatch(new RegExp(`^ ⚠ ${W1}: approved; the audit log could not be written: .*… +\\+1 more {2}m messages$`));
    now += NOTICE_TTL_MS * 3;
    await new Promise((r) => setTimeout(r, 1_100));
    await settle();
    expect(statusLine(a)).toContain(`${W1}: approved; the audit log could not be written`);
    // m reads both whole.
    await a.press('m');
    expect(a.frame()).toContain('chmod 600 it');
    expect(a.frame().split('chmod 600 it').length).toBe(3);
  });

  it('a plain success still fades', async () => {
    let now = NOW;
    const outcome: ActionOutcome = { kind: 'done', transaction: { ...tx(W1), status: 'approved' } };
    const a = (app = renderApp({ columns: 120, rows: 30, now: () => now, script: { approve: () => Promise.resolve(outcome) } }));
    a.ui.getState().patchList('transactions', { selectedId: W1 });
    await a.press('a');
    await a.type(LAST4);
    now += DECISION_DELAY_MS; // a person reads the question first (keys/decision.ts)
    await a.press(KEYS.enter);
    await settle();
    await a.press(KEYS.enter);
    expect(statusLine(a)).toBe(` ● ${W1}: approved`);
    now += NOTICE_TTL_MS + 1_000;
    await new Promise((r) => setTimeout(r, 1_100));
    await settle();
    expect(statusLine(a).trim()).toBe('');
  });
});
