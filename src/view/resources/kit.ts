// What every list resource derives its rows with: the derived list (selection finds its row by id
// cheaply), the `/` matcher, a one-slot memo, the search text cache, sorts and the age clock. A
// list is derived once per change of its data or query and memoized, so a keypress (which changes
// neither) costs the same at 100,000 rows as at 1,000.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { shallow } from 'zustand/shallow';
import { formatAbsolute, formatAge, isDecimalString, type Millis, parseMillis } from '../../format/index.js';
import type { DictionaryState, DirectoryState, Stores, WorkspaceState } from '../../store/index.js';
import type { ViewModel } from '../model/model.js';
import { cellOf, type Column, searchText } from '../draw/columns.js';
import { accountName, type RenderCtx } from '../draw/context.js';
import type { Segment } from '../base/segments.js';

export { type DerivedList, type HistoryHeld, makeList } from '../draw/derived-list.js';

export interface SortSpec {
  readonly id: string;
  /** The title's words for it ("created ↓"). */
  readonly label: string;
  /** Its words read the other way (`S`), when more than the arrow turns (the server's order is one way). */
  readonly reversed?: string;
}

/** What every list's rows are derived by, beside its own filters: the `/` text and the sort. */
export interface ListQuery {
  /** The `/` text, over the rows held. */
  readonly filter: string;
  /** Index into the resource's sorts (sortOf wraps it). */
  readonly sort: number;
}

/** `/` text: case-insensitive substring; a leading `!` keeps the rows that do not match. */
export function textMatcher(filter: string): ((text: string) => boolean) | undefined {
  const key = filterKey(filter);
  const invert = key.startsWith('!');
  const needle = invert ? key.slice(1) : key;
  if (needle === '') return undefined;
  return invert ? (t) => !t.includes(needle) : (t) => t.includes(needle);
}

/** How many ids the `/` memo may hold, as a multiple of the rows it filters. */
const FILTER_MEMO_BUDGET = 2;

/**
 * The `/` filter over a list's loaded rows, memoized per text while the rows stay the same: the
 * filter follows each key typed, so a key costs at most one pass over the rows a shorter text kept
 * (a longer needle only narrows), and backspace costs nothing. New rows (a live update) or a new
 * `scope` (what the texts are made from: the names) start over. Held results are bounded to twice
 * the rows, the most recent kept.
 */
export function textFilter<T>(): (
  rows: readonly T[],
  filter: string,
  text: (row: T) => string,
  scope?: readonly unknown[],
) => readonly T[] {
  let base: readonly T[] | undefined;
  let baseScope: readonly unknown[] = [];
  let held = new Map<string, readonly T[]>();
  return (rows, filter, text, scope = []) => {
    const match = textMatcher(filter);
    if (match === undefined) return rows;
    if (rows !== base || !sameList(scope, baseScope)) {
      base = rows;
      baseScope = scope;
      held = new Map();
    }
    const key = filterKey(filter);
    const hit = held.get(key);
    if (hit !== undefined) {
      // Most recently used last: it is the last to go.
      held.delete(key);
      held.set(key, hit);
      return hit;
    }
    let from = rows;
    if (!key.startsWith('!')) {
      for (const [k, kept] of held) if (!k.startsWith('!') && key.includes(k) && kept.length < from.length) from = kept;
    }
    const kept = from.filter((row) => match(text(row)));
    held.set(key, kept);
    let size = 0;
    for (const v of held.values()) size += v.length;
    for (const [k, v] of held) {
      if (size <= rows.length * FILTER_MEMO_BUDGET || k === key) break;
      held.delete(k);
      size -= v.length;
    }
    return kept;
  };
}

/** The filter as textMatcher reads it: "!needle" or "needle", lowercased and trimmed. */
function filterKey(filter: string): string {
  const trimmed = filter.trim();
  const invert = trimmed.startsWith('!');
  const needle = (invert ? trimmed.slice(1) : trimmed).trim().toLowerCase();
  return invert ? `!${needle}` : needle;
}

