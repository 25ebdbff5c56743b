// What the answer on screen allows at a moment: is the quote still fresh, may a transaction be
// created from it, and the countdown's words. Pure: state + clock.
import type { DryRunTransaction } from '../../contract/index.js';
import { formatAbsolute, formatCountdown, formatRelative, parseMillis } from '../../format/index.js';
import type { SwapState } from '../../store/swap.js';

/** The answer types a transaction is created from here (intents are made elsewhere: POST /intents). */
const CREATABLE_TYPES = new Set(['swap-aggregator', 'bridge']);

export function quoteExpiresAt(answer: DryRunTransaction): number | undefined {
  return parseMillis(answer.embedded?.quoteDetails?.expiresAt);
}

export function quoteIdOf(answer: DryRunTransaction): string | undefined {
  return answer.embedded?.quoteDetails?.quoteId ?? answer.params?.quoteId ?? undefined;
}

export function isExpired(answer: DryRunTransaction, now: number): boolean {
  const at = quoteExpiresAt(answer);
  return at !== undefined && now >= at;
}

export function expiredText(ascii: boolean): string {
  return `expired ${ascii ? '-' : '—'} r to re-quote`;
}

/** "expires in 24s", or after it "expired — r to re-quote". */
export function countdownText(expiresAt: number, now: number, ascii: boolean): string {
  return now >= expiresAt ? expiredText(ascii) : `expires in ${formatCountdown(expiresAt - now)}`;
}

/** Why the answer on screen cannot be created now, or undefined when it can. */
export function notCreatableWhy(state: SwapState, now: number): string | undefined {
  const r = state.request;
  if (r.phase !== 'answer') return 'no answer';
  const type = r.answer.transactionType;
  if (!CREATABLE_TYPES.has(type)) return `a ${type} answer is not created from this form`;
  if (type === 'swap-aggregator' && quoteIdOf(r.answer) === undefined) return 'the quote has no id';
  if (isExpired(r.answer, now)) return 'the quote expired';
  const c = state.create;
  if (c.phase !== 'none' && c.seq === r.seq) {
    if (c.phase === 'creating') return 'already creating';
    if (c.phase === 'result' && c.result.kind === 'done') return 'already created';
    if (c.phase === 'result' && c.result.kind === 'expired') return 'the quote expired';
  }
  return undefined;
}

export function isCreatable(state: SwapState, now: number): boolean {
  return notCreatableWhy(state, now) === undefined;
}

/** Whether `r` has a question to ask again (the last one, answered or not, and none on its way). */
export function isRequotable(state: SwapState): boolean {
  return state.request.phase === 'answer' || state.request.phase === 'failed';
}

/**
 * Statuses of a transaction made from a quote that has not used it yet: approvals, a security
 * delay, a signer to come. A quote that expires meanwhile is dead, and the detail must say so.
 */
const QUOTE_UNUSED_STATUSES: ReadonlySet<string> = new Set([
  'new',
  'waiting-approval',
  'approved',
  'awaiting-security-policy',
  'signing-required',
  'manual-resolving',
  'acceptance-required',
  'awaiting-user-response',
]);

/** "4 min ago", "62 min ago"; past two hours the compact age ("3h ago"). */
function minutesAgo(at: number, now: number): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'under a minute ago';
  return minutes < 120 ? `${minutes} min ago` : formatRelative(at, now);
}

/**
 * A created swap's quote expiry as the detail says it: a moment, never a countdown. While the
 * transaction still waits to use it (`status` before signing) and `now` (the server's clock) is
 * past it: "expired at 17:46:56 (62 min ago)"; otherwise "valid to 17:46:56". `expiresAt` as sent.
 */
export function quoteEndField(
  expiresAt: string,
  status: string,
  now: number,
): { readonly label: string; readonly value: string; readonly expired: boolean } {
  const at = parseMillis(expiresAt);
  if (at === undefined) return { label: 'Quote valid to', value: expiresAt, expired: false };
  if (QUOTE_UNUSED_STATUSES.has(status) && now >= at)
    return { label: 'Quote expired', value: `at ${formatAbsolute(at)} (${minutesAgo(at, now)})`, expired: true };
  return { label: 'Quote valid to', value: formatAbsolute(at), expired: false };
}
