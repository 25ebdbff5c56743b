// What the swap form's key bindings need to know about the moment (KeyContext.swap).
import type { ViewModel } from '../model.js';
import { openCandidates } from './form-lines.js';
import { isCreatable, isRequotable } from './quote-state.js';

export interface SwapKeyContext {
  readonly focus: string;
  /** A picker's list is open with at least one candidate: Enter and ↑/↓ work in it. */
  readonly picking: boolean;
  /** Text is typed into a picker's search: Esc clears it first. */
  readonly searching: boolean;
  readonly confirming: boolean;
  /** A create is on its way: Enter (key repeat, a double press) must not start anything else. */
  readonly creating: boolean;
  readonly creatable: boolean;
  readonly requotable: boolean;
}

/**
 * Now on the server's clock, as far as this session knows it: a quote's `expiresAt` is the
 * server's time, and a local clock minutes off would show a dead quote as fresh (or the reverse).
 */
export function quoteNow(vm: ViewModel): number {
  return vm.env.now() + (vm.stores.session.getState().clockSkewMs ?? 0);
}

export function swapKeyContext(vm: ViewModel): SwapKeyContext {
  const s = vm.swap.getState();
  const candidates = openCandidates(s, vm.stores.dictionary.getState(), vm.stores.workspace.getState());
  return {
    focus: s.focus,
    picking: candidates !== undefined && candidates.length > 0,
    searching: s.query !== '',
    confirming: s.create.phase === 'confirm',
    creating: s.create.phase === 'creating',
    creatable: isCreatable(s, quoteNow(vm)),
    requotable: isRequotable(s),
  };
}
