// A list resource, declared once (k9s' render/ + registry, lazygit's contexts): its columns with
// their cells, its sorts, how its rows are derived, what `/`, Esc, `y`, `r` and Enter mean on it,
// and the hook its pane draws with. One generic pane (panes/resource-pane.tsx) draws every one;
// the registry (registry.ts) lists them for the pane keys, the tabs, the `:` words and the help.
import type { ComponentType } from 'react';
import type { Tone } from '../../format/index.js';
import type { PaneId, UiData } from '../../store/ui.js';
import type { CommandSpec } from '../query/command-spec.js';
import type { RefreshScope } from '../model/live-actions.js';
import type { ViewModel } from '../model/model.js';
import type { Column } from '../draw/columns.js';
import type { RenderCtx } from '../draw/context.js';
import type { Segment } from '../base/segments.js';
import type { CopyCtx, CopyEntry } from './copies.js';
import type { DerivedList, Inputs, RecordSource, SortSpec } from './kit.js';

/** What the pane draws with, from the pane's hook. */
export interface PaneData<R> {
  readonly list: DerivedList<R>;
  readonly ctx: RenderCtx;
  /** The columns this query shows, when not the resource's own (the transactions' approval queue). */
  readonly columns?: readonly Column<R>[];
  /** The filters in force, as the title shows them (`[account: Treasury]`). */
  readonly chips: readonly Segment[];
  /** Said after the sort in the title ("$12,345,678.00 total"). */
  readonly summary?: string;
  /** Said in place of rows when there are none (loading, an error, nothing matches). */
  readonly empty: string;
  /** Ids changed by a live update a moment ago: drawn with a marker. */
  readonly marks?: ReadonlyMap<string, number>;
  /** The selection sticks to the top row. */
  readonly follow?: boolean;
  /** Told where the selection rests after each change (the transactions pane pages around it). */
  readonly onViewport?: (anchorId: string | undefined, visibleRows: number) => void;
}

/** What Enter does on a row. */
export interface OpenSpec<R> {
  /** The footer's word; `note`: on a row that is not a record (the server-search offer). */
  readonly label: string;
  readonly noteLabel?: string;
  /** The help screen's words, after the pane's name. */
  readonly description: string;
  /** `record` is undefined on a note row. */
  run(vm: ViewModel, id: string, record: R | undefined): void;
}

/** A detail drawn over the pane (Enter). */
export interface DetailSpec {
  readonly Component: ComponentType<{ readonly width: number; readonly height: number }>;
  /** The live engine loads the open record whole and keeps it fresh (view/shell/live-sync.ts follows it). */
  readonly followedLive?: boolean;
}

/** A record the console holds in part (a finished transaction is held slim) and how to read it whole. */
export interface WholeSpec<R> {
  partial(record: R): boolean;
  load(vm: ViewModel, id: string): void;
}

/**
 * `find` and `useRecord` (kit.ts recordsIn): a record by id, also one the list's filters leave out,
 * from one selector: the keys (y, Enter, J's target) read it, the JSON view subscribes to it.
 */
export interface ListResource<R> extends RecordSource<R> {
  readonly id: PaneId;
  /** The tab's and the title's name. */
  readonly title: string;
  readonly columns: readonly Column<R>[];
  /** In the order `s` cycles through them. */
  readonly sorts: readonly SortSpec[];
  /** `S` reads its sort the other way (its rows follow ListState.reverse). */
  readonly reverses?: boolean;
  /**
   * Whether `s` offers this sort now (absent: always): a column's sort only while its column is
   * shown (the transactions' approval queue has columns of its own and drops two).
   */
  sortable?(ui: UiData, sortId: string): boolean;
  recordId(record: R): string;
  /** Tone of the toned column (status): for color only, the text already says it. */
  tone(record: R): Tone | undefined;
  /**
   * What the rows are derived from, picked from the stores: the one selector the pane subscribes
   * with (kit.ts useInputs) and the keys derive from, so what is read is what is subscribed.
   */
  inputs(vm: ViewModel): Inputs;
  /** The rows now, from `inputs` as they are (memoized: the same inputs give the same list). */
  rows(vm: ViewModel): DerivedList<R>;
  /** React hook of the pane: subscribes to its `inputs`, then derives the rows and chips. */
  usePane(vm: ViewModel): PaneData<R>;
  /** The JSON view (J) shows the whole record: how to read one held in part. */
  readonly whole?: WholeSpec<R>;
  /** The decisions (approve, decline, cancel) act on its records. */
  readonly decides?: boolean;
  /** What `r` asks the live engine to fetch again, or does itself (a feed the pane reads on demand). */
  readonly refresh: RefreshScope | ((vm: ViewModel) => void);
  /** What `y`'s copy menu offers (copies.ts; the id and the JSON when absent). */
  copies?(record: R, id: string, ctx: CopyCtx): readonly CopyEntry[];
  readonly open?: OpenSpec<R>;
  readonly detail?: DetailSpec;
  /** `f` works here: the selection may stick to the newest row. */
  readonly follows?: boolean;
  /**
   * Filters beyond `/` (chips): whether there are any, and taking off one layer (Esc). `vm` is for
   * a filter kept outside the ui store (the activity feed's server query).
   */
  hasFilters?(ui: UiData, vm?: ViewModel): boolean;
  clearFilter?(vm: ViewModel): boolean;
  /**
   * What its list asks for beyond the sort (its filters, as one text): when it changes, the list
   * opens at its first row (lists/first-row.ts).
   */
  query?(ui: UiData): string;
  /** `:` commands that act on this resource. */
  readonly commands?: readonly CommandSpec[];
}
