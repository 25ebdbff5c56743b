// Decimal strings as people read them: grouped thousands, a chosen number of fraction digits, and
// never a silent lie. A cell that cannot show every non-zero digit says so with a marker. Invalid
// input is returned unchanged: the view shows what it does not understand as text.

import {
  compareScaled,
  isDecimalString,
  parseDecimal,
  type RoundingMode,
  roundScaled,
  type ScaledDecimal,
  toDecimalString,
  trimScaled,
} from './decimal.js';
import { glyphs } from './symbols.js';

export interface FormatDecimalOptions {
  /** Exactly this many fraction digits (sets both min and max). */
  readonly fractionDigits?: number;
  readonly minFractionDigits?: number;
  readonly maxFractionDigits?: number;
  /** Thousands separators in the integer part. Default true. */
  readonly group?: boolean;
  /** How digits beyond the maximum go. Default 'half-even'. */
  readonly rounding?: RoundingMode;
}

/** Adds thousands separators to the integer part of a plain decimal string. */
export function groupThousands(plain: string): string {
  const negative = plain.startsWith('-');
  const body = negative ? plain.slice(1) : plain;
  const dot = body.indexOf('.');
  const int = dot < 0 ? body : body.slice(0, dot);
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return (negative ? '-' : '') + grouped + (dot < 0 ? '' : body.slice(dot));
}

/**
 * A count as en-US writes it ("12,345"). Whole numbers are grouped here: the first
 * `toLocaleString` of a process loads ICU's number data, about 20 ms on the way to the first frame.
 */
export function formatCount(n: number): string {
  return Number.isSafeInteger(n) && !Object.is(n, -0) ? groupThousands(String(n)) : n.toLocaleString('en-US');
}

/** "1 key", "14 characters", "1,204 keys": a count with its noun (plural by an added s). */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
}

export function renderScaled(d: ScaledDecimal, group: boolean): string {
  const plain = toDecimalString(d);
  return group ? groupThousands(plain) : plain;
}

// Far beyond any asset (18 is the usual most); a cap keeps a bad option from allocating a huge BigInt.
const MAX_DIGITS = 1000;

function digitsOption(n: number | undefined): number | undefined {
  return n === undefined || !Number.isFinite(n)
    ? undefined
    : Math.min(MAX_DIGITS, Math.max(0, Math.floor(n)));
}

/**
 * A decimal string for display. Without digit options the fraction is kept as given; with them the
 * result has between min and max fraction digits (trailing zeros beyond min are dropped), Intl-style.
 */
export function formatDecimal(s: string, options: FormatDecimalOptions = {}): string {
  const d = parseDecimal(s);
  if (d === undefined) return s;
  const exact = digitsOption(options.fractionDigits);
  const min = exact ?? digitsOption(options.minFractionDigits);
  let max = exact ?? digitsOption(options.maxFractionDigits);
  const group = options.group ?? true;
  if (min === undefined && max === undefined) return renderScaled(d, group);
  if (max !== undefined && min !== undefined && max < min) max = min;
  const rounded =
    max !== undefined && d.scale > max ? roundScaled(d, max, options.rounding ?? 'half-even') : d;
  return renderScaled(trimScaled(rounded, min ?? 0), group);
}

/** The asset's decimals as a count of digits, or undefined when the value is not one. */
export function decimalsOf(decimals: number | string | undefined): number | undefined {
  const n = typeof decimals === 'string' && /^\d{1,4}$/.test(decimals) ? Number(decimals) : decimals;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MAX_DIGITS ? n : undefined;
}

/**
 * Fraction digits an amount shows wherever it appears (its asset's own when fewer): a list row,
 * the detail and the action dialog agree on "1.50000000 ETH". A digit beyond them that is not
 * zero is shown in the detail and the dialog, and marked in a list ("…").
 */
export const AMOUNT_DIGITS = 8;

export interface FormatAmountOptions {
  /** At most this many fraction digits in the cell. Default AMOUNT_DIGITS. */
  readonly maxFractionDigits?: number;
  /** "~" instead of "…" after an amount whose hidden digits are not zero. */
  readonly ascii?: boolean;
  /** Thousands separators. Default true. */
  readonly group?: boolean;
}

/**
 * An amount for a table cell: exactly min(decimals, maxFractionDigits) fraction digits, so every
 * row of an asset lines up ("25.00000000" BTC, "1,200.000000" USDT). Digits beyond are cut toward
 * zero, never rounded up, and when any of them is not zero a marker follows: "0.00000000…".
 * Unknown decimals: the amount's own fraction length stands in for them.
 */
