import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  isDecimalString,
  multiplyDecimal,
  normalizeDecimal,
  roundDecimal,
  subtractDecimal,
} from '../../src/format/index.js';

const BIG = '123456789012345678901234.000000000000000001';

describe('isDecimalString', () => {
  it.each([
    ['0', true],
    ['-0', true],
    ['25', true],
    ['0.1', true],
    ['-12.50', true],
    ['007.5', true],
    [BIG, true],
    ['', false],
    ['-', false],
    ['.5', false],
    ['5.', false],
    ['+1', false],
    ['1e-8', false],
    ['1,000', false],
    [' 1', false],
    ['1 ', false],
    ['NaN', false],
    ['Infinity', false],
    ['0x10', false],
    ['١٢', false],
  ])('%j → %s', (s, expected) => {
    expect(isDecimalString(s)).toBe(expected);
  });

  it.each([[1], [null], [undefined], [{}], [1n]])('non-string %s → false', (v) => {
    expect(isDecimalString(v)).toBe(false);
  });
});

describe('compareDecimal', () => {
  it.each([
    ['0', '0', 0],
    ['0', '-0', 0],
    ['0.0', '0', 0],
    ['1', '1.000', 0],
    ['1', '2', -1],
    ['2', '1', 1],
    ['-1', '1', -1],
    ['-2', '-1', -1],
    ['-1.5', '-1.49', -1],
    ['0.1', '0.09999999999999999999', 1],
    [BIG, '123456789012345678901234', 1],
    [BIG, '123456789012345678901234.000000000000000002', -1],
    ['-123456789012345678901234.5', '-123456789012345678901234.4', -1],
    ['007', '7', 0],
  ] as const)('%s vs %s → %i', (a, b, expected) => {
    expect(compareDecimal(a, b)).toBe(expected);
  });

  it('throws a RangeError naming the bad input', () => {
    expect(() => compareDecimal('1', 'abc')).toThrow(
      new RangeError('compareDecimal: not a decimal string: "abc"'),
    );
  });
});

describe('addDecimal / subtractDecimal', () => {
  it.each([
    ['0.1', '0.2', '0.3'],
    ['1.50', '1', '2.50'],
    ['-1', '1', '0'],
    ['-1.00', '1', '0.00'],
    ['-0.5', '-0.25', '-0.75'],
    ['999999999999999999999999', '1', '1000000000000000000000000'],
    [BIG, BIG, '246913578024691357802468.000000000000000002'],
    [BIG, '-0.000000000000000001', '123456789012345678901234.000000000000000000'],
    ['0.000000000000000000000000000001', '0', '0.000000000000000000000000000001'],
  ])('%s + %s = %s', (a, b, sum) => {
    expect(addDecimal(a, b)).toBe(sum);
  });

  it.each([
    ['0.3', '0.1', '0.2'],
    ['1', '2', '-1'],
    ['0', '0.000001', '-0.000001'],
    ['-5', '-5', '0'],
    ['100.41', '100', '0.41'],
    [BIG, '0.000000000000000001', '123456789012345678901234.000000000000000000'],
    ['0', BIG, `-${BIG}`],
  ])('%s - %s = %s', (a, b, difference) => {
    expect(subtractDecimal(a, b)).toBe(difference);
  });

  it.each([
    ['x', '1'],
    ['1', ''],
    ['1e3', '1'],
  ])('throws on %j, %j', (a, b) => {
    expect(() => addDecimal(a, b)).toThrow(RangeError);
    expect(() => subtractDecimal(a, b)).toThrow(RangeError);
  });
});

describe('multiplyDecimal', () => {
  it.each([
    ['1.5', '2', '3.0'],
    ['0.1', '0.2', '0.02'],
    ['-1.5', '1.5', '-2.25'],
    ['-2', '-3', '6'],
    ['0', '-5.5', '0.0'],
    ['97412.10', '0.5', '48706.050'],
    ['123456789.123456789', '987654321.987654321', '121932631356500531.347203169112635269'],
    [BIG, '1000000000000000000', '123456789012345678901234000000000000000001.000000000000000000'],
    ['0.000000000000000001', '0.000000000000000001', '0.000000000000000000000000000000000001'],
  ])('%s × %s = %s', (a, b, product) => {
    expect(multiplyDecimal(a, b)).toBe(product);
  });
});