/**
 * Where a resource's records are held, and one found by id: one selector, read as it is now by the
 * keys (`find`: y, Enter, the dialogs) and subscribed by the views that draw one record (`useRecord`:
 * the JSON view), so what a key acts on is what the screen shows.
 */
export interface RecordSource<R> {
  find(vm: ViewModel, id: string): R | undefined;
  /** React hook: the same lookup, drawn again when it changes. */
  useRecord(vm: ViewModel, id: string | undefined): R | undefined;
}

export function recordsIn<S, R>(
  store: (stores: Stores) => StoreApi<S>,
  select: (state: S, id: string) => R | undefined,
): RecordSource<R> {
  return {
    find: (vm, id) => select(store(vm.stores).getState(), id),
    useRecord: (vm, id) => useStore(store(vm.stores), (s) => (id === undefined ? undefined : select(s, id))),
  };
}

/**
 * What a pane reads of the stores: one object of slices, each compared by identity. The pane
 * subscribes with it (useInputs) and the keys derive from it (memoInputs), so both read the same.
 */
export type Inputs = object;

/**
 * React hook: the inputs a selector picks, drawn again when one of them changes (compared shallowly,
 * like zustand's useShallow, but over every store the view reads: a change elsewhere costs one
 * call of the selector, not a render).
 */
export function useInputs<I extends Inputs>(vm: ViewModel, select: (vm: ViewModel) => I): I {
  const last = useRef<I | undefined>(undefined);
  const subscribe = useCallback(
    (changed: () => void) => {
      const offs = [...Object.values(vm.stores), vm.ui].map((store) => store.subscribe(changed));
      return () => {
        for (const off of offs) off();
      };
    },
    [vm],
  );
  const snapshot = () => {
    const next = select(vm);
    if (last.current !== undefined && shallow(last.current, next)) return last.current;
    last.current = next;
    return next;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** A derivation memoized on its last inputs, compared shallowly: the same inputs give the same value. */
export function memoInputs<I extends Inputs, T>(compute: (inputs: I) => T): (inputs: I) => T {
  let last: { inputs: I; value: T } | undefined;
  return (inputs) => {
    if (last !== undefined && shallow(last.inputs, inputs)) return last.value;
    const value = compute(inputs);
    last = { inputs, value };
    return value;
  };
}

/** One memo slot: the last inputs and what they gave. */
export function memo<A extends readonly unknown[], T>(
  compute: (...args: A) => T,
  same: (a: A, b: A) => boolean,
): (...args: A) => T {
  let last: { args: A; value: T } | undefined;
  return (...args: A): T => {
    if (last !== undefined && same(last.args, args)) return last.value;
    const value = compute(...args);
    last = { args, value };
    return value;
  };
}

export interface RefData {
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
  /** Names of people and destinations: `/` finds a row by them too. */
  readonly directory?: DirectoryState;
}

export function refData(vm: ViewModel): RefData {
  return {
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    directory: vm.stores.directory.getState(),
  };
}

/**
 * One search text per record, reused until the names it was made with change: `/` over 100,000
 * rows reads each record's cells once, not once per key typed.
 */
export function searchCache<R extends object>(
  columns: readonly Column<R>[],
  recordId: (record: R) => string,
): (record: R, ref: RefData) => string {
  let texts = new WeakMap<R, string>();
  let made: RefData | undefined;
  return (record, ref) => {
    if (
      made === undefined ||
      made.dictionary !== ref.dictionary ||
      made.workspace !== ref.workspace ||
      made.directory !== ref.directory
    ) {
      texts = new WeakMap();
      made = ref;
    }
    let t = texts.get(record);
    if (t === undefined) {
      const ctx: RenderCtx = { ascii: false, now: 0, prices: new Map(), ...ref };
      t = searchText(recordId(record), columns, record, ctx);
      texts.set(record, t);
    }
    return t;
  };
}

export function sortOf(sorts: readonly SortSpec[], index: number): SortSpec {
  return sorts[((index % sorts.length) + sorts.length) % sorts.length]!;
}

/** The title's words for a sort and its direction: `S` turns the arrow ("created ↑"). */
export function sortLabel(sorts: readonly SortSpec[], index: number, ascii: boolean, reverse = false): string {
  const spec = sortOf(sorts, index);
  let label = spec.label;
  if (reverse && spec.reversed !== undefined) label = spec.reversed;
  else if (reverse) label = /[↓↑]/.test(label) ? label.replace(/[↓↑]/, (a) => (a === '↓' ? '↑' : '↓')) : `${label}, reversed`;
  return ascii ? label.replace('↓', 'desc').replace('↑', 'asc') : label;
}

/**
 * Every sort of a list: its own (in the order `s` takes them; the first is the default), then one
 * per other column, A to Z by its cells, so "any column" is read from the columns, not listed twice.
 * `note` follows a column's words where only the rows held are ordered (", loaded rows").
 */
export function columnSorts<R>(own: readonly SortSpec[], columns: readonly Column<R>[], note = ''): SortSpec[] {
  const have = new Set(own.map((s) => s.id));
  const more = columns.filter((c) => !have.has(c.id) && (have.add(c.id), true));
  return [...own, ...more.map((c) => ({ id: c.id, label: `${c.title.toLowerCase()} ↑${note}` }))];
}

const byText = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Ids ordered by a column: its sortKey or its cell text, read once per row; rows without a value
 * last in either direction, ties in the order given (stable).
 */
export function sortByColumn<R>(
  ids: readonly string[],
  get: (id: string) => R | undefined,
  column: Column<R>,
  ctx: RenderCtx,
  reverse: boolean,
): string[] {
  const keyed = ids.map((id, i) => {
    const r = get(id);
    const key = r === undefined ? undefined : column.sortKey !== undefined ? column.sortKey(r, ctx) : cellOf(column, r, ctx);
    return { id, i, key: key === '' ? undefined : key };
  });
  const dir = reverse ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return (a.key === undefined ? 1 : 0) - (b.key === undefined ? 1 : 0) || a.i - b.i;
    const c =
      typeof a.key === 'string' && typeof b.key === 'string'
        ? byText.compare(a.key, b.key)
        : a.key < b.key
          ? -1
          : a.key > b.key
            ? 1
            : 0;
    return c * dir || a.i - b.i;
  });
  return keyed.map((k) => k.id);
}

