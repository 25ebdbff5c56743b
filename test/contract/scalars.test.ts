import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  bigintString,
  decimal,
  int32,
  int64,
  millis,
  optionalNullable,
  positiveDecimal,
} from '../../src/contract/index.js';

const scalars: [string, z.ZodType, unknown[], unknown[]][] = [
  [
    'decimal',
    decimal,
    ['0', '12', '12.5', '-0.000001', '123456789012345678901234567890.123456789012345678901234567890'],
    ['', '1e5', '1.', '.5', '+1', '1,5', ' 1', 'NaN', 'Infinity', '0x10', 1.5, 12, null, true],
  ],
  ['positiveDecimal', positiveDecimal, ['1', '0.001', '100.50'], ['0', '0.000', '-1', '-0.5', 'abc', 1]],
  [
    'bigintString',
    bigintString,
    ['0', '-1', '340282366920938463463374607431768211456'],
    ['1.0', '1e3', '', 'one', 10, null],
  ],
  [
    'int32',
    int32,
    ['0', '-2147483648', '2147483647', '6'],
    ['2147483648', '-2147483649', '1.5', '', 'x', 6, null],
  ],
  [
    'int64',
    int64,
    ['0', '-9223372036854775808', '9223372036854775807', '12'],
    ['9223372036854775808', '-9223372036854775809', '1.0', 12, '12 '],
  ],
  [
    'millis',
    millis,
    ['0', '1747241036052', '9223372036854775807'],
    ['2024-01-01', '-1', '1747241036052.5', '1.7e12', 1747241036052, '9223372036854775808', ''],
  ],
];

describe.each(scalars)('%s', (_name, schema, valid, invalid) => {
  it.each(valid.map((value) => [value]))('accepts %j and keeps it as text', (value) => {
    expect(schema.parse(value)).toBe(value);
  });
  it.each(invalid.map((value) => [value]))('rejects %j with a message naming the format', (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^expected (a|an|epoch) /);
  });
  it('says "missing" when the value is absent', () => {
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toMatch(/^missing: expected /);
  });
});

describe('optionalNullable', () => {
  it.each([[undefined], [null], ['1.5']])('accepts %j', (value) => {
    expect(optionalNullable(decimal).parse(value)).toBe(value);
  });
  it('still checks a present value', () => {
    expect(optionalNullable(decimal).safeParse(1.5).success).toBe(false);
  });
});
