// The one key dispatcher: a read of the terminal (keys.ts read.ts) → for each key, the binding of
// the moment (keymap data, for the mode and pane) → its handler, or the reason it does not apply;
// else typed text for whatever has the keyboard. A paste is text for the field that has focus and
// never a key. A key that confirms a decision counts only alone and once the question could be
// read (decision.ts); a key that opens a decision's question ends its read.
import { countOf } from '../../format/index.js';
import { keyContextNow } from '../focus/current.js';
import { dialogText } from '../dialog/flow.js';
import { inputText } from '../input/keys.js';
import { helpSearchText } from './help-keys.js';
import { frameLayout } from '../base/layout.js';
import { type Mode, modeNow } from '../model/mode.js';
import type { ViewModel } from '../model/model.js';
import { answersEnd, notify } from '../model/notify.js';
import { swapText } from '../swap/keys.js';
import { decisionRefusal } from '../keys/decision.js';
import { KEYMAP } from './keymap.js';
import { disabledReason, findBinding, labelOf, whyNot } from '../keys/match.js';
import { keyLabel, pastedText, typedText } from '../keys/names.js';
import type { InputEvent, KeyPress } from '../keys/read.js';
import type { KeyBinding } from '../keys/types.js';

/** What one key did, as far as the rest of its read is concerned. */
type KeyResult = 'done' | 'opened-decision';

function run(vm: ViewModel, binding: KeyBinding, name: string): void {
  try {
    binding.run(vm, name);
  } catch (error) {
    // A key must never take the console down (a clipboard write that throws, say).
    const what = typeof binding.label === 'string' ? binding.label : binding.id;
    notify(vm, 'error', `${what} failed: ${error instanceof Error ? error.message : String(error)}`, 'view-key');
  }
}

/** Where typed or pasted text goes in this mode; each returns whether the text was taken. */
function textSink(mode: Mode): ((vm: ViewModel, text: string) => boolean) | undefined {
  if (mode === 'filter' || mode === 'command') return inputText;
  if (mode === 'helpSearch') return helpSearchText;
  if (mode === 'dialog') return dialogText;
  if (mode === 'form') return swapText;
  return undefined;
}

/** One key: a binding of the moment, else text for the input line, dialog or form. */
export function dispatchKey(
  vm: ViewModel,
  key: KeyPress,
  burst = false,
  keymap: readonly KeyBinding[] = KEYMAP,
): KeyResult {
  const ui = vm.ui.getState();
  const { name } = key;
  if (frameLayout(ui.size.columns, ui.size.rows).tooSmall) {
    // The too-small screen shows nothing to act on; it can still be left.
    if (name === 'q' || name === 'ctrl+c') vm.env.quit();
    return 'done';
  }
  const mode = modeNow(vm);
  if (name !== undefined) {
    // A key is the person's next command: what was said to the ones before ends (a typo's warning,
    // a refusal), so the status line never describes something past.
    answersEnd(vm);
    const ctx = keyContextNow(vm);
    const binding = findBinding(keymap, name, ctx);
    if (binding !== undefined) {
      const reason = disabledReason(binding, ctx);
      if (reason !== undefined) {
        notify(vm, 'warn', `${labelOf(binding, ctx)}: ${reason}`, 'view-key');
        return 'done';
      }
      if (binding.decides !== undefined) {
        const moment = { burst, since: binding.decides.since(vm), now: vm.env.now() };
        const refusal = decisionRefusal(keyLabel(name, vm.theme.ascii), moment);
        if (refusal !== undefined) {
          binding.decides.refuse(vm, refusal);
          return 'done';
        }
      }
      run(vm, binding, name);
      return binding.opensDecision === true && modeNow(vm) !== mode ? 'opened-decision' : 'done';
    }
    if (mode === 'normal') {
      const why = whyNot(keymap, name, ctx, vm.theme.ascii);
      if (why !== undefined) notify(vm, 'info', why, 'view-key');
      return 'done';
    }
  }
  const text = typedText(key.text);
  if (text !== '') textSink(mode)?.(vm, text);
  return 'done';
}

/** A paste: text for the field that has focus, never keys; elsewhere it is said to be ignored. */
export function dispatchPaste(vm: ViewModel, paste: { text: string; length: number }): void {
  const text = pastedText(paste.text);
  const sink = textSink(modeNow(vm));
  if (text !== '' && sink?.(vm, text) === true) {
    if (paste.length > paste.text.length)
      notify(vm, 'warn', `pasted text cut to its first ${paste.text.length} of ${paste.length} characters`, 'view-key');
    return;
  }
  if (paste.length === 0) return;
  notify(vm, 'info', `a paste is not a key here: ${countOf(paste.length, 'character')} ignored`, 'view-key');
}

/**
 * Everything one read of the terminal brought, in order. Each key sees the mode the one before it
 * left (`/` then text goes into the filter), so bunched keys count as typed, but a key that shares
 * its read with others cannot confirm a decision, and the read ends at a key that opens one.
 */
export function dispatchRead(vm: ViewModel, events: readonly InputEvent[], keymap: readonly KeyBinding[] = KEYMAP): void {
  const burst = events.length > 1;
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    if (event.kind === 'paste') {
      dispatchPaste(vm, event);
      continue;
    }
    if (dispatchKey(vm, event.key, burst, keymap) === 'opened-decision' && i < events.length - 1) {
      const dropped = events.length - 1 - i;
      notify(
        vm,
        'warn',
        `${countOf(dropped, 'key')} after ${keyLabel(event.key.name!, vm.theme.ascii)} dropped: they came in one burst with it`,
        'view-key',
      );
      return;
    }
  }
}
