// The bundle's string-width (scripts/stubs/string-width.js) must measure exactly as string-width.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JS module of the build, without types
import stubWidth, { NARROW } from '../../scripts/stubs/string-width.js';

const segmenter = new Intl.Segmenter();

/** Every BMP character the stub's fast path takes. */
function fastPathCharacters(): string[] {
  const out: string[] = [];
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    if ((NARROW as RegExp).test(ch)) out.push(ch);
  }
  return out;
}

describe('the bundle string-width stub', () => {
  const chars = fastPathCharacters();

  it('takes only characters one column wide that never join a neighbour', () => {
    expect(chars.length).toBeGreaterThan(1000);
    for (const ch of chars) {
      expect(stringWidth(ch), `U+${ch.charCodeAt(0).toString(16)}`).toBe(1);
      expect([...segmenter.segment(`a${ch}a${ch}${ch}`)].length, `U+${ch.charCodeAt(0).toString(16)}`).toBe(5);
    }
  });

  it('agrees with string-width on mixed text, options and everything else', () => {
    const samples = [
      '', 'abc', '─┬─ │ ╰─╯', 'Ops Hot … 12 ↑ 3 ↓', '⚠ stalled', '★ ✓ ✗ ⠋', '1,000.00 × 2 ≥ 5 ·', 'a\u00adb',
      '👍 ok', '日本語', 'e\u0301', '\x1b[31mred\x1b[0m', '◽◾', 'a\u200db', '\u2028', '\t',
      // Styled as Ink measures it: SGR sequences are not columns.
      '\x1b[90m──\x1b[39m \x1b[1m\x1b[36mTransactions\x1b[39m\x1b[22m\x1b[90m │ created ↓\x1b[39m',
      '\x1b[1m ● \x1b[22mwithdrawal   \x1b[35m⋯ waiting-confirmat…\x1b[39m  → TUexGV…VFQMyfwe',
      '\x1b[38;5;240m▲ 1\x1b[m', '\x1b[31m👍\x1b[0m', '\x1b[12345m', '\x1b]8;;http://x\x07link\x1b]8;;\x07', '\x1b[2K…', '\x9b31m…',
    ];
    for (const s of samples) {
      expect(stubWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
      expect(stubWidth(s, { ambiguousIsNarrow: false }), JSON.stringify(s)).toBe(stringWidth(s, { ambiguousIsNarrow: false }));
      expect(stubWidth(s, { countAnsiEscapeCodes: true }), JSON.stringify(s)).toBe(stringWidth(s, { countAnsiEscapeCodes: true }));
    }
    // Random runs of fast-path characters with ASCII.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let i = 0; i < 500; i++) {
      let s = '';
      for (let n = next() % 12; n > 0; n--) s += chars[next() % chars.length];
      expect(stubWidth(s), JSON.stringify(s)).toBe(stringWidth(s));
      const styled = `\x1b[${next() % 100}m${s}\x1b[39;22m${s}\x1b[m`;
      expect(stubWidth(styled), JSON.stringify(styled)).toBe(stringWidth(styled));
    }
  });
});
