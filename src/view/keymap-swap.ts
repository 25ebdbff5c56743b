// The keys of the swap form (pane 5). In normal mode the pane shows the form and its answer card:
// Enter creates from a fresh answer (behind a typed confirmation), i (or Enter with nothing to
// create) fills the form in, r asks the same route again. In mode 'form' every printable key is
// text for the focused field, so only named keys are bound here; the typed confirmation of a
// create lives in the same mode and binds Enter and Esc to itself.
import type { KeyBinding, KeyContext } from './keymap.js';

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
    description: 'create the transaction from the fresh quote or bridge answer (type the last 4 characters of its id to confirm)',
    modes: ['normal'],
    panes: PANE,
    group: 'swap',
    footer: { order: 1 },
    dangerous: true,
    action: 'create',
    when: (c) => c.swap?.creatable === true,
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
  },
  {
    id: 'swapPrev',
    keys: ['shift+tab'],
    label: 'previous field',
    description: 'form: previous field',
    modes: FORM,
    group: 'swap',
    when: filling,
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
  },
  {
    id: 'swapUp',
    keys: ['up'],
    label: (c) => (picking(c) ? 'previous candidate' : 'previous field'),
    description: "form: previous candidate of a picker's list; otherwise the previous field",
    modes: FORM,
    group: 'swap',
    when: filling,
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
  },
  {
    id: 'swapBackspace',
    keys: ['backspace'],
    label: 'delete',
    description: 'form: delete the character before the cursor',
    modes: FORM,
    group: 'swap',
  },
  {
    id: 'swapClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'form: clear the field',
    modes: FORM,
    group: 'swap',
    footer: { order: 6 },
  },
];
