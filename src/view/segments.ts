// Styled pieces of one line, and how they fit a width. Pure: the renderers build lines of them,
// widgets/line.tsx draws them.
import { displayWidth, sanitizeLine, truncateToWidth } from '../format/index.js';
import type { Token } from './theme.js';

export interface Segment {
  readonly text: string;
  readonly token?: Token;
}

export function segmentsWidth(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => sum + displayWidth(s.text), 0);
}

/**
 * The segments cut to `width` columns: the one that crosses the edge ends with "…". Text from the
 * wire is made one safe line here (no control characters, no line breaks), so a name can neither
 * move the cursor nor make the frame taller.
 */
export function fitSegments(segments: readonly Segment[], width: number, ascii: boolean): Segment[] {
  const out: Segment[] = [];
  let used = 0;
  for (const raw of segments) {
    const s = { ...raw, text: sanitizeLine(raw.text, { ascii }) };
    const w = displayWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
      continue;
    }
    const room = width - used;
    if (room > 0) out.push({ ...s, text: truncateToWidth(s.text, room, { ascii }) });
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
  const lw = segmentsWidth(left);
  const rw = segmentsWidth(right);
  if (right.length === 0 || lw + 1 + rw > width) return fitSegments(left, width, ascii);
  return [...left, { text: ' '.repeat(width - lw - rw) }, ...right];
}
