import { describe, expect, it } from 'vitest';
import {
  DryRunTransactionSchema,
  TransactionListSchema,
  TransactionSchema,
  toWireDryRunTransaction,
  toWireTransaction,
  toWireTransactionList,
} from '../../src/contract/index.js';
import { fullDryRun, fullTransaction, minimalEvent, minimalTransaction } from './fixtures/records.js';
import { mustParse } from './helpers.js';

const event = (eventId: string) => ({ ...minimalEvent, eventId });

describe('_embedded and embedded (wire notes §5)', () => {
  it.each([
    ['_embedded only', { _embedded: { events: [event('a')] } }, { events: [event('a')] }],
    ['embedded only', { embedded: { events: [event('a')] } }, { events: [event('a')] }],
    [
      'both: merged, _embedded wins',
      {
        embedded: { events: [event('old')], quoteDetails: { quoteId: 'q-old' } },
        _embedded: { events: [event('new')] },
      },
      { events: [event('new')], quoteDetails: { quoteId: 'q-old' } },
    ],
    ['_embedded null, embedded set', { _embedded: null, embedded: { events: [] } }, { events: [] }],
    ['_embedded null alone', { _embedded: null }, null],
    ['neither', {}, undefined],
  ])('%s', (_name, wire, expected) => {
    const tx = mustParse(TransactionSchema, { ...minimalTransaction, ...wire });
    expect(tx.embedded).toEqual(expected);
    expect(Object.hasOwn(tx, '_embedded')).toBe(false);
  });

  it('does not modify the input', () => {
    const input = { ...minimalTransaction, _embedded: { events: [event('a')] } };
    const copy = structuredClone(input);
    mustParse(TransactionSchema, input);
    expect(input).toEqual(copy);
  });

  it('reports a bad _embedded under embedded', () => {
    const result = TransactionSchema.safeParse({ ...minimalTransaction, _embedded: 'oops' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['embedded']);
  });
});

describe('toWire… round trips', () => {
  it('a transaction: parse → wire → parse is stable and the wire form has only _embedded', () => {
    const parsed = mustParse(TransactionSchema, fullTransaction);
    const wire = toWireTransaction(parsed);
    expect(Object.hasOwn(wire, 'embedded')).toBe(false);
    expect(wire._embedded).toEqual(parsed.embedded);
    expect(JSON.parse(JSON.stringify(wire))).toEqual(fullTransaction);
    expect(mustParse(TransactionSchema, JSON.parse(JSON.stringify(wire)))).toEqual(parsed);
  });

  it('a transaction without embedded gets no _embedded', () => {
    const wire = toWireTransaction(mustParse(TransactionSchema, minimalTransaction));
    expect(Object.hasOwn(wire, '_embedded')).toBe(false);
  });

  it('a dry-run: the quote lands under _embedded.quoteDetails', () => {
    const parsed = mustParse(DryRunTransactionSchema, fullDryRun);
    expect(parsed.embedded?.quoteDetails?.quoteId).toBe('q1');
    const wire = toWireDryRunTransaction(parsed);
    expect(wire._embedded?.quoteDetails?.quoteId).toBe('q1');
    expect(mustParse(DryRunTransactionSchema, wire)).toEqual(parsed);
  });

  it('a list: the envelope and every transaction carry _embedded', () => {
    const list = mustParse(TransactionListSchema, {
      transactions: [fullTransaction, { ...minimalTransaction, embedded: { events: [] } }],
      _embedded: { events: [] },
    });
    expect(list.embedded).toEqual({ events: [] });
    expect(list.transactions[1]?.embedded).toEqual({ events: [] });
    const wire = toWireTransactionList(list);
    expect(wire._embedded).toEqual({ events: [] });
    expect(wire.transactions.every((tx) => !Object.hasOwn(tx, 'embedded'))).toBe(true);
    expect(wire.transactions[1]?._embedded).toEqual({ events: [] });
    expect(mustParse(TransactionListSchema, JSON.parse(JSON.stringify(wire)))).toEqual(list);
  });
});
