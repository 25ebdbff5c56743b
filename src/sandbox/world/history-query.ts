// A list query over the compact history: the compiled filter becomes masks over the code columns
// and time ranges, then either a walk along one of the two orders (from a binary-searched start,
// so a keyset page deep in the past costs what a first page costs) or, when the query names a
// text the hash indexes know (id, externalId, chain hash, a counterpart address), a check of
// those few records alone. Walk and check answer exactly what testFacts() answers.

import { type TxFilter, testFacts } from './filter.js';
import type { Codes, HistoryTable } from './history-table.js';
import { textHash } from './hash-index.js';

type Range = readonly [number, number];

/** What a walk tests per record. Unset masks and zero codes test nothing. */
interface Scan {
  statuses: Uint8Array | undefined;
  types: Uint8Array | undefined;
  accounts: Uint8Array | undefined;
  /** Either the asset or the second asset (a swap's or bridge's destination). */
  assets: Uint8Array | undefined;
  toAccount: number;
  toAddress: number;
  fromAddress: number;
  /** Either side. */
  address: number;
  created: Range | undefined;
  /** updatedAt, and terminatedAt, which is the same for a past record. */
  updated: Range | undefined;
  /** Records that may match, when the filter names a text an index knows. */
  candidates: number[] | undefined;
}

/** 1 for each code whose text passes `keep`; undefined when nothing is asked. */
function mask(codes: Codes, keep: ((text: string) => boolean) | undefined): Uint8Array | undefined {
  if (keep === undefined) return undefined;
  const out = new Uint8Array(codes.size);
  for (let c = 1; c < codes.size; c++) if (keep(codes.texts[c]!)) out[c] = 1;
  return out;
}

function inSet(set: ReadonlySet<string> | undefined): ((text: string) => boolean) | undefined {
  return set === undefined ? undefined : (text) => set.has(text);
}

function empty(m: Uint8Array | undefined): boolean {
  return m !== undefined && !m.includes(1);
}

function intersect(a: Range | undefined, b: Range | undefined): Range | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return [Math.max(a[0], b[0]), Math.min(a[1], b[1])];
}

type IndexName = 'byId' | 'byExternalId' | 'byHash' | 'byTo' | 'byFrom';

/** Records of one text in one index (a hash match; the final check compares the text itself). */
function lookup(table: HistoryTable, index: IndexName, text: string): number[] {
  return table[index].find(textHash(text));
}

/** The scan of `f` over `table`; undefined when no past record can match. */
function plan(table: HistoryTable, f: TxFilter): Scan | undefined {
  if (f.never || f.terminated === false) return undefined;
  const { statuses, notIn } = f;
  const scan: Scan = {
    statuses:
      statuses === undefined && notIn === undefined
        ? undefined
        : mask(table.statuses, (s) => (statuses === undefined || statuses.has(s)) && !notIn?.has(s)),
    types: mask(table.types, inSet(f.types)),
    accounts: mask(table.accounts, inSet(f.accounts)),
    assets: mask(table.assets, inSet(f.assets)),
    toAccount: f.toAccountId === undefined ? 0 : table.accounts.find(f.toAccountId),
    toAddress: 0,
    fromAddress: 0,
    address: 0,
    created: f.created,
    updated: intersect(f.updated, f.terminatedRange),
    candidates: undefined,
  };
  if ([scan.statuses, scan.types, scan.accounts, scan.assets].some(empty)) return undefined;
  if (f.toAccountId !== undefined && scan.toAccount === 0) return undefined;

  const lists: number[][] = [];
  const address = (key: string, index: 'byTo' | 'byFrom'): number => {
    const code = table.addresses.find(key);
    if (code === 0) lists.push(lookup(table, index, key));
    return code;
  };
  if (f.toAddress !== undefined) scan.toAddress = address(f.toAddress, 'byTo');
  if (f.fromAddress !== undefined) scan.fromAddress = address(f.fromAddress, 'byFrom');
  if (f.address !== undefined) {
    scan.address = table.addresses.find(f.address);
    if (scan.address === 0)
      lists.push([...lookup(table, 'byTo', f.address), ...lookup(table, 'byFrom', f.address)]);
  }
  if (f.ids !== undefined) lists.push([...f.ids].flatMap((id) => lookup(table, 'byId', id)));
  if (f.externalId !== undefined) lists.push(lookup(table, 'byExternalId', f.externalId));
  if (f.txHash !== undefined) lists.push(lookup(table, 'byHash', f.txHash));
  for (const list of lists) {
    if (scan.candidates === undefined || list.length < scan.candidates.length) scan.candidates = list;
  }
  if (scan.candidates?.length === 0) return undefined;
  return scan;
}

