// Session reducers: keyed notices, connection state with `since`, freshness, degraded.
import { describe, expect, it } from 'vitest';
import {
  type Connection,
  createSessionStore,
  initialSession,
  type SessionState,
  withConnection,
  withDegraded,
  withForbidden,
  withFreshAt,
  withNotice,
  withoutNotice,
  withWorkspaceName,
} from '../../src/store/index.js';

const start = () => initialSession({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0 });

describe('initialSession', () => {
  it('starts connecting, not demo, not read-only, without optional fields', () => {
    const s = start();
    expect(s.connection).toEqual({ kind: 'connecting', since: 0 });
    expect([s.demo, s.readOnly, s.notices, s.forbidden.size]).toEqual([false, false, [], 0]);
    expect('keyId' in s || 'role' in s || 'profile' in s).toBe(false);
  });
});

describe('withNotice', () => {
  it.each<[string, { text: string; key?: string }[], { texts: string[]; counts: number[] }]>([
    ['unkeyed notices pile up', [{ text: 'a' }, { text: 'a' }], { texts: ['a', 'a'], counts: [1, 1] }],
    ['a repeat of a key is counted, not repeated', [{ text: 'x', key: 'k' }, { text: 'x', key: 'k' }, { text: 'x', key: 'k' }], { texts: ['x'], counts: [3] }],
    // (x2) would say "these words twice": other words of the same key start again at 1.
    ['the newest text of a key replaces it, moves last and counts from 1', [{ text: 'x1', key: 'k' }, { text: 'other' }, { text: 'x2', key: 'k' }], { texts: ['other', 'x2'], counts: [1, 1] }],
    ['the same words again count, wherever they were', [{ text: 'x', key: 'k' }, { text: 'other' }, { text: 'x', key: 'k' }], { texts: ['other', 'x'], counts: [1, 2] }],
    ['different keys are different notices', [{ text: 'a', key: 'k1' }, { text: 'b', key: 'k2' }, { text: 'a', key: 'k1' }], { texts: ['b', 'a'], counts: [1, 2] }],
  ])('%s', (_name, notices, want) => {
    let s = start();
    notices.forEach((n, i) => (s = withNotice(s, { level: 'warn', ...n }, i)));
    expect(s.notices.map((n) => n.text)).toEqual(want.texts);
    expect(s.notices.map((n) => n.count)).toEqual(want.counts);
  });

  it('gives every notice a new id and time, keeps at most 20, and removes by id', () => {
    let s = start();
    for (let i = 0; i < 25; i++) s = withNotice(s, { level: 'info', text: `n${i}` }, i);
    expect(s.notices).toHaveLength(20);
    expect(s.notices[0]!.text).toBe('n5');
    expect(new Set(s.notices.map((n) => n.id)).size).toBe(20);
    const gone = s.notices[3]!.id;
    expect(withoutNotice(s, gone).notices.map((n) => n.id)).not.toContain(gone);
  });
});

describe('withConnection', () => {
  // [step, connection, now, want]
  const steps: [string, Omit<Connection, 'since'>, number, Connection][] = [
    ['live', { kind: 'live' }, 10, { kind: 'live', since: 10 }],
    ['live again keeps since', { kind: 'live' }, 20, { kind: 'live', since: 10 }],
    ['drop', { kind: 'reconnecting', attempt: 1, detail: 'socket closed (1006)' }, 30, { kind: 'reconnecting', attempt: 1, detail: 'socket closed (1006)', since: 30 }],
    ['attempt 2 is the same spell: since kept', { kind: 'reconnecting', attempt: 2, detail: 'socket closed (1006)' }, 40, { kind: 'reconnecting', attempt: 2, detail: 'socket closed (1006)', since: 30 }],
    ['polling starts a new spell', { kind: 'polling', detail: 'no live socket' }, 50, { kind: 'polling', detail: 'no live socket', since: 50 }],
    ['a new detail keeps since', { kind: 'polling', detail: 'socket closed (1006)' }, 60, { kind: 'polling', detail: 'socket closed (1006)', since: 50 }],
    ['back live', { kind: 'live' }, 70, { kind: 'live', since: 70 }],
  ];
  it('keeps since while the kind stays, and the same object when nothing changed', () => {
    let s: SessionState = start();
    for (const [step, connection, now, want] of steps) {
      const before = s;
      s = withConnection(s, connection, now);
      expect(s.connection, step).toEqual(want);
      expect(withConnection(s, connection, now + 1), step).toBe(s);
      if (JSON.stringify(before.connection) === JSON.stringify(want)) expect(s).toBe(before);
    }
  });
});

describe('small reducers', () => {
  it('withFreshAt never moves backwards', () => {
    const s = withFreshAt(start(), 100);
    expect(s.freshAt).toBe(100);
    expect(withFreshAt(s, 50)).toBe(s);
    expect(withFreshAt(s, 100)).toBe(s);
    expect(withFreshAt(s, 150).freshAt).toBe(150);
  });

  it('withDegraded sets, keeps and clears', () => {
    const s = withDegraded(start(), { reason: 'rate limited (429)' });
    expect(s.degraded).toEqual({ reason: 'rate limited (429)' });
    expect(withDegraded(s, { reason: 'rate limited (429)' })).toBe(s);
    const cleared = withDegraded(s, undefined);
    expect(cleared.degraded).toBeUndefined();
    const store = createSessionStore({ baseUrl: 'http://x', workspaceId: 'ws1', now: 0 });
    store.setState((st) => withDegraded(st, { reason: 'r' }));
    store.setState((st) => withDegraded(st, undefined));
    expect(store.getState().degraded).toBeUndefined();
    expect(withDegraded(cleared, undefined)).toBe(cleared);
  });

  it('withForbidden and withWorkspaceName return the same state when nothing changes', () => {
    const s = withForbidden(start(), 'decline');
    expect([...s.forbidden]).toEqual(['decline']);
    expect(withForbidden(s, 'decline')).toBe(s);
    const named = withWorkspaceName(s, 'acme');
    expect(named.workspaceName).toBe('acme');
    expect(withWorkspaceName(named, 'acme')).toBe(named);
  });
});
