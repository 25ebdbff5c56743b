// What the answer on screen allows at a moment: is the quote still fresh, may a transaction be
// created from it, and the countdown's words. Pure: state + clock.
import type { DryRunTransaction } from '../../contract/index.js';
import { formatCountdown, parseMillis } from '../../format/index.js';
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
