// `/` filters as each key is typed, the title counts the matches, Enter keeps the filter and Esc
// puts back the one there was before `/` (and the selection with it).
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function open(columns: number, rows = 30): Promise<Rendered> {
  app = renderApp({ columns, rows });
  await settle();
  return app;
}

function selected(a: Rendered): string {
  return a.lines().find((l) => l.startsWith('▶')) ?? '';
}

function filterOf(a: Rendered, pane = 'transactions'): string | undefined {
  return a.ui.getState().lists[pane]?.filter;
}

describe.each([80, 120])('/ filters as you type at %i columns', (columns) => {
  it('each key filters the rows and the title counts them; Enter keeps the filter', async () => {
    const a = await open(columns);
    expect(a.frame()).toContain('1-8 of all 8');
    await a.press('/');
    await a.type('tre');
    // Still typing, and the list already shows only the matches.
    expect(a.mode()).toBe('filter');
    expect(a.frame()).toContain(' /tre');
    expect(a.frame()).toContain('[/tre]');
    expect(a.frame()).toContain('1-2 of 2 matching, in 8 held');
    expect(a.frame()).not.toContain('deposit');
    await a.press(KEYS.backspace, KEYS.backspace);
    expect(a.frame()).toContain('[/t]');
    expect(a.frame()).toContain('1-8 of all 8');
    expect(a.frame()).toContain('deposit');
    await a.type('estnet');
    expect(a.frame()).toContain('1-2 of 2 matching, in 8 held');
    expect(a.frame()).toContain('teleport');
    expect(a.frame()).not.toContain('deposit');
    await a.press(KEYS.enter);
    expect(a.mode()).toBe('normal');
    expect(filterOf(a)).toBe('testnet');
    expect(a.frame()).toContain('[/testnet]');
    expect(a.frame()).toContain('1-2 of 2 matching, in 8 held');
  });

  it('nothing matching says so while typing; Esc puts back the filter from before /', async () => {
    const a = await open(columns);
    await a.press('/');
    await a.type('ops');
    await a.press(KEYS.enter);
    expect(a.frame()).toContain('of 4 matching');
    await a.press('/', KEYS.ctrlU);
    // The line emptied: every row is back while the line is open.
    expect(a.frame()).toContain('1-8 of all 8');
    await a.type('zzz');
    expect(a.frame()).toContain('no transaction matches');
    expect(a.frame()).toContain('0 of 0 matching, in 8 held');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
    expect(filterOf(a)).toBe('ops');
    expect(a.frame()).toContain('[/ops]');
    expect(a.frame()).toContain('of 4 matching');
  });

  it('Esc after / on an unfiltered list leaves it unfiltered', async () => {
    const a = await open(columns);
    await a.press('/');
    await a.type('cold');
    expect(a.frame()).not.toContain('teleport');
    await a.press(KEYS.esc);
    expect(filterOf(a)).toBe('');
    expect(a.frame()).toContain('teleport');
    expect(a.frame()).toContain('1-8 of all 8');
  });

  it('the selection keeps its row while the text hides it, and is there again after Esc', async () => {
    const a = await open(columns);
    await a.press('j', 'j');
    expect(selected(a)).toContain('broadcasted');
    await a.press('/');
    await a.type('lab');
    expect(selected(a)).not.toContain('broadcasted');
    await a.press(KEYS.esc);
    expect(selected(a)).toContain('broadcasted');
    // A text that keeps the row keeps the selection on it.
    await a.press('/');
    await a.type('hot');
    await a.press(KEYS.enter);
    expect(selected(a)).toContain('broadcasted');
  });

  it('backspace on an emptied line leaves it with no filter (what the list shows is kept)', async () => {
    const a = await open(columns);
    await a.press('/');
    await a.type('ops');
    await a.press(KEYS.enter, '/', KEYS.ctrlU, KEYS.backspace);
    expect(a.mode()).toBe('normal');
    expect(filterOf(a)).toBe('');
    expect(a.frame()).toContain('1-8 of all 8');
  });

  it('on a list held whole (accounts) the title counts the matches of the filter being typed', async () => {
    const a = await open(columns);
    await a.press('1', '/');
    await a.type('hot');
    expect(a.frame()).toContain('1/1 of 3');
    expect(a.frame()).not.toContain('Testnet Lab');
    await a.press(KEYS.esc);
    expect(filterOf(a, 'accounts')).toBe('');
    expect(a.frame()).toContain('Testnet Lab');
    expect(filterOf(a) ?? '').toBe('');
  });
});
