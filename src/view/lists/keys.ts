// The keys of a list pane, declared once for every resource: what Enter opens, what Esc clears, what
// `y`'s menu copies (copy-menu.ts), `/` and `s`, `J` and `f` all come from the resource under the cursor (resources/).
import { listState } from '../../store/ui.js';
import { COPY_MENU_BINDINGS } from './copy-menu.js';
import { detailShown, listNow, selectedNow } from '../focus/current.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { RESOURCES, resourceOf } from '../resources/registry.js';

const LISTS = RESOURCES.map((r) => r.id);
const OPENING = RESOURCES.filter((r) => r.open !== undefined);
const REVERSING = RESOURCES.filter((r) => r.reverses === true).map((r) => r.id);
const FOLLOWING = RESOURCES.filter((r) => r.follows === true).map((r) => r.id);

const nothingSelected = (what: string) => (c: KeyContext) =>
  c.selected() === undefined ? `nothing to ${what}: no record under the cursor` : undefined;

/** Closes the detail in front (the engine lets go of what it held through view/shell/live-sync.ts). */
export function closeDetail(vm: ViewModel): void {
  const ui = vm.ui.getState();
  if (!detailShown(ui)) return;
  ui.closeDetail();
}

/** Takes off one layer of filtering of the pane in front: `/` first, then its chips. */
function clearOneFilter(vm: ViewModel): void {
  const ui = vm.ui.getState();
  if (listState(ui, ui.pane).filter !== '') {
    ui.patchList(ui.pane, { filter: '' });
    return;
  }
  resourceOf(ui.pane)?.clearFilter?.(vm);
}

function toggleFollow(vm: ViewModel): void {
  const ui = vm.ui.getState();
  if (!ui.follow) {
    ui.update({ follow: true });
    return;
  }
  // Stop where the cursor is now (the top row, the window at the top), not where it was before.
  const now = listNow(vm);
  if (now !== undefined) {
    const atTop = { row: 0, top: undefined, seen: undefined, implied: false };
    ui.patchList(ui.pane, { selectedId: now.id, cursor: Math.max(0, now.index), ...atTop });
  }
  ui.update({ follow: false });
}

export const LIST_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'open',
    keys: ['enter'],
    label: (c) => (c.noteRow?.() === true ? (resourceOf(c.pane)?.open?.noteLabel ?? 'open') : 'open'),
    description: OPENING.map((r) => `${r.id}: ${r.open!.description}`).join('; '),
    modes: ['normal'],
    panes: OPENING.map((r) => r.id),
    detail: false,
    group: 'panes',
    footer: { order: 40, action: true },
    disabled: (c) => (c.selected() === undefined && c.noteRow?.() !== true ? 'nothing to open: the list is empty' : undefined),
    run: (vm) => {
      const sel = selectedNow(vm);
      if (sel === undefined) return;
      sel.resource.open?.run(vm, sel.id, sel.record);
    },
  },
  {
    id: 'back',
    keys: ['esc'],
    label: (c) => (c.detail ? 'back' : 'clear'),
    description: 'back: close the detail, then clear the filter, then the other filters and the account chip',
    modes: ['normal'],
    group: 'panes',
    footer: { order: 45, action: true },
    when: (c) => c.detail || c.hasFilter,
    run: (vm) => {
      if (detailShown(vm.ui.getState())) closeDetail(vm);
      else clearOneFilter(vm);
    },
  },
  {
    id: 'filter',
    keys: ['/'],
    label: 'filter',
    description: 'filter the rows by text (a leading ! keeps the rows that do not match)',
    modes: ['normal'],
    panes: LISTS,
    detail: false,
    group: 'view',
    footer: { order: 20 },
    run: (vm) => {
      const ui = vm.ui.getState();
      ui.beginInput('filter', listState(ui, ui.pane).filter);
    },
  },
  {
    id: 'sort',
    keys: ['s'],
    label: 'sort',
    description: 'next sort of the pane: its own orders, then each column (the title says which; S reverses)',
    modes: ['normal'],
    panes: LISTS,
    detail: false,
    group: 'view',
    footer: { order: 80 },
    run: (vm) => {
      const ui = vm.ui.getState();
      const resource = resourceOf(ui.pane);
      if (resource === undefined) return;
      const n = resource.sorts.length;
      const from = listState(ui, ui.pane).sort;
      // The next sort offered here: a column's only while the column is shown.
      let next = (from + 1) % n;
      while (next !== from && resource.sortable?.(ui, resource.sorts[next]!.id) === false) next = (next + 1) % n;
      ui.patchList(ui.pane, { sort: next });
    },
  },
  {
    id: 'reverse',
    keys: ['S'],
    label: 'reverse',
    description: 'read the sort the other way (oldest first, smallest first, Z to A); the list opens at row 1',
    modes: ['normal'],
    panes: REVERSING,
    detail: false,
    group: 'view',
    footer: { order: 81 },
    run: (vm) => {
      const ui = vm.ui.getState();
      ui.patchList(ui.pane, { reverse: listState(ui, ui.pane).reverse !== true });
    },
  },
  {
    id: 'json',
    keys: ['J'],
    label: 'json',
    description: 'raw JSON of the record under the cursor (J or Esc closes)',
    modes: ['normal', 'json'],
    panes: LISTS,
    group: 'view',
    footer: { order: 85 },
    disabled: (c) => (c.mode === 'json' ? undefined : nothingSelected('show')(c)),
    run: (vm) => {
      const ui = vm.ui.getState();
      if (ui.mode === 'json') {
        ui.closeOverlay();
        return;
      }
      const sel = selectedNow(vm);
      if (sel?.record !== undefined) ui.openJson({ pane: sel.pane, id: sel.id });
    },
  },
  {
    id: 'copy',
    keys: ['y'],
    label: 'copy',
    description: 'copy menu: what the record has (id, hash, address, link, amount, JSON), one key each; yy copies the id',
    modes: ['normal'],
    panes: LISTS,
    group: 'view',
    footer: { order: 60 },
    disabled: nothingSelected('copy'),
    run: (vm) => {
      const sel = selectedNow(vm);
      if (sel?.record !== undefined) vm.ui.getState().openCopyMenu({ pane: sel.pane, id: sel.id });
    },
  },
  {
    id: 'follow',
    keys: ['f'],
    label: (c) => (c.follow ? 'unfollow' : 'follow'),
    description: 'follow the newest transaction (moving the cursor stops it)',
    modes: ['normal'],
    panes: FOLLOWING,
    detail: false,
    group: 'live',
    footer: { order: 75 },
    run: (vm) => toggleFollow(vm),
  },
  ...COPY_MENU_BINDINGS,
];
