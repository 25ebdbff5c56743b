import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { SIMPLE_TEXT } from '../../src/format/text.js';
import {
  asciiFold,
  displayWidth,
  fitCell,
  padEndToWidth,
  padStartToWidth,
  sanitizeLine,
  truncateToWidth,
} from '../../src/format/index.js';

const FAMILY = '👩‍👩‍👧'; // one grapheme, 2 columns, 5 code points
const THUMB = '👍🏽'; // emoji + skin tone modifier: one grapheme, 2 columns
const E_ACUTE = 'e\u0301'; // e + combining acute: one grapheme, 1 column

describe('displayWidth', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['古', 2],
    ['古a', 3],
    [FAMILY, 2],
    [THUMB, 2],
    [E_ACUTE, 1],
    ['▶ ⚠ ✓ …', 7],
    ['\u001b[31mred\u001b[0m', 3],
  ])('%j → %i', (s, expected) => {
    expect(displayWidth(s)).toBe(expected);
  });

  it('agrees with string-width, the measure Ink lays out with', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => displayWidth(s) === stringWidth(s)));
  });
});

describe('sanitizeLine', () => {
  it.each([
    ['plain', false, 'plain'],
    ['a\tb\nc\r\nd', false, 'a b c  d'],
    ['\u001b[2Jwipe', false, '\uFFFD[2Jwipe'],
    ['\u001b]52;c;aGk=\u0007', true, '?]52;c;aGk=?'],
    // Free text: what hides or reorders text is folded away (identifiers show it: hidden.ts).
    ['Ali\u202eecila', false, 'Aliecila'],
    ['x\u2066y\u2069', true, 'xy'],
    ['pay\u200bee\ufeff\u00ad', false, 'payee'],
    ['line\u2028two\u2029three', false, 'line two three'],
    ['tag\u{e0041}\u{e007f}s', false, 'tags'],
    // Joiners and variation selectors stay: emoji and scripts need them.
    [`${FAMILY} \u2764\ufe0f \u0915\u094d\u200d\u0937`, false, `${FAMILY} \u2764\ufe0f \u0915\u094d\u200d\u0937`],
    ['\u0085next', false, '\uFFFDnext'],
    ['古 ✓', false, '古 ✓'],
    [FAMILY, false, FAMILY],
  ])('%j (ascii %s) → %j', (s, ascii, expected) => {
    expect(sanitizeLine(s, { ascii })).toBe(expected);
  });
});

describe('padEndToWidth / padStartToWidth', () => {
  it.each([
    ['ab', 5, 'ab   ', '   ab'],
    ['古', 4, '古  ', '  古'],
    [FAMILY, 3, `${FAMILY} `, ` ${FAMILY}`],
    ['abcdef', 3, 'abcdef', 'abcdef'],
    ['', 2, '  ', '  '],
    ['x', -1, 'x', 'x'],
  ])('%j to %i → %j / %j', (s, width, end, start) => {
    expect(padEndToWidth(s, width)).toBe(end);
    expect(padStartToWidth(s, width)).toBe(start);
  });
});

