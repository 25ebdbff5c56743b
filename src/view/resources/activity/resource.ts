// The activity pane: what happened in the workspace, newest first, with who did it by name. Read
// on demand a page at a time into `stores.activity` (live/activity-loads.ts): the first page when
// the pane opens and on `r`, the next as the cursor nears the end. `:activity <type|text ...>` asks the server for those types
// and that text. Enter on a transaction's activity opens that transaction; on another, its detail.
import { useEffect } from 'react';
import type { Activity } from '../../../contract/index.js';
import { formatCount } from '../../../format/index.js';
import {
  type ActivityQuery,
  type ActivityState,
  type DictionaryState,
  type DirectoryState,
  emptyDirectory,
  wantsMoreActivity,
  type WorkspaceState,
} from '../../../store/index.js';
import { listState, type UiData } from '../../../store/ui.js';
import { personLabel } from '../../../domain/index.js';
import type { CommandSpec } from '../../query/command-spec.js';
import type { ViewModel } from '../../model/model.js';
import { ActivityDetailPane } from './detail.js';
import { type Column, searchText } from '../../draw/columns.js';
import type { RenderCtx } from '../../draw/context.js';
import type { Segment } from '../../base/segments.js';
import {
  activityTransactionId,
  activityTypeCandidates,
  activityTypeText,
  activityWhat,
  feedTime,
  hasQuery,
  parseActivityWords,
} from './words.js';
import {
  accountColumn,
  ageColumn,
  chip,
  closeDetailOf,
  filterChip,
  makeList,
  memoInputs,
  newestFirst,
  recordsIn,
  type SortSpec,
  textFilter,
  useAgeNow,
  useInputs,
  useUnreachable,
} from '../kit.js';
import { fieldCopies } from '../copies.js';
import type { ListResource } from '../types.js';

/** The first page is read again when the pane opens after this long (a detail closed, a pane key). */
const STALE_MS = 15_000;

// What happened is the row: WHAT takes the room the names and the type leave. The id is not a
// column (`y` copies it, `J` and the detail show it, `/` finds it).
const columns: readonly Column<Activity>[] = [
  { id: 'time', title: 'TIME', width: 11, priority: 9, searchable: false, cell: (a, ctx) => feedTime(a.createdAt, ctx.now) },
  ageColumn(3),
  {
    id: 'who',
    title: 'WHO',
    minWidth: 10,
    maxWidth: 28,
    flex: 1,
    priority: 8,
    whole: true,
    cell: (a, ctx) => personLabel(ctx.directory ?? emptyDirectory, a.userId, { ascii: ctx.ascii }).text,
  },
  {
    id: 'type',
    title: 'TYPE',
    minWidth: 12,
    maxWidth: 30,
    priority: 7,
    whole: true,
    cell: (a, ctx) => activityTypeText(a, ctx.ascii),
  },
  { id: 'what', title: 'WHAT', minWidth: 20, flex: 4, priority: 10, cell: (a, ctx) => activityWhat(a, ctx.ascii) },
  accountColumn(6, { minWidth: 10, maxWidth: 22, flex: 1 }),
];

const sorts: readonly SortSpec[] = [{ id: 'created', label: 'newest first' }];

interface Names {
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
  readonly directory: DirectoryState;
}

/** What the rows are derived from: the feed held, the `/` text and the names `/` finds rows by. */
interface ActivityInputs extends Names {
  readonly feed: ActivityState;
  readonly filter: string;
}

function inputs(vm: ViewModel): ActivityInputs {
  return {
    feed: vm.stores.activity.getState(),
    filter: listState(vm.ui.getState(), 'activity').filter,
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    directory: vm.stores.directory.getState(),
  };
}

function derivations() {
  // One search text per record, made again when the names it reads change (members arriving).
  let texts = new WeakMap<Activity, string>();
  let madeWith: Names | undefined;
  const text = (a: Activity, n: Names) => {
    if (madeWith?.directory !== n.directory || madeWith.workspace !== n.workspace || madeWith.dictionary !== n.dictionary) {
      texts = new WeakMap();
      madeWith = n;
    }
    let t = texts.get(a);
    if (t === undefined) {
      const ctx: RenderCtx = { ascii: false, now: 0, prices: new Map(), ...n };
      t = searchText(a.activityId, columns, a, ctx);
      texts.set(a, t);
    }
    return t;
  };
  const filterText = textFilter<Activity>();
  // The feed's rows, not its whole state: a read set off or failing derives nothing again.
  const list = memoInputs(({ rows, byId, filter, ...n }: Names & { rows: ActivityState['rows']; byId: ActivityState['byId']; filter: string }) => {
    const kept = filterText(rows, filter, (a) => text(a, n), [n.directory, n.workspace, n.dictionary]);
    // The server's order is newest first; sorted again so a page that disagrees cannot interleave.
    const ids = [...kept]
      .map((a, i) => ({ a, i }))
      .sort((x, y) => newestFirst(x.a.createdAt, y.a.createdAt) || x.i - y.i)
      .map((x) => x.a.activityId);
    return makeList(ids, (id) => byId.get(id), rows.length);
  });
  return ({ feed, ...rest }: ActivityInputs) => list({ rows: feed.rows, byId: feed.byId, ...rest });
}

function rowsOf(vm: ViewModel, from = inputs(vm)) {
  return vm.cache(activity, derivations)(from);
}

