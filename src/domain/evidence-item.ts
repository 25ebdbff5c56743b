// One piece of risk evidence: its id, its mark (UTF-8 and ASCII), its words, the fact behind it
// and how grave it is. The checks (evidence-checks.ts) make them; evidence.ts puts them in order.
import type { Transaction } from '../contract/index.js';
import { formatDecimal, normalizeDecimal } from '../format/index.js';
import type { BalancesFacts, DictionaryFacts, DirectoryFacts, WorkspaceFacts } from './facts.js';

/** How grave an item is, gravest first; also the name of the color the view gives its mark. */
export type EvidenceTone = 'danger' | 'warning' | 'muted';

export type EvidenceId =
  | 'amount-flagged'
  | 'hidden-characters'
  | 'book-only'
  | 'not-in-book'
  | 'first-time'
  | 'self-approved'
  | 'self-may-approve'
  | 'amount-unusual'
  | 'balance-over'
  | 'balance-most'
  | 'book-unchecked'
  | 'balance-unchecked';

export interface EvidenceItem {
  readonly id: EvidenceId;
  /** One column wide in UTF-8 terminals. */
  readonly symbol: string;
  /** The same mark where the terminal is not UTF-8. */
  readonly ascii: string;
  /** What it is, in words: the symbol is never the only carrier. */
  readonly text: string;
  /** The fact behind it, with its numbers. */
  readonly fact: string;
  /** A secondary cue only (the theme may show no color at all). */
  readonly tone: EvidenceTone;
}

export interface EvidenceInput {
  readonly tx: Transaction;
  readonly directory: DirectoryFacts;
  readonly workspace: WorkspaceFacts;
  readonly dictionary: DictionaryFacts;
  readonly balances: BalancesFacts;
  /** Every transaction the console holds (any account, any status): the loaded history. */
  readonly loaded: Iterable<Transaction>;
  readonly ascii?: boolean;
}

/** "Far above usual": at least this many times the median... */
export const UNUSUAL_FACTOR = '5';
/** ...of at least this many earlier amounts (fewer say nothing about "usual"). */
export const MIN_SAMPLES = 10;
/** "First time" needs at least this many other outgoing transactions loaded to mean anything. */
export const MIN_OUTGOING = 10;
/** "Most of its balance": at least this share of the account's total balance of the asset. */
export const MOST_PERCENT = '50';

const MARKS: Readonly<Record<EvidenceId, readonly [string, string]>> = {
  'amount-flagged': ['⚠', '!'],
  'hidden-characters': ['⍰', '?'],
  'book-only': ['⊘', 'X'],
  'not-in-book': ['⚠', '!'],
  'first-time': ['✦', '*'],
  'self-approved': ['↺', '@'],
  'self-may-approve': ['↺', '@'],
  'amount-unusual': ['⇈', '^'],
  'balance-over': ['◐', '%'],
  'balance-most': ['◐', '%'],
  'book-unchecked': ['?', '?'],
  'balance-unchecked': ['?', '?'],
};

/** An item with the marks of its id. */
export function item(
  id: EvidenceId,
  text: string,
  fact: string,
  tone: EvidenceItem['tone'] = 'warning',
): EvidenceItem {
  const [symbol, ascii] = MARKS[id];
  return { id, symbol, ascii, text, fact, tone };
}

/** An amount as people read it: grouped, no trailing zeros, at most the asset's (or 8) digits. */
export function money(amount: string, decimals: number | undefined): string {
  try {
    return formatDecimal(normalizeDecimal(amount), { maxFractionDigits: Math.min(decimals ?? 8, 8) });
  } catch {
    return amount;
  }
}