describe('divideDecimal', () => {
  it.each([
    ['1', '3', 5, 'half-even', '0.33333'],
    ['2', '3', 5, 'half-even', '0.66667'],
    ['2', '3', 5, 'down', '0.66666'],
    ['-2', '3', 5, 'down', '-0.66666'],
    ['-2', '3', 5, 'half-even', '-0.66667'],
    ['1', '-8', 2, 'half-even', '-0.12'],
    ['1', '8', 2, 'half-even', '0.12'],
    ['3', '8', 2, 'half-even', '0.38'],
    ['10', '4', 0, 'half-even', '2'],
    ['14', '4', 0, 'half-even', '4'],
    ['0.001', '0.1', 4, 'half-even', '0.0100'],
    [BIG, '2', 19, 'half-even', '61728394506172839450617.0000000000000000005'],
  ] as const)('%s / %s at %i (%s) = %s', (a, b, digits, mode, quotient) => {
    expect(divideDecimal(a, b, digits, mode)).toBe(quotient);
  });

  it('refuses division by zero', () => {
    expect(() => divideDecimal('1', '0.000', 2)).toThrow('divideDecimal: division by zero');
  });
});

describe('roundDecimal', () => {
  it.each([
    ['2.5', 0, 'half-even', '2'],
    ['3.5', 0, 'half-even', '4'],
    ['-2.5', 0, 'half-even', '-2'],
    ['-3.5', 0, 'half-even', '-4'],
    ['2.51', 0, 'half-even', '3'],
    ['2.49', 0, 'half-even', '2'],
    ['1.005', 2, 'half-even', '1.00'],
    ['1.015', 2, 'half-even', '1.02'],
    ['1.0151', 2, 'half-even', '1.02'],
    ['2.99', 1, 'down', '2.9'],
    ['-2.99', 1, 'down', '-2.9'],
    ['-0.001', 2, 'down', '0.00'],
    ['-0.004', 2, 'half-even', '0.00'],
    ['1', 2, 'half-even', '1.00'],
    ['0.999', 2, 'half-even', '1.00'],
    ['9.99', 1, 'half-even', '10.0'],
    [BIG, 17, 'half-even', '123456789012345678901234.00000000000000000'],
    [BIG, 18, 'down', BIG],
  ] as const)('%s at %i digits (%s) → %s', (s, digits, mode, expected) => {
    expect(roundDecimal(s, digits, mode)).toBe(expected);
  });

  it('defaults to half-even', () => {
    expect(roundDecimal('0.125', 2)).toBe('0.12');
  });

  it.each([[-1], [1.5], [Number.NaN]])('refuses %s fraction digits', (digits) => {
    expect(() => roundDecimal('1', digits)).toThrow(RangeError);
  });
});

describe('normalizeDecimal', () => {
  it.each([
    ['007.500', '7.5'],
    ['-0.000', '0'],
    ['100', '100'],
    ['1.0', '1'],
    ['-00.10', '-0.1'],
  ])('%s → %s', (s, expected) => {
    expect(normalizeDecimal(s)).toBe(expected);
  });
});

describe('decimal arithmetic agrees with integer arithmetic (property)', () => {
  // A decimal with up to 30 fraction digits, built from a BigInt and a scale.
  const decimal = fc
    .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }))
    .map(([units, scale]) => {
      const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
      const int = digits.slice(0, digits.length - scale);
      const text = scale > 0 ? `${int}.${digits.slice(digits.length - scale)}` : int;
      return units < 0n ? `-${text}` : text;
    });

  it('a + b - b = a, and compare(a + b, a) has the sign of b', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const sum = addDecimal(a, b);
        expect(compareDecimal(subtractDecimal(sum, b), a)).toBe(0);
        expect(compareDecimal(sum, a)).toBe(compareDecimal(b, '0'));
      }),
    );
  });

  it('rounding down never grows the magnitude and stays within one unit', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 10 }), (a, digits) => {
        const down = roundDecimal(a, digits, 'down');
        const abs = (s: string) => (s.startsWith('-') ? s.slice(1) : s);
        expect(compareDecimal(abs(down), abs(a))).toBeLessThanOrEqual(0);
        const gap = subtractDecimal(abs(a), abs(down));
        const unit = digits === 0 ? '1' : `0.${'0'.repeat(digits - 1)}1`;
        expect(compareDecimal(gap, unit)).toBe(-1);
      }),
    );
  });
});