function queryChips(q: ActivityQuery): Segment[] {
  return [
    ...(q.activityTypes !== undefined && q.activityTypes.length > 0 ? [chip('type', q.activityTypes.join(','))] : []),
    ...(q.search !== undefined && q.search !== '' ? [chip('search', q.search)] : []),
  ];
}

/** The title's words on what is held: how far back it goes, a read under way, a failure. */
export function feedSummary(feed: ActivityState, ascii: boolean): string | undefined {
  const ellipsis = ascii ? '...' : '…';
  if (feed.loading === 'first') return `reading${ellipsis}`;
  if (feed.error !== undefined && feed.rows.length > 0) return `${feed.error} (r retries)`;
  if (feed.loading === 'more') return `reading older${ellipsis}`;
  if (feed.capped) return `the newest ${formatCount(feed.rows.length)} are held (narrow it with :activity)`;
  if (feed.rows.length > 0 && !feed.complete) return 'older ones are read as you scroll';
  return undefined;
}

/** Said in place of rows: why there are none. */
export function feedEmpty(
  feed: ActivityState,
  words: { readonly filtered: boolean; readonly ascii: boolean; readonly unreachable?: string | undefined },
): string {
  if (feed.forbidden) return "this key's role cannot read the activity feed";
  if (feed.error !== undefined) return `cannot read the activity feed: ${feed.error} (r retries)`;
  if (feed.readAt === undefined) {
    return words.unreachable !== undefined
      ? `cannot read the activity feed: ${words.unreachable} (r retries)`
      : `loading activity${words.ascii ? '...' : '…'}`;
  }
  if (words.filtered) return 'no activity matches (esc clears the filter)';
  return hasQuery(feed.query) ? 'no activity of that kind (esc shows all of it)' : 'no activity yet';
}

const activityCommand: CommandSpec = {
  name: 'activity',
  args: '[type|text ...]',
  description: 'the activity feed; with activity types (transaction-declined, login, ...) or text: only those, asked of the server',
  complete: (word) => activityTypeCandidates(word),
  run(vm, cmd) {
    closeDetailOf(vm, activity);
    vm.actions.readActivity(parseActivityWords(cmd.rest));
    vm.ui.getState().setPane('activity');
  },
};

/** Enter: the transaction the activity is about, when it names one; else the activity's detail. */
function open(vm: ViewModel, id: string, a: Activity | undefined): void {
  const ui = vm.ui.getState();
  if (a !== undefined) {
    const tx = vm.stores.transactions.getState().byId;
    const dir = vm.stores.directory.getState();
    const ws = vm.stores.workspace.getState();
    const txId = activityTransactionId(
      a,
      (w) => tx.has(w),
      (w) => ws.accountsById.has(w) || dir.members.has(w) || w === a.userId || w === a.accountId || w === a.workspaceId,
    );
    if (txId !== undefined) {
      ui.setPane('transactions');
      ui.openDetail('transactions', txId);
      return;
    }
  }
  ui.openDetail('activity', id);
}

export const activity: ListResource<Activity> = {
  id: 'activity',
  title: 'Activity',
  columns,
  sorts,
  recordId: (a) => a.activityId,
  tone: () => undefined,
  inputs,
  rows: (vm) => rowsOf(vm),
  ...recordsIn((stores) => stores.activity, (s, id) => s.byId.get(id)),
  usePane(vm) {
    const held = useInputs(vm, inputs);
    const { feed, filter } = held;
    const now = useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    // The first page when the pane opens (again once what is held is a little old).
    useEffect(() => {
      const s = vm.stores.activity.getState();
      if (s.loading === undefined && (s.readAt === undefined || vm.env.now() - s.readAt > STALE_MS)) vm.actions.readActivity();
    }, [vm]);
    const list = rowsOf(vm, held);
    const chips = [...queryChips(feed.query), ...filterChip(filter)];
    const summary = feedSummary(feed, vm.theme.ascii);
    return {
      list,
      ctx: { ascii: vm.theme.ascii, now, dictionary: held.dictionary, workspace: held.workspace, directory: held.directory, prices: list.prices },
      chips,
      ...(summary !== undefined ? { summary } : {}),
      empty: feedEmpty(feed, { filtered: filter !== '', ascii: vm.theme.ascii, unreachable }),
      onViewport(anchorId, visibleRows) {
        const shown = rowsOf(vm);
        const index = anchorId === undefined ? 0 : Math.max(0, shown.indexOf(anchorId));
        if (wantsMoreActivity(vm.stores.activity.getState(), index, shown.ids.length, visibleRows)) vm.actions.readOlderActivity();
      },
    };
  },
  refresh: (vm) => vm.actions.readActivity(),
  copies: (a, id) => fieldCopies(id, a, [['title', 'title', a.title]]),
  open: {
    label: 'open',
    description: "open the transaction it is about, or the activity's detail",
    run: open,
  },
  detail: { Component: ActivityDetailPane },
  hasFilters: (_ui: UiData, vm?: ViewModel) => vm !== undefined && hasQuery(vm.stores.activity.getState().query),
  clearFilter(vm) {
    if (!hasQuery(vm.stores.activity.getState().query)) return false;
    vm.actions.readActivity({});
    return true;
  },
  commands: [activityCommand],
};
