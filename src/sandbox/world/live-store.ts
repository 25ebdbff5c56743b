// The transactions made while the world runs (and its start-up work), as objects that change, with
// the indexes a list needs: by id, by status, by account, by chain hash, and two orders (updatedAt
// and createdAt, ties by id) kept sorted as transactions change, so a filtered page walks a few
// hundred records instead of sorting them all per request. The finished past lives apart, compact
// (history-table.ts); store.ts lists both as one.

import { isTerminalStatus } from '../../contract/index.js';
import { type TxFilter, testFacts } from './filter.js';
import type { TxRecord } from './records.js';

type Key = 'updatedAt' | 'createdAt';

/** Records sorted by (key, id) ascending. */
class Order {
  readonly items: TxRecord[] = [];

  constructor(readonly key: Key) {}

  private before(a: TxRecord, b: TxRecord): boolean {
    const ka = a[this.key];
    const kb = b[this.key];
    return ka < kb || (ka === kb && a.id < b.id);
  }

  /** First index whose record is not before `rec`. */
  private lowerBound(rec: TxRecord): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(this.items[mid]!, rec)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is >= value. */
  indexOfKey(value: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid]![this.key] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(rec: TxRecord): void {
    const last = this.items[this.items.length - 1];
    // The usual case: a change stamped "now" goes to the end.
    if (last === undefined || this.before(last, rec)) this.items.push(rec);
    else this.items.splice(this.lowerBound(rec), 0, rec);
  }

  /** Removes `rec`; its key must still be the one it was inserted with. */
  remove(rec: TxRecord): void {
    const i = this.lowerBound(rec);
    if (this.items[i] === rec) this.items.splice(i, 1);
  }
}

export interface PageRequest {
  filter: TxFilter;
  sortBy: Key;
  descending: boolean;
  offset: number;
  limit: number;
}

function add<K>(map: Map<K, Set<TxRecord>>, key: K, rec: TxRecord): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(rec);
}

export class LiveStore {
  private readonly byId = new Map<string, TxRecord>();
  private readonly byStatus = new Map<string, Set<TxRecord>>();
  private readonly byAccount = new Map<string, Set<TxRecord>>();
  /** Lower-cased chain transaction hash → its transactions (a withdrawal and its deposit share one). */
  private readonly byHash = new Map<string, TxRecord[]>();
  private readonly updated = new Order('updatedAt');
  private readonly created = new Order('createdAt');

  get size(): number {
    return this.byId.size;
  }

  get(id: string): TxRecord | undefined {
    return this.byId.get(id);
  }

  /** Records in one status (live view: do not mutate). */
  inStatus(status: string): ReadonlySet<TxRecord> {
    return this.byStatus.get(status) ?? new Set();
  }

  countLive(): number {
    let n = 0;
    for (const [status, set] of this.byStatus) if (!isTerminalStatus(status)) n += set.size;
    return n;
  }

  private index(rec: TxRecord): void {
    this.byId.set(rec.id, rec);
    add(this.byStatus, rec.status, rec);
    add(this.byAccount, rec.accountId, rec);
    if (rec.txHash !== undefined) this.indexHash(rec, rec.txHash);
  }

  private indexHash(rec: TxRecord, hash: string): void {
    const key = hash.toLowerCase();
    const list = this.byHash.get(key);
    if (list === undefined) this.byHash.set(key, [rec]);
    else list.push(rec);
  }

  insert(rec: TxRecord): void {
    this.index(rec);
    this.updated.insert(rec);
    this.created.insert(rec);
  }

  /**
   * Applies a change: `mutate` may change anything but `id`, `accountId` and `createdAt`. The
   * updated-order entry is moved and the status index follows.
   */
  update(rec: TxRecord, mutate: () => void): void {
    if (this.byId.get(rec.id) !== rec) throw new Error(`transaction ${rec.id} is not a live record`);
    const status = rec.status;
    const hash = rec.txHash;
    this.updated.remove(rec);
    mutate();
    this.updated.insert(rec);
    if (rec.txHash !== hash && rec.txHash !== undefined) this.indexHash(rec, rec.txHash);
    if (rec.status !== status) {
      this.byStatus.get(status)?.delete(rec);
      add(this.byStatus, rec.status, rec);
    }
  }

