// The open activity: its detail from the feed the pane holds, with names as the members arrive.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { shortId } from '../../../format/index.js';
import { useView } from '../../model/model.js';
import { activityDetailLines } from './detail-lines.js';
import { useAgeNow } from '../kit.js';
import { ScrollView, scrollTitle } from '../../draw/scroll-view.js';

export function ActivityDetailPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const id = useStore(vm.ui, (s) => s.detail?.id);
  const scroll = useStore(vm.ui, (s) => s.detail?.scroll ?? 0);
  const record = useStore(vm.stores.activity, (s) => (id === undefined ? undefined : s.byId.get(id)));
  const workspace = useStore(vm.stores.workspace);
  const directory = useStore(vm.stores.directory);
  const now = useAgeNow(vm);
  const ascii = vm.theme.ascii;
  const lines = useMemo(
    () =>
      record !== undefined
        ? activityDetailLines(record, { ascii, now, workspace, directory }, width)
        : [[{ text: `  activity ${id ?? ''} is no longer held (r reads the feed again)`, token: 'muted' as const }]],
    [record, id, ascii, now, workspace, directory, width],
  );
  const title = scrollTitle('Activity', ` ${id === undefined ? '' : shortId(id, 8, { ascii })}`, '  esc back  y copies the id');
  return (
    <ScrollView vm={vm} limit="detail" title={title} lines={lines} scroll={scroll} width={width} height={height} />
  );
}
