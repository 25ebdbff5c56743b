// The pure parts of the reference loading (issue 13), table-driven: when money moved (a balances
// read follows), which member an approval reveals, which address book records name a destination.
import { describe, expect, it } from 'vitest';
import { type AddressBookRecord, parseWire, type Transaction, TransactionSchema } from '../../src/contract/index.js';
import { movesMoney } from '../../src/live/balance-loads.js';
import { namesDestination } from '../../src/live/directory-loads.js';
import { approvedByAdded } from '../../src/live/self.js';
import { minimalTransaction } from '../contract/fixtures/records.js';

function tx(status: string, approvedBy?: string[] | null): Transaction {
  const extra = approvedBy === undefined ? {} : { extra: { approvers: { approvedBy, number: '2' } } };
  return parseWire(TransactionSchema, { ...minimalTransaction, status, ...extra }, 'a test transaction');
}

describe('movesMoney', () => {
  it.each([
    { name: 'a transaction not held yet (new: its pending amount counts)', now: 'waiting-approval', held: undefined, moves: true },
    { name: 'one that just completed', now: 'completed', held: 'processing', moves: true },
    { name: 'one that just failed (its hold is released)', now: 'failed-on-blockchain', held: 'processing', moves: true },
    { name: 'one canceled', now: 'canceled', held: 'waiting-approval', moves: true },
    { name: 'a step along the way', now: 'processing', held: 'waiting-approval', moves: false },
    { name: 'a completed one seen again (a catch-up)', now: 'completed', held: 'completed', moves: false },
  ])('$name: $moves', ({ now, held, moves }) => {
    expect(movesMoney(tx(now), held === undefined ? undefined : tx(held))).toBe(moves);
  });
});

describe('approvedByAdded', () => {
  it.each([
    { name: 'one more approver', before: ['u1'], after: ['u1', 'u2'], added: ['u2'] },
    { name: 'the first approver', before: [], after: ['u2'], added: ['u2'] },
    { name: 'two more (someone approved meanwhile): ambiguous', before: ['u1'], after: ['u1', 'u2', 'u3'], added: ['u2', 'u3'] },
    { name: 'nothing known before, a lone approver', before: undefined, after: ['u2'], added: ['u2'] },
    { name: 'nothing known before, several', before: undefined, after: ['u1', 'u2'], added: [] },
    { name: 'a row without approvers before, a lone approver', before: null, after: ['u9'], added: ['u9'] },
    { name: 'an answer without approvers', before: ['u1'], after: undefined, added: [] },
  ])('$name', ({ before, after, added }) => {
    const held = before === undefined ? undefined : tx('waiting-approval', before);
    expect(approvedByAdded(held, tx('waiting-approval', after))).toEqual(added);
  });
});

describe('namesDestination', () => {
  const record = (status: string) => ({ status }) as AddressBookRecord;
  it.each([
    ['active', true],
    ['new', true],
    ['a-status-from-the-future', true],
    ['deleted', false],
    ['rejected', false],
  ])('%s: %s', (status, names) => {
    expect(namesDestination(record(status))).toBe(names);
  });
});