export function formatAmount(
  amount: string,
  decimals: number | string | undefined,
  options: FormatAmountOptions = {},
): string {
  const d = parseDecimal(amount);
  if (d === undefined) return amount;
  const max = digitsOption(options.maxFractionDigits) ?? AMOUNT_DIGITS;
  const digits = Math.min(decimalsOf(decimals) ?? d.scale, max);
  const shown = roundScaled(d, digits, 'down');
  const text = renderScaled(shown, options.group ?? true);
  if (compareScaled(shown, d) === 0) return text;
  // "-0.00000000…": a negative amount too small for the cell keeps its sign.
  const sign = shown.units === 0n && d.units < 0n ? '-' : '';
  return sign + text + glyphs(options.ascii ?? false).ellipsis;
}

/**
 * An amount for the detail and the dialog: the digits a list shows (the asset's, at most
 * AMOUNT_DIGITS: "1.50000000" ETH), then every further digit up to the last that is not zero
 * ("0.000000000000000001" ETH), so nothing is hidden and nothing is padded beyond the list's.
 */
export function formatAmountFull(
  amount: string,
  decimals: number | string | undefined,
  { group = true }: { readonly group?: boolean } = {},
): string {
  const d = parseDecimal(amount);
  if (d === undefined) return amount;
  const digits = decimalsOf(decimals);
  return renderScaled(digits === undefined ? d : trimScaled(d, Math.min(digits, AMOUNT_DIGITS)), group);
}

/**
 * A list's amount cell (formatAmount's text) in at most `width` columns: fraction digits go from
 * the right (the marker follows when one of them was not zero), never integer digits. Undefined
 * when even the whole number does not fit: the caller cuts as for any text.
 */
export function fitAmount(text: string, width: number, { ascii = false }: { readonly ascii?: boolean } = {}): string | undefined {
  if (text.length <= width) return text;
  const marker = glyphs(ascii).ellipsis;
  const marked = text.endsWith(marker);
  const plain = marked ? text.slice(0, -marker.length) : text;
  const dot = plain.indexOf('.');
  if (!/^-?[\d,]+(\.\d+)?$/.test(plain) || dot < 0) return undefined;
  for (let keep = plain.length - dot - 2; keep >= 0; keep--) {
    const dropped = plain.slice(dot + 1 + keep);
    const lost = marked || /[1-9]/.test(dropped);
    const head = keep === 0 ? plain.slice(0, dot) : plain.slice(0, dot + 1 + keep);
    const cut = lost ? head + marker : head;
    if (cut.length <= width) return cut;
  }
  return undefined;
}

/**
 * What makes an amount from the server impossible: a negative one (an amount moved is never
 * below zero: the direction is the transaction's type), one that is not a decimal at all, or one
 * with more fraction digits than its asset has. Such an amount is flagged wherever it is shown,
 * never drawn as an ordinary number.
 */
export type AmountProblem = 'negative' | 'not-a-decimal' | 'too-precise';

export function amountProblem(amount: string, decimals?: number | string): AmountProblem | undefined {
  if (!isDecimalString(amount)) return 'not-a-decimal';
  if (amount.startsWith('-')) return 'negative';
  const digits = decimalsOf(decimals);
  const dot = amount.indexOf('.');
  if (digits !== undefined && dot >= 0 && amount.slice(dot + 1).replace(/0+$/, '').length > digits) return 'too-precise';
  return undefined;
}

/** The problem in words: "negative", "not a number", "more decimal places than BTC has (8)". */
export function amountProblemWords(problem: AmountProblem, symbol: string, decimals?: number | string): string {
  if (problem === 'negative') return 'negative';
  if (problem === 'not-a-decimal') return 'not a number';
  return `more decimal places than ${symbol === '' ? 'its asset' : symbol} has (${decimalsOf(decimals) ?? '?'})`;
}

/**
 * An amount for a list cell, flagged when it is impossible: "⚠ -36,415.000000" ("! " in ASCII),
 * "⚠ 12abc"; an ordinary amount as formatAmount writes it.
 */
export function amountCell(
  amount: string,
  decimals: number | string | undefined,
  options: FormatAmountOptions = {},
): string {
  const problem = amountProblem(amount, decimals);
  if (problem === undefined) return formatAmount(amount, decimals, options);
  const flag = glyphs(options.ascii ?? false).warning;
  if (problem === 'too-precise') return `${flag} ${formatAmountFull(amount, undefined)}`;
  const shown = problem === 'negative' ? formatAmount(amount, decimals, options) : amount;
  // "-0" formats as 0 (zero carries no sign): the text as sent says what is wrong with it.
  return `${flag} ${problem === 'negative' && !shown.startsWith('-') ? amount : shown}`;
}
