// How a decline, approve or cancel ended, in the words the dialog and the status line show. Pure. A failed
// outcome's message is already the whole account (live/outcome-words.ts words it, once): here it
// only gets the action it is about and a tone, never a second sentence that says it again.
import { DECISIONS, type DecisionName, type DecisionSpec } from '../../domain/actions.js';
import type { DialogOutcome } from '../../store/dialog.js';
import type { NoticeLevel } from '../../store/index.js';
import type { LiveActions } from '../model/live-actions.js';

export type ActionOutcome = Awaited<ReturnType<LiveActions['decide']>>;

/**
 * "declined: now canceled"; "approved" when that is the new status too. Still in a status it
 * applies to, for an action each member does once: an approval that is not the last.
 */
function doneHeadline(action: DecisionName, status: string): string {
  const spec: DecisionSpec = DECISIONS[action];
  if (status === spec.done) return spec.done;
  if (spec.doneBy !== undefined && spec.statuses.includes(status)) {
    return `${spec.done}: still ${status} (more approvals needed)`;
  }
  return `${spec.done}: now ${status}`;
}

/** "400 bad-request (field reason)"; a refusal that never reached the server has no status. */
function refusalCode(o: Extract<ActionOutcome, { kind: 'refused' }>): string {
  const field = o.field ? ` (field ${o.field})` : '';
  return `${o.status > 0 ? `${o.status} ` : ''}${o.code}${field}`;
}

/**
 * The dialog's account of an outcome. `_currentStatus` (the row's status in the store) is not
 * read: the outcome's words carry the refreshed status; callers may leave it out.
 */
export function describeOutcome(
  action: DecisionName,
  outcome: ActionOutcome,
  _currentStatus?: string,
): DialogOutcome {
  const told = tell(action, outcome);
  return outcome.auditFailure === undefined ? told : { ...told, auditFailure: outcome.auditFailure };
}

function tell(action: DecisionName, outcome: ActionOutcome): DialogOutcome {
  const not = `not ${DECISIONS[action].done}`;
  switch (outcome.kind) {
    case 'done':
      return { kind: 'done', tone: 'success', headline: doneHeadline(action, outcome.transaction.status) };
    case 'conflict':
      return { kind: 'conflict', tone: 'warning', headline: `${not}: ${outcome.message}` };
    case 'forbidden':
      return { kind: 'forbidden', tone: 'danger', headline: `${not}: ${outcome.message}` };
    case 'network':
      // Nothing sent: surely not done. No answer: it may have happened; the words say so.
      return outcome.changed === 'no'
        ? { kind: 'network', tone: 'danger', headline: `${not}: ${outcome.message}` }
        : { kind: 'network', tone: 'warning', headline: outcome.message };
    case 'refused':
      return {
        kind: 'refused',
        tone: 'danger',
        headline: `${not}: ${outcome.message}`,
        detail: refusalCode(outcome),
      };
    case 'duplicate':
      return { kind: 'duplicate', tone: 'warning', headline: 'already on its way: nothing more was sent' };
  }
}

/** How the audit log's failure is said beside an outcome. */
export function auditFailureWords(why: string): string {
  return `the audit log could not be written: ${why}`;
}

/**
 * The status line's one-liner for an outcome. An outcome the audit log could not record says both
 * in one line, and at least as a warning: it must not fade like a plain success.
 */
export function outcomeNotice(
  transactionId: string,
  outcome: DialogOutcome,
): { level: NoticeLevel; text: string } {
  const level: NoticeLevel =
    outcome.tone === 'success' ? 'info' : outcome.tone === 'warning' ? 'warn' : 'error';
  const text = `${transactionId}: ${outcome.headline}`;
  if (outcome.auditFailure === undefined) return { level, text };
  const both = `${text}; ${auditFailureWords(outcome.auditFailure)}`;
  return { level: level === 'info' ? 'warn' : level, text: both };
}
