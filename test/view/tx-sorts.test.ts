// Sorting by any column (issue 19): the sorts read from the columns, the title's words for a
// direction, the column sort itself, and the approval queue's columns and cells. Pure.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import type { Column } from '../../src/view/draw/columns.js';
import type { RenderCtx } from '../../src/view/draw/context.js';
import { columnSorts, sortByColumn, sortLabel } from '../../src/view/resources/kit.js';
import {
  approvalsCell,
  asksForQueue,
  QUEUE_COLUMNS,
  queueColumns,
  TRANSACTION_COLUMNS,
  timeLeftCell,
} from '../../src/view/resources/transactions/columns.js';
import { TRANSACTION_SORTS } from '../../src/view/resources/transactions/rows.js';

type Row = { readonly name: string; readonly n?: number };
const col = (id: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({
  id,
  title: id.toUpperCase(),
  width: 5,
  priority: 1,
  cell: (r) => r.name,
  ...extra,
});

describe('columnSorts: its own sorts, then one per other column', () => {
  it('keeps the own order, adds each column once, says the note', () => {
    const sorts = columnSorts([{ id: 'b', label: 'b ↓' }], [col('a'), col('b'), col('c'), col('a')], ', loaded rows');
    expect(sorts).toEqual([
      { id: 'b', label: 'b ↓' },
      { id: 'a', label: 'a ↑, loaded rows' },
      { id: 'c', label: 'c ↑, loaded rows' },
    ]);
  });

  it('transactions: the four orders first (s as before), then every column of either view', () => {
    const ids = TRANSACTION_SORTS.map((s) => s.id);
    expect(ids.slice(0, 4)).toEqual(['created', 'updated', 'usd', 'status']);
    for (const c of [...TRANSACTION_COLUMNS, ...QUEUE_COLUMNS]) expect(ids).toContain(c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('sortLabel: the direction in the title', () => {
  const sorts = [
    { id: 'created', label: 'created ↓' },
    { id: 'type', label: 'type ↑, loaded rows' },
    { id: 'status', label: 'status: urgent first' },
  ];
  it.each<[number, boolean, boolean, string]>([
    [0, false, false, 'created ↓'],
    [0, true, false, 'created ↑'],
    [0, true, true, 'created asc'],
    [0, false, true, 'created desc'],
    [1, true, false, 'type ↓, loaded rows'],
    [2, true, false, 'status: urgent first, reversed'],
  ])('sort %i reversed=%s ascii=%s → %s', (i, reverse, ascii, label) => {
    expect(sortLabel(sorts, i, ascii, reverse)).toBe(label);
  });
});

describe('sortByColumn', () => {
  const rows: Record<string, Row> = {
    a: { name: 'item 10', n: 3 },
    b: { name: 'item 9', n: 1 },
    c: { name: '', n: undefined },
    d: { name: 'Item 9', n: 2 },
  };
  const get = (id: string) => rows[id];
  const ctx = {} as RenderCtx;
  it.each<[string, Column<Row>, boolean, string[]]>([
    ['text, numbers as numbers, ties stable', col('name'), false, ['b', 'd', 'a', 'c']],
    ['text reversed, the empty still last', col('name'), true, ['a', 'b', 'd', 'c']],
    ['sortKey', col('n', { sortKey: (r) => r.n }), false, ['b', 'd', 'a', 'c']],
    ['sortKey reversed', col('n', { sortKey: (r) => r.n }), true, ['a', 'd', 'b', 'c']],
  ])('%s', (_name, column, reverse, order) => {
    expect(sortByColumn(['a', 'b', 'c', 'd'], get, column, ctx, reverse)).toEqual(order);
  });
});

describe('the approval queue view', () => {
  const t = (over: Partial<Transaction>): Transaction => ({ transactionId: 't', createdAt: '1000', ...over }) as Transaction;

  it.each<[readonly string[] | undefined, boolean]>([
    [undefined, false],
    [[], false],
    [['waiting-approval'], true],
    [['waiting-approval', 'completed'], false],
    [['completed'], false],
  ])('statuses %j ask for the queue: %s', (statuses, queue) => {
    expect(asksForQueue(statuses)).toBe(queue);
    expect(queueColumns(statuses)).toBe(queue ? QUEUE_COLUMNS : TRANSACTION_COLUMNS);
  });

  it('trades network and age for approvals, time left, creator and the book', () => {
    const ids = QUEUE_COLUMNS.map((c) => c.id);
    expect(ids).not.toContain('network');
    expect(ids).not.toContain('age');
    for (const id of ['approvals', 'left', 'creator', 'book']) expect(ids).toContain(id);
  });

  it.each<[unknown, string]>([
    [undefined, ''],
    [{ approvers: { approvedBy: ['a'], number: 2 } }, '1 of 2'],
    [{ approvers: { number: 1 } }, '0 of 1'],
    [{ approvers: { approvedBy: ['a', 'b'] } }, '2'],
  ])('approvals of %j: %j', (extra, text) => {
    expect(approvalsCell(t({ extra: extra as Transaction['extra'] }))).toBe(text);
  });

  it.each<[unknown, number, string]>([
    [{}, 0, ''],
    [{ expiresAt: '7200000' }, 0, '2h 00m'],
    [{ expiresAt: '7200000' }, 7_200_000, 'expired'],
    [{ extra: { approvers: { securityDelayExpiresAt: '60000' } } }, 0, 'delay 1m 00s'],
    [{ extra: { approvers: { securityDelayExpiresAt: '60000' } } }, 60_000, 'delay over'],
    [{ expiresAt: '120000', extra: { approvers: { securityDelayExpiresAt: '60000' } } }, 0, '2m 00s'],
  ])('time left of %j at %i: %j', (over, now, text) => {
    expect(timeLeftCell(t(over as Partial<Transaction>), now)).toBe(text);
  });
});
