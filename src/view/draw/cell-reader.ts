// A table's cells, remembered. A cell is a pure function of its record and the render context
// (names, prices, the clock), and records are immutable (a change arrives as a new object), so a
// record's cells can change only with the context. A live update re-renders the table but
// replaces one record: only that record's cells are read again, not every cell on screen twice
// (the layout measures them, the rows draw them).
import { type CellReader, cellOf, type Column } from './columns.js';
import { type RenderCtx, sameRenderCtx } from './context.js';

const readers = new WeakMap<readonly Column<never>[], CellReader<never>>();

/**
 * The reader of a table's columns (one per columns array: a pane's). Cells depend on nothing
 * else, so two consoles in one process (tests) may share it.
 */
export function cellReaderOf<R>(columns: readonly Column<R>[]): CellReader<R> {
  let reader = readers.get(columns as readonly Column<never>[]) as CellReader<R> | undefined;
  if (reader === undefined) {
    reader = cellReader<R>();
    readers.set(columns as readonly Column<never>[], reader as CellReader<never>);
  }
  return reader;
}

/** cellOf, remembered per record while the context holds the same parts. */
export function cellReader<R>(): CellReader<R> {
  let seen: RenderCtx | undefined;
  let byRecord = new WeakMap<object, Map<Column<R>, string>>();
  return (column, record, ctx) => {
    if (typeof record !== 'object' || record === null) return cellOf(column, record, ctx);
    if (seen === undefined || !sameRenderCtx(seen, ctx)) {
      seen = ctx;
      byRecord = new WeakMap();
    }
    let cells = byRecord.get(record);
    if (cells === undefined) {
      cells = new Map();
      byRecord.set(record, cells);
    }
    let text = cells.get(column);
    if (text === undefined) {
      text = cellOf(column, record, ctx);
      cells.set(column, text);
    }
    return text;
  };
}
