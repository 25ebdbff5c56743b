import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, shortId, truncateMiddle } from '../../src/format/index.js';

const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlhn5hj9';
const ETH = '0x39Ab5cd7e1F0a2b3c4D5e6F7a8B9c0D1e2F39B80';

describe('truncateMiddle', () => {
  it.each([
    // The screen mock: the end gets the odd column.
    [BTC, 10, false, 'bc1q…n5hj9'],
    [ETH, 9, false, '0x39…9B80'],
    [BTC, 10, true, 'bc1...5hj9'],
    [ETH, 11, true, '0x39...9B80'],
    [BTC, 3, false, 'b…9'],
    // Never cut what fits.
    [BTC, BTC.length, false, BTC],
    [BTC, BTC.length + 5, false, BTC],
    ['short', 5, false, 'short'],
    ['', 0, false, ''],
    // Too narrow for both ends: an end cut.
    [BTC, 2, false, 'b…'],
    [BTC, 1, false, '…'],
    [BTC, 4, true, 'bc1~'],
    [BTC, 0, false, ''],
    // Wide characters: never wider than asked.
    ['古古古古古古', 7, false, '古…古古'],
    ['古古古古古古', 6, false, '古…古'],
    ['a古古古古b', 6, false, 'a…古b'],
    // A control character in wire text is shown, not obeyed.
    // An identifier shows what it hides, as a mark (hidden.ts).
    ['bc1q\u202eq9jh5n', 20, false, 'bc1q\u2039U+202E\u203aq9jh5n'],
    ['bc1q\u200bq9jh5n', 20, true, 'bc1q<U+200B>q9jh5n'],
  ] as const)('%j to %i (ascii %s) → %j', (s, width, ascii, expected) => {
    const out = truncateMiddle(s, width, { ascii });
    expect(out).toBe(expected);
    expect(displayWidth(out)).toBeLessThanOrEqual(width);
  });

  it('keeps both ends and never exceeds the width (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9]{0,80}$/), fc.integer({ min: 5, max: 90 }), (s, w) => {
        const out = truncateMiddle(s, w);
        if (s.length <= w) return out === s;
        const [head, tail] = out.split('…') as [string, string];
        return (
          out.length === w &&
          s.startsWith(head) &&
          s.endsWith(tail) &&
          head.length >= 1 &&
          tail.length >= head.length &&
          tail.length - head.length <= 1
        );
      }),
    );
  });
});

describe('shortId', () => {
  it.each([
    ['k3f9a8b7c6d5e4f3g2h1', undefined, false, 'k3f9…'],
    ['7h2kqqqq', undefined, false, '7h2k…'],
    ['7h2kqqqq', undefined, true, '7h2k~'],
    ['7h2kqqqq', 6, false, '7h2kqq…'],
    // Cutting would save nothing: the whole id.
    ['k3f9', undefined, false, 'k3f9'],
    ['k3f9a', undefined, false, 'k3f9a'],
    ['k3f9ab', undefined, false, 'k3f9…'],
    ['', undefined, false, ''],
    ['abcdef', 0, false, 'a…'],
    ['abcdef', Number.NaN, false, 'abcd…'],
  ] as const)('%j (n %s, ascii %s) → %j', (id, n, ascii, expected) => {
    expect(shortId(id, n, { ascii })).toBe(expected);
  });
});
