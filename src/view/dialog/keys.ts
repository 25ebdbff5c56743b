// The keys of the actions (decline, approve, cancel) and of their dialog. The actions are dangerous:
// gone in read-only mode, refused with the reason when the key's role or an earlier 403 forbids
// them, and on a transaction whose status they do not apply to they say so. The dialog's keys depend on its
// step, so the footer always says what a key does right now.
import type { DialogAction } from '../../store/dialog.js';
import { withErase, withHint, withReasonDone } from '../../store/dialog.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import { closeDialog, openDialog, scroll, send, set } from './flow.js';
import { notApplicable } from './target.js';

const DIALOG = ['dialog'] as const;

function phase(c: KeyContext): string | undefined {
  return c.dialog?.phase;
}

/** Where typing goes into a field: the reason, or the typed confirmation. */
function editing(c: KeyContext): boolean {
  return phase(c) === 'reason' || (phase(c) === 'confirm' && c.dialog?.typed === true);
}

const verb = (c: KeyContext) => c.dialog?.action ?? 'confirm';

/** A transaction is what the cursor (or the open detail) holds. */
function onTransaction(c: KeyContext): boolean {
  const r = c.selected();
  return typeof r === 'object' && r !== null && 'transactionId' in r;
}

function notApplying(action: DialogAction) {
  return (c: KeyContext): string | undefined => notApplicable(action, c.selected());
}

/**
 * `primary`: one of the keys of what is in front, placed before the general keys when the footer is
 * narrow. Cancel is not: at 80 columns it gives way to the general keys (the help always lists it).
 */
function action(
  id: DialogAction,
  key: string,
  order: number,
  applies: string,
  confirm: string,
  primary = true,
): KeyBinding {
  return {
    id,
    keys: [key],
    label: id,
    description: `${id} the transaction (${applies}): ${confirm}`,
    modes: ['normal'],
    panes: ['transactions'],
    group: 'actions',
    footer: primary ? { order, action: true } : { order },
    dangerous: true,
    action: id,
    when: onTransaction,
    disabled: notApplying(id),
    opensDecision: true,
    run: (vm) => openDialog(vm, id),
  };
}

// The dialog. Esc never sends: it keeps the transaction, or leaves a request already sent alone.
// Its keys are `dangerous` too (without an action: a 403 mid-dialog must not take away its close
// key) so that read-only mode does not list them in the help.
function dialogKey(b: Omit<KeyBinding, 'modes' | 'dangerous' | 'group'>): KeyBinding {
  return { ...b, modes: DIALOG, dangerous: true, group: 'actions' };
}

/** The dialog's confirming keys: they count alone, once the question could be read (keys/decision.ts). */
const DECIDES: KeyBinding['decides'] = {
  since: (vm) => vm.dialog.getState().dialog?.confirmSince,
  refuse: (vm, why) => set(vm, withHint(vm.dialog.getState(), why)),
};

export const ACTION_BINDINGS: readonly KeyBinding[] = [
  action('decline', 'd', 50, 'waiting for approval only', 'asks for a reason and a confirmation'),
  action('approve', 'a', 52, 'waiting for approval only', 'asks for the typed confirmation'),
  action('cancel', 'c', 54, 'before signing starts', 'asks for a reason and a confirmation', false),
  dialogKey({
    id: 'dialogNext',
    keys: ['enter'],
    label: 'next',
    description: 'dialog: from the reason on to the confirmation',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'reason',
    run: (vm) => set(vm, withReasonDone(vm.dialog.getState(), vm.env.now())),
  }),
  dialogKey({
    id: 'dialogYes',
    keys: ['y'],
    label: verb,
    description: 'dialog: yes, do it (below the confirmation threshold)',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === false,
    decides: DECIDES,
    run: (vm) => send(vm, 'yes'),
  }),
  dialogKey({
    id: 'dialogTyped',
    keys: ['enter'],
    label: verb,
    description: 'dialog: confirm with the last 4 characters of the id typed (large amounts, approvals)',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === true,
    decides: DECIDES,
    run: (vm) => send(vm, 'typed'),
  }),
  dialogKey({
    id: 'dialogKeep',
    keys: ['n', 'esc'],
    label: 'keep',
    description: 'dialog: no, keep the transaction as it is (the default; nothing is sent)',
    footer: { order: 2, keep: true },
    when: (c) => phase(c) === 'confirm' && c.dialog?.typed === false,
    run: (vm) => closeDialog(vm),
  }),
  dialogKey({
    id: 'dialogCancel',
    keys: ['esc'],
    label: 'keep',
    description: 'dialog: leave without sending anything',
    footer: { order: 2, keep: true },
    when: editing,
    run: (vm) => closeDialog(vm),
  }),
  dialogKey({
    id: 'dialogErase',
    keys: ['backspace'],
    label: 'delete',
    description: 'dialog: delete the character before the cursor',
    when: editing,
    run: (vm) => set(vm, withErase(vm.dialog.getState(), false)),
  }),
  dialogKey({
    id: 'dialogClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'dialog: clear the field',
    footer: { order: 6 },
    when: editing,
    run: (vm) => set(vm, withErase(vm.dialog.getState(), true)),
  }),
  dialogKey({
    id: 'dialogLeave',
    keys: ['esc'],
    label: 'close',
    description: 'dialog, while sending: close the view (the request goes on; its outcome shows on the status line)',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'sending',
    run: (vm) => closeDialog(vm),
  }),
  dialogKey({
    id: 'dialogClose',
    keys: ['enter', 'esc'],
    label: 'close',
    description: 'dialog, after the outcome: close it',
    footer: { order: 1, keep: true },
    when: (c) => phase(c) === 'outcome',
    run: (vm) => closeDialog(vm),
  }),
  dialogKey({
    id: 'dialogDown',
    keys: ['down', 'pagedown'],
    label: 'scroll',
    description: 'dialog: scroll the details when the screen is too short for them',
    run: (vm, key) => scroll(vm, key === 'pagedown' ? 'page' : 1, 1),
  }),
  dialogKey({
    id: 'dialogUp',
    keys: ['up', 'pageup'],
    label: 'scroll up',
    description: 'dialog: scroll the details back up',
    run: (vm, key) => scroll(vm, key === 'pageup' ? 'page' : 1, -1),
  }),
];
