// The help screen, generated from the keymap (and the command table): what every key does.
import { useLayoutEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { displayWidth, fitCell } from '../../format/index.js';
import { COMMANDS } from '../input/commands.js';
import { helpEntries } from '../keys/footer.js';
import { KEYMAP } from './keymap.js';
import type { KeyBinding, KeyContext } from '../keys/types.js';
import { useView } from '../model/model.js';
import { wordWrap } from '../draw/detail-kit.js';
import { legendLines } from '../draw/legend.js';
import type { Segment } from '../base/segments.js';
import { ScrollView, scrollTitle } from '../draw/scroll-view.js';
import type { HelpSearch } from '../../store/ui.js';
import { currentMatch, helpMatches, markMatches, matchesText, scrollToLine, withPointer } from './help-search.js';

const KEYS_WIDTH = 18;

/**
 * The keys column: at least `min`, wider when a label needs it (a label is never cut), but never
 * more than a third of the line, which is the description's.
 */
function keysColumn(labels: readonly string[], min: number, width: number): number {
  const widest = labels.reduce((w, l) => Math.max(w, displayWidth(l)), min);
  return Math.max(min, Math.min(widest, Math.floor(width / 3)));
}

/** One entry: its keys in a column, its description wrapped beside them to the line's end (never cut off). */
function entry(out: Segment[][], keys: string, keysWidth: number, description: string, width: number, ascii: boolean): void {
  const indent = 3 + keysWidth + 1;
  // Keys wider than their column (a narrow terminal) get a line of their own rather than a cut.
  const own = displayWidth(keys) > keysWidth;
  if (own) out.push([{ text: `   ${keys}`, token: 'key' }]);
  wordWrap(description, Math.max(20, width - indent)).forEach((piece, i) => {
    out.push([
      { text: `   ${fitCell(i === 0 && !own ? keys : '', keysWidth, 'left', { ascii })}`, token: 'key' },
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
  const groups = helpEntries(keymap, session, ascii);
  const keysWidth = keysColumn(groups.flatMap((g) => g.entries.map((e) => e.keys)), KEYS_WIDTH, width);
  for (const group of groups) {
    if (lines.length > 0) lines.push([]);
    lines.push([{ text: ` ${group.title}`, token: 'title' }]);
    for (const e of group.entries) entry(lines, e.keys, keysWidth, e.description, width, ascii);
  }
  lines.push([], [{ text: ' Commands (:)', token: 'title' }]);
  const names = COMMANDS.map((c) => `:${[c.name, ...(c.aliases ?? [])].join(' :')}${c.args ? ` ${c.args}` : ''}`);
  const namesWidth = keysColumn(names, KEYS_WIDTH + 12, width);
  COMMANDS.forEach((c, i) => entry(lines, names[i]!, namesWidth, c.description, width, ascii));
  lines.push([], ...legendLines(ascii, width));
  if (session.readOnly)
    lines.push([], [{ text: ' Read-only: keys that change anything are hidden.', token: 'warning' }]);
  return lines;
}

/** The title: what closes the help, or while searching, the search, its count and how to leave it. */
function helpTitle(search: HelpSearch | undefined, count: number, current: number): Segment[] {
  if (search === undefined) return scrollTitle('Help', '  ? or esc closes', '  / searches');
  const said = matchesText(search.text, count, current);
  return [
    { text: 'Help', token: 'title' },
    { text: `  /${search.text}`, token: 'key' },
    { text: `  ${said}`, token: search.text !== '' && count === 0 ? 'warning' : 'muted' },
    { text: '  esc leaves the search', token: 'muted' },
  ];
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
  const search = useStore(vm.ui, (s) => s.helpSearch);
  const session = useStore(
    vm.stores.session,
    useShallow((s) => ({ readOnly: s.readOnly, role: s.role, forbidden: s.forbidden })),
  );
  const lines = useMemo(
    () => helpLines(keymap, session, vm.theme.ascii, width),
    [keymap, session, vm.theme.ascii, width],
  );
  const text = search?.text ?? '';
  const found = useMemo(() => helpMatches(lines, text), [lines, text]);
  const current = currentMatch(found.length, search?.match ?? 0);
  const max = Math.max(0, lines.length - Math.max(1, height - 2));
  const at = current < 0 ? scroll : scrollToLine(found[current]!, scroll, Math.max(1, height - 2), max);
  // The store keeps the scroll the search moved to: j/k and the next search go on from there.
  useLayoutEffect(() => {
    if (vm.ui.getState().helpScroll !== at) vm.ui.getState().update({ helpScroll: at });
  }, [vm, at]);
  const shown = useMemo(() => {
    if (found.length === 0) return lines;
    const marked = new Set(found);
    const pointer = vm.theme.glyphs.selection;
    return lines.map((line, i) => {
      if (!marked.has(i)) return line;
      const m = markMatches(line, text, 'selection');
      return i === found[current] ? withPointer(m, pointer) : m;
    });
  }, [lines, found, current, text, vm.theme.glyphs]);
  return (
    <ScrollView
      vm={vm}
      limit="help"
      title={helpTitle(search, found.length, current)}
      lines={shown}
      scroll={at}
      width={width}
      height={height}
    />
  );
}
