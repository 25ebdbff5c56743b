// The notice book: what counts as the same message, what a cause clears, and the bounded history.
import { describe, expect, it } from 'vitest';
import {
  addNotice,
  awaitsCause,
  clearAnswers,
  clearCauses,
  CONNECTION_CAUSE,
  dropNotice,
  initialSession,
  isStanding,
  MAX_MESSAGES,
  MAX_NOTICES,
  type NoticeBook,
  type NoticeSpec,
  withAnswersCleared,
  withCauseCleared,
  withConnection,
  withNotice,
} from '../../src/store/index.js';

const empty: NoticeBook = { notices: [], messages: [] };

/** Says each spec at times 1, 2, 3 ... */
function say(specs: readonly NoticeSpec[], book = empty): NoticeBook {
  return specs.reduce((b, spec, i) => addNotice(b, spec, i + 1), book);
}

const warn = (text: string, key?: string, more: Partial<NoticeSpec> = {}): NoticeSpec => ({
  level: 'warn',
  text,
  ...(key !== undefined ? { key } : {}),
  ...more,
});

describe('addNotice: the same message counts, other words replace', () => {
  it.each<[string, NoticeSpec[], { live: [string, number][]; history: [string, number][] }]>([
    ['without a key every notice is its own', [warn('a'), warn('a')], { live: [['a', 1], ['a', 1]], history: [['a', 1], ['a', 1]] }],
    [
      'same key, same words: one notice counted, the history holds it once',
      [warn('down', 'net'), warn('down', 'net'), warn('down', 'net')],
      { live: [['down', 3]], history: [['down', 3]] },
    ],
    [
      'same key, other words: replaced, counted from 1; both are in the history',
      [warn('loading accounts failed', 'k'), warn('loading accounts failed', 'k'), warn('polling prices failed', 'k')],
      { live: [['polling prices failed', 1]], history: [['loading accounts failed', 2], ['polling prices failed', 1]] },
    ],
    [
      'same key, same words, another level: another message',
      [warn('x', 'k'), { level: 'error', text: 'x', key: 'k' }],
      { live: [['x', 1]], history: [['x', 1], ['x', 1]] },
    ],
    [
      'a repeat moves last in both lists',
      [warn('a', 'ka'), warn('b', 'kb'), warn('a', 'ka')],
      { live: [['b', 1], ['a', 2]], history: [['b', 1], ['a', 2]] },
    ],
    [
      'different keys with the same words are different notices',
      [warn('x', 'k1'), warn('x', 'k2')],
      { live: [['x', 1], ['x', 1]], history: [['x', 1], ['x', 1]] },
    ],
  ])('%s', (_name, specs, want) => {
    const book = say(specs);
    expect(book.notices.map((n) => [n.text, n.count])).toEqual(want.live);
    expect(book.messages.map((n) => [n.text, n.count])).toEqual(want.history);
  });

  it('a repeat keeps its id and first time, takes the newest time and detail', () => {
    const book = say([warn('down', 'net', { detail: 'GET /a' }), warn('down', 'net', { detail: 'GET /b' })]);
    const [n] = book.notices;
    expect(n).toMatchObject({ since: 1, at: 2, count: 2, detail: 'GET /b' });
    expect(book.messages[0]!.id).toBe(n!.id);
  });

  it('keeps MAX_NOTICES live and MAX_MESSAGES in the history, oldest dropped first', () => {
    const book = say(Array.from({ length: 60 }, (_, i) => warn(`n${i}`)));
    expect(book.notices).toHaveLength(MAX_NOTICES);
    expect(book.messages).toHaveLength(MAX_MESSAGES);
    expect(book.notices[0]!.text).toBe(`n${60 - MAX_NOTICES}`);
    expect(book.messages[0]!.text).toBe(`n${60 - MAX_MESSAGES}`);
    expect(new Set(book.messages.map((m) => m.id)).size).toBe(MAX_MESSAGES);
  });
});

