// PersistentMap: behaves as a ReadonlyMap, never changes once made, and folds its layers.
import { describe, expect, it } from 'vitest';
import { PersistentMap } from '../../src/store/persistent-map.js';

describe('PersistentMap', () => {
  it('reads like a Map, in insertion order, newer values in place', () => {
    const a = PersistentMap.from([
      ['x', 1],
      ['y', 2],
    ]);
    const b = a.setAll([
      ['z', 3],
      ['x', 10],
    ]);
    expect([...b]).toEqual([
      ['x', 10],
      ['y', 2],
      ['z', 3],
    ]);
    expect([...b.keys()]).toEqual(['x', 'y', 'z']);
    expect([...b.values()]).toEqual([10, 2, 3]);
    expect([b.size, b.get('x'), b.has('z'), b.has('w'), b.get('w')]).toEqual([3, 10, true, false, undefined]);
    const seen: string[] = [];
    b.forEach((value, key, map) => seen.push(`${key}=${value}:${map === b}`));
    expect(seen).toEqual(['x=10:true', 'y=2:true', 'z=3:true']);
    // The original is untouched.
    expect([...a]).toEqual([
      ['x', 1],
      ['y', 2],
    ]);
    expect(a.size).toBe(2);
  });

  it('keeps an undefined value distinct from a missing key', () => {
    const m = PersistentMap.from<string, number | undefined>([['a', 1]]).setAll([['a', undefined]]);
    expect(m.has('a')).toBe(true);
    expect(m.get('a')).toBeUndefined();
    expect(m.size).toBe(1);
  });

  it('stays equal to a plain Map through many changes, across folds', () => {
    const plain = new Map<number, number>();
    let m = PersistentMap.from<number, number>();
    const versions: [PersistentMap<number, number>, Map<number, number>][] = [];
    let seed = 3;
    for (let round = 0; round < 200; round++) {
      const batch: [number, number][] = [];
      for (let i = 0; i < 50; i++) {
        seed = (seed * 48271) % 2147483647;
        batch.push([seed % 3000, round]);
      }
      m = m.setAll(batch);
      for (const [k, v] of batch) plain.set(k, v);
      if (round % 40 === 0) versions.push([m, new Map(plain)]);
    }
    expect(m.size).toBe(plain.size);
    expect([...m]).toEqual([...plain]);
    // Older versions still read as they were.
    for (const [old, snapshot] of versions) expect([...old]).toEqual([...snapshot]);
  });
  it('appends new keys without disturbing older versions, and branches from an older one', () => {
    const a = PersistentMap.from([['x', 1]]);
    const b = a.setAll([['y', 2]]);
    const c = b.setAll([['z', 3]]);
    // An older version extended after a newer one appended: a branch of its own.
    const b2 = a.setAll([['w', 4]]);
    expect([...a]).toEqual([['x', 1]]);
    expect([...b]).toEqual([['x', 1], ['y', 2]]);
    expect([...c]).toEqual([['x', 1], ['y', 2], ['z', 3]]);
    expect([...b2]).toEqual([['x', 1], ['w', 4]]);
    expect([b.has('z'), b.get('z'), b2.has('y'), a.size, b.size, b2.size]).toEqual([false, undefined, false, 1, 2, 2]);
  });

  it('deletes keys without touching older versions; a key set again comes back in its first place', () => {
    const a = PersistentMap.from([['x', 1], ['y', 2], ['z', 3]]);
    const b = a.deleteAll(['y', 'w', 'y']);
    expect([...b]).toEqual([['x', 1], ['z', 3]]);
    expect([b.size, b.has('y'), b.get('y'), [...b.keys()]]).toEqual([2, false, undefined, ['x', 'z']]);
    expect(b.deleteAll(['y', 'nothing'])).toBe(b);
    const c = b.setAll([['y', 20], ['v', 5]]);
    expect([...c]).toEqual([['x', 1], ['y', 20], ['z', 3], ['v', 5]]);
    expect(c.size).toBe(4);
    expect([...a]).toEqual([['x', 1], ['y', 2], ['z', 3]]);
    // A branch from a version with a deletion (its base is copied) keeps the deletion.
    const d = b.setAll([['u', 9]]);
    const e = b.setAll([['t', 8]]);
    expect([...d]).toEqual([['x', 1], ['z', 3], ['u', 9]]);
    expect([...e]).toEqual([['x', 1], ['z', 3], ['t', 8]]);
    expect([d.size, e.size, e.has('y'), e.has('u')]).toEqual([3, 3, false, false]);
  });

  it('stays equal to a plain Map through sets and deletes, across folds', () => {
    const plain = new Map<number, number>();
    let m = PersistentMap.from<number, number>();
    const versions: [PersistentMap<number, number>, Map<number, number>][] = [];
    let seed = 5;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const sorted = (entries: Iterable<[number, number]>) => [...entries].sort((x, y) => x[0] - y[0]);
    for (let round = 0; round < 300; round++) {
      if (next(3) === 0) {
        const gone = Array.from({ length: 1 + next(80) }, () => next(2000));
        m = m.deleteAll(gone);
        for (const k of gone) plain.delete(k);
      } else {
        const batch = Array.from({ length: 1 + next(60) }, (): [number, number] => [next(2000), round]);
        m = m.setAll(batch);
        for (const [k, v] of batch) plain.set(k, v);
      }
      if (round % 50 === 0) versions.push([m, new Map(plain)]);
      expect(m.size).toBe(plain.size);
    }
    expect(sorted(m)).toEqual(sorted(plain));
    for (const k of [0, 1, 999, 1999]) expect([m.has(k), m.get(k)]).toEqual([plain.has(k), plain.get(k)]);
    for (const [old, snapshot] of versions) expect(sorted(old)).toEqual(sorted(snapshot));
  });
});
