// The action dialog (decline / approve / cancel): the frozen target, the reason being typed, the
// confirmation and the outcome. The reducers below are pure and own the phase machine; above all
// they guarantee that one dialog sends at most once: only `withSending` leads to a request, and
// it moves the phase on before anything is sent, so a repeated key finds nothing to confirm.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DECISIONS, type DecisionName } from '../domain/actions.js';

/** reason: the optional text (an action that takes one); confirm: y/n or the typed id end; sending; outcome. */
export type DialogPhase = 'reason' | 'confirm' | 'sending' | 'outcome';

/** y/n, or typing the last characters of the transaction id (large amounts, an action that always asks it). */
export type ConfirmKind = 'yes-no' | 'typed';

/**
 * What the person is confirming, copied when the dialog opened: live updates of the record do not
 * change it. Display-ready text where formatting needed reference data (decimals, names).
 */
export interface DialogTarget {
  readonly transactionId: string;
  readonly type: string;
  readonly status: string;
  /** Full precision, without the symbol ("25.00000000"); absent when the record has none. */
  readonly amount?: string;
  /** Why the amount is impossible ("negative", "not a number"): format/amount.ts amountProblem. */
  readonly amountFlag?: string;
  readonly symbol?: string;
  /** USD value at the price of the moment the dialog opened (decimal text); absent: unknown price. */
  readonly usd?: string;
  readonly accountId: string;
  readonly accountName?: string;
  /** Where the money goes (or comes from): the full address or account name. */
  readonly counterparty?: { readonly direction: 'in' | 'out'; readonly text: string };
  readonly networkId?: string;
  readonly networkName?: string;
  readonly memo?: string;
  readonly createdAt?: string;
  /** Who approved so far: member names where the directory knows them, else short ids. */
  readonly approvals?: { readonly approved: readonly string[]; readonly needed?: string };
  /** Who the destination is: "Kraken hot (address book)", "not in address book", an own account. */
  readonly destination?: { readonly text: string; readonly kind: 'book' | 'account' | 'unknown' | 'unread' };
  /** The creator's name ("Dana Whitfield (you)"), or the short id and why. */
  readonly createdBy?: string;
  /** Who may still approve, as names. */
  readonly mayApprove?: string;
  /** The limit that asked for approval, as label and value pairs (domain/limits.ts limitFields). */
  readonly limit?: readonly { readonly label: string; readonly value: string }[];
  /**
   * Risk evidence as it stood when the dialog opened (domain/evidence.ts); absent where the checks do
   * not apply, empty when they found nothing.
   */
  readonly evidence?: readonly DialogEvidence[];
}

/** One piece of risk evidence: a mark, its words and the fact behind it (never a verdict). */
export interface DialogEvidence {
  readonly id: string;
  readonly symbol: string;
  /** The mark where the terminal is not UTF-8. */
  readonly ascii: string;
  readonly text: string;
  readonly fact: string;
  readonly tone: 'danger' | 'warning' | 'muted';
}

/** How the request ended, in words for the dialog (the view maps the live outcome onto this). */
export interface DialogOutcome {
  readonly kind: 'done' | 'conflict' | 'forbidden' | 'network' | 'refused' | 'duplicate';
  readonly tone: 'success' | 'warning' | 'danger';
  /** One line: "declined: now canceled". */
  readonly headline: string;
  /** More words, when there are some (the server's message). */
  readonly detail?: string;
  /** Why the attempt is not in the audit log (the log could not be written): said beside the outcome. */
  readonly auditFailure?: string;
}

export interface OpenDialog {
  /** Tells one opening from the next: a late outcome only lands in the dialog it belongs to. */
  readonly seq: number;
  /** Which decision (domain/actions.ts): its words, reason step and confirmation rule. */
  readonly action: DecisionName;
  readonly target: DialogTarget;
  readonly confirm: ConfirmKind;
  readonly phase: DialogPhase;
  readonly reason: string;
  /** The characters typed for the typed confirmation. */
  readonly typed: string;
  /** Why the last confirming key did not count (a wrong typed end, keys that came too fast). */
  readonly hint?: string;
  /** Local time (ms) the confirmation step went on screen: its key counts only a moment later. */
  readonly confirmSince?: number;
  readonly outcome?: DialogOutcome;
  /** First line of the target shown, when the pane is too short for all of it. */
  readonly scroll: number;
}

export interface DialogState {
  readonly dialog?: OpenDialog;
}

export type DialogStore = StoreApi<DialogState>;

export function createDialogStore(): DialogStore {
  return createStore<DialogState>()(() => ({}));
}

