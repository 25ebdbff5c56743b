// The help screen, generated from the keymap (and the command table): what every key does.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { fitCell } from '../../format/index.js';
import { COMMANDS } from '../input/commands.js';
import { helpEntries } from '../keys/footer.js';
import { KEYMAP } from '../keys/keymap.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import { useView } from '../model.js';
import { wordWrap } from '../renderers/dialog.js';
import type { Segment } from '../segments.js';
import { ScrollView } from '../widgets/scroll-view.js';

const KEYS_WIDTH = 18;

/** One entry: its keys in a column, its description wrapped beside them (never cut off). */
function entry(out: Segment[][], keys: string, keysWidth: number, description: string, width: number, ascii: boolean): void {
  const indent = 3 + keysWidth + 1;
  wordWrap(description, Math.max(20, width - indent - 1)).forEach((piece, i) => {
    out.push([
      { text: `   ${fitCell(i === 0 ? keys : '', keysWidth, 'left', { ascii })}`, token: 'key' },
      { text: ` ${piece}` },
    ]);
  });
}

export function helpLines(
  keymap: readonly KeyBinding[],
  session: Pick<KeyContext, 'readOnly' | 'role' | 'forbidden'>,
  ascii: boolean,
  width = 120,
): Segment[][] {
  const lines: Segment[][] = [];
  for (const group of helpEntries(keymap, session, ascii)) {
    if (lines.length > 0) lines.push([]);
    lines.push([{ text: ` ${group.title}`, token: 'title' }]);
    for (const e of group.entries) entry(lines, e.keys, KEYS_WIDTH, e.description, width, ascii);
  }
  lines.push([], [{ text: ' Commands (:)', token: 'title' }]);
  for (const c of COMMANDS) {
    const name = `:${[c.name, ...(c.aliases ?? [])].join(' :')}${c.args ? ` ${c.args}` : ''}`;
    entry(lines, name, KEYS_WIDTH + 12, c.description, width, ascii);
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
  const lines = useMemo(
    () => helpLines(keymap, session, vm.theme.ascii, width),
    [keymap, session, vm.theme.ascii, width],
  );
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
