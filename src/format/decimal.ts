// Exact decimal arithmetic on the wire's decimal strings. Money is text: every value is held as a
// BigInt of units plus a scale (value = units / 10^scale), never as a float. A dependency such as
// big.js would do this too; a hundred lines of BigInt keep `format/` down to string-width alone.

export type RoundingMode = 'half-even' | 'down';

/** A parsed decimal: value = units / 10^scale, scale >= 0. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

// The wire's grammar: optional minus, digits, optional fraction with at least one digit. No
// exponent, no plus, no spaces: anything else is not a decimal and is shown as raw text.
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * Longer than any amount, price or product of the two: a longer string is not taken as a number
 * (a hostile server's million-digit "amount" must not be parsed into a BigInt on every frame).
 */
export const MAX_DECIMAL_CHARS = 128;

const powers: bigint[] = [];
export function pow10(n: number): bigint {
  if (n < 64) {
    powers[n] ??= 10n ** BigInt(n);
    return powers[n]!;
  }
  return 10n ** BigInt(n);
}

export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && s.length <= MAX_DECIMAL_CHARS && DECIMAL.test(s);
}

export function parseDecimal(s: unknown): ScaledDecimal | undefined {
  if (!isDecimalString(s)) return undefined;
  const dot = s.indexOf('.');
  if (dot < 0) return { units: BigInt(s), scale: 0 };
  return { units: BigInt(s.slice(0, dot) + s.slice(dot + 1)), scale: s.length - dot - 1 };
}

function mustParse(s: string, name: string): ScaledDecimal {
  const d = parseDecimal(s);
  if (d === undefined) {
    const shown = typeof s === 'string' ? JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s) : typeof s;
    throw new RangeError(`${name}: not a decimal string: ${shown}`);
  }
  return d;
}

/** Plain text of a scaled decimal, keeping its scale ("-0.50"); zero never carries a sign. */
export function toDecimalString(d: ScaledDecimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const int = digits.slice(0, digits.length - d.scale);
  const text = d.scale > 0 ? `${int}.${digits.slice(digits.length - d.scale)}` : int;
  return negative ? `-${text}` : text;
}

/** The same value at a larger (or equal) scale. */
function rescale(d: ScaledDecimal, scale: number): ScaledDecimal {
  return scale <= d.scale ? d : { units: d.units * pow10(scale - d.scale), scale };
}

/** Integer division n / d (d > 0) rounded by mode: 'down' truncates toward zero. */
export function divideRounded(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d;
  const r = n % d;
  if (mode === 'down' || r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = n < 0n ? q - 1n : q + 1n;
  if (twice > d) return away;
  if (twice < d) return q;
  return q % 2n === 0n ? q : away;
}

/** Rounds to exactly `fractionDigits` digits (padding with zeros when there are fewer). */
export function roundScaled(d: ScaledDecimal, fractionDigits: number, mode: RoundingMode): ScaledDecimal {
  if (d.scale <= fractionDigits) return rescale(d, fractionDigits);
  return { units: divideRounded(d.units, pow10(d.scale - fractionDigits), mode), scale: fractionDigits };
}

/** Drops trailing zeros of the fraction, keeping at least `minScale` digits. */
export function trimScaled(d: ScaledDecimal, minScale = 0): ScaledDecimal {
  let { units, scale } = d;
  while (scale > minScale && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return rescale({ units, scale }, minScale);
}

export function compareScaled(a: ScaledDecimal, b: ScaledDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function subtractScaled(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units - rescale(b, scale).units, scale };
}

function checkDigits(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${name}: fraction digits must be an integer >= 0`);
}

/** -1, 0 or 1 as a < b, a = b, a > b. Throws RangeError on a non-decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return compareScaled(mustParse(a, 'compareDecimal'), mustParse(b, 'compareDecimal'));
}

/** Exact sum; the result keeps the larger scale ("1.50" + "1" = "2.50"). */
export function addDecimal(a: string, b: string): string {
  const x = mustParse(a, 'addDecimal');
  const y = mustParse(b, 'addDecimal');
  const scale = Math.max(x.scale, y.scale);
  return toDecimalString({ units: rescale(x, scale).units + rescale(y, scale).units, scale });
}

/** Exact difference; the result keeps the larger scale. */
export function subtractDecimal(a: string, b: string): string {
  return toDecimalString(subtractScaled(mustParse(a, 'subtractDecimal'), mustParse(b, 'subtractDecimal')));
}

/** Exact product; the result's scale is the sum of the scales ("1.5" * "2" = "3.0"). */
export function multiplyDecimal(a: string, b: string): string {
  const x = mustParse(a, 'multiplyDecimal');
  const y = mustParse(b, 'multiplyDecimal');
  return toDecimalString({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a / b rounded to exactly `fractionDigits` digits (a quotient is rarely exact). Throws on b = 0. */
export function divideDecimal(
  a: string,
  b: string,
  fractionDigits: number,
  mode: RoundingMode = 'half-even',
): string {
  checkDigits(fractionDigits, 'divideDecimal');
  const x = mustParse(a, 'divideDecimal');
  const y = mustParse(b, 'divideDecimal');
  if (y.units === 0n) throw new RangeError('divideDecimal: division by zero');
  // x/y = (X / 10^sx) / (Y / 10^sy); scaled by 10^fd: X * 10^(sy + fd) / (Y * 10^sx).
  let n = x.units * pow10(y.scale + fractionDigits);
  let d = y.units * pow10(x.scale);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return toDecimalString({ units: divideRounded(n, d, mode), scale: fractionDigits });
}

/** Rounds to exactly `fractionDigits` digits: "2.5" → "2" (half-even), "1" → "1.00" at 2. */
export function roundDecimal(s: string, fractionDigits: number, mode: RoundingMode = 'half-even'): string {
  checkDigits(fractionDigits, 'roundDecimal');
  return toDecimalString(roundScaled(mustParse(s, 'roundDecimal'), fractionDigits, mode));
}

/** The canonical text of a decimal: no leading zeros, no trailing fraction zeros, no "-0". */
export function normalizeDecimal(s: string): string {
  return toDecimalString(trimScaled(mustParse(s, 'normalizeDecimal')));
}
