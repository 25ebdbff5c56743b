// The raw JSON of one record, as the console holds it (unknown fields included), scrollable. Any
// list pane's record: its resource says where it is held (find/useRecord) and how to read one held
// in part (whole), so `J` works on every pane the registry lists.
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { escapeHiddenInJson } from '../../format/index.js';
import { useView } from '../model/model.js';
import { recordsIn } from '../resources/kit.js';
import { resourceOf } from '../resources/registry.js';
import type { Segment } from '../base/segments.js';
import { ScrollView, scrollTitle } from '../draw/scroll-view.js';

export function jsonLines(record: unknown, loading = false, ascii = false): Segment[][] {
  if (loading) return [[{ text: `  loading the whole record${ascii ? '...' : '…'}`, token: 'muted' }]];
  if (record === undefined) return [[{ text: '  the record is no longer loaded', token: 'muted' }]];
  // Invisible characters as their \u escapes: the raw view shows what came, it hides nothing.
  return JSON.stringify(record, null, 2)
    .split('\n')
    .map((line) => [{ text: ` ${escapeHiddenInJson(line)}` }]);
}

/** A target of no list pane: nothing is held for it. */
const NOWHERE = recordsIn((stores) => stores.session, () => undefined);

export function JsonOverlay({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const json = useStore(vm.ui, (s) => s.json);
  const target = json?.target;
  const resource = target === undefined ? undefined : resourceOf(target.pane);
  // Live: the record as it is now (a transaction may move while its JSON is open).
  const record = (resource ?? NOWHERE).useRecord(vm, target?.id);
  // A record held in part (a finished transaction is held slim: store/slim.ts): the raw JSON is the
  // whole record, read when asked for; it replaces the partial one in the store, and this follows.
  const partial = record !== undefined && resource?.whole?.partial(record) === true;
  useEffect(() => {
    if (partial && target !== undefined) resource?.whole?.load(vm, target.id);
  }, [partial, target, resource, vm]);
  const ascii = vm.theme.ascii;
  const lines = useMemo(() => jsonLines(record, partial, ascii), [record, partial, ascii]);
  const title = scrollTitle('JSON', ` ${target?.pane ?? ''} ${target?.id ?? ''}  J or esc closes`);
  return (
    <ScrollView vm={vm} limit="json" title={title} lines={lines} scroll={json?.scroll ?? 0} width={width} height={height} />
  );
}
