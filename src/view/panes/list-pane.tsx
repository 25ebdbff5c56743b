// The frame of every list pane: a title rule (name, sort, filter chips, position, load progress),
// the virtualized table, and a rule below it saying how many rows lie above and below the window.
import { Box } from 'ink';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatCount } from '../../format/index.js';
import type { ListPaneId } from '../../store/ui.js';
import { type DerivedList, sortLabel } from '../derive.js';
import { useView } from '../model.js';
import type { RenderCtx } from '../renderers/context.js';
import type { Renderer } from '../renderers/columns.js';
import { resolveSelection } from '../selection.js';
import type { Segment } from '../widgets/line.js';
import { Rule } from '../widgets/rule.js';
import { Table } from '../widgets/table.js';
import { PANE_TITLES } from '../widgets/tabs.js';

/** Ages in lists are redrawn this often (and on every data change), never on the 1 s clock. */
export const AGE_REFRESH_MS = 5_000;

/** Lines of a list pane around the table window: title rule, column titles, bottom rule. */
export const LIST_CHROME = 3;

export function count(n: number): string {
  return formatCount(n);
}

export function chip(label: string, value: string): Segment {
  return { text: `[${label}: ${value}]`, token: 'chip' };
}

export function filterChip(filter: string): Segment[] {
  return filter === '' ? [] : [{ text: `[/${filter}]`, token: 'chip' }];
}

export interface ListPaneProps<R> {
  readonly pane: ListPaneId;
  readonly renderer: Renderer<R>;
  readonly list: DerivedList<R>;
  readonly ctx: RenderCtx;
  readonly width: number;
  /** Lines of the whole pane. */
  readonly height: number;
  readonly chips?: readonly Segment[];
  /** Right side of the title rule, after the position. */
  readonly info?: readonly Segment[];
  readonly marks?: ReadonlyMap<string, number>;
  readonly follow?: boolean;
  readonly empty: string;
}

export function ListPane<R>({
  pane,
  renderer,
  list,
  ctx,
  width,
  height,
  chips = [],
  info = [],
  marks,
  follow = false,
  empty,
}: ListPaneProps<R>) {
  const vm = useView();
  const state = useStore(vm.ui, (s) => s.lists[pane]);
  const rows = Math.max(1, height - LIST_CHROME);
  const sel = resolveSelection(state, list, rows, follow);
  // Remember by id what the cursor rests on when that was implied (the first row at start, the
  // neighbour of a row that left), so rows arriving later move around it, not under it.
  useEffect(() => {
    if (follow || sel.id === undefined || sel.id === state.selectedId) return;
    vm.ui.getState().patchList(pane, { selectedId: sel.id, cursor: sel.index, row: sel.index - sel.offset });
  }, [vm, pane, follow, sel.id, sel.index, sel.offset, state.selectedId]);
  const n = list.ids.length;
  const g = vm.theme.glyphs;
  const left: Segment[] = [
    { text: PANE_TITLES[pane], token: 'title' },
    { text: ` ${g.separator} ${sortLabel(pane, state.sort, vm.theme.ascii)}`, token: 'muted' },
    ...chips.flatMap((c) => [{ text: ' ' }, c]),
    ...(follow ? [{ text: ' ' }, { text: ' FOLLOW ', token: 'badge' as const }] : []),
  ];
  const position = n === 0 ? '0' : `${count(sel.index + 1)}/${count(n)}`;
  const right: Segment[] = [
    { text: position, token: 'muted' },
    ...(n !== list.total ? [{ text: ` of ${count(list.total)}`, token: 'muted' as const }] : []),
    ...info,
  ];
  const below = Math.max(0, n - (sel.offset + rows));
  const bottomLeft: Segment[] =
    sel.offset > 0 ? [{ text: `${g.moreAbove} ${count(sel.offset)} above`, token: 'muted' }] : [];
  const bottomRight: Segment[] =
    below > 0 ? [{ text: `${g.moreBelow} ${count(below)} more`, token: 'accent' }] : [];
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={left} right={right} width={width} theme={vm.theme} />
      <Table
        renderer={renderer}
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
