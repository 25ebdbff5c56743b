// The who and where of the dialog's target as label/value pairs: the destination's name under its
// address, the creator, approvals so far and who may still approve, and the limit's rule. The
// dialog draws them with its own field layout. Pure.
import type { DialogTarget } from '../../store/dialog.js';
import type { Token } from '../base/theme.js';

export interface DialogField {
  readonly label: string;
  readonly value: string;
  readonly token?: Token;
}

const DESTINATION_TOKEN: Record<NonNullable<DialogTarget['destination']>['kind'], Token> = {
  book: 'success',
  account: 'success',
  unknown: 'warning',
  unread: 'muted',
};

/** Under the "To" address: who it is. Incoming transactions have no destination. */
export function destinationFields(t: DialogTarget): DialogField[] {
  const d = t.destination;
  if (d === undefined || d.text === '' || t.counterparty?.direction === 'in') return [];
  // The own account's name already stands as the destination: say only what it is.
  const text = d.kind === 'account' && t.counterparty !== undefined && d.text.startsWith(`${t.counterparty.text} (`)
    ? 'own account'
    : d.text;
  return [{ label: '', value: text, token: DESTINATION_TOKEN[d.kind] }];
}

export function creatorFields(t: DialogTarget): DialogField[] {
  return t.createdBy === undefined ? [] : [{ label: 'Created by', value: t.createdBy }];
}

/** Approvals k of n by whom, who may still approve, and the rule that asked for them. */
export function approvalFields(t: DialogTarget): DialogField[] {
  const out: DialogField[] = [];
  const a = t.approvals;
  if (a !== undefined) {
    const by = a.approved.length > 0 ? `  by ${a.approved.join(', ')}` : '';
    out.push({ label: 'Approvals', value: `${a.approved.length} of ${a.needed ?? '?'}${by}` });
  }
  if (t.mayApprove !== undefined) out.push({ label: 'May approve', value: t.mayApprove });
  const limit = t.limit ?? [];
  const rule = limit.find((f) => f.label === 'Rule');
  // The rule's own approvers list says little beside who may approve this one: left to the detail.
  const rest = limit
    .filter((f) => f.label !== 'Rule' && !(f.label === 'Approvers' && t.mayApprove !== undefined))
    .map((f) => `${f.label.toLowerCase()} ${f.value}`);
  if (rule !== undefined) out.push({ label: 'Limit', value: rule.value });
  if (rest.length > 0) out.push({ label: rule === undefined ? 'Limit' : '', value: rest.join('; ') });
  return out;
}
