// One line of styled pieces, cut to the width. Every line the view draws outside the table goes
// through here, so no line can be wider than the terminal.
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { fitSegments, type Segment } from '../base/segments.js';
import type { Theme } from '../base/theme.js';

export { fitSegments, type Segment, segmentsWidth, spread } from '../base/segments.js';

export function renderSegments(segments: readonly Segment[], theme: Theme): ReactNode[] {
  return segments.map((s, i) =>
    s.token === undefined || s.token === 'plain' ? (
      s.text
    ) : (
      <Text key={i} {...theme.style(s.token)}>
        {s.text}
      </Text>
    ),
  );
}

export function Line({
  segments,
  theme,
  width,
}: {
  segments: readonly Segment[];
  theme: Theme;
  width: number;
}) {
  const fitted = fitSegments(segments, width, theme.ascii);
  if (fitted.length === 0) return <Text> </Text>;
  return <Text wrap="truncate">{renderSegments(fitted, theme)}</Text>;
}
