// A price history as one line of bar glyphs, newest on the right.

import { isDecimalString } from './decimal.js';
import { glyphs } from './symbols.js';

/**
 * Exactly `width` columns drawn from the last `width` values, scaled between their own min and max:
 * "▁▃▅█" (ASCII "_:=#"). Fewer values than columns leave spaces on the left; a value that is not
 * a number leaves a space in its place; a flat series draws the middle bar.
 */
export function sparkline(
  values: readonly (number | string)[],
  width: number,
  { ascii = false }: { readonly ascii?: boolean } = {},
): string {
  const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
  if (w === 0) return '';
  const levels = glyphs(ascii).sparkLevels;
  const top = levels.length - 1;
  // The one place a decimal string becomes a float: a bar's height is a picture, not money, and
  // rounding in the 16th digit cannot move it by a level.
  const points = values
    .slice(-w)
    .map((v) => (typeof v === 'number' ? v : isDecimalString(v) ? Number(v) : Number.NaN));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of points) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  // Halves first: max - min of two huge doubles can overflow to Infinity.
  const span = max / 2 - min / 2;
  const bars = points.map((v) => {
    if (!Number.isFinite(v)) return ' ';
    const level = span > 0 ? Math.round(((v / 2 - min / 2) / span) * top) : Math.floor(top / 2);
    return levels[level]!;
  });
  return ' '.repeat(w - bars.length) + bars.join('');
}
