// An immutable map for the copy-on-write slices. Copying a 100,000-entry Map takes about 30 ms,
// and the transactions slice changed ten times a second would spend most of the CPU on copies.
// Here a change copies only a small top layer over a shared base; the top is folded into a new
// base once it grows past a share of the base, so a change costs amortized O(1) entries.

/** Top entries allowed before folding: at least this many, or a sixteenth of the base. */
const MIN_TOP = 512;

export class PersistentMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly top: ReadonlyMap<K, V>,
    readonly size: number,
  ) {}

  static from<K, V>(entries: Iterable<readonly [K, V]> = []): PersistentMap<K, V> {
    const base = new Map(entries);
    return new PersistentMap(base, new Map(), base.size);
  }

  get(key: K): V | undefined {
    return this.top.has(key) ? this.top.get(key) : this.base.get(key);
  }

  has(key: K): boolean {
    return this.top.has(key) || this.base.has(key);
  }

  /** A new map with these entries set; this one is unchanged. */
  setAll(entries: Iterable<readonly [K, V]>): PersistentMap<K, V> {
    const top = new Map(this.top);
    let size = this.size;
    for (const [key, value] of entries) {
      if (!top.has(key) && !this.base.has(key)) size += 1;
      top.set(key, value);
    }
    if (top.size > Math.max(MIN_TOP, this.base.size >> 4)) {
      const base = new Map(this.base);
      for (const [key, value] of top) base.set(key, value);
      return new PersistentMap(base, new Map(), size);
    }
    return new PersistentMap(this.base, top, size);
  }

  /** Base order first (with newer values), then keys added since, in the order they came. */
  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) yield [key, this.top.has(key) ? this.top.get(key)! : value];
    for (const [key, value] of this.top) if (!this.base.has(key)) yield [key, value];
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

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) fn.call(thisArg, value, key, this);
  }
}
