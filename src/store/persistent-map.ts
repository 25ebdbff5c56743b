// An immutable map for the copy-on-write slices. Copying a 100,000-entry Map takes about 30 ms,
// and the transactions slice changed ten times a second would spend most of the CPU on copies.
//
// Two parts. New keys go into an append-only base (an index Map plus key and value arrays) that
// versions share: each version sees only the first `limit` entries, so the newest version can
// append in place without any older version seeing it, and loading 100 pages of new rows copies
// nothing (a copy of the whole map per page made loading quadratic). Changed values of existing
// keys go into a small top copied per change; the top is folded into a new base once it grows past
// a share of the base, so a change costs amortized O(1) entries. Only an older version that is
// extended (the base already grew past its limit) copies its base first. A deleted key is a mark
// in the top (the ceiling on the unfinished work cuts a few rows of 50,000 at a time, and a copy
// per cut cost ~100 ms); folding leaves it out. A key set again after its deletion comes back in
// its first place.

/** The value of a deleted key, in the top (or in a base copied from a version that had one). */
const GONE: unique symbol = Symbol('deleted');
type Slot<V> = V | typeof GONE;

/** Top entries allowed before folding: at least this many, or a sixteenth of the base. */
const MIN_TOP = 512;

/** Shared by the versions made from it; only ever appended to. */
interface Base<K, V> {
  readonly index: Map<K, number>;
  readonly keys: K[];
  readonly vals: Slot<V>[];
}

function baseOf<K, V>(entries: Iterable<readonly [K, Slot<V>]>): Base<K, V> {
  const base: Base<K, V> = { index: new Map(), keys: [], vals: [] };
  for (const [key, value] of entries) {
    const at = base.index.get(key);
    if (at !== undefined) {
      base.vals[at] = value;
      continue;
    }
    base.index.set(key, base.keys.length);
    base.keys.push(key);
    base.vals.push(value);
  }
  return base;
}

export class PersistentMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: Base<K, V>,
    /** How many base entries this version sees. */
    private readonly limit: number,
    /** Newer values (or deletions) of keys among the first `limit` base entries (never a key of its own). */
    private readonly top: ReadonlyMap<K, Slot<V>>,
    /** Keys present: `limit` less the deleted ones. */
    private readonly count: number,
  ) {}

  static from<K, V>(entries: Iterable<readonly [K, V]> = []): PersistentMap<K, V> {
    const base = baseOf<K, V>(entries);
    return new PersistentMap(base, base.keys.length, new Map(), base.keys.length);
  }

  get size(): number {
    return this.count;
  }

  private at(key: K): number | undefined {
    const i = this.base.index.get(key);
    return i !== undefined && i < this.limit ? i : undefined;
  }

  private slot(key: K): Slot<V> | undefined {
    if (this.top.has(key)) return this.top.get(key);
    const i = this.at(key);
    return i === undefined ? GONE : this.base.vals[i];
  }

  get(key: K): V | undefined {
    const value = this.slot(key);
    return value === GONE ? undefined : value;
  }

  has(key: K): boolean {
    return this.slot(key) !== GONE;
  }

  /** A new map with these entries set; this one is unchanged. */
  setAll(entries: Iterable<readonly [K, V]>): PersistentMap<K, V> {
    let base = this.base;
    let limit = this.limit;
    let count = this.count;
    let top: Map<K, Slot<V>> | undefined;
    for (const [key, value] of entries) {
      const i = base.index.get(key);
      if (i !== undefined && i < this.limit) {
        top ??= new Map(this.top);
        if ((top.has(key) ? top.get(key) : base.vals[i]) === GONE) count += 1;
        top.set(key, value);
      } else if (i !== undefined && i < limit) {
        base.vals[i] = value; // appended by this call: no other version sees it yet
      } else {
        // A new key. Append in place when no other version has appended past our limit.
        if (base.keys.length !== limit) base = baseOf(this.visible(limit));
        base.index.set(key, base.keys.length);
        base.keys.push(key);
        base.vals.push(value);
        limit += 1;
        count += 1;
      }
    }
    return this.made(base, limit, top ?? this.top, count);
  }

  /** A new map without these keys; this one is unchanged. */
  deleteAll(keys: Iterable<K>): PersistentMap<K, V> {
    let top: Map<K, Slot<V>> | undefined;
    let count = this.count;
    for (const key of keys) {
      const current = top?.has(key) === true ? top.get(key) : this.slot(key);
      if (current === GONE) continue;
      (top ??= new Map(this.top)).set(key, GONE);
      count -= 1;
    }
    return top === undefined ? this : this.made(this.base, this.limit, top, count);
  }

  /** A version over these parts, folded into a fresh base once its top grew past its share. */
  private made(base: Base<K, V>, limit: number, top: ReadonlyMap<K, Slot<V>>, count: number): PersistentMap<K, V> {
    if (top.size > Math.max(MIN_TOP, limit >> 4)) {
      const folded = new PersistentMap(base, limit, top, count);
      const fresh = baseOf<K, V>(folded.entries());
      return new PersistentMap(fresh, fresh.keys.length, new Map(), fresh.keys.length);
    }
    return new PersistentMap(base, limit, top, count);
  }

  /** The first `limit` base entries as this version sees them, deletions included (for a copy). */
  private *visible(limit: number): Generator<[K, Slot<V>]> {
    for (let i = 0; i < limit; i++) {
      const key = this.base.keys[i]!;
      yield [key, this.top.has(key) ? this.top.get(key)! : this.base.vals[i]!];
    }
  }

  /** Insertion order (the order keys were first set), newer values in place. */
  *entries(): MapIterator<[K, V]> {
    const { keys, vals } = this.base;
    for (let i = 0; i < this.limit; i++) {
      const key = keys[i]!;
      const value = this.top.has(key) ? this.top.get(key)! : vals[i]!;
      if (value !== GONE) yield [key, value];
    }
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  /** A plain loop, not the generator: a pass over 50,000 entries (the ceiling's) costs a third. */
  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    const { keys, vals } = this.base;
    for (let i = 0; i < this.limit; i++) {
      const key = keys[i]!;
      const value = this.top.has(key) ? this.top.get(key)! : vals[i]!;
      if (value !== GONE) fn.call(thisArg, value, key, this);
    }
  }
}
