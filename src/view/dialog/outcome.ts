// How a decline or approve ended, in the words the dialog and the status line show. Pure.
import type { DialogAction, DialogOutcome } from '../../store/dialog.js';
import type { NoticeLevel } from '../../store/index.js';
import type { LiveActions } from '../live-actions.js';

export type ActionOutcome = Awaited<ReturnType<LiveActions['decline']>>;

const PAST: Readonly<Record<DialogAction, string>> = { decline: 'declined', approve: 'approved' };

/**
 * The dialog's account of an outcome. `currentStatus` is the record's status in the store when
 * the answer came (after a refresh of the row, for the outcomes that refresh it).
 */
export function describeOutcome(
  action: DialogAction,
  outcome: ActionOutcome,
  currentStatus: string | undefined,
): DialogOutcome {
  const not = `not ${PAST[action]}`;
  switch (outcome.kind) {
    case 'done':
      return { kind: 'done', tone: 'success', headline: `${PAST[action]}: now ${outcome.transaction.status}` };
    case 'conflict': {
      const status = outcome.status ?? currentStatus;
      return {
        kind: 'conflict',
        tone: 'warning',
        headline: `${not}: ${outcome.message}`,
        detail:
          'someone approved, declined or changed it first; the row was refreshed' +
          (status ? `: now ${status}` : ''),
      };
    }
    case 'forbidden':
      return {
        kind: 'forbidden',
        tone: 'danger',
        headline: `${not}: this key's role cannot ${action}`,
        detail: `${outcome.message} (${action} is hidden for the rest of this session)`,
      };
    case 'network':
      return outcome.changed === 'no'
        ? {
            kind: 'network',
            tone: 'danger',
            headline: `${not}: nothing was changed, try again`,
            detail: outcome.message,
          }
        : {
            kind: 'network',
            tone: 'warning',
            headline: `no answer; the row was refreshed: ${currentStatus ?? 'status unknown'}`,
            detail: `${outcome.message} (the request may or may not have arrived: check the status)`,
          };
    case 'refused':
      return {
        kind: 'refused',
        tone: 'danger',
        headline: `${not}: ${outcome.message}`,
        detail: `${outcome.status} ${outcome.code}${outcome.field ? ` (field ${outcome.field})` : ''}`,
      };
    case 'duplicate':
      return {
        kind: 'duplicate',
        tone: 'warning',
        headline: `already on its way: nothing more was sent`,
      };
  }
}

/** The status line's one-liner for an outcome. */
export function outcomeNotice(
  transactionId: string,
  outcome: DialogOutcome,
): { level: NoticeLevel; text: string } {
  const level: NoticeLevel =
    outcome.tone === 'success' ? 'info' : outcome.tone === 'warning' ? 'warn' : 'error';
  return { level, text: `${transactionId}: ${outcome.headline}` };
}
