// New rows while the person reads (issue 12, "New rows are hidden"): at the top the window stays at
// the top and new rows come into sight; scrolled away it holds still on its rows and the title
// counts the new rows above it, with the key that shows them. The same under a `/` filter.
import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/contract/index.js';
import { applyTransactions } from '../../src/store/index.js';
import { KEYS, manyStores, NOW, type Rendered, renderApp, settle, tx } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp({ columns: 120, rows: 30, stores: manyStores(60), ...options });
  await settle();
  return app;
}

const selected = (a: Rendered) => a.lines().find((l) => l.startsWith('▶')) ?? '';
const title = (a: Rendered) => a.lines().find((l) => l.startsWith('── Transactions')) ?? '';
/** The table's lines as drawn (between the column titles and the rule under the table). */
function tableLines(a: Rendered): string[] {
  const lines = a.lines();
  const head = lines.findIndex((l) => l.includes('TYPE') && l.includes('STATUS'));
  const end = lines.findIndex((l, i) => i > head && l.startsWith('──'));
  return lines.slice(head + 1, end);
}
/** The table's rows without the gutter (the selection and the changed mark). */
const tableRows = (a: Rendered) => tableLines(a).map((l) => l.slice(2));

let serial = 0;
function arrival(amount = '777'): Transaction {
  serial += 1;
  return {
    ...tx('tx-d1-2b8e4f6a0c3d'),
    transactionId: `tx-arrived-${serial}`,
    createdAt: String(NOW + serial * 1000),
    updatedAt: String(NOW + serial * 1000),
    params: { amount, assetId: '11', networkId: 'ETH' },
  };
}

async function push(a: Rendered, ...batch: Transaction[]): Promise<void> {
  const s = a.stores.transactions;
  s.setState(applyTransactions(s.getState(), batch, { now: NOW, live: true }), true);
  await settle();
}

describe('at the top', () => {
  it('new rows come into sight at the top; nothing is hidden, nothing is counted', async () => {
    const a = await open();
    const first = tableRows(a)[0];
    await push(a, arrival('701'), arrival('702'));
    const rows = tableRows(a);
    expect(rows[0]).toContain('702.000000');
    expect(rows[1]).toContain('701.000000');
    expect(rows[2]).toBe(first);
    expect(tableLines(a)[2]).toMatch(/^▶/);
    expect(title(a)).toMatch(/ 1-\d+ of all 70 /);
    expect(a.frame()).not.toMatch(/new \(g|above/);
  });

  it('left alone, the window stays at the top for good: the selection ends on the last row', async () => {
    const a = await open();
    const height = tableRows(a).length;
    for (let i = 0; i < height + 2; i++) await push(a, arrival(String(800 + i)));
    const rows = tableRows(a);
    expect(rows[0]).toContain(`${800 + height + 1}.000000`);
    expect(rows.at(-1)).toContain('802.000000');
    expect(tableLines(a).at(-1)).toMatch(/^▶/);
    expect(title(a)).toMatch(/ 1-\d+ of all /);
    expect(a.frame()).not.toMatch(/new \(g|above/);
  });

  it('a chosen selection pushed to the bottom edge stays on its row; the window holds and counts', async () => {
    const a = await open();
    await a.press('j', 'k');
    const height = tableRows(a).length;
    const id = a.ui.getState().lists.transactions!.selectedId;
    for (let i = 0; i < height + 2; i++) await push(a, arrival(String(800 + i)));
    expect(a.ui.getState().lists.transactions!.selectedId).toBe(id);
    expect(tableLines(a).at(-1)).toMatch(/^▶/);
    expect(title(a)).toContain('▲ 3 new (g shows them)');
    await a.press('g');
    expect(tableLines(a)[0]).toMatch(/^▶.* 8\d\d\.000000/);
    expect(title(a)).not.toContain('new');
  });
});

describe('scrolled away', () => {
  it('the window holds still on its rows and the title counts the new rows, g shows them', async () => {
    const a = await open();
    await a.press(KEYS.pageDown, KEYS.pageDown);
    const before = tableRows(a);
    const at = title(a);
    await push(a, arrival('701'), arrival('702'));
    expect(tableRows(a)).toEqual(before);
    expect(title(a)).toContain('▲ 2 new (g shows them)');
    expect(title(a)).not.toBe(at);
    await push(a, arrival('703'));
    expect(tableRows(a)).toEqual(before);
    expect(title(a)).toContain('▲ 3 new (g shows them)');
    // Moving on keeps counting from when the window left the top.
    await a.press('k');
    expect(title(a)).toContain('▲ 3 new');
    await a.press('g');
    expect(tableRows(a).slice(0, 3).map((r) => /7\d\d\.000000/.exec(r)?.[0])).toEqual([
      '703.000000',
      '702.000000',
      '701.000000',
    ]);
    expect(title(a)).not.toContain('new');
  });

  it('one new row reads "it"; rows that changed but did not arrive are not counted', async () => {
    const a = await open();
    await a.press(KEYS.pageDown);
    await push(a, { ...tx('tx-w1-7f3a9c2e5b1d'), status: 'approved', updatedAt: String(NOW + 5) });
    expect(title(a)).not.toContain('new');
    await push(a, arrival());
    expect(title(a)).toContain('▲ 1 new (g shows it)');
  });

  it('f still follows the newest row', async () => {
    const a = await open();
    await a.press(KEYS.pageDown);
    await push(a, arrival('701'));
    await a.press('f');
    expect(selected(a)).toContain('701.000000');
    await push(a, arrival('702'));
    expect(selected(a)).toContain('702.000000');
    expect(title(a)).not.toContain('new');
  });

  it('at 80 columns the hint stays, the position gives way', async () => {
    const a = await open({ columns: 80 });
    await a.press(KEYS.pageDown);
    await a.press(':');
    await a.type('tx deposit');
    await a.press(KEYS.enter);
    await a.press(KEYS.pageDown);
    await push(a, arrival());
    expect(title(a)).toContain('▲ 1 new (g shows it)');
  });
});

describe('under a filter', () => {
  it('matching rows come into sight at the top; scrolled away they are counted', async () => {
    const a = await open();
    await a.press('/');
    await a.type('deposit');
    await a.press(KEYS.enter);
    await push(a, arrival('701'));
    expect(tableRows(a)[0]).toContain('701.000000');
    await a.press(KEYS.pageDown);
    const before = tableRows(a);
    await push(a, arrival('702'), { ...arrival('703'), transactionType: 'withdrawal' });
    expect(tableRows(a)).toEqual(before);
    expect(title(a)).toContain('▲ 1 new (g shows it)');
  });
});
