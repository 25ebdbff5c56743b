// The keys of the decisions (domain/actions.ts DECISIONS: decline, approve, cancel) and of their
// dialog. The decisions are dangerous: in read-only mode the key says it is turned off, it is refused
// with the reason when the key's role or an earlier 403 forbids it, on a transaction whose status it
// does not apply to it says so, and so it does where this key's member already did it (an
// approval). The dialog's keys depend on its step, so the footer always says what a key does now.
import {
  alreadyDone,
  DECISION_NAMES,
  DECISIONS,
  type DecisionName,
  decisionDescription,
  notApplicable,
} from '../../domain/actions.js';
import { withErase, withHint, withReasonDone } from '../../store/dialog.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import { closeDialog, openDialog, scroll, send, set } from './flow.js';

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

/** Why the decision does nothing on the selection: its status, or this member already did it. */
function notApplying(action: DecisionName) {
  return (c: KeyContext): string | undefined => {
    const record = c.selected();
    return notApplicable(action, record) ?? alreadyDone(action, record, c.self);
  };
}

/**
 * One decision's key, from its entry in the table; `order` keeps the table's order in the footer.
 * `primary` ones are keys of what is in front, placed before the general keys when the footer is
 * narrow.
 */
function decisionKey(id: DecisionName, order: number): KeyBinding {
  const spec = DECISIONS[id];
  return {
    id,
    keys: [spec.key],
    label: spec.verb,
    description: decisionDescription(id),
    modes: ['normal'],
    panes: ['transactions'],
    group: 'actions',
    footer: spec.primary ? { order, action: true } : { order },
    dangerous: spec.dangerous,
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
  ...DECISION_NAMES.map((id, i) => decisionKey(id, 50 + 2 * i)),
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
