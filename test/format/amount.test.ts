import { describe, expect, it } from 'vitest';
import {
  amountCell,
  amountProblem,
  amountProblemWords,
  fitAmount,
  formatAmount,
  formatAmountFull,
  formatCount,
  formatDecimal,
  groupThousands,
  isDecimalString,
} from '../../src/format/index.js';

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['-1234567.891011', '-1,234,567.891011'],
    ['123456789012345678901234.5', '123,456,789,012,345,678,901,234.5'],
    ['100000', '100,000'],
  ])('%s → %s', (s, expected) => {
    expect(groupThousands(s)).toBe(expected);
  });
});

describe('formatDecimal', () => {
  it.each([
    ['1200.000000', {}, '1,200.000000'],
    ['1200.000000', { group: false }, '1200.000000'],
    ['-1234.5', {}, '-1,234.5'],
    ['0', {}, '0'],
    ['-0', {}, '0'],
    ['-0.00', {}, '0.00'],
    ['007.5', {}, '7.5'],
    ['1.5', { fractionDigits: 2 }, '1.50'],
    ['1.505', { fractionDigits: 2 }, '1.50'],
    ['1.515', { fractionDigits: 2 }, '1.52'],
    ['1.519', { fractionDigits: 2, rounding: 'down' }, '1.51'],
    ['-1.519', { fractionDigits: 2, rounding: 'down' }, '-1.51'],
    ['1.5', { fractionDigits: 0 }, '2'],
    ['2.5', { fractionDigits: 0 }, '2'],
    ['-0.004', { fractionDigits: 2 }, '0.00'],
    ['1.50000', { maxFractionDigits: 4 }, '1.5'],
    ['1.23456', { maxFractionDigits: 4 }, '1.2346'],
    ['1', { minFractionDigits: 2 }, '1.00'],
    ['1.5000', { minFractionDigits: 2 }, '1.50'],
    ['1.123456789', { minFractionDigits: 2 }, '1.123456789'],
    ['1.123456789', { minFractionDigits: 2, maxFractionDigits: 4 }, '1.1235'],
    ['1.1', { minFractionDigits: 4, maxFractionDigits: 2 }, '1.1000'],
    ['999.999', { fractionDigits: 2 }, '1,000.00'],
    ['123456789012345678901234.000000000000000001', {}, '123,456,789,012,345,678,901,234.000000000000000001'],
    [
      '123456789012345678901234.000000000000000001',
      { fractionDigits: 2 },
      '123,456,789,012,345,678,901,234.00',
    ],
    ['5', { fractionDigits: -3 }, '5'],
    ['5.55', { maxFractionDigits: Number.NaN }, '5.55'],
  ] as const)('%s with %j → %s', (s, options, expected) => {
    expect(formatDecimal(s, options)).toBe(expected);
  });

  it('caps absurd digit options at 1000 instead of allocating without end', () => {
    expect(formatDecimal('5', { fractionDigits: 1e12 })).toBe(`5.${'0'.repeat(1000)}`);
  });

  it.each([['abc'], [''], ['1e8'], ['1,000'], [' 1'], ['NaN']])('returns invalid %j unchanged', (s) => {
    expect(formatDecimal(s, { fractionDigits: 2 })).toBe(s);
  });
});

describe('formatAmount (table cell)', () => {
  it.each([
    // Asset precision below the cap: exactly that many digits.
    ['25', 8, {}, '25.00000000'],
    ['25.5', '8', {}, '25.50000000'],
    ['1200', 6, {}, '1,200.000000'],
    ['1200', '6', {}, '1,200.000000'],
    ['0', 2, {}, '0.00'],
    ['7', 0, {}, '7'],
    ['-3.5', 6, {}, '-3.500000'],
    // Precision above the cap: cut at 8, marker only when a hidden digit is not zero.
    ['1.5', 18, {}, '1.50000000'],
    ['1.500000000000000000', 18, {}, '1.50000000'],
    ['0.000000000000000001', 18, {}, '0.00000000…'],
    ['0.000000000000000001', 18, { ascii: true }, '0.00000000~'],
    ['-0.000000000000000001', 18, {}, '-0.00000000…'],
    ['1.999999999999999999', 18, {}, '1.99999999…'],
    ['-1.999999999999999999', 18, {}, '-1.99999999…'],
    ['12345.123456789', 18, { maxFractionDigits: 4 }, '12,345.1234…'],
    ['12345.123456789', 18, { maxFractionDigits: 4, group: false }, '12345.1234…'],
    ['12345.1234', 18, { maxFractionDigits: 4 }, '12,345.1234'],
    ['12345.6', 18, { maxFractionDigits: 0 }, '12,345…'],
    // A value more precise than its asset: the extra digits are hidden, and said to be.
    ['1.123456789', 8, {}, '1.12345678…'],
    ['1.123456780', 8, {}, '1.12345678'],
    // Huge values keep every integer digit.
    ['123456789012345678901234.000000000000000001', 18, {}, '123,456,789,012,345,678,901,234.00000000…'],
    // Unknown decimals: the amount's own digits, capped.
    ['1.25', undefined, {}, '1.25'],
    ['1.25', 'eight', {}, '1.25'],
    ['1.25', -1, {}, '1.25'],
    ['1.25', 1e9, {}, '1.25'],
    ['0.1234567891', undefined, {}, '0.12345678…'],
  ] as const)('%s at %s decimals %j → %s', (amount, decimals, options, expected) => {
    expect(formatAmount(amount, decimals, options)).toBe(expected);
  });

  it.each([['abc'], [''], ['1e-8'], ['--1'], ['1.']])('returns invalid %j unchanged', (amount) => {
    expect(formatAmount(amount, 8)).toBe(amount);
  });
});

