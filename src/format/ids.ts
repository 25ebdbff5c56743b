// Ids and addresses in narrow columns. People compare addresses by their first and last characters,
// so a cut address keeps both ends; an id keeps its start (that is what `:tx k3f9` completes on).

import { glyphs } from './symbols.js';
import { type AsciiOption, displayWidth, sanitizeLine, takeWidth, truncateToWidth } from './text.js';

/**
 * At most `width` columns, keeping the start and the end around "…" ("..." in ASCII):
 * "bc1q…n5hj9". The end gets the odd column. Text that fits is never cut.
 */
export function truncateMiddle(s: string, width: number, { ascii = false }: AsciiOption = {}): string {
  const w = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : 0;
  const line = sanitizeLine(s, { ascii });
  if (displayWidth(line) <= w) return line;
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
  return truncateToWidth(id, keep + displayWidth(marker), options);
}
