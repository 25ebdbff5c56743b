// Column widths follow what the rows on screen hold: names, statuses and amounts are whole when
// the room allows (the extras give way first), addresses take what is left, and when columns must
// go TO / FROM outlives AGE and ACCOUNT. Terminal widths 80/100/120/160 are tables of 77/97/117/157.
import { describe, expect, it } from 'vitest';
import { type Column, type ColumnSpec, contentWidths, fitColumn, layoutColumns } from '../../src/view/draw/columns.js';
import type { RenderCtx } from '../../src/view/draw/context.js';
import { tableLayout, windowLayout } from '../../src/view/draw/table-layout.js';
import { accounts } from '../../src/view/resources/accounts/resource.js';
import { addresses } from '../../src/view/resources/addresses/resource.js';
import { transactions } from '../../src/view/resources/transactions/resource.js';
import { fixtures, loadedStores, NOW } from './helpers.js';

const TX = transactions.columns;

/** Wants by column id, in the order of the columns. */
function wantsOf(columns: readonly ColumnSpec[], byId: Record<string, number>): (number | undefined)[] {
  return columns.map((c) => byId[c.id]);
}

function widths(columns: readonly ColumnSpec[], width: number, wants?: Record<string, number>): Record<string, number> {
  const layout = layoutColumns(columns, width, 1, wants === undefined ? undefined : wantsOf(columns, wants));
  expect(layout.width).toBeLessThanOrEqual(width);
  return Object.fromEntries(layout.placed.map((p) => [p.column.id, p.width]));
}

/** What the demo's first screen holds (a long status, a swap, a DAI amount, two long account names). */
const DEMO: Record<string, number> = {
  type: 15, // swap-aggregator
  status: 26, // ⚠ awaiting-security-policy
  amount: 15, // 65,366.00000000
  asset: 4,
  account: 15, // DeFi Strategies
  counterparty: 44,
  usd: 12,
  network: 10,
};

/** A quiet screen: short words only. */
const QUIET: Record<string, number> = {
  type: 10,
  status: 18,
  amount: 12,
  asset: 4,
  account: 13,
  counterparty: 44,
  usd: 10,
  network: 8,
};

