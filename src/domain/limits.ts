// The transaction limit that asked for approval, in words: its rule and threshold, approvals needed
// k of n, its approvers by name, its security delay. Pure.
import type { Transaction, TransactionApprovers, TransactionLimit } from '../contract/index.js';
import { amountProblem, type AsciiOption, cutText, formatUsd, glyphs, shortId } from '../format/index.js';
import { type DirectoryFacts, NO_DIRECTORY } from './facts.js';
import { peopleText } from './people.js';
import { clean, nonBlank, SHORT_ID } from './wire-text.js';

export interface LimitField {
  readonly label: string;
  readonly value: string;
}

const LIMIT_TYPE_WORDS: Record<string, string> = {
  'transaction-amount': 'Transaction amount',
  'transactions-volume': 'Volume',
};

function limitsStateWords(dir: DirectoryFacts): string {
  switch (dir.limitsState) {
    case 'loading':
      return 'limits loading';
    case 'forbidden':
      return "the key's role may not read limits";
    case 'failed':
      return 'limits could not be read';
    default:
      return "not among the workspace's limits";
  }
}

/**
 * A limit has no name field: its external id is one when people chose it ("large-btc-payouts"),
 * and noise when a system generated it (a long lowercase token, a UUID).
 */
function readableId(externalId: string): boolean {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i.test(externalId)) return false;
  return !/^[a-z0-9]{16,}$/.test(externalId) || !/\d/.test(externalId);
}

function ruleText(limit: TransactionLimit, ascii: boolean): string {
  const type = typeof limit.limitType === 'string' ? limit.limitType : '';
  const words = LIMIT_TYPE_WORDS[type] ?? (type === '' ? 'Rule' : clean(type, ascii));
  const above = nonBlank(limit.transactionParams?.aboveAmount?.amount);
  const hours = limit.transactionParams?.durationHours;
  const window = type === 'transactions-volume' && hours != null ? ` in ${hours}h` : '';
  // An impossible threshold (negative, not a number) is flagged, never read as an ordinary one.
  const flagged = above !== undefined && amountProblem(above) !== undefined;
  const threshold = above === undefined ? '' : flagged ? `${glyphs(ascii).warning} ${cutText(above, 64)} (impossible)` : formatUsd(above);
  const rule = above === undefined ? `Any ${words.toLowerCase()}` : `${words} above ${threshold}`;
  const externalId = clean(limit.externalId, ascii);
  const name = readableId(externalId) ? externalId : '';
  const status = limit.status === 'active' || limit.status === 'new' ? '' : ` (${clean(limit.status, ascii)})`;
  const dot = ascii ? ' - ' : ' · ';
  return `${rule}${window}${name === '' ? '' : `${dot}${name}`}${status}`;
}

/**
 * The rule that asked for approval, as label and value pairs: what it is, how many approvals it
 * needs of how many approvers, who may approve, the security delay. The transaction's own copy of
 * the policy (`extra.approvers`) stands in for a limit the console could not read.
 */
export function limitFields(
  limit: TransactionLimit | undefined,
  approvers: TransactionApprovers | undefined,
  dir: DirectoryFacts,
  options: AsciiOption = {},
): LimitField[] {
  const out: LimitField[] = [];
  dir ??= NO_DIRECTORY;
  const limitId = nonBlank(approvers?.limitId) ?? nonBlank(limit?.limitId);
  if (limit == null && limitId === undefined && approvers == null) return out;
  if (limit != null) out.push({ label: 'Rule', value: ruleText(limit, options.ascii ?? false) });
  else if (limitId !== undefined)
    out.push({ label: 'Rule', value: `${shortId(limitId, SHORT_ID, options)} (${limitsStateWords(dir)})` });
  const rule = limit?.limitRule;
  if (rule?.skipApproval === true || approvers?.skipApproval === true) {
    out.push({ label: 'Needs', value: 'no approval (the rule skips approval)' });
  } else {
    const k = rule?.approve?.numberOfApprovals ?? approvers?.number;
    const listed = rule?.approve?.authorisedApproversUserIds ?? approvers?.availableApprovers;
    const n = Array.isArray(listed) ? listed.length : undefined;
    if (k != null) {
      out.push({ label: 'Needs', value: `${k} of ${n ?? '?'} ${n === 1 ? 'approver' : 'approvers'}` });
    }
    if (Array.isArray(listed)) {
      out.push({ label: 'Approvers', value: listed.length === 0 ? 'nobody listed' : peopleText(dir, listed, options) });
    }
  }
  const delay = rule?.securityDelay?.durationHours ?? approvers?.securityDelayDuration;
  if (delay != null) out.push({ label: 'Security delay', value: Number(delay) === 0 ? 'none' : `${delay}h` });
  const users = limit?.appliesTo?.userIds;
  if (Array.isArray(users) && users.length > 0)
    out.push({ label: 'Applies to', value: `created by ${peopleText(dir, users, options)}` });
  return out;
}

/** limitFields as lines of text ("Rule: Transaction amount above $10,000.00 · large-withdrawals"). */
export function limitLines(
  limit: TransactionLimit | undefined,
  approvers: TransactionApprovers | undefined,
  dir: DirectoryFacts,
  options: AsciiOption = {},
): string[] {
  return limitFields(limit, approvers, dir, options).map((f) => `${f.label}: ${f.value}`);
}

/** The limit a transaction's approval policy names, when the directory holds it. */
export function limitOf(dir: DirectoryFacts, tx: Transaction): TransactionLimit | undefined {
  const id = nonBlank(tx?.extra?.approvers?.limitId);
  return id === undefined || !(dir.limits instanceof Map) ? undefined : dir.limits.get(id);
}
