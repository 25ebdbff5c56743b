// The messages overlay (`m`): the last messages said, newest first, each whole with its time, its
// mark, its count and whether its cause has cleared; scrolled with the moving keys, closed with
// m, esc or q.
import { afterEach, describe, expect, it } from 'vitest';
import {
  addNotice,
  clearCauses,
  MAX_MESSAGES,
  type Notice,
  type NoticeBook,
  type NoticeSpec,
  withNotice,
} from '../../src/store/index.js';
import { KEYMAP } from '../../src/view/shell/keymap.js';
import { findBinding, isPresent } from '../../src/view/keys/match.js';
import type { KeyContext } from '../../src/view/keys/types.js';
import { messageLines } from '../../src/view/messages/lines.js';
import { helpLines } from '../../src/view/shell/help.js';
import { KEYS, NOW, type Rendered, renderApp, settle } from './helpers.js';

const GLYPHS = { warning: '⚠', cross: '✗', bullet: '●', check: '✓' };
/** NOW is 12:00:00 UTC. */
const at = (seconds: number) => NOW + seconds * 1000;

function history(steps: readonly (readonly [number, NoticeSpec | { clear: string }])[]): readonly Notice[] {
  let book: NoticeBook = { notices: [], messages: [] };
  for (const [s, step] of steps) {
    book = 'clear' in step ? clearCauses(book, [step.clear], at(s)) : addNotice(book, step, at(s));
  }
  return book.messages;
}

const text = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join(''));

describe('messageLines', () => {
  const down: NoticeSpec = {
    level: 'warn',
    text: 'cannot reach the server: 127.0.0.1:4000: connect ECONNREFUSED',
    key: 'network',
    cause: 'server',
    detail: 'polling prices: cannot reach the server (GET /symbol-prices): 127.0.0.1:4000: connect ECONNREFUSED',
  };

  it.each<[string, (readonly [number, NoticeSpec | { clear: string }])[], number, string[]]>([
    ['nothing said yet', [], 80, [' nothing has been said yet']],
    [
      'newest first, each with its local time and mark',
      [
        [1, { level: 'info', text: 'copied the id', key: 'copy' }],
        [2, { level: 'error', text: 'logged out', key: 'out' }],
      ],
      80,
      [' 12:00:02  ✗ logged out', ' 12:00:01  ● copied the id'],
    ],
    [
      'a repeat: its count and since when; its cause cleared: when; its detail',
      [
        [1, down],
        [3, down],
        [9, { clear: 'server' }],
      ],
      80,
      [
        ' 12:00:03  ⚠ cannot reach the server: 127.0.0.1:4000: connect ECONNREFUSED (x2',
        '             since 12:00:01)',
        '             ✓ over at 12:00:09',
        '             polling prices: cannot reach the server (GET /symbol-prices):',
        '             127.0.0.1:4000: connect ECONNREFUSED',
      ],
    ],
    [
      'wrapped to the width, never cut',
      [[1, { level: 'warn', text: 'the audit log could not be written: /home/op/.local/state/custody/audit.log is readable by others' }]],
      54,
      [
        ' 12:00:01  ⚠ the audit log could not be written:',
        '             /home/op/.local/state/custody/audit.log',
        '             is readable by others',
      ],
    ],
  ])('%s', (_name, steps, width, want) => {
    const lines = text(messageLines(history(steps), { width, glyphs: GLYPHS, utc: true }));
    expect(lines).toEqual(want);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(width);
  });
});

