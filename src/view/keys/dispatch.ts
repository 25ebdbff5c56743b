// The one key dispatcher: key → the binding of the moment (keymap data, for the mode and pane) →
// its handler, or the reason it does not apply; else typed text for whatever has the keyboard.
import type { Key } from 'ink';
import { keyContextNow } from '../current.js';
import { dialogText } from '../dialog/flow.js';
import { inputText } from '../input/keys.js';
import { frameLayout } from '../layout.js';
import { modeNow } from '../mode.js';
import type { ViewModel } from '../model.js';
import { notify } from '../notify.js';
import { swapText } from '../swap/keys.js';
import { KEYMAP } from './keymap.js';
import { disabledReason, findBinding, labelOf, whyNot } from './match.js';
import { keyName, splitBunched, typedText } from './names.js';
import type { KeyBinding } from './types.js';

function run(vm: ViewModel, binding: KeyBinding, name: string): void {
  try {
    binding.run(vm, name);
  } catch (error) {
    // A key must never take the console down (a clipboard write that throws, say).
    const what = typeof binding.label === 'string' ? binding.label : binding.id;
    notify(vm, 'error', `${what} failed: ${error instanceof Error ? error.message : String(error)}`, 'view-key');
  }
}

/** Handles one keypress: a binding of the moment, else text for the input line, dialog or form. */
export function dispatchKey(vm: ViewModel, input: string, key: Key, keymap: readonly KeyBinding[] = KEYMAP): void {
  const bunched = splitBunched(input, key);
  if (bunched !== undefined) {
    // Each key sees the mode the one before it left (`/` then text goes into the filter).
    for (const one of bunched) dispatchKey(vm, one.input, one.key, keymap);
    return;
  }
  const ui = vm.ui.getState();
  const name = keyName(input, key);
  if (frameLayout(ui.size.columns, ui.size.rows).tooSmall) {
    // The too-small screen shows nothing to act on; it can still be left.
    if (name === 'q' || name === 'ctrl+c') vm.env.quit();
    return;
  }
  const mode = modeNow(vm);
  if (name !== undefined) {
    const ctx = keyContextNow(vm);
    const binding = findBinding(keymap, name, ctx);
    if (binding !== undefined) {
      const reason = disabledReason(binding, ctx);
      if (reason === undefined) run(vm, binding, name);
      else notify(vm, 'warn', `${labelOf(binding, ctx)}: ${reason}`, 'view-key');
      return;
    }
    if (mode === 'normal') {
      const why = whyNot(keymap, name, ctx, vm.theme.ascii);
      if (why !== undefined) notify(vm, 'info', why, 'view-key');
      return;
    }
  }
  if (key.ctrl || key.meta) return;
  const text = typedText(input);
  if (text === '') return;
  if (mode === 'filter' || mode === 'command') inputText(vm, text);
  else if (mode === 'dialog') dialogText(vm, text);
  else if (mode === 'form') swapText(vm, text);
}
