// The table's remembered cells (src/view/draw/cell-reader.ts): a cell is read again exactly when
// its record or a part of the render context changed, never otherwise.
import { describe, expect, it } from 'vitest';
import { cellReader } from '../../src/view/draw/cell-reader.js';
import type { Column } from '../../src/view/draw/columns.js';
import { type RenderCtx, sameRenderCtx } from '../../src/view/draw/context.js';
import { loadedStores, NOW } from './helpers.js';

interface Row {
  readonly id: string;
  readonly at: number;
}

const stores = loadedStores();
const BASE: RenderCtx = {
  ascii: false,
  now: NOW,
  dictionary: stores.dictionary.getState(),
  workspace: stores.workspace.getState(),
  prices: stores.prices.getState().bySymbol,
};

/** A column that counts its reads; its text shows what it read (record and clock). */
function countingColumn(): { column: Column<Row>; reads: () => number } {
  let reads = 0;
  const column: Column<Row> = {
    id: 'age',
    title: 'AGE',
    priority: 1,
    cell: (r, ctx) => {
      reads++;
      return `${r.id}:${ctx.now - r.at}`;
    },
  };
  return { column, reads: () => reads };
}

describe('sameRenderCtx', () => {
  const cases: [string, RenderCtx, boolean][] = [
    ['the same object', BASE, true],
    ['a copy with the same parts', { ...BASE }, true],
    ['another clock', { ...BASE, now: NOW + 5_000 }, false],
    ['other prices', { ...BASE, prices: new Map() }, false],
    ['another dictionary state', { ...BASE, dictionary: { ...BASE.dictionary } }, false],
    ['a part more (the server clock)', { ...BASE, serverNow: NOW }, false],
    ['ascii', { ...BASE, ascii: true }, false],
  ];
  it.each(cases)('%s', (_label, other, same) => {
    expect(sameRenderCtx(BASE, other)).toBe(same);
    expect(sameRenderCtx(other, BASE)).toBe(same);
  });
});

describe('cellReader', () => {
  it('reads a cell once while its record and the context stay the same', () => {
    const { column, reads } = countingColumn();
    const cell = cellReader<Row>();
    const row = { id: 'a', at: NOW - 1_000 };
    expect(cell(column, row, BASE)).toBe('a:1000');
    expect(cell(column, row, { ...BASE })).toBe('a:1000');
    expect(reads()).toBe(1);
  });

  it('reads again for a new record object, even with the same id', () => {
    const { column, reads } = countingColumn();
    const cell = cellReader<Row>();
    cell(column, { id: 'a', at: NOW - 1_000 }, BASE);
    expect(cell(column, { id: 'a', at: NOW - 2_000 }, BASE)).toBe('a:2000');
    expect(reads()).toBe(2);
  });

  it('reads every cell again when a part of the context changed', () => {
    const { column, reads } = countingColumn();
    const cell = cellReader<Row>();
    const rows = [
      { id: 'a', at: NOW - 1_000 },
      { id: 'b', at: NOW - 3_000 },
    ];
    for (const r of rows) cell(column, r, BASE);
    const later = { ...BASE, now: NOW + 5_000 };
    expect(rows.map((r) => cell(column, r, later))).toEqual(['a:6000', 'b:8000']);
    expect(reads()).toBe(4);
  });

  it('keeps one text per column', () => {
    const first = countingColumn();
    const second = { ...countingColumn().column, id: 'other', cell: (r: Row) => `other ${r.id}` };
    const cell = cellReader<Row>();
    const row = { id: 'a', at: NOW };
    expect(cell(first.column, row, BASE)).toBe('a:0');
    expect(cell(second, row, BASE)).toBe('other a');
    expect(cell(first.column, row, BASE)).toBe('a:0');
  });
});
