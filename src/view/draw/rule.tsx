// A horizontal rule with words in it: "── Transactions │ created ↓ ──── 1/2,341 ──".
// The pane title and the line under a table are rules, so they separate and inform in one line.
import type { Theme } from '../base/theme.js';
import { Line, type Segment, fitSegments, segmentsWidth } from './line.js';

export function ruleSegments(
  left: readonly Segment[],
  right: readonly Segment[],
  width: number,
  theme: Theme,
): Segment[] {
  const r = theme.glyphs.rule;
  const edge: Segment = { text: `${r}${r}`, token: 'border' };
  const pad = (segments: readonly Segment[]): Segment[] =>
    segments.length === 0 ? [] : [{ text: ' ' }, ...segments, { text: ' ' }];
  const head = [edge, ...pad(left)];
  const withRight = right.length > 0 && segmentsWidth(head) + segmentsWidth(pad(right)) + 3 <= width;
  const tail = [...(withRight ? pad(right) : []), edge];
  const fill = width - segmentsWidth(head) - segmentsWidth(tail);
  if (fill < 1) return fitSegments(head, width, theme.ascii);
  return [...head, { text: r.repeat(fill), token: 'border' }, ...tail];
}

export function Rule({
  left,
  right = [],
  width,
  theme,
}: {
  left: readonly Segment[];
  right?: readonly Segment[];
  width: number;
  theme: Theme;
}) {
  return <Line segments={ruleSegments(left, right, width, theme)} theme={theme} width={width} />;
}
