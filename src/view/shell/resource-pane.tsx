// The one pane of every list resource: a title rule (name, sort, filter chips, position, load
// progress), the virtualized table, and a rule below it saying how many rows lie above and below
// the window. What it shows comes from the resource's pane hook (resources/).
import { Box } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatCount } from '../../format/index.js';
import { listState } from '../../store/ui.js';
import { MOVE_BINDINGS } from '../lists/move.js';
import { useView } from '../model/model.js';
import { type HistoryHeld, sortLabel } from '../resources/kit.js';
import type { AnyResource } from '../resources/registry.js';
import { newRowsAbove, resolveSelection, settleSelection } from '../focus/selection.js';
import { type Segment, segmentsWidth } from '../draw/line.js';
import { Rule } from '../draw/rule.js';
import { Table } from '../draw/table.js';

/** Lines of a list pane around the table window: title rule, column titles, bottom rule. */
export const LIST_CHROME = 3;

function count(n: number): string {
  return formatCount(n);
}

/** "7/3,033" (of 4,000 before the filter): a list held whole. */
function plainPosition(index: number, n: number, total: number): Segment[] {
  return [
    { text: n === 0 ? '0' : `${count(index + 1)}/${count(n)}`, token: 'muted' },
    ...(n !== total ? [{ text: ` of ${count(total)}`, token: 'muted' as const }] : []),
  ];
}

/**
 * A list of which only part is held (the transactions history): the rows on screen and what is
 * known of the rest, "1-40 of 3,000+" (more below, not read yet) or "1-40 of all 3,021"; with a
 * `/` filter, its matches among the rows held.
 */
function heldPosition(offset: number, rows: number, n: number, total: number, h: HistoryHeld): Segment[] {
  const plus = h.complete ? '' : '+';
  const first = h.above + offset + 1;
  const last = h.above + Math.min(n, offset + rows);
  const range = n === 0 ? '0' : `${count(first)}-${count(last)}`;
  const text =
    n !== total
      ? `${range} of ${count(n)} matching, in ${count(h.above + total)}${plus} held`
      : `${range} of ${h.complete && h.above === 0 ? 'all ' : ''}${count(h.above + total)}${plus}`;
  return [{ text, token: 'muted' }];
}

/** The key that goes to the top, as the hint names it. */
const TOP_KEY = MOVE_BINDINGS.find((b) => b.id === 'top')?.keys[0] ?? 'g';

/** "▲ 12 new (g shows them)": rows that arrived above a window scrolled away from the top. */
function newRowsHint(n: number, mark: string): Segment[] {
  if (n <= 0) return [];
  return [{ text: `${mark} ${count(n)} new (${TOP_KEY} shows ${n === 1 ? 'it' : 'them'})`, token: 'accent' }];
}

/** The title's right side: the new rows first, then the position; the hint alone when both do not fit. */
function titleRight(left: readonly Segment[], hint: Segment[], status: Segment[], width: number): Segment[] {
  if (hint.length === 0) return status;
  const both = [...hint, { text: '  ' }, ...status];
  // The rule shows its right side only when it fits beside the left one (widgets/rule.tsx).
  const room = width - segmentsWidth(left) - 9;
  return segmentsWidth(both) <= room ? both : hint;
}

export function ResourcePane({ resource, width, height }: { resource: AnyResource; width: number; height: number }) {
  const vm = useView();
  const pane = resource.id;
  const { list, ctx, chips, summary, empty, marks, follow = false, onViewport, columns } = resource.usePane(vm);
  const state = useStore(vm.ui, (s) => listState(s, pane));
  const rows = Math.max(1, height - LIST_CHROME);
  const sel = resolveSelection(state, list, rows, follow);
  // While `/` is typed the selection keeps its id: the row comes back as the text widens, and Esc
  // finds it where it was.
  const typing = useStore(vm.ui, (s) => s.mode === 'filter');
  // Remember what the person sees when that was implied (the first row at start, the neighbour of a
  // row that left, a window pushed off the top), so rows arriving later move around it, not under it.
  // Nothing is implied before the unfinished work has been read whole: at start it lands above the
  // first page read, and an implied selection would ride down with its row (the cursor on row 17 of
  // a console nobody touched). Until then the cursor is simply the first row.
  const started = useStore(vm.stores.transactions, (s) => s.baselineAt !== undefined);
  const settle = follow || typing || !started ? undefined : settleSelection(state, list, sel);
  useEffect(() => {
    if (settle !== undefined) vm.ui.getState().patchList(pane, settle);
  }, [vm, pane, settle]);
  // Told when the selection, the window's height or the rows change; not because the hook made a
  // new function this render (that would repeat it every frame).
  useEffect(() => {
    onViewport?.(sel.id, rows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sel.id, rows, list]);
  const n = list.ids.length;
  const g = vm.theme.glyphs;
  const left: Segment[] = [
    { text: resource.title, token: 'title' },
    { text: ` ${g.separator} ${sortLabel(resource.sorts, state.sort, vm.theme.ascii, state.reverse === true)}`, token: 'muted' },
    ...(summary !== undefined ? [{ text: `${vm.theme.ascii ? ' - ' : ' · '}${summary}`, token: 'muted' as const }] : []),
    ...chips.flatMap((c) => [{ text: ' ' }, c]),
    ...(follow ? [{ text: ' ' }, { text: ' FOLLOW ', token: 'badge' as const }] : []),
  ];
  const h = list.history;
  // A row that is not a record (the server-search offer) is not counted.
  const notes = list.note === undefined ? 0 : list.ids.filter((id) => list.note!(id) !== undefined).length;
  const position =
    h === undefined ? plainPosition(sel.index, n, list.total) : heldPosition(sel.offset, rows, n - notes, list.total, h);
  const status: Segment[] = [
    ...position,
    ...(h?.loading === true ? [{ text: ` loading${vm.theme.ascii ? '...' : '…'}`, token: 'muted' as const }] : []),
    ...(h?.error !== undefined ? [{ text: ` ${g.warning} ${h.error}`, token: 'warning' as const }] : []),
  ];
  const right = titleRight(left, newRowsHint(newRowsAbove(state, list, sel), g.moreAbove), status, width);
  const below = Math.max(0, n - (sel.offset + rows));
  const bottomLeft: Segment[] =
    sel.offset > 0 ? [{ text: `${g.moreAbove} ${count(sel.offset)} above`, token: 'muted' }] : [];
  const reading = h !== undefined && !h.complete && n > 0;
  const ellipsis = vm.theme.ascii ? '...' : '…';
  const bottomRight: Segment[] =
    below > 0
      ? [{ text: `${g.moreBelow} ${count(below)} more`, token: 'accent' }]
      : reading
        ? [
            {
              text: `${g.moreBelow} ${h?.error !== undefined ? 'older rows could not be read (r retries)' : `reading older${ellipsis}`}`,
              token: 'muted',
            },
          ]
        : [];
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={left} right={right} width={width} theme={vm.theme} />
      <Table
        resource={columns === undefined ? resource : { ...resource, columns }}
        list={list}
        ctx={ctx}
        theme={vm.theme}
        width={width}
        height={rows}
        offset={sel.offset}
        selected={sel.index}
        {...(marks !== undefined ? { marks } : {})}
        empty={empty}
      />
      <Rule left={bottomLeft} right={bottomRight} width={width} theme={vm.theme} />
    </Box>
  );
}
