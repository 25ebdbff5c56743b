// Invisible characters (src/format/hidden.ts): identifiers show each as a mark, names and free
// text fold away what hides or reorders text, and both are flagged. And wire text of any length
// is cut before it is sanitized or measured (src/format/text.ts).
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import {
  clipText,
  codePointName,
  displayWidth,
  escapeHiddenInJson,
  fitCell,
  foldHidden,
  hasHidden,
  hiddenCharacters,
  sanitizeLine,
  showHidden,
  takeWidth,
  truncateMiddle,
  truncateToWidth,
} from '../../src/format/index.js';

// The characters the issue found reaching the terminal, and their kin.
const HIDING: readonly [string, string][] = [
  ['zero-width space', '\u200b'],
  ['zero-width non-joiner', '\u200c'],
  ['zero-width joiner', '\u200d'],
  ['word joiner', '\u2060'],
  ['invisible times', '\u2062'],
  ['invisible plus', '\u2064'],
  ['BOM', '\ufeff'],
  ['soft hyphen', '\u00ad'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['tag A', '\u{e0041}'],
  ['cancel tag', '\u{e007f}'],
  ['right-to-left override', '\u202e'],
  ['left-to-right isolate', '\u2066'],
  ['Arabic letter mark', '\u061c'],
  ['Hangul filler', '\u3164'],
  ['Mongolian vowel separator', '\u180e'],
  ['combining grapheme joiner', '\u034f'],
  ['variation selector 16', '\ufe0f'],
  ['no-break space', '\u00a0'],
  ['ideographic space', '\u3000'],
  ['bell (a control)', '\u0007'],
  ['next line (a C1 control)', '\u0085'],
];

describe('an identifier shows every hidden character as a mark', () => {
  it.each(HIDING)('%s', (_n, ch) => {
    const address = `0x39ab${ch}9B80`;
    const name = codePointName(ch);
    expect(showHidden(address)).toBe(`0x39ab\u2039${name}\u203a9B80`);
    expect(showHidden(address, true)).toBe(`0x39ab<${name}>9B80`);
    expect(hasHidden(address)).toBe(true);
    expect(hiddenCharacters(address, 'identifier')).toEqual([name]);
  });

  it.each(['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 'memo 12345', '👍'])(
    '%j holds nothing hidden and is left as it is',
    (s) => {
      expect(showHidden(s)).toBe(s);
      expect(hasHidden(s)).toBe(false);
      expect(hiddenCharacters(s, 'identifier')).toEqual([]);
    },
  );

  it('names each character once, at most three', () => {
    expect(hiddenCharacters('a\u200bb\u200bc\ufeffd\u00ade\u2060', 'identifier')).toEqual(['U+200B', 'U+FEFF', 'U+00AD']);
    expect(hiddenCharacters('a\u{e0041}', 'identifier')).toEqual(['U+E0041']);
  });
});

describe('names and free text fold what hides or reorders them', () => {
  it.each<[string, string, string]>([
    ['zero-width space', 'Kra\u200bken', 'Kraken'],
    ['BOM and soft hyphen', '\ufeffPay\u00adroll', 'Payroll'],
    ['word joiner and invisible operators', 'a\u2060b\u2062c', 'abc'],
    ['bidi override that hides the end', 'Alice\u202eecilA', 'AliceecilA'],
    ['bidi isolates and marks', '\u2066x\u2069\u200ey\u200f', 'xy'],
    ['tags', 'flag\u{e0067}\u{e0062}\u{e007f}', 'flag'],
    ['Hangul fillers', '\u3164\u115fname', 'name'],
    ['line and paragraph separators become spaces', 'a\u2028b\u2029c', 'a b c'],
  ])('%s', (_n, s, folded) => {
    expect(foldHidden(s)).toBe(folded);
    expect(hiddenCharacters(s, 'text').length).toBeGreaterThan(0);
  });

  it.each<[string, string]>([
    ['a family emoji (ZWJ)', '👩\u200d👩\u200d👧'],
    ['a heart with VS16', '\u2764\ufe0f'],
    ['Devanagari with ZWJ', '\u0915\u094d\u200d\u0937'],
    ['Persian with ZWNJ', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
    ['an ordinary name', 'Treasury Cold — BTC'],
  ])('%s stays as it is, unflagged', (_n, s) => {
    expect(foldHidden(s)).toBe(s);
    expect(hiddenCharacters(s, 'text')).toEqual([]);
  });

  it('sanitizeLine folds the same and still turns controls into a visible mark', () => {
    expect(sanitizeLine('Ops\u200b Hot\u001b[2J')).toBe('Ops Hot\ufffd[2J');
  });
});

describe('wire text of any length is read only as far as it can be shown', () => {
  const huge = `${'n'.repeat(500_000)}é${'m'.repeat(499_999)}`;
  const wide = '日'.repeat(200_000);
  const zwsp = 'a\u200b'.repeat(100_000);

  it('a cell of a million characters is its first columns and an ellipsis', () => {
    expect(fitCell(huge, 12)).toBe(`${'n'.repeat(11)}…`);
    expect(truncateToWidth(wide, 9)).toBe('日日日日…');
    expect(takeWidth(huge, 5)).toBe('nnnnn');
    expect(takeWidth(huge, 5, true)).toBe('mmmmm');
  });

  it('an address of a million characters keeps both ends', () => {
    expect(truncateMiddle(`0xA${huge}Z`, 11)).toBe('0xAnn…mmmmZ');
  });

  it('text made of invisible characters is cut too, and says it was cut', () => {
    expect(truncateToWidth(zwsp, 10)).toMatch(/^a+…$/);
  });

  it('widths stay exact and linear on long text: the same as string-width', () => {
    for (const s of ['é'.repeat(3_000), `${'日'.repeat(1_000)}👍🏽e\u0301`, 'a\u0301'.repeat(700), '👩\u200d👩\u200d👧'.repeat(400)]) {
      expect(displayWidth(s)).toBe(stringWidth(s));
    }
    expect(displayWidth(wide)).toBe(400_000);
  });

  it('a detail clips long text and says how much was left out', () => {
    expect(clipText('short', 100)).toEqual({ text: 'short', more: 0 });
    expect(clipText('x'.repeat(50_000), 4_096)).toEqual({ text: 'x'.repeat(4_096), more: 45_904 });
    // Never half a surrogate pair: the emoji straddling the cut goes whole.
    const clipped = clipText(`${'x'.repeat(9)}👍👍`, 10);
    expect(clipped).toEqual({ text: 'x'.repeat(9), more: 2 });
  });
});

describe('the raw JSON view writes hidden characters as their escapes', () => {
  it.each<[string, string]>([
    ['"name": "Kra\u200bken"', '"name": "Kra\\u200bken"'],
    ['"memo": "12\u202e34\u009b"', '"memo": "12\\u202e34\\u009b"'],
    ['"tag": "x\u{e0041}"', '"tag": "x\\udb40\\udc41"'],
    ['"plain": "a b"', '"plain": "a b"'],
  ])('%j → %j', (line, escaped) => {
    expect(escapeHiddenInJson(line)).toBe(escaped);
    // Still the same JSON.
    expect(JSON.parse(`{${escapeHiddenInJson(line)}}`)).toEqual(JSON.parse(`{${line.replace(/\u009b/g, '\\u009b')}}`));
  });
});
