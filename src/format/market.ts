// Prices, USD values and changes for the ticker, the prices pane and the swap card. All exact on
// decimal strings; invalid input is returned unchanged.

import { renderScaled } from './amount.js';
import {
  compareScaled,
  isDecimalString,
  multiplyDecimal,
  normalizeDecimal,
  divideRounded,
  parseDecimal,
  pow10,
  roundScaled,
  type ScaledDecimal,
  subtractScaled,
  toDecimalString,
  trimScaled,
} from './decimal.js';
import { glyphs } from './symbols.js';

const ONE: ScaledDecimal = { units: 1n, scale: 0 };
const THOUSAND: ScaledDecimal = { units: 1000n, scale: 0 };
const CENT: ScaledDecimal = { units: 1n, scale: 2 };
/** Digits kept by percentChange: far beyond what a screen shows, so display rounding decides. */
const PERCENT_DIGITS = 10;

function abs(d: ScaledDecimal): ScaledDecimal {
  return d.units < 0n ? { units: -d.units, scale: d.scale } : d;
}

/** Fraction digits that keep `significant` significant digits of a non-zero |d|. */
function significantDigits(d: ScaledDecimal, significant: number): number {
  const a = abs(d);
  const int = a.units / pow10(a.scale);
  if (int > 0n) return Math.max(0, significant - int.toString().length);
  const fraction = a.units.toString().padStart(a.scale, '0');
  const leadingZeros = fraction.length - fraction.replace(/^0+/, '').length;
  return leadingZeros + significant;
}

function signOf(original: ScaledDecimal, shown: ScaledDecimal): string {
  return original.units < 0n && shown.units !== 0n ? '-' : '';
}

/**
 * US dollars with 2 fraction digits ("$97,412.10", "-$1.00"). Below one cent a value keeps 2
 * significant digits instead ("$0.0042"), so a tiny fee never shows as "$0.00".
 */
export function formatUsd(s: string, { group = true }: { readonly group?: boolean } = {}): string {
  const d = parseDecimal(s);
  if (d === undefined) return s;
  const a = abs(d);
  const tiny = a.units !== 0n && compareScaled(a, CENT) < 0;
  const shown = tiny
    ? trimScaled(roundScaled(a, significantDigits(a, 2), 'half-even'), 2)
    : roundScaled(a, 2, 'half-even');
  return `${signOf(d, shown)}$${renderScaled(shown, group)}`;
}

function priceDigits(a: ScaledDecimal): ScaledDecimal {
  if (compareScaled(a, THOUSAND) >= 0) return roundScaled(a, 2, 'half-even');
  if (compareScaled(a, ONE) >= 0) return trimScaled(roundScaled(a, 4, 'half-even'), 2);
  if (a.units === 0n) return roundScaled(a, 2, 'half-even');
  const below = trimScaled(roundScaled(a, significantDigits(a, 6), 'half-even'), significantDigits(a, 4));
  // 0.9999999 rounds up to 1.000000: show it as the ≥ 1 band would.
  return compareScaled(below, ONE) >= 0 ? priceDigits(below) : below;
}

/**
 * A price with digits adapted to its size: ≥ 1000 → 2 digits ("97,412.10"), ≥ 1 → 2 to 4 ("1.0002",
 * "182.01"), below 1 → 4 to 6 significant digits ("0.5000", "0.123457", "0.00001234").
 */
export function formatPrice(s: string, { group = true }: { readonly group?: boolean } = {}): string {
  const d = parseDecimal(s);
  if (d === undefined) return s;
  const shown = priceDigits(abs(d));
  return signOf(d, shown) + renderScaled(shown, group);
}

/**
 * (to - from) / |from| × 100 as a decimal string with trailing zeros dropped ("0.41"), rounded
 * half-even at 10 fraction digits; undefined when from is zero or either side is not a decimal.
 */
export function percentChange(from: string, to: string): string | undefined {
  const f = parseDecimal(from);
  const t = parseDecimal(to);
  if (f === undefined || t === undefined || f.units === 0n) return undefined;
  const diff = subtractScaled(t, f);
  const base = abs(f);
  // diff / base × 100, scaled by 10^PERCENT_DIGITS.
  const n = diff.units * 100n * pow10(base.scale + PERCENT_DIGITS);
  const d = base.units * pow10(diff.scale);
  return toDecimalString(trimScaled({ units: divideRounded(n, d, 'half-even'), scale: PERCENT_DIGITS }));
}

/**
 * The change from one price to another with a direction mark: "▲0.41%", "▼1.20%", "·0.00%"
 * (ASCII "+0.41%", "-1.20%", "=0.00%"). The mark follows the rounded figure, so it never contradicts
 * the digits. No base to compare with (from is zero, or not a decimal): the empty string.
 */
export function formatChange(
  from: string,
  to: string,
  { ascii = false }: { readonly ascii?: boolean } = {},
): string {
  const pct = parseDecimal(percentChange(from, to));
  if (pct === undefined) return '';
  const shown = roundScaled(pct, 2, 'half-even');
  const g = glyphs(ascii);
  const mark = shown.units > 0n ? g.up : shown.units < 0n ? g.down : g.flat;
  return `${mark}${renderScaled(abs(shown), true)}%`;
}

/** A fraction as a percentage ("0.005" → "0.5%"), exact; undefined for anything but a decimal. */
export function formatFractionPercent(fraction: string | null | undefined): string | undefined {
  if (typeof fraction !== 'string' || !isDecimalString(fraction)) return undefined;
  return `${normalizeDecimal(multiplyDecimal(fraction, '100'))}%`;
}
