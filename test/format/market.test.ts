import { describe, expect, it } from 'vitest';
import { formatChange, formatFractionPercent, formatPrice, formatUsd, percentChange } from '../../src/format/index.js';

describe('formatUsd', () => {
  it.each([
    ['97412.1', '$97,412.10'],
    ['97412.105', '$97,412.10'],
    ['97412.115', '$97,412.12'],
    ['0', '$0.00'],
    ['-0', '$0.00'],
    ['1', '$1.00'],
    ['-1', '-$1.00'],
    ['-1234.5', '-$1,234.50'],
    ['0.01', '$0.01'],
    ['0.015', '$0.02'],
    // Below a cent: 2 significant digits, never "$0.00".
    ['0.0042', '$0.0042'],
    ['0.00421', '$0.0042'],
    ['0.004', '$0.004'],
    ['0.0099999', '$0.01'],
    ['0.000000123', '$0.00000012'],
    ['-0.0042', '-$0.0042'],
    ['123456789012345678901234.5', '$123,456,789,012,345,678,901,234.50'],
  ])('%s → %s', (s, expected) => {
    expect(formatUsd(s)).toBe(expected);
  });

  it('can leave out the grouping', () => {
    expect(formatUsd('1234.5', { group: false })).toBe('$1234.50');
  });

  it.each([['abc'], [''], ['$1'], ['1e3']])('returns invalid %j unchanged', (s) => {
    expect(formatUsd(s)).toBe(s);
  });
});

describe('formatPrice', () => {
  it.each([
    // The ticker of the screen mock.
    ['97412.1', '97,412.10'],
    ['3402.55', '3,402.55'],
    ['182.01', '182.01'],
    ['1.0002', '1.0002'],
    // >= 1000: 2 digits.
    ['1000', '1,000.00'],
    ['1000.005', '1,000.00'],
    ['1000.015', '1,000.02'],
    // >= 1: 2 to 4 digits.
    ['1', '1.00'],
    ['3.5', '3.50'],
    ['1.00021', '1.0002'],
    ['1.00025', '1.0002'],
    ['1.00035', '1.0004'],
    ['999.99999', '1,000.00'],
    // < 1: 4 to 6 significant digits.
    ['0.5', '0.5000'],
    ['0.123456789', '0.123457'],
    ['0.1234', '0.1234'],
    ['0.12345', '0.12345'],
    ['0.00001234', '0.00001234'],
    ['0.0000123456789', '0.0000123457'],
    ['0.99999999', '1.00'],
    ['0', '0.00'],
    ['-3.5', '-3.50'],
  ])('%s → %s', (s, expected) => {
    expect(formatPrice(s)).toBe(expected);
  });

  it.each([['abc'], [''], ['1e3']])('returns invalid %j unchanged', (s) => {
    expect(formatPrice(s)).toBe(s);
  });
});

describe('percentChange', () => {
  it.each([
    ['100', '100.41', '0.41'],
    ['100', '98.8', '-1.2'],
    ['100', '100', '0'],
    ['3', '4', '33.3333333333'],
    ['3', '2', '-33.3333333333'],
    ['0.000001', '0.000002', '100'],
    ['-100', '-50', '50'],
    ['-100', '-150', '-50'],
    ['97000.00', '97412.10', '0.4248453608'],
  ])('%s → %s = %s%', (from, to, expected) => {
    expect(percentChange(from, to)).toBe(expected);
  });

  it.each([
    ['0', '5'],
    ['0.000', '5'],
    ['x', '5'],
    ['5', 'x'],
  ])('%j → %j is undefined', (from, to) => {
    expect(percentChange(from, to)).toBeUndefined();
  });
});

describe('formatChange', () => {
  it.each([
    ['100', '100.41', false, '▲0.41%'],
    ['100', '98.8', false, '▼1.20%'],
    ['100', '100', false, '·0.00%'],
    ['100', '100.41', true, '+0.41%'],
    ['100', '98.8', true, '-1.20%'],
    ['100', '100', true, '=0.00%'],
    // The mark follows the rounded figure: a change that shows as 0.00 is flat.
    ['100', '100.004', false, '·0.00%'],
    ['100', '99.996', true, '=0.00%'],
    ['100', '100.005', false, '·0.00%'],
    ['100', '100.015', false, '▲0.02%'],
    ['1', '201', false, '▲20,000.00%'],
    ['0', '1', false, ''],
    ['abc', '1', true, ''],
  ] as const)('%s → %s (ascii %s) → %j', (from, to, ascii, expected) => {
    expect(formatChange(from, to, { ascii })).toBe(expected);
  });
});

describe('formatFractionPercent', () => {
  it.each([
    ['0.005', '0.5%'],
    ['0.0001', '0.01%'],
    ['1', '100%'],
    ['0', '0%'],
    ['-0.25', '-25%'],
  ])('%s → %s', (fraction, shown) => {
    expect(formatFractionPercent(fraction)).toBe(shown);
  });
  it.each([[undefined], [null], ['abc'], ['1e-3'], ['']])('%s is not a fraction', (v) => {
    expect(formatFractionPercent(v as string | undefined)).toBeUndefined();
  });
});