describe('the key', () => {
  const context = (mode: KeyContext['mode']): KeyContext => ({
    mode,
    pane: 'transactions',
    detail: false,
    readOnly: false,
    role: 'full-access',
    forbidden: new Set(),
    paused: false,
    follow: false,
    hasFilter: false,
    selected: () => undefined,
  });

  it.each<[KeyContext['mode'], string, string | undefined]>([
    ['normal', 'm', 'messages'],
    ['messages', 'm', 'messages'],
    ['messages', 'esc', 'close'],
    ['messages', 'q', 'close'],
    ['messages', 'j', 'down'],
    ['messages', 'G', 'bottom'],
    ['messages', 'ctrl+c', 'interrupt'],
    ['messages', 'd', undefined],
    ['filter', 'm', undefined],
  ])('%s: %s → %s', (mode, key, id) => {
    expect(findBinding(KEYMAP, key, context(mode))?.id).toBe(id);
  });

  it('no key means two things in the overlay', () => {
    const seen = new Map<string, string>();
    for (const b of KEYMAP.filter((x) => isPresent(x, context('messages')))) {
      for (const k of b.keys) {
        expect(seen.get(k), k).toBeUndefined();
        seen.set(k, b.id);
      }
    }
  });

  it('the help lists it', () => {
    const help = text(helpLines(KEYMAP, { readOnly: false, role: 'full-access', forbidden: new Set() }, false));
    expect(help.join('\n')).toMatch(new RegExp(`m +the last ${MAX_MESSAGES} messages of the status line, whole`));
  });
});

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

/** The overlay's message lines (each starts with its time). */
function listed(a: Rendered): string[] {
  return a.lines().filter((l) => /^ \d\d:\d\d:\d\d {2}/.test(l));
}

function say(a: Rendered, spec: NoticeSpec, seconds: number): void {
  a.stores.session.setState(withNotice(a.stores.session.getState(), spec, at(seconds)));
}

describe('the overlay', () => {
  it('m opens it over the pane, the moving keys scroll it, m, esc and q close it', async () => {
    const a = (app = renderApp({ columns: 80, rows: 24 }));
    await settle();
    for (let i = 1; i <= 60; i++) say(a, { level: i % 2 === 0 ? 'warn' : 'info', text: `message number ${i}` }, i);
    await a.press('m');
    expect(a.mode()).toBe('messages');
    expect(a.frame()).toContain(`Messages  the last ${MAX_MESSAGES}, newest first; m or esc closes`);
    // Local time, as the person reads a clock: the test runs in whatever zone the machine has.
    const clock = (s: number) => new Date(at(s)).toTimeString().slice(0, 8);
    expect(listed(a)[0]).toBe(` ${clock(60)}  ⚠ message number 60`);
    expect(listed(a)[1]).toBe(` ${clock(59)}  ● message number 59`);
    expect(a.frame()).toMatch(/▼ \d+ more/);
    await a.press('G');
    // The last 50: number 11 is the oldest kept.
    expect(listed(a).at(-1)).toContain('message number 11');
    expect(listed(a).join('\n')).not.toContain('message number 60');
    await a.press('g', 'j');
    expect(listed(a)[0]).toContain('message number 59');
    await a.press('m');
    expect(a.mode()).toBe('normal');
    for (const key of [KEYS.esc, 'q']) {
      await a.press('m');
      expect(a.mode()).toBe('messages');
      // It opens on the newest again.
      expect(listed(a)[0]).toContain('message number 60');
      await a.press(key);
      expect(a.mode()).toBe('normal');
    }
    expect(a.rec.quits).toBe(0);
  });

  it('a message cut on the status line is whole in the overlay', async () => {
    const a = (app = renderApp({ columns: 80, rows: 24 }));
    await settle();
    const long =
      'reading transactions: the server failed (500 Internal Server Error) on GET /workspaces/ws-7/transactions; ' +
      'try again later: the database is being restarted';
    say(a, { level: 'warn', text: long, key: 'http:500', cause: 'read:reading transactions' }, 1);
    await settle();
    const status = a.lines().at(-2)!;
    expect(status).toContain('…');
    expect(status).toMatch(/ m messages$/);
    await a.press('m');
    const whole = a
      .lines()
      .map((l) => l.replace(/^ \d\d:\d\d:\d\d {2}⚠ /, '').trim())
      .join(' ');
    expect(whole).toContain(long);
  });
});
