// Every transaction of the world, listed as one: the compact finished past (history-table.ts) and
// the records made while the world runs (live-store.ts). A page takes the first offset + limit of
// each in the list's order and merges them; only the records it hands out are made whole.

import { historyKey, historyPage } from './history-query.js';
import type { HistoryTable } from './history-table.js';
import { LiveStore, type PageRequest } from './live-store.js';
import type { TxRecord } from './records.js';

export type { PageRequest };

export class TxStore {
  private readonly live = new LiveStore();
  private history: HistoryTable | undefined;
  /** Assets that appear in the workspace's transactions (the `used` filters). */
  readonly usedAssets = new Set<string>();

  get size(): number {
    return this.live.size + (this.history?.count ?? 0);
  }

  /** The finished past, once, before anything else is stored. */
  loadHistory(table: HistoryTable): void {
    if (this.history !== undefined || this.live.size > 0) throw new Error('load the history first, once');
    this.history = table;
    for (const id of table.usedAssets()) this.usedAssets.add(id);
  }

  /** A past record comes back as a new object each time: reading it is all anyone does with it. */
  get(id: string): TxRecord | undefined {
    return this.live.get(id) ?? this.history?.get(id);
  }

  has(id: string): boolean {
    return this.live.get(id) !== undefined || (this.history !== undefined && this.history.indexOf(id) >= 0);
  }

  /** Records in one status that are not past (the past is all terminal); do not mutate the set. */
  inStatus(status: string): ReadonlySet<TxRecord> {
    return this.live.inStatus(status);
  }

  countLive(): number {
    return this.live.countLive();
  }

  insert(rec: TxRecord): void {
    this.live.insert(rec);
    this.usedAssets.add(rec.assetId);
    if (rec.asset2 !== undefined) this.usedAssets.add(rec.asset2);
  }

  /** See LiveStore.update: only records made while the world runs ever change. */
  update(rec: TxRecord, mutate: () => void): void {
    this.live.update(rec, mutate);
  }

  page(req: PageRequest): TxRecord[] {
    const { filter, sortBy, descending, offset, limit } = req;
    if (filter.never || limit <= 0) return [];
    const need = offset + limit;
    const live = this.live.page({ ...req, offset: 0, limit: need });
    const table = this.history;
    const past = table === undefined ? [] : historyPage(table, filter, sortBy, descending, need);
    if (table === undefined || past.length === 0) return live.slice(offset, need);
    if (live.length === 0) return past.slice(offset, need).map((i) => table.record(i));

    const out: TxRecord[] = [];
    let a = 0;
    let b = 0;
    for (let n = 0; n < need && (a < live.length || b < past.length); n++) {
      let fromLive: boolean;
      if (b >= past.length) fromLive = true;
      else if (a >= live.length) fromLive = false;
      else {
        const rec = live[a]!;
        const lk = rec[sortBy];
        const pk = historyKey(table, past[b]!, sortBy);
        const before = lk < pk || (lk === pk && rec.id < table.idOf(past[b]!));
        fromLive = descending ? !before : before;
      }
      const item = fromLive ? live[a++]! : past[b++]!;
      if (n >= offset) out.push(typeof item === 'number' ? table.record(item) : item);
    }
    return out;
  }
}
