// A binary min-heap of scheduled steps, ordered by (due, seq) so that steps due at the same
// moment run in the order they were scheduled: the world's order never depends on Map iteration.

interface Entry<T> {
  due: number;
  seq: number;
  item: T;
  ver: number;
}

export class Heap<T> {
  private readonly items: Entry<T>[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(due: number, item: T, ver: number): void {
    const entry = { due, seq: this.seq++, item, ver };
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  peek(): Entry<T> | undefined {
    return this.items[0];
  }

  pop(): Entry<T> | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < items.length && less(items[l]!, items[m]!)) m = l;
      if (r < items.length && less(items[r]!, items[m]!)) m = r;
      if (m === i) break;
      [items[i], items[m]] = [items[m]!, items[i]!];
      i = m;
    }
    return top;
  }
}

function less<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}
