// The keys of the swap form (pane 5) beside what they do, and where typed text goes while it is
// filled in. In normal mode the pane shows the form and its answer card: Enter creates from a fresh
// answer (behind a typed confirmation), i (or Enter with nothing to create) fills the form in, r
// asks the same route again. While the form has the keyboard every printable key is text for the
// focused field, so only named keys are bound there; the typed confirmation of a create binds
// Enter and Esc to itself. State moves through the pure reducers of store/swap.ts; requests go
// through flow.ts.
import {
  isPickerField,
  type SwapState,
  withConfirmClosed,
  withConfirmErased,
  withConfirmHint,
  withConfirmTyped,
  withEditing,
  withErased,
  withFocus,
  withPicked,
  withPickerIndex,
  withToggledSide,
  withTyped,
} from '../../store/swap.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { stepField, visibleFields } from './fields.js';
import { askRoute, confirmCreate, openConfirm, requote } from './flow.js';
import { openCandidates } from './form-lines.js';

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

/** ↓/↑: the open picker's highlighted candidate, else the focus. */
function walk(vm: ViewModel, delta: 1 | -1): void {
  const list = candidatesNow(vm);
  if (list !== undefined && list.length > 0) set(vm, withPickerIndex(vm.swap.getState(), delta, list.length));
  else step(vm, delta);
}

function erase(vm: ViewModel, all: boolean): void {
  const s = vm.swap.getState();
  set(vm, s.create.phase === 'confirm' ? withConfirmErased(s, all) : withErased(s, all));
}

const PANE = ['swap'] as const;
const FORM = ['form'] as const;

const confirming = (c: KeyContext) => c.swap?.confirming === true;
const filling = (c: KeyContext) => c.swap !== undefined && !c.swap.confirming;
const picking = (c: KeyContext) => c.swap?.picking === true;

