// Ctrl-Z and Ctrl-C. Ctrl-Z suspends to the shell when one can resume the console (the terminal
// layer does it: base/terminal-suspend.ts) and otherwise says why on the status line; after `fg`
// any open confirmation starts its delay again (keys/decision.ts), as the question was gone from
// the screen. Ctrl-C leaves a text field or dialog, and quits elsewhere (keys/interrupt.ts).
import { withConfirmClosed, withEditing } from '../../store/swap.js';
import { closeDialog } from '../dialog/flow.js';
import { INTERRUPT_LEAVES, INTERRUPT_QUITS } from '../keys/interrupt.js';
import type { KeyBinding } from '../keys/types.js';
import { type Mode, modeNow } from '../model/mode.js';
import type { ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';

const EVERY_MODE: readonly Mode[] = [...INTERRUPT_QUITS, ...INTERRUPT_LEAVES];

const FIELD_NAMES: Readonly<Record<string, string>> = {
  filter: 'filter',
  command: 'command line',
  form: 'swap form',
  copy: 'copy menu',
  profiles: 'list of profiles',
};

/** Leaves the field or dialog that has the keyboard, as its Esc would (the dialog: whatever its step). */
export function leaveField(vm: ViewModel): void {
  const mode = modeNow(vm);
  if (mode === 'dialog') {
    closeDialog(vm); // says what became of the transaction
    return;
  }
  if (mode === 'helpSearch') {
    vm.ui.getState().setHelpSearch(undefined); // as the search's Esc
    return;
  }
  if (mode === 'form') {
    const s = vm.swap.getState();
    const next = withEditing(withConfirmClosed(s), false);
    if (next !== s) vm.swap.setState(next, true);
  } else if (mode === 'copy' || mode === 'profiles') {
    vm.ui.getState().closeOverlay(); // as the menu's Esc
  } else {
    vm.ui.getState().cancelInput();
  }
  notify(vm, 'info', `ctrl-c left the ${FIELD_NAMES[mode] ?? mode}; ctrl-c again quits`, 'view-key');
}

/** After `fg`: a confirmation on screen counts its delay from now again. */
export function restartDecisionDelay(vm: ViewModel): void {
  const now = vm.env.now();
  const d = vm.dialog.getState().dialog;
  if (d?.confirmSince !== undefined) vm.dialog.setState({ dialog: { ...d, confirmSince: now } }, true);
  const s = vm.swap.getState();
  if (s.create.phase === 'confirm') vm.swap.setState({ ...s, create: { ...s.create, since: now } }, true);
}

export const SUSPEND_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'suspend',
    keys: ['ctrl+z'],
    label: 'suspend',
    description: 'suspend to the shell (fg brings the console back; where no shell can, the status line says so)',
    modes: EVERY_MODE,
    group: 'general',
    run: (vm) => {
      const why = vm.env.suspend?.(() => restartDecisionDelay(vm)) ?? 'nothing here can suspend the console';
      if (why !== undefined) notify(vm, 'warn', `ctrl-z: ${why}; q quits`, 'view-key');
    },
  },
  {
    id: 'interruptLeave',
    keys: ['ctrl+c'],
    label: 'leave',
    description: 'in a text field, a dialog or a menu: leave it (again: quit)',
    modes: INTERRUPT_LEAVES,
    group: 'general',
    run: (vm) => leaveField(vm),
  },
  {
    id: 'interrupt',
    keys: ['ctrl+c'],
    label: 'quit',
    description: 'quit (the terminal is restored)',
    modes: INTERRUPT_QUITS,
    group: 'general',
    run: (vm) => vm.env.quit(),
  },
];
