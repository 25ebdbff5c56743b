// The same derivations the panes draw with, read from the stores as they are now: for the
// dispatcher (which acts on a key) and the footer (which says what a key would do).
import type { ListPaneId, UiData } from '../store/ui.js';
import { isListPane } from '../store/ui.js';
import { addressQuery, type DerivedList, paneHasFilter, type RefData, transactionQuery } from './derive.js';
import type { KeyContext } from './keymap.js';
import { frameLayout } from './layout.js';
import { SEARCH_ROW_ID } from './search-offer.js';
import type { ViewModel } from './model.js';
import { resolveSelection, type Selection } from './selection.js';
import { swapKeyContext } from './swap/context.js';

export function refData(vm: ViewModel): RefData {
  return { dictionary: vm.stores.dictionary.getState(), workspace: vm.stores.workspace.getState() };
}

export function listNow(vm: ViewModel, pane: ListPaneId): DerivedList<unknown> {
  const ui = vm.ui.getState();
  const ref = refData(vm);
  switch (pane) {
    case 'transactions':
      return vm.derive.transactions(
        vm.stores.transactions.getState(),
        transactionQuery(ui),
        ref,
        vm.stores.prices.getState(),
      );
    case 'accounts':
      return vm.derive.accounts(vm.stores.workspace.getState(), ui.lists.accounts, ref);
    case 'addresses':
      return vm.derive.addresses(vm.stores.workspace.getState(), addressQuery(ui), ref);
    case 'prices':
      return vm.derive.prices(vm.stores.prices.getState(), ui.lists.prices, ref);
  }
}

export function tableHeight(ui: UiData): number {
  return frameLayout(ui.size.columns, ui.size.rows).table;
}

export function selectionNow(vm: ViewModel, pane: ListPaneId): Selection & { list: DerivedList<unknown> } {
  const ui = vm.ui.getState();
  const list = listNow(vm, pane);
  const sel = resolveSelection(ui.lists[pane], list, tableHeight(ui), pane === 'transactions' && ui.follow);
  return { ...sel, list };
}

/** Whether the transaction detail is what the person sees. */
export function detailShown(ui: UiData): boolean {
  return ui.pane === 'transactions' && ui.detail !== undefined;
}

/** The record a key acts on: the open detail's transaction, else the row under the cursor. */
export function selectedNow(vm: ViewModel): { pane: ListPaneId; id: string; record: unknown } | undefined {
  const ui = vm.ui.getState();
  if (detailShown(ui)) {
    const id = ui.detail!.id;
    return { pane: 'transactions', id, record: vm.stores.transactions.getState().byId.get(id) };
  }
  if (!isListPane(ui.pane)) return undefined;
  const sel = selectionNow(vm, ui.pane);
  if (sel.id === undefined) return undefined;
  const record = sel.list.get(sel.id);
  return record === undefined ? undefined : { pane: ui.pane, id: sel.id, record };
}

export function keyContextNow(vm: ViewModel): KeyContext {
  const ui = vm.ui.getState();
  const session = vm.stores.session.getState();
  let selected: { value: unknown } | undefined;
  const dialog = vm.dialog.getState().dialog;
  return {
    mode: ui.mode,
    pane: ui.pane,
    detail: detailShown(ui),
    readOnly: session.readOnly,
    ...(session.role !== undefined ? { role: session.role } : {}),
    forbidden: session.forbidden,
    paused: ui.paused,
    follow: ui.follow,
    hasFilter: isListPane(ui.pane) && paneHasFilter(ui, ui.pane),
    searchRow: ui.pane === 'transactions' && !detailShown(ui) && selectionNow(vm, 'transactions').id === SEARCH_ROW_ID,
    selected: () => {
      selected ??= { value: selectedNow(vm)?.record };
      return selected.value;
    },
    ...(dialog !== undefined
      ? { dialog: { phase: dialog.phase, typed: dialog.confirm === 'typed', action: dialog.action } }
      : {}),
    // Only on pane 5: the form's state is read (candidates, the clock) only where its keys live.
    ...(ui.pane === 'swap' ? { swap: swapKeyContext(vm) } : {}),
  };
}
