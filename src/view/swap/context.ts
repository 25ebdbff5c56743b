// What the swap form's key bindings need to know about the moment (KeyContext.swap, declared
// with the key engine's context so the engine needs nothing of the form).
import type { SwapKeyContext } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { openCandidates } from './form-lines.js';
import { isCreatable, isRequotable } from './quote-state.js';

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
