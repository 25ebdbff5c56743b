// What the action dialog does: opening freezes the target and pauses the live model (rows must not
// move under a confirmation); closing restores both. The request is sent from one place only
// (`send`), after the store has left the confirmation step. Its keys are in keys.ts.
import {
  type DialogAction,
  type DialogState,
  withClosedDialog,
  withOpenDialog,
  withOutcome,
  withScroll,
  withSending,
  withText,
} from '../../store/dialog.js';
import { selectedNow } from '../current.js';
import { frameLayout } from '../layout.js';
import type { ViewModel } from '../model.js';
import { notify } from '../notify.js';
import { evidenceNow } from '../evidence-now.js';
import { dialogLines, dialogWindow } from '../renderers/dialog.js';
import { type ActionOutcome, describeOutcome, outcomeNotice } from './outcome.js';
import { appliesTo, confirmKind, freezeTarget } from './target.js';

export function set(vm: ViewModel, next: DialogState): void {
  if (next !== vm.dialog.getState()) vm.dialog.setState(next, true);
}

export function openDialog(vm: ViewModel, action: DialogAction): void {
  if (vm.dialog.getState().dialog !== undefined) return;
  const sel = selectedNow(vm);
  if (sel?.pane !== 'transactions' || !appliesTo(action, sel.record)) return;
  const frozen = freezeTarget(sel.record, {
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    prices: vm.stores.prices.getState().bySymbol,
    directory: vm.stores.directory.getState(),
    ascii: vm.theme.ascii,
  });
  // The evidence is frozen with the rest: what the person read is what they decided on.
  const evidence = evidenceNow(vm.stores, sel.record, vm.theme.ascii);
  const target = evidence === undefined ? frozen : { ...frozen, evidence };
  const pausedBefore = vm.ui.getState().paused;
  const confirm = confirmKind(action, target.usd, vm.env.confirmThresholdUsd);
  set(vm, withOpenDialog(action, target, confirm, pausedBefore, vm.env.now()));
  // The person's own pause (ui.paused, the header's) stays as it was; this one is the dialog's.
  if (!pausedBefore) vm.actions.setPaused(true);
}

export function closeDialog(vm: ViewModel): void {
  const d = vm.dialog.getState().dialog;
  if (d === undefined) return;
  set(vm, withClosedDialog());
  if (!d.pausedBefore && !vm.ui.getState().paused) vm.actions.setPaused(false);
  const id = d.target.transactionId;
  if (d.phase === 'outcome' && d.outcome !== undefined) {
    const n = outcomeNotice(id, d.outcome);
    notify(vm, n.level, n.text, `action-${id}`);
  } else if (d.phase === 'reason' || d.phase === 'confirm') {
    notify(vm, 'info', `${id}: kept as it was, nothing was sent`, `action-${id}`);
  }
}

function landed(vm: ViewModel, seq: number, action: DialogAction, id: string, outcome: ActionOutcome): void {
  const described = describeOutcome(action, outcome);
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
export function send(vm: ViewModel, via: 'yes' | 'typed'): void {
  const next = withSending(vm.dialog.getState(), via);
  set(vm, next);
  const d = next.dialog;
  if (d?.phase !== 'sending') return;
  const id = d.target.transactionId;
  let request: Promise<ActionOutcome>;
  try {
    request =
      d.action === 'decline'
        ? vm.actions.decline(id, d.reason)
        : d.action === 'cancel'
          ? vm.actions.cancel(id, d.reason)
          : vm.actions.approve(id);
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

export function scroll(vm: ViewModel, delta: number | 'page', sign: 1 | -1): void {
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

/**
 * Printable text typed while the dialog is open (the reason, the typed confirmation). Ignored while
 * sending and on the outcome: a held `y` must not close the outcome before it can be read. Says
 * whether a field took it.
 */
export function dialogText(vm: ViewModel, text: string): boolean {
  const before = vm.dialog.getState();
  set(vm, withText(before, text));
  return vm.dialog.getState() !== before;
}