/** A decimal string as an integer of 10^-8 units, for exact ordering without floats. */
export function fixed8(s: string | undefined): bigint | undefined {
  if (s === undefined || !isDecimalString(s)) return undefined;
  const negative = s.startsWith('-');
  const [int, frac = ''] = (negative ? s.slice(1) : s).split('.');
  const units = BigInt(int! + frac.slice(0, 8).padEnd(8, '0'));
  return negative ? -units : units;
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Epoch-ms texts, newest first (the longer is larger; equal lengths compare as text). */
export function newestFirst(a: string, b: string): number {
  return compareText(b.padStart(20, '0'), a.padStart(20, '0'));
}

export function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Ages in lists are drawn at the time of the last tick of this clock (and on every data change),
 * never on the 1 s clock: a list is not redrawn every second for its AGE column.
 */
export const AGE_TICK_MS = 5_000;

/**
 * The list's clock: the server's time (this machine's, corrected by the skew the header warns of)
 * at the last age tick; the pane re-renders on each. The server stamps the times an age is of.
 */
export function useAgeNow(vm: ViewModel): number {
  const skew = useStore(vm.stores.session, (s) => s.clockSkewMs ?? 0);
  return useStore(vm.clock, (s) => Math.floor((s.now + skew) / AGE_TICK_MS)) * AGE_TICK_MS;
}

/** A lead of a time over the clock that still counts as now: clocks this close agree (the header's limit). */
export const CLOCKS_AGREE_MS = 30_000;

/** What an AGE cell says of a time ahead of the clock by more than clocks that agree differ. */
export const AHEAD_AGE = 'skew';

/**
 * A list's AGE cell. Ages are drawn at the last tick, so a row that arrived since reads "0s", not
 * "+2s"; so does one stamped a little ahead, by a clock that nearly agrees. A time further ahead
 * has no age: the cell says so ("skew"), and never reads like one ("+58m").
 */
export function listAge(at: Millis, now: Millis): string {
  const t = parseMillis(at);
  const n = parseMillis(now);
  if (t === undefined || n === undefined || t <= n) return formatAge(at, now);
  return t - n <= CLOCKS_AGREE_MS ? formatAge(t, t) : AHEAD_AGE;
}

/** The AGE column of a list whose records have a creation time. */
export function ageColumn<R extends { readonly createdAt: Millis }>(priority: number): Column<R> {
  return {
    id: 'age',
    title: 'AGE',
    width: 4,
    priority,
    align: 'right',
    searchable: false,
    cell: (r, ctx) => listAge(r.createdAt, ctx.now),
    // Youngest first, as the ages read.
    sortKey: (r) => {
      const t = parseMillis(r.createdAt);
      return t === undefined ? undefined : -t;
    },
  };
}

/** The ACCOUNT column: the account's name, read whole; its room and priority are the list's. */
export function accountColumn<R extends { readonly accountId?: string | null }>(
  priority: number,
  room: { readonly minWidth: number; readonly maxWidth: number; readonly flex: number },
): Column<R> {
  return { id: 'account', title: 'ACCOUNT', ...room, priority, whole: true, cell: (r, ctx) => accountName(ctx, r.accountId) };
}

/** The CREATED column: the creation time in full, the first to go when the line is short. */
export function createdColumn<R extends { readonly createdAt: Millis }>(): Column<R> {
  return { id: 'created', title: 'CREATED', width: 19, priority: 1, cell: (r) => formatAbsolute(r.createdAt) };
}

export function chip(label: string, value: string): Segment {
  return { text: `[${label}: ${value}]`, token: 'chip' };
}

export function filterChip(filter: string): Segment[] {
  return filter === '' ? [] : [{ text: `[/${filter}]`, token: 'chip' }];
}

/**
 * The empty text of a list: the read failed, the server cannot be reached while it is being read
 * (offline at start: said at once, not "loading…" for as long as it lasts), still loading,
 * nothing matches the filters, or nothing at all.
 */
export function emptyText(words: {
  readonly loading: boolean;
  readonly filtered: boolean;
  /** "accounts" / "account" */
  readonly plural: string;
  readonly singular: string;
  /** Said when there is nothing at all. */
  readonly none: string;
  readonly ascii: boolean;
  /** Why the last read failed (a retry may be under way). */
  readonly error?: string | undefined;
  /** Why the server cannot be reached now (useUnreachable), while nothing was read yet. */
  readonly unreachable?: string | undefined;
}): string {
  if (words.loading && words.unreachable !== undefined) {
    return `cannot read ${words.plural}: ${words.unreachable} (retrying; r retries now)`;
  }
  if (words.error !== undefined) return `cannot read ${words.plural}: ${words.error} (r retries)`;
  if (words.loading) return `loading ${words.plural}${words.ascii ? '...' : '…'}`;
  return words.filtered ? `no ${words.singular} matches (esc clears the filter)` : words.none;
}

/** Why the server cannot be reached, while the header says offline; undefined otherwise. */
export function useUnreachable(vm: ViewModel): string | undefined {
  return useStore(vm.stores.session, (s) =>
    s.connection.kind === 'offline' ? (s.connection.detail ?? 'the server cannot be reached') : undefined,
  );
}

/**
 * Closes the open detail when it is `resource`'s: a new view of a pane starts on its list, not on
 * the detail of a row of the old one (the engine lets go of it through view/shell/live-sync.ts).
 */
export function closeDetailOf(vm: ViewModel, resource: { readonly id: string }): void {
  const ui = vm.ui.getState();
  if (ui.detail === undefined || ui.detail.pane !== resource.id) return;
  ui.closeDetail();
}
