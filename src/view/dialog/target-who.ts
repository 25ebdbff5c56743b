// The who and where of the dialog's frozen target: the destination's address-book name (or "not in
// address book", or the own account), the creator, the approvals so far and who may still approve,
// as names, and the limit's rule. Frozen with the rest: what the person read is what they decided on.
import type { Transaction } from '../../contract/index.js';
import { cutText } from '../../format/index.js';
import type { DialogTarget } from '../../store/dialog.js';
import { destinationWords, limitFields, limitOf, peopleText, personLabel } from '../../domain/index.js';
import type { RenderCtx } from '../draw/context.js';
import { destinationFor, directoryOf } from '../draw/detail-who.js';

export type FrozenWho = Pick<DialogTarget, 'destination' | 'createdBy' | 'approvals' | 'mayApprove' | 'limit'>;

/**
 * A name in the dialog takes a line or two at most: a server's 50,000-character name must not push
 * the evidence and the question off the screen (the detail shows it whole).
 */
export const DIALOG_NAME_UNITS = 120;

const name = (text: string): string => cutText(text, DIALOG_NAME_UNITS);

export function freezeWho(
  tx: Transaction,
  ctx: Pick<RenderCtx, 'dictionary' | 'workspace'> & Partial<Pick<RenderCtx, 'directory' | 'ascii'>>,
): FrozenWho {
  const dir = directoryOf(ctx);
  const opts = { ascii: ctx.ascii ?? false };
  const d = destinationFor(tx, ctx);
  const creator = personLabel(dir, tx.createdBy, opts).text;
  const a = tx.extra?.approvers;
  const limit = a?.limitId == null ? [] : limitFields(limitOf(dir, tx), a, dir, opts);
  return {
    ...(d.kind !== 'none' ? { destination: { text: name(destinationWords(d)), kind: d.kind } } : {}),
    ...(creator !== '' ? { createdBy: name(creator) } : {}),
    ...(a != null
      ? {
          approvals: {
            approved: (a.approvedBy ?? []).map((id) => name(personLabel(dir, id, opts).text || id)),
            ...(a.number != null ? { needed: String(a.number) } : {}),
          },
        }
      : {}),
    ...(a?.availableApprovers != null
      ? {
          mayApprove:
            a.availableApprovers.length === 0 ? 'nobody listed' : cutText(peopleText(dir, a.availableApprovers, opts), 2 * DIALOG_NAME_UNITS),
        }
      : {}),
    ...(limit.length > 0 ? { limit } : {}),
  };
}
