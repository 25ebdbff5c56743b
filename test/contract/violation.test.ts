import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ContractViolation,
  parseWire,
  parseWireText,
  previewValue,
  TransactionListSchema,
  TransactionSchema,
} from '../../src/contract/index.js';
import { minimalTransaction } from './fixtures/records.js';

function violationOf(run: () => unknown): ContractViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof ContractViolation) return error;
    throw error;
  }
  throw new Error('expected a ContractViolation');
}

describe('parseWire', () => {
  it('returns the typed value', () => {
    expect(parseWire(TransactionSchema, minimalTransaction, 'transaction').transactionId).toBe('tx1');
  });

  it.each([
    [
      'a float amount',
      { ...minimalTransaction, params: { amount: 1.5 } },
      'params.amount',
      'expected a decimal string such as "12.5" (no exponent, not a JSON number) (got 1.5)',
    ],
    [
      'a date instead of millis',
      { ...minimalTransaction, createdAt: '2024-01-01' },
      'createdAt',
      'expected epoch milliseconds as an integer string such as "1747241036052" (got "2024-01-01")',
    ],
    [
      'a missing id',
      { ...minimalTransaction, transactionId: undefined },
      'transactionId',
      'missing: expected string',
    ],
    [
      'a missing timestamp',
      { ...minimalTransaction, createdAt: undefined },
      'createdAt',
      'missing: expected epoch milliseconds as an integer string such as "1747241036052"',
    ],
    [
      'a status that is not a string',
      { ...minimalTransaction, status: 3 },
      'status',
      'expected a transaction status such as "new" as a string (got 3)',
    ],
    [
      'a wrong type',
      { ...minimalTransaction, accountId: 12 },
      'accountId',
      'expected string, received number (got 12)',
    ],
  ])('explains %s', (_name, input, path, message) => {
    const violation = violationOf(() => parseWire(TransactionSchema, input, 'transaction'));
    expect(violation.issues).toEqual([expect.objectContaining({ path, message })]);
    expect(violation.message).toBe(`invalid transaction: ${path}: ${message}`);
    expect(violation.name).toBe('ContractViolation');
    expect(violation.what).toBe('transaction');
  });

  it('gives the dotted path inside a page', () => {
    const page = {
      transactions: [
        minimalTransaction,
        minimalTransaction,
        minimalTransaction,
        { ...minimalTransaction, status: 1 },
      ],
    };
    const violation = violationOf(() => parseWire(TransactionListSchema, page, 'transactions page'));
    expect(violation.issues.map((issue) => issue.path)).toEqual(['transactions.3.status']);
  });

  it('never quotes a long value', () => {
    const long = 'x'.repeat(500);
    const violation = violationOf(() =>
      parseWire(TransactionSchema, { ...minimalTransaction, createdAt: long }, 'transaction'),
    );
    expect(violation.message).not.toContain('xxxxxxxxxx');
    expect(violation.message).toContain('(got a string of 500 characters)');
    expect(violation.message.length).toBeLessThan(200);
  });

  it('lists at most three issues in the message, all of them in issues', () => {
    const input = {
      ...minimalTransaction,
      createdAt: 1,
      updatedAt: 2,
      expiresAt: 3,
      terminatedAt: 4,
      status: 5,
    };
    const violation = violationOf(() => parseWire(TransactionSchema, input, 'transaction'));
    expect(violation.issues).toHaveLength(5);
    expect(violation.message).toMatch(/; and 2 more$/);
  });

  it.each(['d', 'token', 'passphrase', 'Authorization'])('hides the value of a field named %s', (key) => {
    const schema = z.object({ [key]: z.number() });
    const violation = violationOf(() => parseWire(schema, { [key]: 'secret-value' }, 'thing'));
    expect(violation.message).not.toContain('secret-value');
    expect(violation.message).toContain('a hidden value');
  });

  it('names the root when the payload is not an object', () => {
    const violation = violationOf(() => parseWire(TransactionSchema, 'nope', 'transaction'));
    expect(violation.issues[0]?.path).toBe('');
    expect(violation.message).toMatch(/^invalid transaction: expected object/);
  });
});

describe('parseWireText', () => {
  it('parses JSON text', () => {
    expect(parseWireText(TransactionSchema, JSON.stringify(minimalTransaction), 'transaction').status).toBe(
      'waiting-approval',
    );
  });
  it('rejects text that is not JSON at the root', () => {
    const violation = violationOf(() => parseWireText(TransactionSchema, '<html>502</html>', 'transaction'));
    expect(violation.issues).toEqual([
      { path: '', message: 'expected JSON text (got "<html>502</html>")', code: 'invalid_json' },
    ]);
  });
});

describe('previewValue', () => {
  it.each([
    ['short', '"short"'],
    ['y'.repeat(61), 'a string of 61 characters'],
    [12.5, '12.5'],
    [null, 'null'],
    [true, 'true'],
    [[1, 2, 3], 'an array of 3 items'],
    [{ a: 1 }, '{"a":1}'],
    [{ long: 'z'.repeat(80) }, 'an object'],
    [{ d: 'k' }, 'an object'],
    [{ Authorization: 'x' }, 'an object'],
    [undefined, 'undefined'],
  ])('%j → %s', (value, expected) => {
    expect(previewValue(value)).toBe(expected);
  });
});
