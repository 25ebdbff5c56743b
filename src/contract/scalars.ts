import * as z from 'zod';

// The wire carries every number as a JSON string (custody-api.md, "Wire formats"). These schemas
// check the text and keep it as text: money and counters are never turned into floats here.

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;
const UNSIGNED = /^\d+$/;
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Builds a string scalar whose every error names the expected format. */
function scalar(format: string, accepts: (text: string) => boolean) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `missing: expected ${format}` : `expected ${format}`),
    })
    .refine(accepts, { error: `expected ${format}` });
}

// No 64-bit integer has more characters than this ("-9223372036854775808"): a longer text is
// refused before BigInt reads it (a million digits take BigInt a quarter of a second).
const INT64_CHARS = 20;

function inRange(text: string, min: bigint, max: bigint): boolean {
  if (text.length > INT64_CHARS || !INTEGER.test(text)) return false;
  const value = BigInt(text);
  return value >= min && value <= max;
}

/** Arbitrary-precision decimal as a JSON string: digits, optional fraction, no exponent. */
export const decimal = scalar('a decimal string such as "12.5" (no exponent, not a JSON number)', (s) =>
  DECIMAL.test(s),
);
export type Decimal = z.infer<typeof decimal>;

/** A decimal strictly greater than zero; amounts a client asks to move. */
export const positiveDecimal = scalar('a positive decimal string such as "12.5"', (s) => {
  if (!DECIMAL.test(s) || s.startsWith('-')) return false;
  return /[1-9]/.test(s);
});
export type PositiveDecimal = z.infer<typeof positiveDecimal>;

/** Arbitrary-precision integer as a JSON string. */
export const bigintString = scalar('an integer string such as "1000"', (s) => INTEGER.test(s));
export type BigintString = z.infer<typeof bigintString>;

/** 32-bit signed integer as a JSON string. */
export const int32 = scalar('a 32-bit integer string such as "6"', (s) => inRange(s, INT32_MIN, INT32_MAX));
export type Int32 = z.infer<typeof int32>;

/** 64-bit signed integer as a JSON string (checked with BigInt, so no precision is lost). */
export const int64 = scalar('a 64-bit integer string such as "12"', (s) => inRange(s, INT64_MIN, INT64_MAX));
export type Int64 = z.infer<typeof int64>;

/** date-time-millis: epoch milliseconds (UTC) as a non-negative integer string. */
export const millis = scalar('epoch milliseconds as an integer string such as "1747241036052"', (s) =>
  s.length <= INT64_CHARS && UNSIGNED.test(s) ? BigInt(s) <= INT64_MAX : false,
);
export type Millis = z.infer<typeof millis>;

/**
 * Optional field that the service may also send as null (the OpenAPI says so for some, e.g.
 * `activatedAssets`; we accept it everywhere rather than fail a whole page on one null).
 */
export function optionalNullable<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}
