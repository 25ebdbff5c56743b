// The keys of the actions (decline, approve) and of their dialog. The actions are dangerous: the
// keymap's permission check removes them in read-only mode, when the key's role cannot perform
// them, and after a 403; `when` keeps them to transactions waiting for approval. The dialog's keys
// depend on its step, so the footer always says what a key does right now.
import { actionApplies } from './dialog/target.js';
import type { KeyBinding, KeyContext } from './keymap.js';

const DIALOG = ['dialog'] as const;

function phase(c: KeyContext): string | undefined {
  return c.dialog?.phase;
}

/** Where typing goes into a field: the reason, or the typed confirmation. */
function editing(c: KeyContext): boolean {
  return phase(c) === 'reason' || (phase(c) === 'confirm' && c.dialog?.typed === true);
}

const verb = (c: KeyContext) => c.dialog?.action ?? 'confirm';

export const ACTION_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'decline',
    keys: ['d'],
    label: 'decline',
    description: 'decline the transaction (waiting for approval only): asks for a reason and a confirmation',
    modes: ['normal'],
    panes: ['transactions'],
    group: 'actions',
    footer: { order: 50 },
    dangerous: true,
    action: 'decline',
    when: (c) => actionApplies(c.selected()),
  },
  {
    id: 'approve',
    keys: ['a'],
    label: 'approve',
    description: 'approve the transaction (waiting for approval only): asks for the typed confirmation',
    modes: ['normal'],
    panes: ['transactions'],
    group: 'actions',
    footer: { order: 52 },
    dangerous: true,
    action: 'approve',
    when: (c) => actionApplies(c.selected()),
  },

  // The dialog. Esc never sends: it keeps the transaction, or leaves a request already sent alone.
  // Its keys are `dangerous` too (without an action: a 403 mid-dialog must not take away its close
  // key) so that read-only mode does not list them in the help.
  {
    id: 'dialogNext',
    keys: ['enter'],
    label: 'next',
    description: 'dialog: from the reason on to the confirmation',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'reason',
  },
  {
    id: 'dialogYes',
    keys: ['y'],
    label: verb,
    description: 'dialog: yes, do it (below the confirmation threshold)',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === false,
  },
  {
    id: 'dialogTyped',
    keys: ['enter'],
    label: verb,
    description: 'dialog: confirm with the last 4 characters of the id typed (large amounts, approvals)',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === true,
  },
  {
    id: 'dialogKeep',
    keys: ['n', 'esc'],
    label: 'keep',
    description: 'dialog: no, keep the transaction as it is (the default; nothing is sent)',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 2, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === false,
  },
  {
    id: 'dialogCancel',
    keys: ['esc'],
    label: 'keep',
    description: 'dialog: leave without sending anything',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 2, keep: true },
    when: editing,
  },
  {
    id: 'dialogErase',
    keys: ['backspace'],
    label: 'delete',
    description: 'dialog: delete the character before the cursor',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    when: editing,
  },
  {
    id: 'dialogClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'dialog: clear the field',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 6 },
    when: editing,
  },
  {
    id: 'dialogLeave',
    keys: ['esc'],
    label: 'close',
    description:
      'dialog, while sending: close the view (the request goes on; its outcome shows on the status line)',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'sending',
  },
  {
    id: 'dialogClose',
    keys: ['enter', 'esc'],
    label: 'close',
    description: 'dialog, after the outcome: close it',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'outcome',
  },
  {
    id: 'dialogDown',
    keys: ['down', 'pagedown'],
    label: 'scroll',
    description: 'dialog: scroll the details when the screen is too short for them',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
  },
  {
    id: 'dialogUp',
    keys: ['up', 'pageup'],
    label: 'scroll up',
    description: 'dialog: scroll the details back up',
    modes: DIALOG,
    dangerous: true,
    group: 'actions',
  },
];
