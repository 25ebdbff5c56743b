// A resource's columns are pure: record + context → one cell each; columns drop by priority when
// narrow.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/index.js';
import {
  type Column,
  type ColumnSpec,
  composeHeader,
  composeRow,
  fitColumn,
  layoutColumns,
  placedCells,
  searchText,
} from '../../src/view/draw/columns.js';
import {
  counterparty,
  type RenderCtx,
  transactionAmount,
  usdValue,
} from '../../src/view/draw/context.js';
import { accounts } from '../../src/view/resources/accounts/resource.js';
import { activatedAssets, addresses } from '../../src/view/resources/addresses/resource.js';
import { changeTone, prices } from '../../src/view/resources/prices/resource.js';
import { transactions } from '../../src/view/resources/transactions/resource.js';
import { fixtures, loadedStores, NOW, tx } from './helpers.js';

function ctx(ascii = false): RenderCtx {
  const stores = loadedStores();
  return {
    ascii,
    now: NOW,
    dictionary: stores.dictionary.getState(),
    workspace: stores.workspace.getState(),
    prices: stores.prices.getState().bySymbol,
  };
}

const transactionColumns = transactions.columns;
const COLUMN_IDS = transactionColumns.map((c) => c.id);

/** Every cell of a record, by column id. */
function cellsOf<R>(columns: readonly Column<R>[], record: R, c: RenderCtx): Record<string, string> {
  return Object.fromEntries(columns.map((col) => [col.id, col.cell(record, c)]));
}

const transactionCells = (t: Parameters<typeof transactions.recordId>[0], c: RenderCtx) =>
  cellsOf(transactionColumns, t, c);

describe('transaction cells', () => {
  const cases: [string, Record<string, string>][] = [
    [
      'tx-w1-7f3a9c2e5b1d',
      {
        type: 'withdrawal',
        status: '⚠ waiting-approval',
        amount: '25.00000000',
        asset: 'BTC',
        account: 'Treasury Cold',
        counterparty: '→ bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9',
        age: '12s',
        usd: '$2,435,302.50',
        network: 'Bitcoin',
        id: 'tx-w1-7f3a9c2e5b1d',
      },
    ],
    [
      'tx-d1-2b8e4f6a0c3d',
      {
        type: 'deposit',
        status: '✓ completed',
        amount: '1,200.000000',
        asset: 'USDT',
        account: 'Ops Hot',
        counterparty: '← 0x39aa39c021dfbae8fac545936693ac917d5e9B80',
        age: '3m',
        usd: '$1,200.24',
        network: 'Ethereum',
      },
    ],
    // A swap: its amount and asset are the "from" side.
    [
      'tx-s1-4a6c8e0b2d4f',
      { type: 'swap-aggregator', amount: '2.00000000', asset: 'ETH', counterparty: '', usd: '$6,805.10' },
    ],
    // Unknown status, type and asset pass through as their raw text, with "?" for the status.
    [
      'tx-u1-0e2f4a6c8b1d',
      {
        type: 'teleport',
        status: '? quantum-pending',
        amount: '7',
        asset: '999',
        account: 'Testnet Lab',
        usd: '',
        network: '',
      },
    ],
    ['tx-c1-8f0a2c4e6d8b', { status: '⊘ canceled', age: '2d' }],
    [
      'tx-e1-1c3e5a7b9d0f',
      { status: '◷ expired', amount: '10.000000', asset: 'TRX', network: 'Tron', usd: '$2.50' },
    ],
  ];
  it.each(cases)('%s', (id, expected) => {
    const cells = transactionCells(tx(id), ctx());
    for (const [column, text] of Object.entries(expected))
      expect([column, cells[column]]).toEqual([column, text]);
  });

  it('uses ASCII symbols and arrows in ASCII mode', () => {
    const cells = transactionCells(tx('tx-w1-7f3a9c2e5b1d'), ctx(true));
    expect(cells.status).toBe('[!] waiting-approval');
    expect(cells.counterparty!.startsWith('-> ')).toBe(true);
  });

  it('reads a row created since the pane\'s age tick as 0s, a larger lead as clock skew', () => {
    const created = (ms: number) => transactionCells({ ...tx('tx-w1-7f3a9c2e5b1d'), createdAt: String(NOW + ms) }, ctx());
    expect(created(2_000).age).toBe('0s');
    expect(created(-7_000).age).toBe('7s');
    expect(created(10 * 60_000).age).toBe('skew');
  });

  it('tones the status for color only', () => {
    expect(transactions.tone(tx('tx-w1-7f3a9c2e5b1d'))).toBe('warning');
    expect(transactions.tone(tx('tx-u1-0e2f4a6c8b1d'))).toBe('muted');
  });

  it('reads amounts of every family', () => {
    expect(transactionAmount(tx('tx-s1-4a6c8e0b2d4f'))).toEqual({ amount: '2', assetId: '2' });
    expect(transactionAmount({ ...tx('tx-u1-0e2f4a6c8b1d'), params: null })).toEqual({});
  });

  it('computes USD with decimal arithmetic, and nothing without a price', () => {
    const c = ctx();
    expect(usdValue(c, '0.1', '1')).toBe('9741.210');
    expect(usdValue(c, '1', '999')).toBeUndefined();
    expect(usdValue(c, 'not-a-number', '1')).toBeUndefined();
  });

  it('tells sends from receipts', () => {
    const c = ctx();
    expect(counterparty(c, tx('tx-w2-9d1c7e3b5a2f')).direction).toBe('out');
    expect(counterparty(c, tx('tx-d1-2b8e4f6a0c3d')).direction).toBe('in');
    const internal = {
      ...tx('tx-w2-9d1c7e3b5a2f'),
      params: { amount: '1', assetId: '2', toAccountId: 'acc-cold-0001' },
    };
    expect(counterparty(c, internal)).toEqual({ direction: 'out', text: 'Treasury Cold', address: false });
    expect(counterparty(c, tx('tx-w2-9d1c7e3b5a2f')).address).toBe(true);
    const unknownAccount = { ...internal, params: { toAccountId: 'acc-gone' } };
    expect(counterparty(c, unknownAccount).text).toBe('acc-gone');
  });
});

