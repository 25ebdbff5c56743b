// The action dialog drawn in place of the pane: the frozen target above (scrolling with ↑/↓ when
// the pane is too short for it), the step below it, always on screen.
import { Box } from 'ink';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { DECISIONS } from '../../domain/actions.js';
import { useView } from '../model/model.js';
import { dialogLines, dialogTitle, dialogWindow } from './lines.js';
import type { Segment } from '../base/segments.js';
import { Line } from '../draw/line.js';
import { Rule } from '../draw/rule.js';

export function ActionDialog({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const dialog = useStore(vm.dialog, (s) => s.dialog);
  const now = useStore(vm.clock, (s) => s.now);
  const ascii = vm.theme.ascii;
  const threshold = vm.env.confirmThresholdUsd;
  const lines = useMemo(
    () =>
      dialog === undefined
        ? undefined
        : dialogLines(dialog, {
            width,
            ascii,
            now,
            ...(threshold !== undefined ? { thresholdUsd: threshold } : {}),
          }),
    [dialog, width, ascii, now, threshold],
  );
  if (dialog === undefined || lines === undefined) return null;
  const win = dialogWindow(lines, height);
  const offset = Math.min(dialog.scroll, win.maxScroll);
  const shown = lines.target.slice(offset, offset + win.targetRows);
  const below = lines.target.length - offset - shown.length;
  const g = vm.theme.glyphs;
  const title: Segment[] = [
    { text: dialogTitle(dialog), token: DECISIONS[dialog.action].tone },
  ];
  // The target scrolls with the arrows: say so whenever some of it is out of sight.
  const above: Segment = { text: `${g.moreAbove} ${offset} above (${ascii ? 'up' : '↑'})`, token: 'muted' };
  const rest: Segment = { text: `${g.moreBelow} ${below} more (${ascii ? 'down' : '↓'})`, token: 'accent' };
  const more: Segment[] = [
    ...(offset > 0 ? [above] : []),
    ...(offset > 0 && below > 0 ? [{ text: '  ' }] : []),
    ...(below > 0 ? [rest] : []),
  ];
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={title} right={more} width={width} theme={vm.theme} />
      <Box flexDirection="column" height={win.body}>
        {shown.map((line, i) => (
          <Line key={`t${offset + i}`} segments={line} theme={vm.theme} width={width} />
        ))}
        {win.step.map((line, i) => (
          <Line key={`s${i}`} segments={line} theme={vm.theme} width={width} />
        ))}
      </Box>
      <Rule left={[]} right={[]} width={width} theme={vm.theme} />
    </Box>
  );
}
