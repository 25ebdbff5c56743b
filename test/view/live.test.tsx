// Live data under the cursor: rows move, the selection stays on its transaction; follow sticks to
// the newest; changed rows are marked; a price tick or a clock tick never re-renders the table.
import { countRenders, rendersOf } from './render-counter.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { ALL_TRANSACTIONS, applyPrices, applyTransactions, EMPTY_WINDOW, type TxWindow, txQueryKey } from '../../src/store/index.js';
import { KEYS, manyStores, NOW, type Rendered, renderApp, settle, tx, withEvents } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp({ columns: 120, rows: 30, ...options });
  await settle();
  return app;
}

function selected(a: Rendered): string {
  return a.lines().find((l) => l.startsWith('▶')) ?? '';
}

function rowIndex(a: Rendered, text: string): number {
  return a.lines().findIndex((l) => l.includes(text));
}

let serial = 0;
function arrival(patch: Partial<Transaction> = {}): Transaction {
  serial += 1;
  return {
    ...tx('tx-d1-2b8e4f6a0c3d'),
    transactionId: `tx-new-${serial}`,
    createdAt: String(NOW + serial * 1000),
    updatedAt: String(NOW + serial * 1000),
    params: { amount: '777', assetId: '11', networkId: 'ETH' },
    ...patch,
  };
}

function push(a: Rendered, batch: Transaction[], now = NOW): void {
  const s = a.stores.transactions;
  s.setState(applyTransactions(s.getState(), batch, { now, live: true }), true);
}

describe('selection by id', () => {
  it('at the top, new ones come into sight above; the selection stays on its transaction, lower', async () => {
    const a = await open({ stores: manyStores(40) });
    await a.press('j', 'j');
    expect(selected(a)).toContain('broadcasted');
    const row = rowIndex(a, '⋯ broadcasted');
    push(a, [arrival(), arrival()]);
    await settle();
    expect(selected(a)).toContain('broadcasted');
    expect(rowIndex(a, '⋯ broadcasted')).toBe(row + 2);
    expect(rowIndex(a, '777.000000')).toBe(row - 2);
    expect(a.frame()).not.toContain('above');
    expect(a.frame()).toMatch(/ 1-\d+ of all 50 /);
    // Keys move from where the selection is now.
    await a.press('k');
    expect(selected(a)).toContain('deposit');
  });

  it('follows its transaction to a new row when the sort moves it', async () => {
    const a = await open();
    await a.press('s');
    await a.press('G');
    const id = a.ui.getState().lists.transactions!.selectedId!;
    push(a, [{ ...tx(id), status: 'completed', updatedAt: String(NOW + 60_000) }]);
    await settle();
    expect(a.ui.getState().lists.transactions!.selectedId).toBe(id);
    expect(a.frame()).toContain('1-8 of all 8');
    expect(selected(a)).toBe(a.lines().find((l) => / (withdrawal|deposit|swap|teleport|fiat)/.test(l)));
  });

  it('when its transaction is filtered away, the cursor keeps its place', async () => {
    const a = await open();
    await a.press('j', 'j', ':');
    await a.type('tx completed');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('1-3 of all 3');
    expect(selected(a)).toContain('completed');
  });

  it('a live status change shows in place, on the selected row too', async () => {
    const a = await open();
    push(a, [{ ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + 1) }]);
    await settle();
    expect(selected(a)).toContain('⋯ approved');
    expect(a.lines()[0]).toContain('0 awaiting approval');
  });
});

describe('follow', () => {
  it('f sticks the cursor to the newest row as rows arrive; moving turns it off', async () => {
    const a = await open();
    await a.press('j', 'j', 'f');
    expect(a.frame()).toContain('FOLLOW');
    expect(selected(a)).toContain('waiting-approval');
    push(a, [arrival()]);
    await settle();
    expect(selected(a)).toContain('777.000000');
    push(a, [arrival({ params: { amount: '888', assetId: '11' } })]);
    await settle();
    expect(selected(a)).toContain('888.000000');
    await a.press('j');
    expect(a.ui.getState().follow).toBe(false);
    expect(a.frame()).not.toContain('FOLLOW');
    expect(selected(a)).toContain('777.000000');
    push(a, [arrival({ params: { amount: '999', assetId: '11' } })]);
    await settle();
    expect(selected(a)).toContain('777.000000');
  });

  it('f again stops following where the cursor is', async () => {
    const a = await open();
    await a.press('j', 'j', 'f');
    push(a, [arrival({ params: { amount: '123', assetId: '11' } })]);
    await settle();
    await a.press('f');
    expect(a.ui.getState().follow).toBe(false);
    expect(selected(a)).toContain('123.000000');
  });
});

