// `:ctx`'s list of profiles, over the pane: the cursor's row, the active profile marked, host,
// workspace and the production ones said so. Enter switches, esc closes.
import { Box } from 'ink';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { Line } from '../draw/line.js';
import { Rule } from '../draw/rule.js';
import { scrollTitle } from '../draw/scroll-view.js';
import { useView } from '../model/model.js';
import { profileLines } from './lines.js';

export function ProfilesOverlay({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const cursor = useStore(vm.ui, (s) => s.profilesCursor);
  const profiles = vm.env.profiles;
  const ascii = vm.theme.ascii;
  const lines = useMemo(
    () =>
      profileLines(profiles?.list ?? [], {
        ...(profiles?.current !== undefined ? { current: profiles.current } : {}),
        ...(profiles?.previous !== undefined ? { previous: profiles.previous } : {}),
        cursor,
        width,
        ascii,
      }),
    [profiles, cursor, width, ascii],
  );
  const body = Math.max(1, height - 2);
  // The cursor's row stays in sight.
  const top = Math.max(0, Math.min(cursor - body + 1, lines.length - body));
  const title = scrollTitle('Profiles', `  ${ascii ? '*' : '\u25cf'} in use; enter switches, esc closes`);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={title} right={[]} width={width} theme={vm.theme} />
      <Box flexDirection="column" height={body}>
        {lines.slice(top, top + body).map((line, i) => (
          <Line key={top + i} segments={line} theme={vm.theme} width={width} />
        ))}
      </Box>
      <Rule left={[]} right={[]} width={width} theme={vm.theme} />
    </Box>
  );
}
