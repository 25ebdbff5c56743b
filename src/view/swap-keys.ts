// What the swap form's keys do, and where typed text goes while it is filled in. The state moves
// through the pure reducers of store/swap.ts; requests go through swap/flow.ts.
import {
  isPickerField,
  type SwapState,
  withConfirmClosed,
  withConfirmErased,
  withConfirmTyped,
  withErased,
  withFocus,
  withPicked,
  withPickerIndex,
  withToggledSide,
  withTyped,
} from '../store/swap.js';
import type { Handler } from './dispatch.js';
import type { ViewModel } from './model.js';
import { stepField, visibleFields } from './swap/fields.js';
import { askRoute, confirmCreate, openConfirm, requote } from './swap/flow.js';
import { openCandidates } from './swap/form-lines.js';

function set(vm: ViewModel, next: SwapState): void {
  if (next !== vm.swap.getState()) vm.swap.setState(next, true);
}

function candidatesNow(vm: ViewModel) {
  return openCandidates(vm.swap.getState(), vm.stores.dictionary.getState(), vm.stores.workspace.getState());
}

/** Moves the focus `delta` fields on (wrapping). */
function step(vm: ViewModel, delta: number): void {
  const s = vm.swap.getState();
  const fields = visibleFields(s.form, vm.stores.dictionary.getState());
  set(vm, withFocus(s, stepField(fields, s.focus, delta)));
}

/** Picks the highlighted candidate of the open list and moves on; false when there is none. */
function pick(vm: ViewModel): boolean {
  const s = vm.swap.getState();
  const candidates = candidatesNow(vm);
  if (!isPickerField(s.focus) || candidates === undefined || candidates.length === 0) return false;
  const chosen = candidates[Math.min(s.index, candidates.length - 1)]!;
  set(vm, withPicked(s, s.focus, chosen.id));
  step(vm, 1);
  return true;
}

function erase(vm: ViewModel, all: boolean): void {
  const s = vm.swap.getState();
  set(vm, s.create.phase === 'confirm' ? withConfirmErased(s, all) : withErased(s, all));
}

export const SWAP_HANDLERS: Readonly<Record<string, Handler>> = {
  swapCreate: (vm) => openConfirm(vm),
  swapEdit: (vm) => vm.ui.getState().update({ mode: 'form' }),
  swapRequote: (vm) => requote(vm),
  swapConfirm: (vm) => confirmCreate(vm),
  swapConfirmCancel: (vm) => {
    set(vm, withConfirmClosed(vm.swap.getState()));
    vm.ui.getState().update({ mode: 'normal' });
  },
  swapEnter: (vm) => {
    if (pick(vm)) return;
    // An unfinished search is dropped: the route is asked for with the values chosen.
    const s = vm.swap.getState();
    set(vm, withFocus(s, s.focus));
    askRoute(vm);
  },
  swapEsc: (vm) => {
    const s = vm.swap.getState();
    if (s.query !== '') set(vm, withFocus(s, s.focus));
    else vm.ui.getState().update({ mode: 'normal' });
  },
  swapNext: (vm) => {
    if (vm.swap.getState().query !== '' && pick(vm)) return;
    step(vm, 1);
  },
  swapPrev: (vm) => step(vm, -1),
  swapDown: (vm) => {
    const list = candidatesNow(vm);
    if (list !== undefined && list.length > 0) set(vm, withPickerIndex(vm.swap.getState(), 1, list.length));
    else step(vm, 1);
  },
  swapUp: (vm) => {
    const list = candidatesNow(vm);
    if (list !== undefined && list.length > 0) set(vm, withPickerIndex(vm.swap.getState(), -1, list.length));
    else step(vm, -1);
  },
  swapToggle: (vm) => set(vm, withToggledSide(vm.swap.getState())),
  swapBackspace: (vm) => erase(vm, false),
  swapClear: (vm) => erase(vm, true),
};

/** Printable text typed into the focused field of the swap form (or its typed confirmation). */
export function swapText(vm: ViewModel, text: string): void {
  const s = vm.swap.getState();
  set(vm, s.create.phase === 'confirm' ? withConfirmTyped(s, text) : withTyped(s, text));
}
