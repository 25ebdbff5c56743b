// What the action dialog does: opening freezes the target and holds live updates while the decision
// is being made (rows must not move under a confirmation): the 'decision' reason of the one pause
// (ui.pause), from the opening until the request is answered or the dialog closes; the outcome
// holds nothing. The request is sent from one place only (`send`), after the store has left the
// confirmation step. Its keys are in keys.ts.
import { appliesTo, type DecisionName } from '../../domain/actions.js';
import {
  type DialogState,
  withClosedDialog,
  withOpenDialog,
  withOutcome,
  withScroll,
  withSending,
  withText,
} from '../../store/dialog.js';
import { selectedNow } from '../focus/current.js';
import { frameLayout } from '../base/layout.js';
import type { ViewModel } from '../model/model.js';
import { connectionCause, notify } from '../model/notify.js';
import { evidenceNow } from '../base/evidence-now.js';
import { dialogLines, dialogWindow } from './lines.js';
import { type ActionOutcome, describeOutcome, outcomeNotice } from './outcome.js';
import { outcomeWithNames } from './outcome-names.js';
import { confirmKind, freezeTarget } from './target.js';

/** Whether a decision is being made: a dialog open before its outcome (which only shows it). */
export function deciding(state: DialogState): boolean {
  return state.dialog !== undefined && state.dialog.phase !== 'outcome';
}

/** Every dialog write goes through here, so the decision's pause follows the phase by itself. */
export function set(vm: ViewModel, next: DialogState): void {
  if (next === vm.dialog.getState()) return;
  vm.dialog.setState(next, true);
  vm.ui.getState().setPause('decision', deciding(next));
}

export function openDialog(vm: ViewModel, action: DecisionName): void {
  if (vm.dialog.getState().dialog !== undefined) return;
  const sel = selectedNow(vm);
  if (sel?.resource.decides !== true || !appliesTo(action, sel.record)) return;
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
  const confirm = confirmKind(action, target.usd, vm.env.confirmThresholdUsd);
  set(vm, withOpenDialog(action, target, confirm, vm.env.now()));
}

export function closeDialog(vm: ViewModel): void {
  const d = vm.dialog.getState().dialog;
  if (d === undefined) return;
  set(vm, withClosedDialog());
  const id = d.target.transactionId;
  if (d.phase === 'outcome' && d.outcome !== undefined) {
    const n = outcomeNotice(id, d.outcome);
    notify(vm, n.level, n.text, `action-${id}`, connectionCause(d.outcome));
  } else if (d.phase === 'reason' || d.phase === 'confirm') {
    notify(vm, 'info', `${id}: kept as it was, nothing was sent`, `action-${id}`);
  }
}

function landed(vm: ViewModel, seq: number, action: DecisionName, id: string, outcome: ActionOutcome): void {
  // Member ids in the server's words become names (a 409's "approved by member …").
  const described = outcomeWithNames(describeOutcome(action, outcome), vm.stores.directory.getState(), vm.theme.ascii);
  const before = vm.dialog.getState();
  const next = withOutcome(before, seq, described);
  if (next !== before) {
    set(vm, next);
    return;
  }
  // The dialog was closed while the request was on its way: the outcome goes to the status line.
  const n = outcomeNotice(id, described);
  notify(vm, n.level, n.text, `action-${id}`, connectionCause(described));
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
    // The live layer cleans the reason, and sends none for an action that takes none.
    request = vm.actions.decide(d.action, id, { reason: d.reason });
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
