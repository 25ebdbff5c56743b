// `/` in the help searches it: the lines with the text are marked, the title counts them, Enter and
// the arrows move between them, Esc leaves the search and then the help.
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, type Rendered, renderApp, settle } from './helpers.js';

let app: Rendered | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function help(options: Parameters<typeof renderApp>[0] = {}): Promise<Rendered> {
  app = renderApp({ columns: 100, rows: 24, ...options });
  await settle();
  await app.press('?');
  return app;
}

const title = (a: Rendered) => a.lines().find((l) => l.includes('Help')) ?? '';
const footer = (a: Rendered) => a.lines().at(-1) ?? '';
/** The line the pointer (▶) is on. */
const pointed = (a: Rendered) => a.lines().find((l) => l.startsWith('▶')) ?? '';

describe('searching the help', () => {
  it('/ starts a search the footer and the title speak of', async () => {
    const a = await help();
    expect(title(a)).toContain('/ searches');
    expect(footer(a)).toContain('/ search');
    await a.press('/');
    expect(a.mode()).toBe('helpSearch');
    expect(title(a)).toContain('type to search');
    expect(footer(a)).toMatch(/enter next .*esc leave search/);
  });

  it('typed text finds its lines, case ignored, and the view goes to the first', async () => {
    const a = await help();
    await a.press('/');
    await a.type('FETCH THE PANE');
    expect(title(a)).toMatch(/\/FETCH THE PANE {2}1 match \(1\/1\)/);
    expect(pointed(a)).toContain('fetch the pane again');
  });

  it('Enter and ↓ go to the next match, ↑ to the one before, round the end', async () => {
    const a = await help();
    await a.press('/');
    await a.type('quit');
    const count = Number(/(\d+) matches/.exec(title(a))?.[1]);
    expect(count).toBeGreaterThan(1);
    expect(title(a)).toContain(`(1/${count})`);
    const first = pointed(a);
    await a.press(KEYS.enter);
    expect(title(a)).toContain(`(2/${count})`);
    expect(pointed(a)).not.toBe(first);
    await a.press(KEYS.up);
    expect(title(a)).toContain(`(1/${count})`);
    expect(pointed(a)).toBe(first);
    await a.press(KEYS.up);
    expect(title(a)).toContain(`(${count}/${count})`);
    await a.press(KEYS.down);
    expect(title(a)).toContain(`(1/${count})`);
  });

  it('says no match; keys that mean something in the help are text while typing', async () => {
    const a = await help();
    await a.press('/');
    await a.type('zq?j');
    expect(a.mode()).toBe('helpSearch');
    expect(title(a)).toMatch(/\/zq\?j {2}no match/);
    await a.press(KEYS.backspace, KEYS.backspace, KEYS.backspace);
    expect(title(a)).toMatch(/\/z {2}/);
    await a.press(KEYS.ctrlU);
    expect(title(a)).toContain('type to search');
  });

  it('a far match scrolls the help to it, and the help stays there after the search', async () => {
    const a = await help();
    expect(a.ui.getState().helpScroll).toBe(0);
    await a.press('/');
    await a.type('resume');
    const scroll = a.ui.getState().helpScroll;
    expect(scroll).toBeGreaterThan(0);
    expect(pointed(a)).toContain('resume');
    await a.press(KEYS.esc);
    expect(a.ui.getState().helpScroll).toBe(scroll);
  });

  it('Esc leaves the search first, then the help', async () => {
    const a = await help();
    await a.press('/');
    await a.type('pane');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('help');
    expect(title(a)).toContain('? or esc closes');
    expect(pointed(a)).toBe('');
    await a.press(KEYS.esc);
    expect(a.mode()).toBe('normal');
  });

  it('Backspace on an empty search and Ctrl-C leave the search, not the console', async () => {
    const a = await help();
    await a.press('/', KEYS.backspace);
    expect(a.mode()).toBe('help');
    await a.press('/');
    await a.type('x');
    await a.press(KEYS.ctrlC);
    expect(a.mode()).toBe('help');
    expect(a.rec.quits).toBe(0);
  });

  it('a new help starts without the last search', async () => {
    const a = await help();
    await a.press('/');
    await a.type('pane');
    await a.press(KEYS.esc, KEYS.esc, '?');
    expect(a.ui.getState().helpSearch).toBeUndefined();
    expect(title(a)).toContain('? or esc closes');
  });

  it('a paste goes into the search', async () => {
    const a = await help();
    await a.press('/');
    await a.paste('fetch the pane');
    expect(title(a)).toContain('/fetch the pane  1 match');
  });

  it('in ASCII the pointer is >', async () => {
    const a = await help({ ascii: true });
    await a.press('/');
    await a.type('fetch the pane');
    expect(a.lines().some((l) => l.startsWith('>') && l.includes('fetch the pane again'))).toBe(true);
  });
});