describe('formatAmountFull (detail view)', () => {
  it.each([
    ['25', 8, '25.00000000'],
    ['0.000000000000000001', 18, '0.000000000000000001'],
    // The list's digits (the asset's, at most 8), then any further one that is not zero.
    ['1.5', '18', '1.50000000'],
    ['915', 18, '915.00000000'],
    ['0.268731318443401086', 18, '0.268731318443401086'],
    ['1.000000001', 18, '1.000000001'],
    ['1.5', 6, '1.500000'],
    ['1234567.5', 2, '1,234,567.50'],
    ['-1.5', 2, '-1.50'],
    ['7', 0, '7'],
    ['1.123456789', 8, '1.123456789'],
    ['1.1234567890', 8, '1.123456789'],
    ['1.25', undefined, '1.25'],
  ] as const)('%s at %s decimals → %s', (amount, decimals, expected) => {
    expect(formatAmountFull(amount, decimals)).toBe(expected);
  });

  it('can leave out the grouping', () => {
    expect(formatAmountFull('1234.5', 2, { group: false })).toBe('1234.50');
  });

  it('returns invalid input unchanged', () => {
    expect(formatAmountFull('n/a', 8)).toBe('n/a');
  });
});

describe('the list and the detail agree', () => {
  it.each([
    ['65366', 18],
    ['915', 18],
    ['1.5', 18],
    ['25', 8],
    ['1200', 6],
    ['0.5', 2],
    ['7', 0],
  ] as const)('%s at %s decimals reads the same in both', (amount, decimals) => {
    expect(formatAmountFull(amount, decimals)).toBe(formatAmount(amount, decimals));
  });

  it.each([
    ['0.268731318443401086', 18, '0.26873131…', '0.268731318443401086'],
    ['1.123456789', 8, '1.12345678…', '1.123456789'],
  ] as const)('%s: the list cuts at 8 digits and says so, the detail shows the rest', (amount, decimals, list, detail) => {
    expect(formatAmount(amount, decimals)).toBe(list);
    expect(formatAmountFull(amount, decimals)).toBe(detail);
  });
});

describe('fitAmount (a list cell narrower than its amount)', () => {
  it.each([
    // Fits: unchanged.
    ['65,366.00000000', 15, false, '65,366.00000000'],
    // Zeros go without a marker: the amount is still exact.
    ['65,366.00000000', 14, false, '65,366.0000000'],
    ['65,366.00000000', 13, false, '65,366.000000'],
    ['65,366.00000000', 6, false, '65,366'],
    // A digit that is not zero goes: the marker says so.
    ['65,366.12345678', 13, false, '65,366.12345…'],
    ['65,366.10000000', 10, false, '65,366.100'],
    ['65,366.10000000', 7, false, '65,366…'],
    ['0.26873131…', 8, false, '0.26873…'],
    ['0.26873131~', 8, true, '0.26873~'],
    ['-1.50000000', 4, false, '-1.5'],
    // The whole number never loses a digit: the caller cuts as for text.
    ['65,366.00000000', 5, false, undefined],
    ['327,814', 5, false, undefined],
    ['n/a', 2, false, undefined],
  ] as const)('%s in %i columns (ascii %s) → %s', (text, width, ascii, expected) => {
    expect(fitAmount(text, width, { ascii })).toBe(expected);
  });
});

describe('formatCount', () => {
  it('writes a count exactly as toLocaleString en-US does', () => {
    for (const n of [0, -0, 1, 12, 999, 1000, 12345, -1234567, 100000, Number.MAX_SAFE_INTEGER, 2 ** 60, 1.5, 1234.5678, -0.25, NaN, Infinity]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('an impossible amount is flagged, never shown as an ordinary number', () => {
  it.each<[string, number | undefined, string | undefined, string]>([
    ['25.00000000', 8, undefined, '25.00000000'],
    ['1200', 6, undefined, '1,200.000000'],
    ['0.10', 1, undefined, '0.1'],
    ['-36415.000000', 6, 'negative', '⚠ -36,415.000000'],
    ['-0', 6, 'negative', '⚠ -0'],
    ['1.123456789', 8, 'too-precise', '⚠ 1.123456789'],
    ['12abc', 6, 'not-a-decimal', '⚠ 12abc'],
    ['1e6', 6, 'not-a-decimal', '⚠ 1e6'],
    ['', 6, 'not-a-decimal', '⚠ '],
    ['9'.repeat(200), 0, 'not-a-decimal', `⚠ ${'9'.repeat(200)}`],
    ['1.5', undefined, undefined, '1.5'],
  ])('%j with %s decimals: %s → %j', (amount, decimals, problem, cell) => {
    expect(amountProblem(amount, decimals)).toBe(problem);
    expect(amountCell(amount, decimals)).toBe(cell);
  });

  it('says what is wrong in words', () => {
    expect(amountProblemWords('negative', 'TRX', 6)).toBe('negative');
    expect(amountProblemWords('not-a-decimal', 'TRX', 6)).toBe('not a number');
    expect(amountProblemWords('too-precise', 'BTC', 8)).toBe('more decimal places than BTC has (8)');
    expect(amountCell('-1', 6, { ascii: true })).toBe('! -1.000000');
  });

  it('a string of a million digits is not a number (never parsed into a BigInt)', () => {
    expect(isDecimalString('1'.repeat(1_000_000))).toBe(false);
    expect(formatAmount('1'.repeat(1_000_000), 8)).toHaveLength(1_000_000);
  });
});
