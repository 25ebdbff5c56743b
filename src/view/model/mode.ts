// The mode of the moment, derived: an open action dialog owns the keys, then the swap form while it
// is filled in or asks for its typed confirmation, else what the ui store says. Each of those has
// one home (its own store); nothing keeps a copy in step by hand.
import { useStore } from 'zustand';
import type { DialogState } from '../../store/dialog.js';
import type { SwapState } from '../../store/swap.js';
import type { UiData, UiMode } from '../../store/ui.js';
import type { ViewModel } from './model.js';

/**
 * normal: lists and details; filter and command: a line is typed; help, json, messages: an overlay;
 * dialog: an action's confirmation; form: the swap form has the keyboard.
 */
export type Mode = UiMode | 'dialog' | 'form';

/** The swap form has the keyboard: filled in, or asking for its typed confirmation. */
function formHasKeys(swap: Pick<SwapState, 'editing' | 'create'>): boolean {
  return swap.editing || swap.create.phase === 'confirm';
}

function pick(ui: UiMode, dialogOpen: boolean, form: boolean): Mode {
  if (dialogOpen) return 'dialog';
  return form ? 'form' : ui;
}

export function modeOf(
  ui: Pick<UiData, 'mode'>,
  dialog: Pick<DialogState, 'dialog'>,
  swap: Pick<SwapState, 'editing' | 'create'>,
): Mode {
  return pick(ui.mode, dialog.dialog !== undefined, formHasKeys(swap));
}

export function modeNow(vm: Pick<ViewModel, 'ui' | 'dialog' | 'swap'>): Mode {
  return modeOf(vm.ui.getState(), vm.dialog.getState(), vm.swap.getState());
}

/** The mode, for a component: re-renders when any of its three homes changes it. */
export function useMode(vm: Pick<ViewModel, 'ui' | 'dialog' | 'swap'>): Mode {
  const ui = useStore(vm.ui, (s) => s.mode);
  const dialogOpen = useStore(vm.dialog, (s) => s.dialog !== undefined);
  const form = useStore(vm.swap, formHasKeys);
  return pick(ui, dialogOpen, form);
}
