// Ids and addresses in narrow columns. People compare addresses by their first and last characters,
// so a cut address keeps both ends; an id keeps its start (that is what `:tx k3f9` completes on).

import { showHidden } from './hidden.js';
import { glyphs } from './symbols.js';
import {
  type AsciiOption,
  displayWidth,
  headUnits,
  sanitizeLine,
  tailUnits,
  takeWidth,
  truncateToWidth,
  unitsFor,
} from './text.js';

/**
 * At most `width` columns, keeping the start and the end around "…" ("..." in ASCII):
 * "bc1q…n5hj9". The end gets the odd column. Text that fits is never cut. An identifier's
 * invisible characters show as marks (hidden.ts): two addresses that differ must look different.
 */
export function truncateMiddle(s: string, width: number, { ascii = false }: AsciiOption = {}): string {
  const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
  // Only both ends of a long text are read: the middle is what the cut leaves out anyway.
  const units = unitsFor(w);
  const whole = s.length <= 2 * units;
  const line = sanitizeLine(showHidden(whole ? s : headUnits(s, units) + tailUnits(s, units), ascii), { ascii });
  if (whole && displayWidth(line) <= w) return line;
  const marker = glyphs(ascii).middleEllipsis;
  const room = w - displayWidth(marker);
  // Too narrow for both ends: an end cut at least shows where the text starts.
  if (room < 2) return truncateToWidth(line, w, { ascii });
  const headWidth = Math.floor(room / 2);
  const head = takeWidth(line, headWidth);
  // A wide character may leave the head a column short: give that column to the end.
  const tail = takeWidth(line, room - displayWidth(head), true);
  return head + marker + tail;
}

/** The first `length` columns of an id and "…" ("~" in ASCII): "k3f9…". Whole when cutting saves nothing. */
export function shortId(id: string, length = 4, options: AsciiOption = {}): string {
  const marker = glyphs(options.ascii ?? false).ellipsis;
  const keep = Number.isFinite(length) ? Math.max(1, Math.floor(length)) : 4;
  return truncateToWidth(showHidden(headUnits(id, unitsFor(keep + 1)), options.ascii ?? false), keep + displayWidth(marker), options);
}
