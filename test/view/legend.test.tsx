// The help's legend: read back, it says for every status of every list the symbol the list draws
// it with (so the two cannot drift), which symbols end a transaction, and what the marks before a
// row mean; in ASCII with the ASCII symbols; within the help's width. And the help shows it.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  accountStatusStyle,
  ADDRESS_STATUSES,
  addressStatusStyle,
  displayWidth,
  glyphs,
  isTerminalTransactionStatus,
  type StatusStyle,
  TRANSACTION_STATUSES,
  transactionStatusStyle,
} from '../../src/format/index.js';
import { CHANGE_MARK_MS } from '../../src/view/base/change-mark.js';
import { legendLines } from '../../src/view/draw/legend.js';
import { KEYS, type Rendered, renderApp, settle } from './helpers.js';

function text(ascii: boolean, width: number): string[] {
  return legendLines(ascii, width).map((l) => l.map((s) => s.text).join(''));
}

const TABLES: readonly [string, readonly string[], (s: string) => StatusStyle][] = [
  ['Transactions', TRANSACTION_STATUSES, transactionStatusStyle],
  ['Addresses', ADDRESS_STATUSES, addressStatusStyle],
  ['Accounts', ACCOUNT_STATUSES, accountStatusStyle],
];

/** The legend read back: pane → status → the symbol it is listed under (wide: no wrapping). */
function readBack(ascii: boolean): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let pane: Map<string, string> | undefined;
  for (const line of text(ascii, 1000)) {
    const title = /^ {3}(Transactions|Addresses|Accounts)$/.exec(line);
    if (title !== null) out.set(title[1]!, (pane = new Map()));
    else if (!line.startsWith('     ')) pane = undefined;
    else if (pane !== undefined) for (const word of line.slice(26).split(', ')) pane.set(word, line.slice(5, 8).trim());
  }
  return out;
}

describe('legend lines', () => {
  it.each([false, true])('ascii %s: every status of every list, under the symbol its list draws', (ascii) => {
    const back = readBack(ascii);
    for (const [pane, statuses, style] of TABLES) {
      const listed = back.get(pane)!;
      expect([...listed.keys()].sort()).toEqual([...statuses].sort());
      for (const s of statuses) {
        const look = style(s);
        expect(listed.get(s), `${pane} ${s}`).toBe(ascii ? look.asciiSymbol : look.symbol);
      }
    }
  });

  it('the symbols that end a transaction are those of its final statuses', () => {
    const line = text(false, 120).find((l) => l.includes('has ended'))!;
    const finals = new Set(
      TRANSACTION_STATUSES.filter(isTerminalTransactionStatus).map((s) => transactionStatusStyle(s).symbol),
    );
    const said = /marked (.+) has ended/.exec(line)![1]!.split(' ');
    expect(new Set(said)).toEqual(finals);
    // None of a running status: a running symbol never reads as ended.
    for (const s of TRANSACTION_STATUSES.filter((x) => !isTerminalTransactionStatus(x)))
      expect(said).not.toContain(transactionStatusStyle(s).symbol);
  });

  it('the marks: the selection and the change mark, with the glyphs the table draws', () => {
    for (const ascii of [false, true]) {
      const lines = text(ascii, 200);
      const g = glyphs(ascii);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^ {3}\\${g.selection} +selected +the row the keys act on`)));
      const mark = lines.find((l) => l.includes('just changed'))!;
      expect(mark.trimStart().startsWith(g.bullet)).toBe(true);
      expect(mark).toContain(`changed it while you watched, in the last ${CHANGE_MARK_MS / 1000} s`);
    }
  });

  it('ASCII: nothing outside ASCII', () => {
    expect(text(true, 100).join('\n')).not.toMatch(/[^\x00-\x7f]/);
  });

  it.each([80, 100, 120, 200])('fits %i columns', (width) => {
    for (const ascii of [false, true])
      for (const line of text(ascii, width)) expect(displayWidth(line)).toBeLessThanOrEqual(width);
  });
});

describe('help screen', () => {
  let app: Rendered | undefined;
  afterEach(() => {
    app?.unmount();
    app = undefined;
  });

  it('ends with the legend of statuses and marks', async () => {
    app = renderApp({ columns: 120, rows: 40 });
    await settle();
    await app.press('?', 'G');
    const f = app.frame();
    expect(f).toMatch(/⚠ {3}needs a person {3}waiting-approval, awaiting-security-policy/);
    expect(f).toContain('a transaction marked ✓ ◐ ⊘ ◷ ✗ has ended');
    expect(f).toMatch(/● {3}just changed/);
    await app.press(KEYS.esc);
    expect(app.frame()).not.toContain('Marks before a row');
  });

  it('ASCII: the ASCII symbols', async () => {
    app = renderApp({ columns: 100, rows: 40, ascii: true });
    await settle();
    await app.press('?', 'G');
    expect(app.frame()).toMatch(/\[!\] needs a person/);
    expect(app.frame()).toMatch(/\* {3}just changed/);
  });
});