describe('account, address and price cells', () => {
  it('accounts: name, status word with symbol, testnet flag, address count', () => {
    const c = { ...ctx(), addressCounts: new Map([['acc-hot-0002', 2]]) };
    expect(cellsOf(accounts.columns, fixtures.accounts[1]!, c)).toMatchObject({
      name: 'Ops Hot [book]',
      status: '● active',
      net: 'mainnet',
      addresses: '2',
      id: 'acc-hot-0002',
    });
    expect(cellsOf(accounts.columns, fixtures.accounts[2]!, c)).toMatchObject({
      status: '? frozen-by-policy',
      net: 'testnet',
      addresses: '',
    });
    expect(accounts.tone(fixtures.accounts[2]!)).toBe('muted');
  });

  it('addresses: account and network names, memo, status, assets', () => {
    const c = ctx();
    expect(cellsOf(addresses.columns, fixtures.addresses[2]!, c)).toMatchObject({
      account: 'Ops Hot',
      network: 'XRP Ledger',
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      memo: '2042',
      status: '⚠ address-activation-required',
      assets: '0',
    });
    expect(cellsOf(addresses.columns, fixtures.addresses[3]!, c).status).toBe('? melting');
    expect(activatedAssets(fixtures.addresses[0]!)).toBe('all');
    expect(activatedAssets(fixtures.addresses[1]!)).toBe('2');
    const orphan = { ...fixtures.addresses[0]!, accountId: 'acc-x', networkId: 'DOGE' };
    expect(cellsOf(addresses.columns, orphan, c)).toMatchObject({ account: 'acc-x', network: 'DOGE' });
  });

  it('prices: symbol, name, price, change since the session opened, sparkline', () => {
    const c = ctx();
    const btc = c.prices.get('BTC')!;
    expect(cellsOf(prices.columns, btc, c)).toMatchObject({
      symbol: 'BTC',
      name: 'Bitcoin',
      price: '97,412.10',
      change: '▲0.42%',
      last: '▲0.42%',
      spark: '▁█',
    });
    expect(cellsOf(prices.columns, btc, ctx(true)).change).toBe('+0.42%');
    expect(changeTone('100', '101')).toBe('success');
    expect(changeTone('100', '99')).toBe('danger');
    expect(changeTone('100', '100')).toBe('muted');
  });
});