export const MAX_REASON = 200;
/** How many characters of the id the typed confirmation asks for. */
export const CONFIRM_CHARS = 4;
const MAX_TYPED = 32;

/** The characters the typed confirmation expects: the end of the id, exactly as shown. */
export function expectedConfirmation(transactionId: string): string {
  return [...transactionId].slice(-CONFIRM_CHARS).join('');
}

let seqs = 0;

export function withOpenDialog(
  action: DecisionName,
  target: DialogTarget,
  confirm: ConfirmKind,
  now: number,
): DialogState {
  const spec = DECISIONS[action];
  const asksReason = spec.reason;
  return {
    dialog: {
      ...(asksReason ? {} : { confirmSince: now }),
      seq: ++seqs,
      action,
      target,
      // An action without a reason (approving) goes straight to the confirmation.
      confirm: spec.confirm.kind === 'typed' ? 'typed' : confirm,
      phase: asksReason ? 'reason' : 'confirm',
      reason: '',
      typed: '',
      scroll: 0,
    },
  };
}

function patch(state: DialogState, p: Partial<OpenDialog>): DialogState {
  return state.dialog === undefined ? state : { dialog: { ...state.dialog, ...p } };
}

/** Printable text: into the reason or the typed confirmation; ignored in the other phases. */
export function withText(state: DialogState, text: string): DialogState {
  const d = state.dialog;
  if (d === undefined || text === '') return state;
  if (d.phase === 'reason') {
    const reason = [...(d.reason + text)].slice(0, MAX_REASON).join('');
    return reason === d.reason ? state : patch(state, { reason });
  }
  if (d.phase === 'confirm' && d.confirm === 'typed') {
    const typed = [...(d.typed + text)].slice(0, MAX_TYPED).join('');
    return typed === d.typed ? state : patch(state, { typed, hint: undefined });
  }
  return state;
}

/** Backspace, or Ctrl-U (`all`), in the field that has focus. */
export function withErase(state: DialogState, all: boolean): DialogState {
  const d = state.dialog;
  if (d === undefined) return state;
  const cut = (s: string) => (all ? '' : [...s].slice(0, -1).join(''));
  if (d.phase === 'reason' && d.reason !== '') return patch(state, { reason: cut(d.reason) });
  if (d.phase === 'confirm' && d.confirm === 'typed' && d.typed !== '')
    return patch(state, { typed: cut(d.typed), hint: undefined });
  return state;
}

/** Enter in the reason field: on to the confirmation (the reason is cleaned once, by live/actions). */
export function withReasonDone(state: DialogState, now: number): DialogState {
  const d = state.dialog;
  if (d?.phase !== 'reason') return state;
  return patch(state, { phase: 'confirm', confirmSince: now });
}

/** Why a confirming key did not count: said in the dialog, which stays at its confirmation. */
export function withHint(state: DialogState, hint: string): DialogState {
  const d = state.dialog;
  if (d?.phase !== 'confirm' || d.hint === hint) return state;
  return patch(state, { hint });
}

/**
 * The one transition that leads to a request: from the confirmation to sending. Returns the same
 * state when there is nothing to send (wrong phase, or the typed text does not match; then with a
 * hint and the text cleared for another try).
 */
export function withSending(state: DialogState, via: 'yes' | 'typed'): DialogState {
  const d = state.dialog;
  if (d?.phase !== 'confirm') return state;
  if (via === 'yes' && d.confirm !== 'yes-no') return state;
  if (via === 'typed') {
    if (d.confirm !== 'typed') return state;
    if (d.typed !== expectedConfirmation(d.target.transactionId)) {
      return patch(state, {
        typed: '',
        hint:
          d.typed === ''
            ? `type the last ${CONFIRM_CHARS} characters of the id first`
            : `"${d.typed}" is not the end of the id: type its last ${CONFIRM_CHARS} characters as shown`,
      });
    }
  }
  return patch(state, { phase: 'sending', hint: undefined });
}

/** The answer, if it belongs to the dialog on screen (`seq`) and that one is still waiting. */
export function withOutcome(state: DialogState, seq: number, outcome: DialogOutcome): DialogState {
  const d = state.dialog;
  if (d?.seq !== seq || d.phase !== 'sending') return state;
  return patch(state, { phase: 'outcome', outcome });
}

/** Scrolls the target to line `to`, kept within 0..max. */
export function withScroll(state: DialogState, to: number, max: number): DialogState {
  const d = state.dialog;
  if (d === undefined) return state;
  const scroll = Math.max(0, Math.min(Math.max(0, max), to));
  return scroll === d.scroll ? state : patch(state, { scroll });
}

export function withClosedDialog(): DialogState {
  return {};
}