describe('transactions: which columns at 80, 100, 120 and 160', () => {
  it.each([
    [57, undefined, ['type', 'status', 'amount', 'asset']],
    [67, undefined, ['type', 'status', 'amount', 'asset', 'counterparty']],
    [77, undefined, ['type', 'status', 'amount', 'asset', 'counterparty', 'age']],
    [97, undefined, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd']],
    [117, undefined, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd', 'network']],
    [157, undefined, TX.map((c) => c.id)],
    [77, DEMO, ['type', 'status', 'amount', 'asset', 'counterparty', 'age']],
    [97, DEMO, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age']],
    // The status and the account name are whole, the other texts get what is left: all fit.
    [117, DEMO, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd', 'network']],
    // Wider names: the network gives way for them.
    [117, { ...DEMO, account: 24 }, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd']],
    [117, QUIET, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd', 'network']],
    [157, DEMO, TX.map((c) => c.id)],
  ] as const)('%i columns (wants %j) keep %j', (width, wants, ids) => {
    expect(Object.keys(widths(TX, width, wants))).toEqual(ids);
  });

  it('TO / FROM outlives AGE and ACCOUNT', () => {
    for (let width = 50; width <= 200; width++) {
      const ids = Object.keys(widths(TX, width, DEMO));
      if (ids.includes('age') || ids.includes('account')) expect(ids).toContain('counterparty');
    }
  });

  it.each([
    // At 120 the status and the account's name of the demo's screen are whole, the address readable.
    [117, DEMO, { status: 26, account: 15, counterparty: 16 }],
    [117, QUIET, { type: 10, status: 20, amount: 13, account: 13 }],
    [157, DEMO, { type: 15, status: 26, amount: 15, account: 15, counterparty: 16 }],
    // At 100 the USD value gives way for them, and the amount is whole too.
    [97, DEMO, { status: 26, account: 15, amount: 15 }],
  ] as const)('%i columns: whole texts %j', (width, wants, expected) => {
    const got = widths(TX, width, wants);
    for (const [id, w] of Object.entries(expected)) expect(got[id]).toBeGreaterThanOrEqual(w);
  });

  it('room left after the whole texts goes to the address, which is cut anyway, before padding names', () => {
    // At 160 the address takes what the texts leave; only once it is whole are names padded.
    const mid = widths(TX, 157, DEMO);
    expect(mid.account).toBe(15);
    expect(mid.counterparty).toBeGreaterThanOrEqual(16);
    const wide = widths(TX, 197, DEMO);
    expect(wide.counterparty).toBeGreaterThanOrEqual(44);
    expect(wide.account).toBeGreaterThanOrEqual(15);
    // Narrower, the address keeps its readable width once the status and names are whole.
    expect(widths(TX, 117, DEMO).counterparty).toBe(16);
  });

  it('without wants the layout is the width alone (as before the rows are read)', () => {
    expect(widths(TX, 117)).toEqual(Object.fromEntries(tableLayout(TX, 120).placed.map((p) => [p.column.id, p.width])));
  });
});

describe('accounts and addresses at 120', () => {
  it('"Treasury Cold [book]" is whole', () => {
    const got = widths(accounts.columns, 117, { name: 20, status: 18, id: 24, external: 24 });
    expect(got.name).toBeGreaterThanOrEqual(20);
    expect(got.status).toBeGreaterThanOrEqual(18);
  });

  it('a network, a memo and a long address status are whole; ids and dates give way', () => {
    const got = widths(addresses.columns, 117, {
      account: 15,
      network: 16,
      address: 42,
      memo: 12,
      status: 32,
      assets: 6,
      created: 19,
    });
    expect(got).toMatchObject({ network: 16, memo: 12, status: 32 });
    expect(got.account).toBeGreaterThanOrEqual(15);
    expect(got.created).toBeUndefined();
  });
});

describe('extras give way only to a column above them that would be cut', () => {
  const cols: ColumnSpec[] = [
    { id: 'name', title: 'NAME', minWidth: 6, maxWidth: 20, priority: 10, whole: true },
    { id: 'note', title: 'NOTE', minWidth: 6, maxWidth: 20, priority: 6 },
    { id: 'extra', title: 'EXTRA', width: 6, priority: 3 },
  ];

  it.each([
    // Room for everything: nothing goes.
    [30, { name: 10, note: 6 }, ['name', 'note', 'extra']],
    // The name would be cut: the extra goes.
    [22, { name: 14, note: 6 }, ['name', 'note']],
    // A text that is not `whole` is cut rather than an extra dropped.
    [22, { name: 6, note: 14 }, ['name', 'note', 'extra']],
    // Only the extra itself is long: it stays (cut).
    [22, { name: 6, note: 6, extra: 12 }, ['name', 'note', 'extra']],
  ] as const)('width %i, wants %j → %j', (width, wants, ids) => {
    expect(Object.keys(widths(cols, width, wants))).toEqual(ids);
  });

  it('a column that is not an extra never goes for another one’s text', () => {
    const got = widths(cols.slice(0, 2), 14, { name: 20, note: 20 });
    expect(Object.keys(got)).toEqual(['name', 'note']);
  });
});

describe('contentWidths and windowLayout', () => {
  const stores = loadedStores();
  const ctx: RenderCtx = {
    ascii: false,
    now: NOW,
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: stores.prices.getState().bySymbol,
  };

  it('reads the widest cell and the title of each column that can follow its text', () => {
    const wants = contentWidths(TX, fixtures.transactions, ctx);
    const byId = Object.fromEntries(TX.map((c, i) => [c.id, wants[i]]));
    expect(byId.type).toBe('swap-aggregator'.length);
    expect(byId.account).toBe('Treasury Cold'.length);
    expect(byId.age).toBeUndefined(); // fixed width
    expect(contentWidths(TX, [], ctx)[TX.findIndex((c) => c.id === 'counterparty')]).toBe('TO / FROM'.length);
  });

  it('widths hold still while a row they were laid out for is on screen; a new screen or width starts over', () => {
    type Tx = (typeof fixtures.transactions)[number];
    const layout = windowLayout(TX as readonly Column<Tx>[]);
    const on = (width: number, rows: readonly Tx[]) =>
      layout({ width, ids: rows.map((t) => t.transactionId), records: rows, ctx });
    const swap = fixtures.transactions.find((t) => t.transactionType === 'swap-aggregator')!;
    const [w1, w2] = fixtures.transactions.filter((t) => t.transactionType === 'withdrawal');
    const typeWidth = (l: ReturnType<typeof layout>) => l.placed.find((p) => p.column.id === 'type')!.width;
    const first = on(120, [w1!]);
    expect(typeWidth(first)).toBeLessThan('swap-aggregator'.length);
    // The same rows: the same layout object.
    expect(on(120, [w1!])).toBe(first);
    // A swap scrolls into view beside the first row: the column grows.
    const wide = on(120, [w1!, swap]);
    expect(typeWidth(wide)).toBeGreaterThanOrEqual('swap-aggregator'.length);
    // The swap scrolls away while the first row is still there: the column keeps its room.
    expect(on(120, [w1!, w2!])).toBe(wide);
    // A screen with none of those rows (a page on, a filter): laid out afresh.
    expect(typeWidth(on(120, [w2!]))).toBeLessThan('swap-aggregator'.length);
    // A resize measures again from what is on screen.
    on(120, [w2!, swap]);
    expect(typeWidth(on(121, [w2!]))).toBeLessThan('swap-aggregator'.length);
  });
});

describe('an amount too wide for its column', () => {
  const amount: ColumnSpec = { id: 'amount', title: 'AMOUNT', width: 13, priority: 1, align: 'right', truncate: 'amount' };

  it.each([
    ['65,366.00000000', 13, '65,366.000000'],
    ['65,366.12345678', 13, '65,366.12345…'],
    ['1.50000000', 13, '   1.50000000'],
    ['123,456,789,012.00', 13, '123,456,789,…'],
  ])('%s in %i columns → %j', (text, width, expected) => {
    expect(fitColumn(text, amount, width, false)).toBe(expected);
  });
});
