// Styled pieces of one line, and how they fit a width. Pure: the renderers build lines of them,
// widgets/line.tsx draws them.
import { displayWidth, headUnits, sanitizeLine, truncateToWidth, unitsFor } from '../../format/index.js';
import type { Token } from './theme.js';

export interface Segment {
  readonly text: string;
  readonly token?: Token;
}

/**
 * Text past this is never measured (a 50,000-character name): wider than any line the console
 * lays out, so "does it fit" has the same answer; every line is cut to its width when drawn.
 */
const LINE_COLUMNS = 400;

/** Columns the segments take, up to a line's worth each (a longer text counts as one column wider). */
export function segmentsWidth(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => {
    const read = headUnits(s.text, unitsFor(LINE_COLUMNS));
    return sum + displayWidth(read) + (read.length < s.text.length ? 1 : 0);
  }, 0);
}

/**
 * The segments cut to `width` columns: the one that crosses the edge ends with "…". Text from the
 * wire is made one safe line here (no control characters, no line breaks), so a name can neither
 * move the cursor nor make the frame taller; and only as much of it is read as the line can show.
 */
export function fitSegments(segments: readonly Segment[], width: number, ascii: boolean): Segment[] {
  const out: Segment[] = [];
  let used = 0;
  for (const raw of segments) {
    const room = Math.max(0, width - used);
    const read = headUnits(raw.text, unitsFor(room));
    const s = { ...raw, text: sanitizeLine(read, { ascii }) };
    const w = displayWidth(s.text);
    if (used + w <= width && read.length === raw.text.length) {
      out.push(s);
      used += w;
      continue;
    }
    if (room > 0) out.push({ ...s, text: truncateToWidth(raw.text, room, { ascii }) });
    break;
  }
  return out;
}

/** Pieces on the left and on the right of one line, with spaces between; the left ones win. */
export function spread(
  left: readonly Segment[],
  right: readonly Segment[],
  width: number,
  ascii: boolean,
): Segment[] {
  // Measured as they would be drawn: a wire text on either side is read only as far as the line goes.
  const l = fitSegments(left, width, ascii);
  const r = fitSegments(right, width, ascii);
  const lw = segmentsWidth(l);
  const rw = segmentsWidth(r);
  if (r.length === 0 || lw + 1 + rw > width || l.length < left.length) return l;
  return [...l, { text: ' '.repeat(width - lw - rw) }, ...r];
}
