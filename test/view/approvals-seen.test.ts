// The header's "new" marks, one per arrival (model/approvals-seen.ts): pure rules as a table.
import { describe, expect, it } from 'vitest';
import { freshAfter, freshWithout } from '../../src/view/model/approvals-seen.js';

describe('freshAfter', () => {
  const waiting = (...ids: string[]) => (id: string) => ids.includes(id);
  it.each<[string, string[], string[], (id: string) => boolean, string[]]>([
    ['arrivals are marked, oldest first', [], ['a', 'b'], waiting('a', 'b'), ['a', 'b']],
    ['more arrive after the marked ones', ['a'], ['b', 'c'], waiting('a', 'b', 'c'), ['a', 'b', 'c']],
    ['one that left the queue is news no more', ['a', 'b'], [], waiting('b'), ['b']],
    ['an arrival already marked is marked once', ['a'], ['a', 'b'], waiting('a', 'b'), ['a', 'b']],
    ['an arrival gone again within the batch is not marked', [], ['a', 'b'], waiting('b'), ['b']],
    ['a repeat inside one batch counts once', [], ['a', 'a'], waiting('a'), ['a']],
  ])('%s', (_name, fresh, arrived, isWaiting, want) => {
    expect(freshAfter(fresh, arrived, isWaiting)).toEqual(want);
  });

  it('nothing changed: the same array (no store write)', () => {
    const fresh = ['a', 'b'];
    expect(freshAfter(fresh, [], () => true)).toBe(fresh);
    expect(freshAfter(fresh, ['a'], () => true)).toBe(fresh);
  });
});

describe('freshWithout: a visit takes only its own mark', () => {
  it.each<[string[], string, string[]]>([
    [['a', 'b', 'c'], 'b', ['a', 'c']],
    [['a'], 'a', []],
  ])('%j without %s → %j', (fresh, id, want) => {
    expect(freshWithout(fresh, id)).toEqual(want);
  });

  it('visiting one that is not marked changes nothing', () => {
    const fresh = ['a'];
    expect(freshWithout(fresh, 'z')).toBe(fresh);
  });
});
