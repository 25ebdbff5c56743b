// The help screen, generated from the keymap (and the command table): what every key does.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { fitCell } from '../../format/index.js';
import { COMMANDS } from '../commands.js';
import { helpEntries, KEYMAP, type KeyBinding, type KeyContext } from '../keymap.js';
import { useView } from '../model.js';
import type { Segment } from '../segments.js';
import { ScrollView } from '../widgets/scroll-view.js';

const KEYS_WIDTH = 18;

export function helpLines(
  keymap: readonly KeyBinding[],
  session: Pick<KeyContext, 'readOnly' | 'role' | 'forbidden'>,
  ascii: boolean,
): Segment[][] {
  const lines: Segment[][] = [];
  for (const group of helpEntries(keymap, session, ascii)) {
    if (lines.length > 0) lines.push([]);
    lines.push([{ text: ` ${group.title}`, token: 'title' }]);
    for (const e of group.entries) {
      lines.push([
        { text: `   ${fitCell(e.keys, KEYS_WIDTH, 'left', { ascii })}`, token: 'key' },
        { text: ` ${e.description}` },
      ]);
    }
  }
  lines.push([], [{ text: ' Commands (:)', token: 'title' }]);
  for (const c of COMMANDS) {
    const name = `:${[c.name, ...(c.aliases ?? [])].join(' :')}${c.args ? ` ${c.args}` : ''}`;
    lines.push([
      { text: `   ${fitCell(name, KEYS_WIDTH + 12, 'left', { ascii })}`, token: 'key' },
      { text: ` ${c.description}` },
    ]);
  }
  lines.push(
    [],
    [{ text: ' Statuses', token: 'title' }],
    [
      {
        text: '   every status is shown as a symbol and its word; color only repeats what they say',
        token: 'muted',
      },
    ],
  );
  if (session.readOnly)
    lines.push([], [{ text: ' Read-only: keys that change anything are hidden.', token: 'warning' }]);
  return lines;
}

export function HelpOverlay({
  width,
  height,
  keymap = KEYMAP,
}: {
  width: number;
  height: number;
  keymap?: readonly KeyBinding[];
}) {
  const vm = useView();
  const scroll = useStore(vm.ui, (s) => s.helpScroll);
  const session = useStore(
    vm.stores.session,
    useShallow((s) => ({ readOnly: s.readOnly, role: s.role, forbidden: s.forbidden })),
  );
  const lines = useMemo(() => helpLines(keymap, session, vm.theme.ascii), [keymap, session, vm.theme.ascii]);
  const title = [
    { text: 'Help', token: 'title' as const },
    { text: '  ? or esc closes', token: 'muted' as const },
  ];
  return (
    <ScrollView
      vm={vm}
      limit="help"
      title={title}
      lines={lines}
      scroll={scroll}
      width={width}
      height={height}
    />
  );
}