describe('what does not re-render', () => {
  beforeAll(countRenders);

  it('a price tick re-renders the ticker, never the transaction table', async () => {
    const a = await open();
    const rows = rendersOf('Row');
    const tables = rendersOf('Table');
    const p = a.stores.prices;
    p.setState(
      applyPrices(p.getState(), [{ baseSymbolId: 'BTC', quoteSymbolId: 'USD', price: '98000.00' }], NOW),
      true,
    );
    await settle();
    expect(a.frame()).toContain('BTC 98,000.00 ▲1.03%');
    expect(rendersOf('Row')).toBe(rows);
    expect(rendersOf('Table')).toBe(tables);
  });

  it('a cursor move re-renders only the two rows whose selection changed', async () => {
    const a = await open();
    const rows = rendersOf('Row');
    await a.press('j');
    expect(rendersOf('Row') - rows).toBe(2);
  });

  it('a new row above re-renders only the new row (the others keep their text)', async () => {
    const a = await open();
    const rows = rendersOf('Row');
    push(a, [arrival()]);
    await settle();
    // The new row, marked; the rest are memoized on their text.
    expect(rendersOf('Row') - rows).toBe(1);
  });

  it('the clock ticks the header every second without touching the table', async () => {
    let now = NOW;
    const a = await open({ now: () => now });
    const rows = rendersOf('Row');
    const tables = rendersOf('Table');
    const clock = a.lines()[0]!.match(/\d\d:\d\d:\d\d/)![0];
    now = NOW + 1_000;
    await new Promise((r) => setTimeout(r, 1_150));
    await settle();
    expect(a.lines()[0]!.match(/\d\d:\d\d:\d\d/)![0]).not.toBe(clock);
    expect(rendersOf('Table')).toBe(tables);
    expect(rendersOf('Row')).toBe(rows);
  });
});

describe('change marks', () => {
  it('rows changed by a live update carry a bold marker for about two seconds', async () => {
    let now = NOW;
    const a = await open({ now: () => now });
    push(
      a,
      [
        {
          ...tx('tx-d1-2b8e4f6a0c3d'),
          status: 'completed',
          updatedAt: String(NOW + 5),
          params: { amount: '1201', assetId: '11' },
        },
      ],
      NOW,
    );
    await settle();
    const line = a.lines().find((l) => l.includes('1,201.000000'))!;
    expect(line.startsWith(' ● ')).toBe(true);
    now = NOW + 2_500;
    await new Promise((r) => setTimeout(r, 1_150));
    await settle();
    const after = a.lines().find((l) => l.includes('1,201.000000'))!;
    expect(after.startsWith('   ')).toBe(true);
  });
});

describe('load progress and the detail, live', () => {
  it('the title says what is held of the history, and when older rows are being read', async () => {
    const a = await open();
    const key = txQueryKey(ALL_TRANSACTIONS);
    const set = (w: Partial<TxWindow>) =>
      a.stores.transactions.setState((s) => ({ windows: new Map(s.windows).set(key, { ...EMPTY_WINDOW, ...w }) }));
    set({ complete: true });
    await settle();
    expect(a.frame()).toContain('1-8 of all 8');
    // Finished rows older than these exist: more below, not read yet.
    set({ ids: ['tx-f1-6b8d0f2a4c6e'], keys: new Map([['tx-f1-6b8d0f2a4c6e', '0']]), complete: false, loading: 'down' });
    await settle();
    expect(a.frame()).toMatch(/1-\d of \d\+ loading…/);
    // Rows above were let go (the cursor went far down): counted in the position.
    set({ ids: ['tx-f1-6b8d0f2a4c6e'], keys: new Map([['tx-f1-6b8d0f2a4c6e', '0']]), complete: true, top: '9'.repeat(14), droppedAbove: 3000 });
    await settle();
    expect(a.frame()).toMatch(/3,001-3,00\d of 3,00\d/);
    set({ complete: false, error: 'cannot reach the server' });
    await settle();
    expect(a.frame()).toContain('⚠ cannot reach the server');
  });

  it('the open detail follows its transaction: new status, statuses seen, events when they arrive', async () => {
    const a = await open({ rows: 50 });
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('loading the events...');
    push(
      a,
      [{ ...withEvents(tx('tx-w1-7f3a9c2e5b1d')), status: 'approved', updatedAt: String(NOW + 10) }],
      NOW + 10,
    );
    await settle();
    const f = a.frame();
    expect(f).toContain('withdrawal  ⋯ approved');
    expect(f).toMatch(/⚠ waiting-approval → \d\d:\d\d:\d\d ⋯ approved/);
    expect(f).toContain('none yet');
  });

  it('says when the events could not be loaded', async () => {
    const a = await open({ rows: 50 });
    await a.press(KEYS.enter);
    a.stores.transactions.setState({
      detail: { id: 'tx-w1-7f3a9c2e5b1d', status: 'error', error: '503 from the server' },
    });
    await settle();
    expect(a.frame()).toContain('the events could not be loaded: 503 from the server (r retries)');
  });
});
