// The moment as the keys see it, read from the stores as they are now: the rows of the pane in
// front (the same derivation its pane draws with), the selection, the record a key acts on, and
// the key context the keymap decides with. For the dispatcher (which acts on a key) and the footer
// (which says what a key would do).
import { listState, type UiData } from '../../store/ui.js';
import type { KeyContext } from '../keys/types.js';
import { frameLayout } from '../base/layout.js';
import { modeNow } from '../model/mode.js';
import type { ViewModel } from '../model/model.js';
import type { DerivedList } from '../resources/kit.js';
import { type AnyResource, paneSpec, resourceOf } from '../resources/registry.js';
import { resolveSelection, type Selection } from './selection.js';

export function tableHeight(ui: UiData): number {
  return frameLayout(ui.size.columns, ui.size.rows).table;
}

/** Whether a record's detail is what the person sees (it is drawn over its pane). */
export function detailShown(ui: UiData): boolean {
  return ui.detail !== undefined && ui.detail.pane === ui.pane;
}

/** Whether the selection sticks to the top row of this pane. */
export function followingOn(ui: UiData, resource: AnyResource): boolean {
  return resource.follows === true && ui.follow;
}

export interface CurrentList extends Selection {
  readonly resource: AnyResource;
  readonly list: DerivedList<unknown>;
}

/** The list pane in front (or `pane`), its rows and where its cursor is; undefined off a list. */
export function listNow(vm: ViewModel, pane = vm.ui.getState().pane): CurrentList | undefined {
  const resource = resourceOf(pane);
  if (resource === undefined) return undefined;
  const ui = vm.ui.getState();
  const list = resource.rows(vm);
  const sel = resolveSelection(listState(ui, pane), list, tableHeight(ui), followingOn(ui, resource));
  return { ...sel, resource, list };
}

export interface Selected {
  readonly pane: string;
  readonly resource: AnyResource;
  readonly id: string;
  /** Undefined on a row that is not a record (the server-search offer). */
  readonly record: unknown;
}

/** The row a key acts on: the open detail's record, else the row under the cursor. */
export function selectedNow(vm: ViewModel): Selected | undefined {
  const ui = vm.ui.getState();
  const now = listNow(vm);
  if (now === undefined) return undefined;
  if (detailShown(ui)) {
    const id = ui.detail!.id;
    return { pane: ui.pane, resource: now.resource, id, record: now.resource.find(vm, id) };
  }
  if (now.id === undefined) return undefined;
  return { pane: ui.pane, resource: now.resource, id: now.id, record: now.list.get(now.id) };
}

/** Whether Esc has something to clear on this pane (its `/` filter, command filters or the chip). */
export function paneHasFilter(ui: UiData, pane: string, vm?: ViewModel): boolean {
  const resource = resourceOf(pane);
  if (resource === undefined) return false;
  return listState(ui, pane).filter !== '' || resource.hasFilters?.(ui, vm) === true;
}

export function keyContextNow(vm: ViewModel): KeyContext {
  const ui = vm.ui.getState();
  const session = vm.stores.session.getState();
  const dialog = vm.dialog.getState().dialog;
  const self = vm.stores.directory.getState().selfUserId;
  let selected: { value: Selected | undefined } | undefined;
  const pick = () => (selected ??= { value: selectedNow(vm) }).value;
  return {
    mode: modeNow(vm),
    pane: ui.pane,
    detail: detailShown(ui),
    readOnly: session.readOnly,
    ...(session.role !== undefined ? { role: session.role } : {}),
    forbidden: session.forbidden,
    ...(self !== undefined ? { self } : {}),
    // `p` resumes only the person's own pause: a decision's is the dialog's to end.
    paused: ui.pause.has('person'),
    follow: ui.follow,
    hasFilter: paneHasFilter(ui, ui.pane, vm),
    selected: () => pick()?.record,
    noteRow: () => {
      const sel = pick();
      return sel !== undefined && sel.record === undefined;
    },
    ...(dialog !== undefined
      ? { dialog: { phase: dialog.phase, typed: dialog.confirm === 'typed', action: dialog.action } }
      : {}),
    // A pane's own keys' state (the swap form's candidates, the clock) is read only where its keys live.
    ...paneSpec(ui.pane)?.keyContext?.(vm),
  };
}
