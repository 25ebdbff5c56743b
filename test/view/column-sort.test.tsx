// Any column, either way, on every list pane (resources/column-sort.ts): the sorts `s` cycles are
// the pane's own, then one per column; `S` reads the sort the other way. Transactions sort by
// column themselves (their history is the server's) and keep their own list.
import { describe, expect, it } from 'vitest';
import { columnSorts } from '../../src/view/resources/kit.js';
import { PANES } from '../../src/view/resources/registry.js';
import { renderApp, settle } from './helpers.js';

const LIST_PANES = PANES.flatMap((p) => (p.resource === undefined ? [] : [p.resource]));

describe('every list pane sorts by any column', () => {
  it.each(LIST_PANES.map((r) => [r.id, r] as const))('%s: a sort per column, and S', (_id, resource) => {
    const ids = new Set(resource.sorts.map((s) => s.id));
    for (const column of resource.columns) expect(ids, column.id).toContain(column.id);
    expect(resource.reverses).toBe(true);
  });

  it('columnSorts: own first, then each other column once, A to Z', () => {
    const columns = [
      { id: 'name', title: 'NAME' },
      { id: 'usd', title: 'USD' },
      { id: 'age', title: 'AGE' },
    ] as never[];
    expect(columnSorts([{ id: 'usd', label: 'USD ↓' }], columns, ', loaded rows')).toEqual([
      { id: 'usd', label: 'USD ↓' },
      { id: 'name', label: 'name ↑, loaded rows' },
      { id: 'age', label: 'age ↑, loaded rows' },
    ]);
  });
});

describe('on screen (the accounts pane)', () => {
  const rows = (lines: string[]) => lines.filter((l) => /^[▶ ] {2}\S/.test(l) && !/NAME +STATUS/.test(l));

  it('S reads the pane the other way; a column sort orders by its cells', async () => {
    const a = renderApp({ columns: 120, rows: 30 });
    await settle();
    await a.press('1');
    const first = rows(a.lines()).map((l) => l.slice(3, 20).trim());
    await a.press('S');
    expect(rows(a.lines()).map((l) => l.slice(3, 20).trim())).toEqual([...first].reverse());
    await a.press('S');
    // Cycle to the NAME column's sort (or the pane's own name order): A to Z.
    for (let i = 0; i < 20 && !/Accounts │ name/.test(a.frame()); i++) await a.press('s');
    expect(a.frame()).toMatch(/Accounts │ name/);
    const names = rows(a.lines()).map((l) => l.slice(3, 20).trim());
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    await a.press('S');
    expect(rows(a.lines()).map((l) => l.slice(3, 20).trim())).toEqual([...names].reverse());
  });
});
