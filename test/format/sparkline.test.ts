import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayWidth, sparkline } from '../../src/format/index.js';

describe('sparkline', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8], 8, false, '▁▂▃▄▅▆▇█'],
    [[1, 2, 3, 4, 5, 6, 7, 8], 8, true, '_.:-=+*#'],
    // Fewer points than columns: right-aligned, newest at the edge.
    [[1, 2, 3, 4, 5, 6, 7, 8], 10, false, '  ▁▂▃▄▅▆▇█'],
    // More points than columns: the last `width`, rescaled to their own range.
    [[100, 1, 2, 3, 4, 5, 6, 7, 8], 8, false, '▁▂▃▄▅▆▇█'],
    [[8, 1], 2, false, '█▁'],
    // Flat series and a single point: the middle bar.
    [[5, 5, 5], 3, false, '▄▄▄'],
    [[5, 5, 5], 3, true, '---'],
    [[42], 4, false, '   ▄'],
    // Empty: spaces.
    [[], 5, false, '     '],
    [[], 0, false, ''],
    [[1, 2], 0, false, ''],
    [[1, 2], -2, false, ''],
    // Decimal strings, as prices come.
    [['97412.10', '97000.00', '97800.55'], 3, false, '▅▁█'],
    [['1.0002', '1.0001', '1.0003', '1.0002'], 4, false, '▅▁█▅'],
    // Not a number: a gap, not a low value.
    [['1', 'n/a', '3'], 3, false, '▁ █'],
    [[1, Number.NaN, 3], 3, true, '_ #'],
    [['x', 'y'], 2, false, '  '],
  ] as const)('%j in %i (ascii %s) → %j', (values, width, ascii, expected) => {
    expect(sparkline(values, width, { ascii })).toBe(expected);
  });

  it('is exactly `width` columns for any series (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double(), fc.integer().map(String))),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (values, width, ascii) => {
          const line = sparkline(values, width, { ascii });
          return displayWidth(line) === width && [...line].length === width;
        },
      ),
    );
  });
});
