// What the dialog's keys do, and where typed text goes while it is open. Opening freezes the target
// and pauses the live model (rows must not move under a confirmation); closing restores both. The
// request is sent from one place only (`send`), after the store has left the confirmation step.
import {
  type DialogAction,
  type DialogState,
  withClosedDialog,
  withErase,
  withOpenDialog,
  withOutcome,
  withReasonDone,
  withScroll,
  withSending,
  withText,
} from '../store/dialog.js';
import { selectedNow } from './current.js';
import { type ActionOutcome, describeOutcome, outcomeNotice } from './dialog/outcome.js';
import { actionApplies, confirmKind, freezeTarget } from './dialog/target.js';
import type { Handler } from './dispatch.js';
import { frameLayout } from './layout.js';
import type { ViewModel } from './model.js';
import { notify } from './notify.js';
import { dialogLines, dialogWindow } from './renderers/dialog.js';

function set(vm: ViewModel, next: DialogState): void {
  if (next !== vm.dialog.getState()) vm.dialog.setState(next, true);
}

function openDialog(vm: ViewModel, action: DialogAction): void {
  if (vm.dialog.getState().dialog !== undefined) return;
  const sel = selectedNow(vm);
  if (sel?.pane !== 'transactions' || !actionApplies(sel.record)) return;
  const target = freezeTarget(sel.record, {
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    prices: vm.stores.prices.getState().bySymbol,
  });
  const pausedBefore = vm.ui.getState().paused;
  const confirm = confirmKind(action, target.usd, vm.env.confirmThresholdUsd);
  set(vm, withOpenDialog(action, target, confirm, pausedBefore));
  // The person's own pause (ui.paused, the header's) stays as it was; this one is the dialog's.
  if (!pausedBefore) vm.actions.setPaused(true);
  vm.ui.getState().update({ mode: 'dialog' });
}

function closeDialog(vm: ViewModel): void {
  const d = vm.dialog.getState().dialog;
  if (d === undefined) return;
  set(vm, withClosedDialog());
  if (!d.pausedBefore && !vm.ui.getState().paused) vm.actions.setPaused(false);
  vm.ui.getState().update({ mode: 'normal' });
  const id = d.target.transactionId;
  if (d.phase === 'outcome' && d.outcome !== undefined) {
    const n = outcomeNotice(id, d.outcome);
    notify(vm, n.level, n.text, `action-${id}`);
  } else if (d.phase === 'reason' || d.phase === 'confirm') {
    notify(vm, 'info', `${id}: kept as it was, nothing was sent`, `action-${id}`);
  }
}

function landed(vm: ViewModel, seq: number, action: DialogAction, id: string, outcome: ActionOutcome): void {
  const status = vm.stores.transactions.getState().byId.get(id)?.status;
  const described = describeOutcome(action, outcome, status);
  const before = vm.dialog.getState();
  const next = withOutcome(before, seq, described);
  if (next !== before) {
    set(vm, next);
    return;
  }
  // The dialog was closed while the request was on its way: the outcome goes to the status line.
  const n = outcomeNotice(id, described);
  notify(vm, n.level, n.text, `action-${id}`);
}

/** The only way to a request: the store leaves the confirmation before anything is sent. */
function send(vm: ViewModel, via: 'yes' | 'typed'): void {
  const next = withSending(vm.dialog.getState(), via);
  set(vm, next);
  const d = next.dialog;
  if (d?.phase !== 'sending') return;
  const id = d.target.transactionId;
  let request: Promise<ActionOutcome>;
  try {
    request = d.action === 'decline' ? vm.actions.decline(id, d.reason || undefined) : vm.actions.approve(id);
  } catch (error) {
    request = Promise.reject(error as Error);
  }
  request.then(
    (outcome) => landed(vm, d.seq, d.action, id, outcome),
    // The live actions never reject; should one, it is reported as an answer that may have arrived.
    (error: unknown) =>
      landed(vm, d.seq, d.action, id, {
        kind: 'network',
        message: error instanceof Error ? error.message : String(error),
        changed: 'unknown',
      }),
  );
}

function scroll(vm: ViewModel, delta: number | 'page', sign: 1 | -1): void {
  const d = vm.dialog.getState().dialog;
  if (d === undefined) return;
  const { columns, rows } = vm.ui.getState().size;
  const pane = frameLayout(columns, rows).pane;
  const win = dialogWindow(
    dialogLines(d, {
      width: columns,
      ascii: vm.theme.ascii,
      now: vm.env.now(),
      ...(vm.env.confirmThresholdUsd !== undefined ? { thresholdUsd: vm.env.confirmThresholdUsd } : {}),
    }),
    pane,
  );
  const step = delta === 'page' ? Math.max(1, win.targetRows - 1) : delta;
  set(vm, withScroll(vm.dialog.getState(), d.scroll + sign * step, win.maxScroll));
}

export const DIALOG_HANDLERS: Readonly<Record<string, Handler>> = {
  decline: (vm) => openDialog(vm, 'decline'),
  approve: (vm) => openDialog(vm, 'approve'),
  dialogNext: (vm) => set(vm, withReasonDone(vm.dialog.getState())),
  dialogYes: (vm) => send(vm, 'yes'),
  dialogTyped: (vm) => send(vm, 'typed'),
  dialogKeep: (vm) => closeDialog(vm),
  dialogCancel: (vm) => closeDialog(vm),
  dialogLeave: (vm) => closeDialog(vm),
  dialogClose: (vm) => closeDialog(vm),
  dialogErase: (vm) => set(vm, withErase(vm.dialog.getState(), false)),
  dialogClear: (vm) => set(vm, withErase(vm.dialog.getState(), true)),
  dialogDown: (vm, key) => scroll(vm, key === 'pagedown' ? 'page' : 1, 1),
  dialogUp: (vm, key) => scroll(vm, key === 'pageup' ? 'page' : 1, -1),
};

/**
 * Printable text typed while the dialog is open (the reason, the typed confirmation). Ignored while
 * sending and on the outcome: a held `y` must not close the outcome before it can be read.
 */
export function dialogText(vm: ViewModel, text: string): void {
  set(vm, withText(vm.dialog.getState(), text));
}
