// The copy menu drawn below the list or detail it was opened on (lazygit's popup): the record stays
// in sight while its key is chosen. Its entries follow the record live (a hash that arrives while
// the menu is open appears in it).
import { Box } from 'ink';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { ViewModel } from '../model/model.js';
import { Line } from '../draw/line.js';
import { Rule } from '../draw/rule.js';
import { scrollTitle } from '../draw/scroll-view.js';
import type { CopyEntry } from '../resources/copies.js';
import { recordsIn, refData } from '../resources/kit.js';
import { resourceOf } from '../resources/registry.js';
import { copyEntries, copyMenuLines } from './copy-menu.js';

/** A target of no list pane: nothing is held for it (a hook all the same: the hooks stay in order). */
const NOWHERE = recordsIn((stores) => stores.session, () => undefined);

/** React hook: the open menu's entries, as the record is now; undefined when no menu is open or the record is gone. */
export function useCopyMenu(vm: ViewModel): { open: boolean; entries: readonly CopyEntry[] | undefined } {
  const target = useStore(vm.ui, (s) => s.copyMenu);
  const resource = target === undefined ? undefined : resourceOf(target.pane);
  const record = (resource ?? NOWHERE).useRecord(vm, target?.id);
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const entries = useMemo(
    () => (target === undefined || record === undefined ? undefined : copyEntries(target.pane, target.id, record, { ...refData(vm), dictionary, workspace })),
    [vm, target, record, dictionary, workspace],
  );
  return { open: target !== undefined, entries };
}

/** The lines the menu takes: its rules and one per entry (one line when the record is gone). */
export function copyMenuHeight(entries: readonly CopyEntry[] | undefined): number {
  return (entries?.length ?? 1) + 2;
}

export function CopyMenuOverlay({
  vm,
  entries,
  width,
  height,
}: {
  vm: ViewModel;
  entries: readonly CopyEntry[] | undefined;
  width: number;
  height: number;
}) {
  const target = useStore(vm.ui, (s) => s.copyMenu);
  const ascii = vm.theme.ascii;
  const lines = useMemo(() => copyMenuLines(entries, width, ascii), [entries, width, ascii]);
  const title = scrollTitle('Copy', ` ${target?.pane ?? ''}  a key copies, yy the id, esc closes`);
  const body = Math.max(1, height - 2);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Rule left={title} right={[]} width={width} theme={vm.theme} />
      <Box flexDirection="column" height={body}>
        {lines.slice(0, body).map((line, i) => (
          <Line key={i} segments={line} theme={vm.theme} width={width} />
        ))}
      </Box>
      <Rule left={[]} right={[]} width={width} theme={vm.theme} />
    </Box>
  );
}
