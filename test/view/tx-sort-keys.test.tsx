// `s` and `S` on the transactions list (issue 19): the title names the sort and its direction, a
// flip opens the list at row 1, and `:tx waiting-approval` shows the approval queue's columns.
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, manyStores, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const title = (a: Rendered) => a.lines().find((l) => l.startsWith('── Transactions')) ?? '';
const header = (a: Rendered) => a.lines().find((l) => l.includes('TYPE') && l.includes('STATUS')) ?? '';

describe('sorting the transactions', () => {
  it('S reads the sort the other way; the title says so; the list opens at row 1', async () => {
    app = renderApp({ columns: 120, rows: 30, stores: manyStores(60) });
    await settle();
    expect(title(app)).toContain('created ↓');
    await app.press('G');
    await app.press('S');
    expect(title(app)).toContain('created ↑, oldest first');
    expect(app.ui.getState().lists.transactions?.cursor).toBe(0);
    expect(title(app)).toMatch(/ 1-\d+ of /);
    await app.press('S');
    expect(title(app)).toContain('created ↓');
  });

  it('s goes on past its own orders to the columns', async () => {
    app = renderApp({ columns: 120, rows: 30, stores: manyStores(10) });
    await settle();
    for (let i = 0; i < 4; i++) await app.press('s');
    expect(title(app)).toContain('type ↑, loaded rows');
    await app.press('S');
    expect(title(app)).toContain('type ↓, loaded rows');
  });
});

/** The sort names `s` goes through in one whole cycle, from the first. */
async function cycle(a: Rendered): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    const name = /Transactions │ ([^↑↓│]+?) [↑↓]/.exec(title(a))?.[1] ?? title(a);
    if (seen.includes(name)) break;
    seen.push(name);
    await a.press('s');
  }
  return seen;
}

describe('s offers a column only while it is shown', () => {
  it('the usual view: no queue column; the queue: its columns, not network and age', async () => {
    app = renderApp({ columns: 120, rows: 30 });
    await settle();
    const usual = await cycle(app);
    expect(usual).toContain('network');
    expect(usual).toContain('age');
    for (const queueOnly of ['approvals', 'left', 'creator', 'in book']) expect(usual).not.toContain(queueOnly);
    await app.press(':');
    await app.type('tx waiting-approval');
    await app.press(KEYS.enter);
    await settle();
    const queue = await cycle(app);
    for (const own of ['approvals', 'left', 'creator', 'in book']) expect(queue).toContain(own);
    expect(queue).not.toContain('network');
    expect(queue).not.toContain('age');
  });
});

describe('the approval queue view', () => {
  it.each([80, 120])('at %i columns: approvals and time left, not network and age', async (columns) => {
    app = renderApp({ columns, rows: 30 });
    await settle();
    await app.press(':');
    await app.type('tx waiting-approval');
    await app.press(KEYS.enter);
    await settle();
    const head = header(app);
    expect(head).toContain('APPROVALS');
    expect(head).not.toContain('AGE');
    expect(head).not.toContain('NETWORK');
    if (columns >= 120) {
      expect(head).toContain('LEFT');
      expect(app.frame()).toContain('1 of 2');
    }
  });
});
