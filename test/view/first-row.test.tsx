// A new query opens at row 1 (issue 18): scrolled deep, a `:tx` filter, a sort or Esc opens the
// list at its first row, and "▲ N new" counts arrivals, never a change of query. A typo in `:tx` is
// refused by name; what was said to a command ends with the next command.
import { afterEach, describe, expect, it } from 'vitest';
import { withNotice } from '../../src/store/index.js';
import { KEYS, manyStores, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(): Promise<Rendered> {
  app = renderApp({ columns: 120, rows: 30, stores: manyStores(60) });
  await settle();
  return app;
}

const title = (a: Rendered) => a.lines().find((l) => l.startsWith('── Transactions')) ?? '';
const statusLine = (a: Rendered) => a.lines().at(-2) ?? '';
/** The table's lines as drawn (between the column titles and the rule under the table). */
function tableLines(a: Rendered): string[] {
  const lines = a.lines();
  const head = lines.findIndex((l) => l.includes('TYPE') && l.includes('STATUS'));
  const end = lines.findIndex((l, i) => i > head && l.startsWith('──'));
  return lines.slice(head + 1, end);
}
const list = (a: Rendered) => a.ui.getState().lists.transactions;

async function command(a: Rendered, line: string): Promise<void> {
  await a.press(':');
  await a.type(line);
  await a.press(KEYS.enter);
}

/** Scrolled to the bottom: the window far from the top. */
async function deep(a: Rendered): Promise<void> {
  await a.press('G');
  expect(title(a)).not.toMatch(/ 1-\d+ of/);
  expect(tableLines(a)[0]).not.toMatch(/^▶/);
}

describe('a new query opens at row 1', () => {
  it.each<[string, (a: Rendered) => Promise<void>]>([
    [':tx deposit', (a) => command(a, 'tx deposit')],
    [':tx withdrawal', (a) => command(a, 'tx withdrawal')],
    ['the next sort (s)', (a) => a.press('s')],
    ['the sort read the other way (S)', (a) => a.press('S')],
  ])('scrolled deep, %s: the first row selected, the range from 1, nothing "new"', async (_name, change) => {
    const a = await open();
    await deep(a);
    await change(a);
    expect(tableLines(a)[0]).toMatch(/^▶/);
    expect(title(a)).toMatch(/ 1-\d+ of /);
    expect(a.frame()).not.toMatch(/new \(g shows|▲ \d+ above/);
    expect(list(a)?.top).toBeUndefined();
    expect(list(a)?.seen).toBeUndefined();
  });

  it('Esc taking the filter off opens the whole list at row 1 too', async () => {
    const a = await open();
    await command(a, 'tx deposit');
    await deep(a);
    await a.press(KEYS.esc);
    expect(a.ui.getState().txChips).toEqual([]);
    expect(tableLines(a)[0]).toMatch(/^▶/);
    expect(title(a)).toMatch(/ 1-\d+ of /);
  });

  it('the same query again keeps the place (only a change opens at row 1)', async () => {
    const a = await open();
    await command(a, 'tx deposit');
    await deep(a);
    const at = list(a)?.selectedId;
    await a.press('2', '1'); // away to another pane and back
    await command(a, 'tx deposit');
    expect(list(a)?.selectedId).toBe(at);
  });
});

describe('a typo in :tx is refused by name', () => {
  it('names the word and the one it was likely meant to be; the view stays as it was', async () => {
    const a = await open();
    await command(a, 'tx waitng');
    expect(statusLine(a)).toContain("unknown word 'waitng': did you mean waiting-approval?");
    expect(a.ui.getState().txChips).toEqual([]);
    expect(title(a)).not.toContain('waitng');
  });

  it('a word nothing is near says what a word may be', async () => {
    const a = await open();
    await command(a, 'tx foobar');
    expect(statusLine(a)).toContain("unknown word 'foobar' (a status, a type, or status: type:");
  });

  it('the warning ends with the next command; the messages (m) keep it', async () => {
    const a = await open();
    await command(a, 'tx waitng');
    expect(statusLine(a)).toContain('did you mean');
    await a.press('j');
    expect(statusLine(a)).not.toContain('did you mean');
    expect(a.stores.session.getState().messages.map((m) => m.text)).toContain(
      "unknown word 'waitng': did you mean waiting-approval?",
    );
  });

  it('a standing problem of the connection is not an answer: a key does not end it', async () => {
    const a = await open();
    const s = a.stores.session;
    s.setState({ ...s.getState(), notices: [], messages: [] });
    s.setState(withNotice(s.getState(), { level: 'warn', text: 'cannot reach the server', key: 'network', cause: 'server' }, 1), true);
    await settle();
    await a.press('j');
    expect(statusLine(a)).toContain('cannot reach the server');
  });
});
