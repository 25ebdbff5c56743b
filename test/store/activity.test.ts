// The activity feed held (store/activity.ts): pages merged newest first without repeats, the cap,
// failures, when the next page is wanted, and answers to a replaced first read dropped.
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../src/contract/index.js';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityState,
  canReadMore,
  emptyActivity,
  MAX_ACTIVITY_HELD,
  wantsMoreActivity,
  withActivityAnswer,
  withActivityFailure,
  withFirstAsked,
  withFirstPage,
  withMoreAsked,
  withNextPage,
} from '../../src/store/index.js';

const NOW = 1_700_000_000_000;
const act = (i: number, patch: Partial<Activity> = {}): Activity => ({
  activityId: `a${String(i).padStart(5, '0')}`,
  activityType: 'login',
  title: `event ${i}`,
  createdAt: String(NOW - i * 1000),
  ...patch,
});
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => act(from + i));

describe('the feed held', () => {
  const first = withFirstPage(emptyActivity, range(0, ACTIVITY_PAGE_SIZE), NOW);

  it('a first page: held, more to read', () => {
    expect(first.rows).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first).toMatchObject({ offset: ACTIVITY_PAGE_SIZE, complete: false, capped: false, readAt: NOW });
  });

  it('a short first page is all of it', () => {
    expect(withFirstPage(emptyActivity, range(0, 3), NOW)).toMatchObject({ complete: true, offset: 3 });
  });

  it('the next page is appended; rows pushed down by newer ones are not repeated', () => {
    const next = withNextPage(first, [...range(98, 2), ...range(100, 98)], NOW);
    expect(next.rows.map((a) => a.activityId)).toEqual(range(0, 198).map((a) => a.activityId));
    expect(next.offset).toBe(200);
    expect(next.complete).toBe(false);
  });

  it('a next page of nothing new keeps the same rows (no new list), and moves on', () => {
    const next = withNextPage(first, range(0, ACTIVITY_PAGE_SIZE), NOW);
    expect(next.rows).toBe(first.rows);
    expect(next.offset).toBe(2 * ACTIVITY_PAGE_SIZE);
  });

  it('the first page again: new rows on top, the deeper pages kept', () => {
    const deeper = withNextPage(first, range(100, ACTIVITY_PAGE_SIZE), NOW);
    const again = withFirstPage(deeper, [act(-2), act(-1), ...range(0, 98)], NOW + 1);
    expect(again.rows.slice(0, 3).map((a) => a.activityId)).toEqual(['a000-2', 'a000-1', 'a00000']);
    expect(again.rows).toHaveLength(202);
    expect(again.offset).toBe(202);
  });

  it('the first page again, none of it held (more than a page happened): starts over', () => {
    const again = withFirstPage(first, range(-500, ACTIVITY_PAGE_SIZE), NOW);
    expect(again.rows[0]!.activityId).toBe(act(-500).activityId);
    expect(again.rows).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(again.offset).toBe(ACTIVITY_PAGE_SIZE);
  });

  it('a copy of a held row replaces it (a title edited)', () => {
    const again = withFirstPage(first, [{ ...act(0), title: 'edited' }, ...range(1, 99)], NOW);
    expect(again.rows[0]!.title).toBe('edited');
  });

  it(`never more than ${MAX_ACTIVITY_HELD} rows: capped, and not complete`, () => {
    let s: ActivityState = first;
    for (let p = 1; p < MAX_ACTIVITY_HELD / ACTIVITY_PAGE_SIZE + 2; p++) s = withNextPage(s, range(p * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE), NOW);
    expect(s.rows).toHaveLength(MAX_ACTIVITY_HELD);
    expect(s.capped).toBe(true);
    expect(s.complete).toBe(false);
    expect(wantsMoreActivity(s, MAX_ACTIVITY_HELD - 1, MAX_ACTIVITY_HELD, 30)).toBe(false);
  });

  it('failures', () => {
    expect(withActivityFailure({ ...first, loading: 'more' }, { kind: 'failed', message: 'boom' })).toMatchObject({
      error: 'boom',
      loading: undefined,
      rows: first.rows,
    });
    expect(withActivityFailure(emptyActivity, { kind: 'forbidden', message: '403' })).toMatchObject({ forbidden: true });
  });

  it.each<[string, ActivityState, number, boolean]>([
    ['near the end', first, 60, true],
    ['far from it', first, 10, false],
    ['already reading', { ...first, loading: 'more' }, 99, false],
    ['all of it held', { ...first, complete: true }, 99, false],
    ['after a failure (r retries)', { ...first, error: 'x' }, 99, false],
    ['refused', { ...first, forbidden: true }, 99, false],
    ['nothing read yet', emptyActivity, 0, false],
  ])('wantsMore: %s', (_name, state, index, yes) => {
    expect(wantsMoreActivity(state, index, state.rows.length, 20)).toBe(yes);
  });
});

describe('reads asked and answered', () => {
  const first = withFirstPage(emptyActivity, range(0, ACTIVITY_PAGE_SIZE), NOW);

  it.each<[string, ActivityState, Parameters<typeof withFirstAsked>[1], Partial<ActivityState>]>([
    ['r: the same query, what is held stays', first, undefined, { loading: 'first', generation: 1, rows: first.rows }],
    ['a new query: what was held goes', first, { search: 'kraken' }, { loading: 'first', generation: 1, rows: [], query: { search: 'kraken' } }],
  ])('first asked: %s', (_name, state, query, want) => {
    expect(withFirstAsked(state, query)).toMatchObject(want);
  });

  it.each<[string, ActivityState, boolean]>([
    ['more to read', first, true],
    ['a read under way', { ...first, loading: 'first' }, false],
    ['held whole', { ...first, complete: true }, false],
    ['capped', { ...first, capped: true }, false],
  ])('more asked: %s', (_name, state, yes) => {
    expect(canReadMore(state)).toBe(yes);
    expect(withMoreAsked(state).loading).toBe(yes ? 'more' : state.loading);
  });

  it.each<[string, { generation: number; first: boolean }, Partial<ActivityState>]>([
    ['the answer to the read asked: merged', { generation: 1, first: false }, { offset: 2 * ACTIVITY_PAGE_SIZE, loading: undefined }],
    ['a first page: merged on top', { generation: 1, first: true }, { offset: ACTIVITY_PAGE_SIZE, loading: undefined }],
    ['an answer to a replaced read: dropped', { generation: 0, first: false }, { offset: ACTIVITY_PAGE_SIZE, loading: 'more' }],
  ])('%s', (_name, asked, want) => {
    const state: ActivityState = { ...first, generation: 1, loading: 'more' };
    const page = { kind: 'page' as const, activities: range(ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE) };
    expect(withActivityAnswer(state, asked, page, NOW)).toMatchObject(want);
  });

  it('a failed answer says why; a refused one marks the role', () => {
    const state: ActivityState = { ...first, generation: 1, loading: 'first' };
    expect(withActivityAnswer(state, { generation: 1, first: true }, { kind: 'failed', message: 'boom' }, NOW)).toMatchObject({
      error: 'boom',
      loading: undefined,
    });
    expect(withActivityAnswer(state, { generation: 1, first: true }, { kind: 'forbidden', message: '403' }, NOW).forbidden).toBe(true);
  });
});
