// Risk evidence, never a verdict: facts about a transaction that an operator deciding on it should
// have in front of them, each with a symbol, its words and the fact behind it. Computed locally from
// what the console holds (the address book, members, balances, the loaded history); what could not
// be checked says so instead of staying silent or guessing. Pure: inputs → items, gravest first.
import type { Transaction } from '../contract/index.js';
import { compareDecimal, isDecimalString } from '../format/index.js';
import { assetInfo } from './asset.js';
import { destinationOf } from './destinations.js';
import {
  amountItem,
  balanceItem,
  destinationItems,
  firstTimeItem,
  hiddenItems,
  selfApprovalItem,
  unusualAmountItem,
} from './evidence-checks.js';
import { historyOf } from './evidence-history.js';
import type { EvidenceId, EvidenceInput, EvidenceItem } from './evidence-item.js';
import { isOutgoing, transactionAmount } from './transaction.js';

/** Gravest first: by tone (danger, warning, muted), then by weight within it. */
export const ORDER: readonly EvidenceId[] = [
  'amount-flagged',
  'hidden-characters',
  'book-only',
  'balance-over',
  'not-in-book',
  'first-time',
  'self-approved',
  'self-may-approve',
  'amount-unusual',
  'balance-most',
  'book-unchecked',
  'balance-unchecked',
];

/** The evidence about one transaction, the weightiest first; [] when there is nothing to note. */
export function evidenceFor(input: EvidenceInput): EvidenceItem[] {
  const { tx } = input;
  const out: EvidenceItem[] = [];
  amountItem(input, out);
  selfApprovalItem(input, out);
  const outgoing = isOutgoing(tx);
  const dest = outgoing
    ? destinationOf(input.directory, input.workspace.accountsById, tx, {
        dictionary: input.dictionary,
        addresses: input.workspace.addresses,
      })
    : undefined;
  hiddenItems(input, dest, out);
  if (dest !== undefined) {
    destinationItems(input, dest, out);
    const history = historyOf(input.dictionary, tx, input.loaded);
    // A transfer to one of the workspace's own accounts goes nowhere new.
    if (dest.kind !== 'account') firstTimeItem(input, history, out);
    const { amount, assetId } = transactionAmount(tx);
    const moves = amount !== undefined && isDecimalString(amount) && compareDecimal(amount, '0') > 0;
    if (moves && assetId !== undefined) {
      const info = assetInfo(input.dictionary, assetId);
      unusualAmountItem(input, amount, info.symbol, info.decimals, history, out);
      balanceItem(input, amount, assetId, info.symbol, info.decimals, out);
    }
  }
  return out.sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
}

/**
 * Whether the checks apply at all: an outgoing transaction, or one with an approval policy. Where
 * they do not (an ordinary deposit, a swap without approvers), the detail has no Evidence section.
 */
export function evidenceApplies(tx: Transaction): boolean {
  return isOutgoing(tx) || tx.extra?.approvers != null;
}

/**
 * The evidence to show: undefined where the checks do not apply and found nothing (a deposit with
 * a flagged amount or a hidden character still shows its section); [] when they found nothing.
 */
export function evidenceShown(input: EvidenceInput): EvidenceItem[] | undefined {
  const items = evidenceFor(input);
  return items.length > 0 || evidenceApplies(input.tx) ? items : undefined;
}