function passes(t: HistoryTable, s: Scan, i: number): boolean {
  if (s.statuses !== undefined && s.statuses[t.status[i]!] === 0) return false;
  if (s.types !== undefined && s.types[t.type[i]!] === 0) return false;
  if (s.accounts !== undefined && s.accounts[t.account[i]!] === 0) return false;
  if (s.assets !== undefined && s.assets[t.asset[i]!] === 0 && s.assets[t.asset2[i]!] === 0) return false;
  if (s.toAccount !== 0 && t.toAccount[i] !== s.toAccount) return false;
  if (s.toAddress !== 0 && t.toAddress[i] !== s.toAddress) return false;
  if (s.fromAddress !== 0 && t.fromAddress[i] !== s.fromAddress) return false;
  if (s.address !== 0 && t.toAddress[i] !== s.address && t.fromAddress[i] !== s.address) return false;
  if (s.created !== undefined) {
    const c = t.created[i]!;
    if (c < s.created[0] || c > s.created[1]) return false;
  }
  if (s.updated !== undefined) {
    const u = t.updated[i]!;
    if (u < s.updated[0] || u > s.updated[1]) return false;
  }
  return true;
}

function testsNothing(s: Scan): boolean {
  return (
    [s.statuses, s.types, s.accounts, s.assets, s.created, s.updated].every((x) => x === undefined) &&
    s.toAccount === 0 &&
    s.toAddress === 0 &&
    s.fromAddress === 0 &&
    s.address === 0
  );
}

/** First position in `order` whose key is >= value (or > value when `after`). */
function bound(order: Uint32Array, keys: Float64Array, value: number, after: boolean): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[order[mid]!]!;
    if (k < value || (after && k === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type SortKey = 'createdAt' | 'updatedAt';

/** The key of record `i` in an order. */
export function historyKey(table: HistoryTable, i: number, sortBy: SortKey): number {
  return sortBy === 'updatedAt' ? table.updated[i]! : table.created[i]!;
}

/**
 * The first `need` past records matching `f`, as record indexes in the list's order: by `sortBy`,
 * then id, ascending or descending.
 */
export function historyPage(
  table: HistoryTable,
  f: TxFilter,
  sortBy: SortKey,
  descending: boolean,
  need: number,
): number[] {
  if (need <= 0 || table.count === 0) return [];
  const s = plan(table, f);
  if (s === undefined) return [];
  const keys = sortBy === 'updatedAt' ? table.updated : table.created;
  const sign = descending ? -1 : 1;

  if (s.candidates !== undefined) {
    const found = [...new Set(s.candidates)].filter((i) => testFacts(f, table.record(i)));
    found.sort((a, b) => sign * (keys[a]! - keys[b]! || table.compareIds(a, b)));
    return found.slice(0, need);
  }

  // A past record is updated after it is created and at most maxSpan later: either range bounds
  // the other order too.
  const span = table.maxSpan;
  let range: Range = [-Infinity, Infinity];
  if (sortBy === 'updatedAt') {
    range = intersect(range, s.updated)!;
    if (s.created !== undefined) range = intersect(range, [s.created[0], s.created[1] + span])!;
  } else {
    range = intersect(range, s.created)!;
    if (s.updated !== undefined) range = intersect(range, [s.updated[0] - span, s.updated[1]])!;
  }
  const order = sortBy === 'updatedAt' ? table.byUpdated : table.byCreated;
  const lo = bound(order, keys, range[0], false);
  const hi = bound(order, keys, range[1], true);
  if (lo >= hi) return [];

  const out: number[] = [];
  if (testsNothing(s)) {
    const slice = descending
      ? order.subarray(Math.max(lo, hi - need), hi)
      : order.subarray(lo, Math.min(hi, lo + need));
    for (const i of slice) out.push(i);
    return descending ? out.reverse() : out;
  }
  if (descending) {
    for (let k = hi - 1; k >= lo && out.length < need; k--) {
      if (passes(table, s, order[k]!)) out.push(order[k]!);
    }
  } else {
    for (let k = lo; k < hi && out.length < need; k++) {
      if (passes(table, s, order[k]!)) out.push(order[k]!);
    }
  }
  return out;
}