describe('clearCauses: a notice ends when its cause reports success', () => {
  const book = say([
    warn('cannot reach the server', 'network', { cause: 'server' }),
    warn('loading accounts: not found', 'http:404:accounts', { cause: 'read:loading accounts' }),
    warn('skipped a malformed live update', 'frame'),
    warn('the clock is off', 'clock', { sticky: true }),
  ]);

  const [down, notFound, malformed, clock] = book.notices.map((n) => n.text);
  it.each<[string, string[], (string | undefined)[]]>([
    ['the server answered', ['server', 'auth', 'busy'], [notFound, malformed, clock]],
    ['that read worked', ['read:loading accounts'], [down, malformed, clock]],
    ['another read worked', ['read:polling prices'], [down, notFound, malformed, clock]],
    ['both', ['server', 'read:loading accounts'], [malformed, clock]],
  ])('%s', (_name, causes, live) => {
    const after = clearCauses(book, causes, 100);
    expect(after.notices.map((n) => n.text)).toEqual(live);
    // The history keeps every message; the cleared ones say when.
    expect(after.messages).toHaveLength(4);
    const cleared = after.messages.filter((m) => m.clearedAt !== undefined).map((m) => m.text);
    expect(cleared).toEqual(book.notices.filter((n) => !live.includes(n.text)).map((n) => n.text));
    expect(after.messages.every((m) => m.clearedAt === undefined || m.clearedAt === 100)).toBe(true);
  });

  it('nothing to clear: the same book (no store write); cleared twice: cleared once', () => {
    expect(clearCauses(book, ['socket'], 100)).toBe(book);
    const once = clearCauses(book, ['server'], 100);
    expect(clearCauses(once, ['server'], 200)).toBe(once);
    expect(awaitsCause(book.notices, ['server'])).toBe(true);
    expect(awaitsCause(once.notices, ['server'])).toBe(false);
  });

  it('the same failure after it cleared is a new message, counted from 1', () => {
    const cleared = clearCauses(say([warn('down', 'net', { cause: 'server' }), warn('down', 'net', { cause: 'server' })]), ['server'], 10);
    const again = addNotice(cleared, warn('down', 'net', { cause: 'server' }), 11);
    expect(again.notices.map((n) => [n.text, n.count])).toEqual([['down', 1]]);
    expect(again.messages.map((m) => [m.count, m.clearedAt])).toEqual([
      [2, 10],
      [1, undefined],
    ]);
  });

  it.each<[string, Partial<NoticeSpec>, boolean]>([
    ['a cause', { cause: 'server' }, true],
    ['sticky', { sticky: true }, true],
    ['an event', {}, false],
  ])('isStanding: %s → %s', (_name, more, standing) => {
    expect(isStanding(say([warn('x', 'k', more)]).notices[0]!)).toBe(standing);
  });
});

describe('clearAnswers: an answer to a command ends with the next command', () => {
  const book = say([
    warn('cannot reach the server', 'network', { cause: 'server' }),
    warn("unknown word 'waitng': did you mean waiting-approval?", 'view-command', { answer: true }),
    warn('not declined: connection refused', 'action-1', { answer: true, cause: 'server' }),
    warn('skipped a malformed live update', 'frame'),
    warn('the clock is off', 'clock', { sticky: true }),
  ]);

  it('the answers go, whatever else they wait for; the rest stays; the history keeps them all', () => {
    const after = clearAnswers(book);
    expect(after.notices.map((n) => n.text)).toEqual([
      'cannot reach the server',
      'skipped a malformed live update',
      'the clock is off',
    ]);
    expect(after.messages).toBe(book.messages);
  });

  it('an answer waiting for the connection also ends when the connection is back', () => {
    expect(clearCauses(book, ['server'], 9).notices.map((n) => n.text)).not.toContain('not declined: connection refused');
  });

  it.each<[string, 'live' | 'polling', boolean]>([
    ['back live: it ends', 'live', true],
    ['polling is not live: it stays', 'polling', false],
  ])('a refusal the connection caused, the connection %s', (_name, kind, ends) => {
    let st = initialSession({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0 });
    st = withConnection(st, { kind: 'reconnecting', attempt: 1 }, 1);
    st = withNotice(st, warn('not declined: connection refused', 'action-1', { answer: true, cause: CONNECTION_CAUSE }), 2);
    st = withNotice(st, warn('the clock is off', 'clock', { sticky: true }), 3);
    const after = withConnection(st, { kind }, 4);
    expect(after.notices.some((n) => n.text.startsWith('not declined'))).toBe(!ends);
    expect(after.notices.some((n) => n.text === 'the clock is off')).toBe(true);
    // Live already: nothing to clear, the same state.
    expect(withConnection(after, { kind }, 5)).toBe(after);
  });

  it('no answer live: the same book, the same session (no store write)', () => {
    const quiet = clearAnswers(book);
    expect(clearAnswers(quiet)).toBe(quiet);
    const s = withNotice(initialSession({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0 }), warn('down', 'net'), 1);
    expect(withAnswersCleared(s)).toBe(s);
    const answered = withNotice(s, warn('typo', 'view-command', { answer: true }), 2);
    expect(withAnswersCleared(answered).notices.map((n) => n.text)).toEqual(['down']);
  });
});

describe('the session reducers over the book', () => {
  const start = () => initialSession({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0 });

  it('withCauseCleared returns the same state when nothing waits for the cause', () => {
    const s = withNotice(start(), warn('down', 'net', { cause: 'server' }), 1);
    expect(withCauseCleared(s, 'busy', 2)).toBe(s);
    const cleared = withCauseCleared(s, ['busy', 'server'], 2);
    expect(cleared.notices).toEqual([]);
    expect(cleared.messages[0]!.clearedAt).toBe(2);
  });

  it('dropNotice takes a live notice away and keeps it in the history', () => {
    const book = say([warn('a'), warn('b')]);
    const dropped = dropNotice(book, book.notices[0]!.id);
    expect(dropped.notices.map((n) => n.text)).toEqual(['b']);
    expect(dropped.messages).toHaveLength(2);
    expect(dropNotice(dropped, -1)).toBe(dropped);
  });
});
