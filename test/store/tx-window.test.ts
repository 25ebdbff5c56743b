import { describe, expect, it } from 'vitest';
import { bottomKey, covers, cut, EMPTY_WINDOW, nextPage, type TxWindow, withLoading, withPage } from '../../src/store/tx-window.js';

/** Rows `id@key`, newest first. */
function rows(spec: string): { id: string; key: string }[] {
  return spec.split(' ').filter(Boolean).map((r) => {
    const [id, key] = r.split('@');
    return { id: id!, key: key! };
  });
}

/** A window holding these rows, with more history below (a full first page). */
function win(spec: string): TxWindow {
  return withPage(EMPTY_WINDOW, { direction: 'first', rows: rows(spec), rawCount: 10, limit: 10 });
}

describe('withPage', () => {
  it('first page: newest first, complete when short', () => {
    const w = withPage(EMPTY_WINDOW, { direction: 'first', rows: rows('a@9 b@8 c@8'), rawCount: 3, limit: 3 });
    expect(w.ids).toEqual(['a', 'b', 'c']);
    expect(w.complete).toBe(false);
    expect(bottomKey(w)).toBe('8');
    expect(withPage(EMPTY_WINDOW, { direction: 'first', rows: rows('a@9'), rawCount: 1, limit: 3 }).complete).toBe(true);
  });

  it('a down page appends what it does not hold; a short one completes the window', () => {
    const w = win('a@9 b@8');
    const next = withPage(w, { direction: 'down', rows: rows('b@8 c@7 d@6'), rawCount: 3, limit: 5 });
    expect(next.ids).toEqual(['a', 'b', 'c', 'd']);
    expect(next.complete).toBe(true);
  });

  it('an up page after a cut goes on top, oldest read first; a short one ends the cut', () => {
    const w = { ...win('c@7 d@6'), top: '7', droppedAbove: 2 };
    const full = withPage(w, { direction: 'up', rows: rows('b@8'), rawCount: 1, limit: 1 });
    expect(full.ids).toEqual(['b', 'c', 'd']);
    expect(full.top).toBe('8');
    expect(full.droppedAbove).toBe(1);
    const short = withPage(full, { direction: 'up', rows: rows('a@9'), rawCount: 1, limit: 5 });
    expect(short.ids).toEqual(['a', 'b', 'c', 'd']);
    expect(short.top).toBeUndefined();
    expect(short.droppedAbove).toBe(0);
  });
});

describe('nextPage', () => {
  it.each<[string, TxWindow, 'down' | 'up', ReturnType<typeof nextPage>]>([
    ['empty: from the top', EMPTY_WINDOW, 'down', { direction: 'down', offset: 0, limit: 5 }],
    ['down below the oldest key, skipping the rows of that key held', win('a@9 b@8 c@8'), 'down', { direction: 'down', to: '8', offset: 2, limit: 5 }],
    ['complete: nothing below', { ...win('a@9'), complete: true }, 'down', undefined],
    ['up without a cut: nothing', win('a@9 b@8'), 'up', undefined],
    ['up after a cut, skipping the rows of the top key held', { ...win('a@9 b@9 c@8'), top: '9', droppedAbove: 3 }, 'up', { direction: 'up', from: '9', offset: 2, limit: 5 }],
  ])('%s', (_name, w, direction, expected) => expect(nextPage(w, direction, 5)).toEqual(expected));
});

describe('cut', () => {
  it('the top: counts what was cut, the new top key, keeps completeness', () => {
    const { window, cut: ids } = cut({ ...win('a@9 b@8 c@7 d@6'), complete: true }, 'top', 2);
    expect(ids).toEqual(['a', 'b']);
    expect(window.ids).toEqual(['c', 'd']);
    expect(window.top).toBe('7');
    expect(window.droppedAbove).toBe(2);
    expect(window.complete).toBe(true);
    expect(window.keys.has('a')).toBe(false);
  });

  it('the bottom: the history below is no longer complete', () => {
    const { window, cut: ids } = cut({ ...win('a@9 b@8 c@7'), complete: true }, 'bottom', 1);
    expect(ids).toEqual(['c']);
    expect(window.complete).toBe(false);
    expect(bottomKey(window)).toBe('8');
  });

  it('nothing to cut: the same window', () => {
    const w = win('a@9');
    expect(cut(w, 'top', 0).window).toBe(w);
  });
});

describe('covers', () => {
  it.each<[string, TxWindow, string, boolean]>([
    ['before the first page: nothing', EMPTY_WINDOW, '5', false],
    ['an empty complete history: everything', { ...EMPTY_WINDOW, complete: true }, '5', true],
    ['above the oldest held', win('a@9 b@8'), '100', true],
    ['at the oldest held', win('a@9 b@8'), '8', true],
    ['below the oldest held', win('a@9 b@8'), '7', false],
    ['below, but the history is complete', { ...win('a@9 b@8'), complete: true }, '1', true],
    ['above a cut top', { ...win('c@7 d@6'), top: '7', droppedAbove: 2 }, '8', false],
    ['at a cut top', { ...win('c@7 d@6'), top: '7', droppedAbove: 2 }, '7', true],
    ['longer keys are larger', win('a@9 b@8'), '10', true],
  ])('%s', (_name, w, key, expected) => expect(covers(w, key)).toBe(expected));
});

describe('withLoading', () => {
  it('sets and clears the read state and its error, same object when unchanged', () => {
    const w = withLoading(EMPTY_WINDOW, 'first');
    expect(w.loading).toBe('first');
    expect(withLoading(w, 'first')).toBe(w);
    const failed = withLoading(w, undefined, 'offline');
    expect(failed).toEqual({ ...EMPTY_WINDOW, error: 'offline' });
    expect(withLoading(failed, undefined)).toEqual(EMPTY_WINDOW);
  });
});