describe('layoutColumns', () => {
  const visible = (width: number) => layoutColumns(transactionColumns, width).placed.map((p) => p.column.id);

  it.each([
    // The table's width is the terminal's minus the 3-column gutter.
    // TO / FROM outlives AGE and ACCOUNT (column-layout.test.ts has the widths).
    [57, ['type', 'status', 'amount', 'asset']],
    [77, ['type', 'status', 'amount', 'asset', 'counterparty', 'age']],
    [97, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd']],
    [117, ['type', 'status', 'amount', 'asset', 'account', 'counterparty', 'age', 'usd', 'network']],
    [197, COLUMN_IDS],
  ])('at %i columns keeps %j', (width, ids) => {
    expect(visible(width)).toEqual(ids);
  });

  it('never exceeds the width, and gives the spare room to flexible columns up to their maximum', () => {
    for (const width of [40, 60, 77, 97, 117, 197, 300]) {
      const layout = layoutColumns(transactionColumns, width);
      if (layout.placed.length > 1) expect(layout.width).toBeLessThanOrEqual(width);
    }
    const wide = layoutColumns(transactionColumns, 300);
    const byId = Object.fromEntries(wide.placed.map((p) => [p.column.id, p.width]));
    expect(byId.account).toBe(24);
    expect(byId.counterparty).toBe(46);
    expect(byId.type).toBe(18);
    expect(byId.status).toBe(20);
  });

  it('drops the rightmost of equal priorities first', () => {
    const cols: ColumnSpec[] = [
      { id: 'a', title: 'A', width: 5, priority: 1 },
      { id: 'b', title: 'B', width: 5, priority: 1 },
      { id: 'c', title: 'C', width: 5, priority: 2 },
    ];
    expect(layoutColumns(cols, 11).placed.map((p) => p.column.id)).toEqual(['a', 'c']);
  });

  it('every layout of every resource is deterministic and fits 60, 80, 120 and 200', () => {
    for (const columns of [transactionColumns, accounts.columns, addresses.columns, prices.columns] as (readonly ColumnSpec[])[]) {
      for (const width of [57, 77, 117, 197]) {
        const a = layoutColumns(columns, width);
        expect(layoutColumns(columns, width)).toEqual(a);
        expect(a.width).toBeLessThanOrEqual(width);
      }
    }
  });
});

describe('composeRow and fitColumn', () => {
  it('makes one line exactly as wide as the layout, and finds the toned cell', () => {
    const c = ctx();
    for (const t of fixtures.transactions) {
      for (const width of [57, 77, 117, 197]) {
        const layout = layoutColumns(transactionColumns, width);
        const row = composeRow(placedCells(layout, t, c), layout, false);
        expect(displayWidth(row.text)).toBe(layout.width);
        expect(row.text.slice(row.toneFrom, row.toneTo).trim()).toBe(
          transactionCells(t, c).status!.slice(0, row.toneTo - row.toneFrom).trim(),
        );
      }
    }
    expect(composeHeader(layoutColumns(transactionColumns, 77), false)).toMatch(
      /^TYPE +STATUS +AMOUNT ASSET TO \/ FROM +AGE$/,
    );
  });

  it('cuts addresses in the middle, text at the end, sparklines keep the newest', () => {
    const middle: ColumnSpec = { id: 'x', title: 'X', width: 12, priority: 1, truncate: 'middle' };
    expect(fitColumn('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9', middle, 12, false)).toBe('bc1qa…fn5hj9');
    expect(fitColumn('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9', middle, 12, true)).toBe('bc1q...n5hj9');
    const end: ColumnSpec = { id: 'x', title: 'X', width: 8, priority: 1 };
    expect(fitColumn('swap-aggregator', end, 8, false)).toBe('swap-ag…');
    const right: ColumnSpec = { ...end, align: 'right' };
    expect(fitColumn('12s', right, 5, false)).toBe('  12s');
    const spark: ColumnSpec = { id: 's', title: 'S', width: 3, priority: 1, truncate: 'keep-end' };
    expect(fitColumn('▁▂▃▄▅', spark, 3, false)).toBe('▃▄▅');
  });

  it('sanitizes control characters from the wire', () => {
    const col: ColumnSpec = { id: 'x', title: 'X', width: 10, priority: 1 };
    const cell = fitColumn('evil\u001b[2Jname', col, 10, false);
    expect(cell).not.toContain('\u001b');
    expect(displayWidth(cell)).toBe(10);
  });

  it('search text holds the searchable cells, not ages or USD', () => {
    const text = searchText('tx-w1-7f3a9c2e5b1d', transactionColumns, tx('tx-w1-7f3a9c2e5b1d'), ctx());
    expect(text).toContain('treasury cold');
    expect(text).toContain('waiting-approval');
    expect(text).toContain('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwfn5hj9');
    expect(text).not.toContain('12s');
    expect(text).not.toContain('$2,435');
  });
});
