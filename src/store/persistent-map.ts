// An immutable map for the copy-on-write slices. Copying a 100,000-entry Map takes about 30 ms,
// and the transactions slice changed ten times a second would spend most of the CPU on copies.
//
// Two parts. New keys go into an append-only base (an index Map plus key and value arrays) that
// versions share: each version sees only the first `limit` entries, so the newest version can
// append in place without any older version seeing it, and loading 100 pages of new rows copies
// nothing (a copy of the whole map per page made loading quadratic). Changed values of existing
// keys go into a small top copied per change; the top is folded into a new base once it grows past
// a share of the base, so a change costs amortized O(1) entries. Only an older version that is
// extended (the base already grew past its limit) copies its base first.

/** Top entries allowed before folding: at least this many, or a sixteenth of the base. */
const MIN_TOP = 512;

/** Shared by the versions made from it; only ever appended to. */
interface Base<K, V> {
  readonly index: Map<K, number>;
  readonly keys: K[];
  readonly vals: V[];
}

function baseOf<K, V>(entries: Iterable<readonly [K, V]>): Base<K, V> {
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
    /** Newer values of keys among the first `limit` base entries (never a key of its own). */
    private readonly top: ReadonlyMap<K, V>,
  ) {}

  static from<K, V>(entries: Iterable<readonly [K, V]> = []): PersistentMap<K, V> {
    const base = baseOf(entries);
    return new PersistentMap(base, base.keys.length, new Map());
  }

  get size(): number {
    return this.limit;
  }

  private at(key: K): number | undefined {
    const i = this.base.index.get(key);
    return i !== undefined && i < this.limit ? i : undefined;
  }

  get(key: K): V | undefined {
    if (this.top.has(key)) return this.top.get(key);
    const i = this.at(key);
    return i === undefined ? undefined : this.base.vals[i];
  }

  has(key: K): boolean {
    return this.at(key) !== undefined;
  }

  /** A new map with these entries set; this one is unchanged. */
  setAll(entries: Iterable<readonly [K, V]>): PersistentMap<K, V> {
    let base = this.base;
    let limit = this.limit;
    let top: Map<K, V> | undefined;
    for (const [key, value] of entries) {
      const i = base.index.get(key);
      if (i !== undefined && i < this.limit) {
        (top ??= new Map(this.top)).set(key, value);
      } else if (i !== undefined && i < limit) {
        base.vals[i] = value; // appended by this call: no other version sees it yet
      } else {
        // A new key. Append in place when no other version has appended past our limit.
        if (base.keys.length !== limit) base = baseOf(this.visible(limit));
        base.index.set(key, base.keys.length);
        base.keys.push(key);
        base.vals.push(value);
        limit += 1;
      }
    }
    const next = top ?? this.top;
    if (next.size > Math.max(MIN_TOP, limit >> 4)) {
      const folded = new PersistentMap(base, limit, next);
      const fresh = baseOf(folded.entries());
      return new PersistentMap(fresh, fresh.keys.length, new Map());
    }
    return new PersistentMap(base, limit, next);
  }

  /** The first `limit` base entries as this version sees them (for a copy). */
  private *visible(limit: number): Generator<[K, V]> {
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
      yield [key, this.top.has(key) ? this.top.get(key)! : vals[i]!];
    }
  }

  *keys(): MapIterator<K> {
    for (let i = 0; i < this.limit; i++) yield this.base.keys[i]!;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) fn.call(thisArg, value, key, this);
  }
}
