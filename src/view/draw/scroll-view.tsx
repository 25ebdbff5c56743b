// A scrollable page of lines (the detail, the help, the JSON): a title rule, the visible lines,
// and a rule saying what lies below. It reports its largest scroll to the dispatcher.
import { Box } from 'ink';
import { useLayoutEffect } from 'react';
import type { ScrollLimit, ViewModel } from '../model/model.js';
import type { Segment } from '../base/segments.js';
import { Line } from './line.js';
import { Rule } from './rule.js';

export interface ScrollViewProps {
  readonly vm: ViewModel;
  readonly limit: ScrollLimit;
  readonly title: readonly Segment[];
  readonly lines: readonly (readonly Segment[])[];
  readonly scroll: number;
  readonly width: number;
  readonly height: number;
}

/** A scroll view's title: the view's name, then its muted words (what it shows, the keys that close it). */
export function scrollTitle(name: string, ...muted: readonly string[]): Segment[] {
  return [{ text: name, token: 'title' }, ...muted.map((text): Segment => ({ text, token: 'muted' }))];
}

export function ScrollView({ vm, limit, title, lines, scroll, width, height }: ScrollViewProps) {
  const body = Math.max(1, height - 2);
  const max = Math.max(0, lines.length - body);
  useLayoutEffect(() => {
    vm.setLimit(limit, max);
  }, [vm, limit, max]);
  const offset = Math.min(Math.max(0, scroll), max);
  const g = vm.theme.glyphs;
  const below = Math.max(0, lines.length - offset - body);
  const position: Segment[] =
    lines.length > body
      ? [{ text: `${offset + 1}-${Math.min(lines.length, offset + body)}/${lines.length}`, token: 'muted' }]
      : [];
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={title} right={position} width={width} theme={vm.theme} />
      <Box flexDirection="column" height={body}>
        {lines.slice(offset, offset + body).map((line, i) => (
          <Line key={offset + i} segments={line} theme={vm.theme} width={width} />
        ))}
      </Box>
      <Rule
        left={offset > 0 ? [{ text: `${g.moreAbove} ${offset} above`, token: 'muted' }] : []}
        right={below > 0 ? [{ text: `${g.moreBelow} ${below} more (j/k, PgDn)`, token: 'accent' }] : []}
        width={width}
        theme={vm.theme}
      />
    </Box>
  );
}
