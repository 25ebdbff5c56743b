// Decimal text helpers on top of format/'s exact arithmetic. Money never becomes a float: random
// amounts are drawn as integer units and written out as text; everything after is decimal math.

import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  roundDecimal,
} from '../../format/index.js';

/** `units / 10^scale` as decimal text; `units` is a non-negative safe integer or a bigint. */
export function unitsToDecimal(units: number | bigint, scale: number): string {
  const negative = units < 0;
  const digits = (negative ? -BigInt(units) : BigInt(units)).toString().padStart(scale + 1, '0');
  const text =
    scale > 0 ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Drops trailing fraction zeros ("1.500" → "1.5", "2.0" → "2"). */
export function trimZeros(text: string): string {
  if (!text.includes('.')) return text;
  const trimmed = text.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** Fraction digits of a decimal text. */
export function scaleOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A "human" random amount worth about `usd` at `price`: 2-4 significant digits. */
export function amountNear(
  rng: { int(n: number): number },
  usd: number,
  price: number,
  decimals: number,
): string {
  // Floats only choose the random figure; the amount itself is exact text from integer units.
  const raw = usd / price;
  const magnitude = Math.floor(Math.log10(raw));
  const significant = 2 + rng.int(3);
  const scale = Math.min(decimals, Math.max(0, significant - 1 - magnitude));
  const units = Math.max(1, Math.round(raw * 10 ** scale));
  return unitsToDecimal(units, scale);
}

/** amount * price rounded to cents. */
export function usdValue(amount: string, price: string): string {
  return roundDecimal(multiplyDecimal(amount, price), 2);
}

export function mulRound(a: string, b: string, digits: number, mode: 'half-even' | 'down' = 'down'): string {
  return trimZeros(roundDecimal(multiplyDecimal(a, b), digits, mode));
}

/** a / b rounded up to `digits` fraction digits (what a payer must at least give). */
export function divideUp(a: string, b: string, digits: number): string {
  const q = divideDecimal(a, b, digits, 'down');
  if (compareDecimal(multiplyDecimal(q, b), a) >= 0) return q;
  return addDecimal(q, unitsToDecimal(1, digits));
}

export function isPositive(text: string): boolean {
  return compareDecimal(text, '0') > 0;
}