export const SWAP_BINDINGS: readonly KeyBinding[] = [
  // Normal mode on pane 5.
  {
    id: 'swapCreate',
    keys: ['enter'],
    label: 'create',
    description:
      'create the transaction from the fresh quote or bridge answer (type the last 4 characters of its id to confirm)',
    modes: ['normal'],
    panes: PANE,
    group: 'swap',
    footer: { order: 1 },
    dangerous: true,
    action: 'create',
    when: (c) => c.swap?.creatable === true,
    opensDecision: true,
    run: (vm) => openConfirm(vm),
  },
  {
    id: 'swapEdit',
    keys: ['i', 'enter'],
    label: 'fill in',
    description: 'fill in the swap form, from the focused field (Enter too when there is nothing to create)',
    modes: ['normal'],
    panes: PANE,
    group: 'swap',
    footer: { order: 2 },
    when: (c) => c.swap?.creating !== true,
    run: (vm) => set(vm, withEditing(vm.swap.getState(), true)),
  },
  {
    id: 'swapRequote',
    keys: ['r'],
    label: 're-quote',
    description: 'ask the same route again (a fresh quote; another try after a failure)',
    modes: ['normal'],
    panes: PANE,
    group: 'swap',
    footer: { order: 3 },
    when: (c) => c.swap?.requotable === true,
    run: (vm) => requote(vm),
  },

  // The typed confirmation of a create.
  {
    id: 'swapConfirm',
    keys: ['enter'],
    label: 'create',
    description: 'confirmation: create, once the last 4 characters of the id are typed',
    modes: FORM,
    group: 'swap',
    footer: { order: 1, keep: true },
    dangerous: true,
    action: 'create',
    when: confirming,
    // It counts alone, once the confirmation could be read (keys/decision.ts).
    decides: {
      since: (vm) => {
        const c = vm.swap.getState().create;
        return c.phase === 'confirm' ? c.since : undefined;
      },
      refuse: (vm, why) => set(vm, withConfirmHint(vm.swap.getState(), why)),
    },
    run: (vm) => confirmCreate(vm),
  },
  {
    id: 'swapConfirmCancel',
    keys: ['esc'],
    label: 'cancel',
    description: 'confirmation: cancel (nothing is sent)',
    modes: FORM,
    group: 'swap',
    footer: { order: 2, keep: true },
    when: confirming,
    run: (vm) => set(vm, withConfirmClosed(vm.swap.getState())),
  },

  // Filling in the form.
  {
    id: 'swapEnter',
    keys: ['enter'],
    label: (c) => (picking(c) ? 'pick' : 'get quote'),
    description: 'form: pick the highlighted candidate; otherwise ask for the route',
    modes: FORM,
    group: 'swap',
    footer: { order: 1, keep: true },
    when: filling,
    run: (vm) => {
      if (pick(vm)) return;
      // An unfinished search is dropped: the route is asked for with the values chosen.
      const s = vm.swap.getState();
      set(vm, withFocus(s, s.focus));
      askRoute(vm);
    },
  },
  {
    id: 'swapEsc',
    keys: ['esc'],
    label: (c) => (c.swap?.searching ? 'clear search' : 'done'),
    description: 'form: clear the search of a picker; otherwise leave the form (keys switch panes again)',
    modes: FORM,
    group: 'swap',
    footer: { order: 2, keep: true },
    when: filling,
    run: (vm) => {
      const s = vm.swap.getState();
      set(vm, s.query !== '' ? withFocus(s, s.focus) : withEditing(s, false));
    },
  },
  {
    id: 'swapNext',
    keys: ['tab'],
    label: 'next field',
    description: 'form: next field (a search with a highlighted candidate picks it first)',
    modes: FORM,
    group: 'swap',
    footer: { order: 3 },
    when: filling,
    run: (vm) => {
      if (vm.swap.getState().query !== '' && pick(vm)) return;
      step(vm, 1);
    },
  },
  {
    id: 'swapPrev',
    keys: ['shift+tab'],
    label: 'previous field',
    description: 'form: previous field',
    modes: FORM,
    group: 'swap',
    when: filling,
    run: (vm) => step(vm, -1),
  },
  {
    id: 'swapDown',
    keys: ['down'],
    label: (c) => (picking(c) ? 'next candidate' : 'next field'),
    description: "form: next candidate of a picker's list; otherwise the next field",
    modes: FORM,
    group: 'swap',
    footer: { order: 4 },
    when: filling,
    run: (vm) => walk(vm, 1),
  },
  {
    id: 'swapUp',
    keys: ['up'],
    label: (c) => (picking(c) ? 'previous candidate' : 'previous field'),
    description: "form: previous candidate of a picker's list; otherwise the previous field",
    modes: FORM,
    group: 'swap',
    when: filling,
    run: (vm) => walk(vm, -1),
  },
  {
    id: 'swapToggle',
    keys: ['t', ' '],
    label: 'send/receive',
    description: 'form: on "amount is", switch between the amount I send and the amount I receive',
    modes: FORM,
    group: 'swap',
    footer: { order: 5 },
    when: (c) => filling(c) && c.swap?.focus === 'side',
    run: (vm) => set(vm, withToggledSide(vm.swap.getState())),
  },
  {
    id: 'swapBackspace',
    keys: ['backspace'],
    label: 'delete',
    description: 'form: delete the character before the cursor',
    modes: FORM,
    group: 'swap',
    run: (vm) => erase(vm, false),
  },
  {
    id: 'swapClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'form: clear the field',
    modes: FORM,
    group: 'swap',
    footer: { order: 6 },
    run: (vm) => erase(vm, true),
  },
];

/**
 * Printable text typed into the focused field of the swap form (or its typed confirmation). Says
 * whether a field took it.
 */
export function swapText(vm: ViewModel, text: string): boolean {
  const s = vm.swap.getState();
  set(vm, s.create.phase === 'confirm' ? withConfirmTyped(s, text) : withTyped(s, text));
  return vm.swap.getState() !== s;
}