describe('truncateToWidth', () => {
  it.each([
    ['Treasury Cold', 13, false, 'Treasury Cold'],
    ['Treasury Cold', 14, false, 'Treasury Cold'],
    ['Treasury Cold', 12, false, 'Treasury Co…'],
    ['Treasury Cold', 12, true, 'Treasury Co~'],
    ['Treasury Cold', 1, false, '…'],
    ['Treasury Cold', 1, true, '~'],
    ['Treasury Cold', 0, false, ''],
    ['Treasury Cold', -3, false, ''],
    ['', 0, false, ''],
    // Wide characters: never more than the width, even if one column stays empty.
    ['古古古', 6, false, '古古古'],
    ['古古古', 5, false, '古古…'],
    ['古古古', 4, false, '古…'],
    ['古古古', 2, false, '…'],
    ['a古古', 4, false, 'a古…'],
    ['a古古', 3, false, 'a…'],
    // Emoji stay whole.
    [`${FAMILY}${FAMILY}${FAMILY}`, 5, false, `${FAMILY}${FAMILY}…`],
    [`${FAMILY}${FAMILY}${FAMILY}`, 4, false, `${FAMILY}…`],
    [`ok${THUMB}${THUMB}`, 4, false, 'ok…'],
    [`ok${THUMB}${THUMB}`, 5, false, `ok${THUMB}…`],
    [`${E_ACUTE}${E_ACUTE}${E_ACUTE}`, 2, false, `${E_ACUTE}…`],
    // Control characters never reach the terminal.
    ['memo\nline two', 20, false, 'memo line two'],
    ['\u001b[31mred', 20, true, '?[31mred'],
  ] as const)('%j to %i (ascii %s) → %j', (s, width, ascii, expected) => {
    const out = truncateToWidth(s, width, { ascii });
    expect(out).toBe(expected);
    expect(displayWidth(out)).toBeLessThanOrEqual(Math.max(0, width));
  });

  it('never exceeds the width, and keeps text that fits (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (s, w, ascii) => {
          const out = truncateToWidth(s, w, { ascii });
          expect(displayWidth(out)).toBeLessThanOrEqual(w);
          const clean = sanitizeLine(s, { ascii });
          if (displayWidth(clean) <= w) expect(out).toBe(clean);
        },
      ),
    );
  });
});

describe('fitCell', () => {
  it.each([
    ['BTC', 6, 'left', 'BTC   '],
    ['BTC', 6, 'right', '   BTC'],
    ['25.00000000', 14, 'right', '   25.00000000'],
    ['Treasury Cold', 8, 'left', 'Treasur…'],
    ['Treasury Cold', 8, 'right', 'Treasur…'],
    ['古古古', 5, 'left', '古古…'],
    ['古古古', 4, 'left', '古… '],
    ['古古古', 4, 'right', ' 古…'],
    ['', 3, 'left', '   '],
    ['abc', 0, 'left', ''],
  ] as const)('%j in %i (%s) → %j', (s, width, align, expected) => {
    const out = fitCell(s, width, align);
    expect(out).toBe(expected);
    expect(displayWidth(out)).toBe(width);
  });

  it('uses the ASCII marker when asked', () => {
    expect(fitCell('Treasury Cold', 8, 'left', { ascii: true })).toBe('Treasur~');
  });

  it('is exactly the width for any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('left' as const, 'right' as const),
        (s, w, align) => displayWidth(fitCell(s, w, align)) === w,
      ),
    );
  });
});

describe('asciiFold: text for a terminal that is not UTF-8', () => {
  it.each([
    ['Kraken — BTC deposit', 'Kraken - BTC deposit'],
    ['Tomás Rivera', 'Tomas Rivera'],
    ['1 000 → 2 000 · done…', '1 000 -> 2 000 - done...'],
    ['“quoted” ‘text’', '"quoted" \'text\''],
    ['倉庫 vault', '?? vault'],
    ['plain ascii', 'plain ascii'],
  ])('%s reads %s', (input, expected) => {
    expect(asciiFold(input)).toBe(expected);
  });

  it('every cell fitted for an ASCII terminal is printable ASCII', () => {
    expect(fitCell('Ledger cold storage — ETH', 30, 'left', { ascii: true })).toMatch(/^[\x20-\x7e]{30}$/);
    expect(sanitizeLine('Zoë\u0007 — ok', { ascii: true })).toBe('Zoe? - ok');
  });
});

describe('the measure without string-width (SIMPLE_TEXT)', () => {
  it('takes only characters whose width string-width agrees with and that never join a neighbour', () => {
    const segmenter = new Intl.Segmenter();
    let checked = 0;
    for (let c = 0x20; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (!SIMPLE_TEXT.test(ch)) continue;
      checked += 1;
      const hex = `U+${c.toString(16)}`;
      expect(displayWidth(ch), hex).toBe(stringWidth(ch));
      expect(displayWidth(`a${ch}${ch}`), hex).toBe(stringWidth(`a${ch}${ch}`));
      expect([...segmenter.segment(`a${ch}a${ch}${ch}`)].length, hex).toBe(5);
    }
    expect(checked).toBeGreaterThan(30_000);
  });
});
