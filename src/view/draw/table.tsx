// The one table of the console. It lays out only the visible window (offset .. offset+height):
// one <Text> per row holding a single pre-composed line, with at most three styled spans (change
// marker, status cell, or the whole line when selected). Rows are memoized on their text, so a
// row re-renders only when what it shows changes. Rendering every row and clipping costs about a
// second per key at 10,000 rows; the window costs the same at 100,000 as at 100.
import { Box, Text } from 'ink';
import { memo, useMemo } from 'react';
import type { Tone } from '../../format/index.js';
import { GUTTER } from '../base/layout.js';
import { useView } from '../model/model.js';
import type { Column, ColumnLayout, ComposedRow } from './columns.js';
import { composeHeader, composeRow, placedCells } from './columns.js';
import type { RenderCtx } from './context.js';
import { windowLayout } from './table-layout.js';
import { cellReaderOf } from './cell-reader.js';
import type { DerivedList } from './derived-list.js';
import type { Theme, Token } from '../base/theme.js';

// Fitting cells to widths is the costly part of a row (terminal widths of non-ASCII text); the
// cells themselves are cheap. Rows whose cells did not change reuse their line: a keypress that
// moves the cursor recomposes nothing. One cache per layout object, bounded.
const composedRows = new WeakMap<ColumnLayout, Map<string, ComposedRow>>();
const MAX_CACHED_ROWS = 4096;

function composeCached(cells: readonly string[], layout: ColumnLayout, ascii: boolean): ComposedRow {
  let cache = composedRows.get(layout);
  if (cache === undefined) {
    cache = new Map();
    composedRows.set(layout, cache);
  }
  const key = (ascii ? 'a\u0000' : 'u\u0000') + cells.join('\u0000');
  let row = cache.get(key);
  if (row === undefined) {
    row = composeRow(cells, layout, ascii);
    if (cache.size >= MAX_CACHED_ROWS) cache.clear();
    cache.set(key, row);
  }
  return row;
}

interface RowProps {
  readonly gutter: string;
  readonly text: string;
  readonly toneFrom: number;
  readonly toneTo: number;
  readonly token?: Token;
  readonly selected: boolean;
  readonly marked: boolean;
  readonly theme: Theme;
}

const Row = memo(function Row({ gutter, text, toneFrom, toneTo, token, selected, marked, theme }: RowProps) {
  if (selected) {
    return (
      <Text wrap="truncate" {...theme.style('selection')}>
        {gutter + text}
      </Text>
    );
  }
  const head = marked ? <Text bold>{gutter}</Text> : gutter;
  if (toneFrom < 0 || token === undefined) {
    return (
      <Text wrap="truncate">
        {head}
        {text}
      </Text>
    );
  }
  return (
    <Text wrap="truncate">
      {head}
      {text.slice(0, toneFrom)}
      <Text {...theme.style(token)}>{text.slice(toneFrom, toneTo)}</Text>
      {text.slice(toneTo)}
    </Text>
  );
});

/** What the table needs of a resource: its columns and the tone of a row. */
export interface TableResource<R> {
  readonly columns: readonly Column<R>[];
  tone(record: R): Tone | undefined;
}

export interface TableProps<R> {
  readonly resource: TableResource<R>;
  readonly list: DerivedList<R>;
  readonly ctx: RenderCtx;
  readonly theme: Theme;
  readonly width: number;
  /** Rows of the window. */
  readonly height: number;
  readonly offset: number;
  /** Index of the selected row (-1: none). */
  readonly selected: number;
  /** Ids changed by a live update a moment ago: drawn with a marker. */
  readonly marks?: ReadonlyMap<string, number>;
  /** Shown in place of rows when there are none. */
  readonly empty?: string;
}

export function Table<R>({
  resource,
  list,
  ctx,
  theme,
  width,
  height,
  offset,
  selected,
  marks,
  empty,
}: TableProps<R>) {
  const vm = useView();
  const end = Math.min(list.ids.length, offset + height);
  const ids: string[] = [];
  const records: R[] = [];
  for (let i = offset; i < end; i++) {
    const record = list.get(list.ids[i]!);
    if (record === undefined) continue;
    ids.push(list.ids[i]!);
    records.push(record);
  }
  // Per pane and console: widths follow the rows on screen and hold still while you look at them
  // (renderers/table-layout.ts).
  const layout = vm.cache(resource.columns, () => windowLayout(resource.columns))({ width, ids, records, ctx });
  const header = useMemo(
    () => ' '.repeat(GUTTER) + composeHeader(layout, theme.ascii),
    [layout, theme.ascii],
  );
  const g = theme.glyphs;
  // The cells the layout measured, not read again.
  const cell = cellReaderOf(resource.columns);
  const rows = [];
  for (let i = offset; i < end; i++) {
    const id = list.ids[i]!;
    const note = list.note?.(id);
    if (note !== undefined) {
      rows.push(
        <Row
          key={id}
          gutter={`${i === selected ? g.selection : ' '}${g.search} `}
          text={note}
          toneFrom={-1}
          toneTo={-1}
          token="accent"
          selected={i === selected}
          marked={false}
          theme={theme}
        />,
      );
      continue;
    }
    const record = list.get(id);
    if (record === undefined) continue;
    const composed = composeCached(placedCells(layout, record, ctx, cell), layout, theme.ascii);
    const tone: Tone | undefined = theme.color ? resource.tone(record) : undefined;
    const isSelected = i === selected;
    const marked = marks?.has(id) ?? false;
    rows.push(
      <Row
        key={id}
        gutter={`${isSelected ? g.selection : ' '}${marked ? g.bullet : ' '} `}
        text={composed.text}
        toneFrom={composed.toneFrom}
        toneTo={composed.toneTo}
        {...(tone !== undefined ? { token: tone } : {})}
        selected={isSelected}
        marked={marked}
        theme={theme}
      />,
    );
  }
  return (
    <Box flexDirection="column" height={height + 1}>
      <Text wrap="truncate" {...theme.style('header')}>
        {header}
      </Text>
      {rows.length === 0 && empty !== undefined ? (
        <Text wrap="truncate" {...theme.style('muted')}>
          {`   ${empty}`}
        </Text>
      ) : (
        rows
      )}
    </Box>
  );
}