  page(req: PageRequest): TxRecord[] {
    const { filter } = req;
    if (filter.never || req.limit <= 0) return [];
    if (filter.ids !== undefined)
      return this.gather([[...filter.ids].flatMap((id) => this.byId.get(id) ?? [])], req);

    // Candidate sets from the indexes that narrow the query; the smallest is the one to gather.
    const total = Math.max(1, this.size);
    let best: Iterable<TxRecord>[] | undefined;
    let bestSize = Infinity;
    let selectivity = 1;
    const consider = (sets: Iterable<TxRecord>[], size: number) => {
      selectivity *= size / total;
      if (size < bestSize) {
        best = sets;
        bestSize = size;
      }
    };
    if (filter.txHash !== undefined) {
      const hits = this.byHash.get(filter.txHash) ?? [];
      consider([hits], hits.length);
    }
    if (filter.statuses !== undefined) {
      const sets = [...filter.statuses].flatMap((s) => this.byStatus.get(s) ?? []);
      consider(
        sets,
        sets.reduce((n, s) => n + s.size, 0),
      );
    } else if (filter.terminated === false) {
      const sets = [...this.byStatus].filter(([s]) => !isTerminalStatus(s)).map(([, set]) => set);
      consider(
        sets,
        sets.reduce((n, s) => n + s.size, 0),
      );
    }
    if (filter.accounts !== undefined) {
      const sets = [...filter.accounts].flatMap((a) => this.byAccount.get(a) ?? []);
      consider(
        sets,
        sets.reduce((n, s) => n + s.size, 0),
      );
    }
    // Walking the order finds `need` matches after about need / selectivity records (taking the
    // indexed conditions as independent); gathering tests the smallest candidate set and sorts
    // what matches. Pick the cheaper; the walk is bounded by the total either way.
    const need = req.offset + req.limit;
    const expected = Math.max(1, selectivity * total);
    const walkCost = Math.min(total, need / Math.max(selectivity, 1 / total));
    const gatherCost = bestSize + expected * Math.log2(expected + 1);
    if (best !== undefined && gatherCost < walkCost) return this.gather(best, req);
    return this.walk(req);
  }

  private gather(sets: Iterable<TxRecord>[], req: PageRequest): TxRecord[] {
    const key = req.sortBy;
    const sign = req.descending ? -1 : 1;
    const found: TxRecord[] = [];
    for (const set of sets) for (const rec of set) if (testFacts(req.filter, rec)) found.push(rec);
    found.sort((a, b) => sign * (a[key] - b[key] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    return found.slice(req.offset, req.offset + req.limit);
  }

  private walk(req: PageRequest): TxRecord[] {
    const order = req.sortBy === 'updatedAt' ? this.updated : this.created;
    const items = order.items;
    const bounds = req.sortBy === 'updatedAt' ? req.filter.updated : req.filter.created;
    let lo = 0;
    let hi = items.length;
    if (bounds !== undefined) {
      lo = order.indexOfKey(bounds[0]);
      hi = bounds[1] === Infinity ? items.length : order.indexOfKey(bounds[1] + 1);
    }
    const out: TxRecord[] = [];
    if (req.filter.trivial) {
      const start = req.descending ? hi - req.offset - req.limit : lo + req.offset;
      const end = req.descending ? hi - req.offset : lo + req.offset + req.limit;
      const slice = items.slice(Math.max(lo, start), Math.max(lo, Math.min(hi, end)));
      return req.descending ? slice.reverse() : slice;
    }
    let skip = req.offset;
    const step = req.descending ? -1 : 1;
    for (let i = req.descending ? hi - 1 : lo; i >= lo && i < hi; i += step) {
      const rec = items[i]!;
      if (!testFacts(req.filter, rec)) continue;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      out.push(rec);
      if (out.length >= req.limit) break;
    }
    return out;
  }
}
