// A new query opens a list at its first row. When what a list asks for changes (its sort, or a
// resource's own filters: `:tx` words, the account chip, a server search), the cursor and the
// window go to the top and the rows seen before are forgotten: rows of another query are not "new"
// ("▲ N new" counts arrivals within one query only), and a view is never opened in its middle.
// Watched on the ui store, so every way of changing a query (a command, Esc, a key on another
// pane) does it, before anything is drawn or another key reads the selection.
import { type ListState, listState, type UiData } from '../../store/ui.js';
import type { ViewModel } from '../model/model.js';
import { RESOURCES } from '../resources/registry.js';

/** The list state of a query just opened: at the first row, nothing chosen, nothing seen. */
export const FIRST_ROW: Partial<ListState> = {
  selectedId: undefined,
  implied: undefined,
  cursor: 0,
  row: 0,
  top: undefined,
  seen: undefined,
};

/** What a pane's list asks for, as one text: its sort, its direction and its resource's query. */
export function queryOf(ui: UiData, resource: { readonly id: string; query?(ui: UiData): string }): string {
  const own = listState(ui, resource.id);
  return `${own.sort}${own.reverse === true ? '-' : '+'}|${resource.query?.(ui) ?? ''}`;
}

/** Watches the queries of the list panes; returns the stop. */
export function openQueriesAtFirstRow(vm: ViewModel, resources: typeof RESOURCES = RESOURCES): () => void {
  const last = new Map<string, string>();
  for (const r of resources) last.set(r.id, queryOf(vm.ui.getState(), r));
  return vm.ui.subscribe(() => {
    // Read afresh: a reset below writes the store again, and this runs for that write too.
    const ui = vm.ui.getState();
    for (const r of resources) {
      const query = queryOf(ui, r);
      if (last.get(r.id) === query) continue;
      last.set(r.id, query);
      ui.patchList(r.id, FIRST_ROW);
    }
  });
}
