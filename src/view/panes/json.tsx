// The raw JSON of one record, as the console holds it (unknown fields included), scrollable.
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { escapeHiddenInJson } from '../../format/index.js';
import { isSlim } from '../../store/index.js';
import { useView } from '../model.js';
import type { Segment } from '../segments.js';
import { ScrollView } from '../widgets/scroll-view.js';

export function jsonLines(record: unknown, loading = false, ascii = false): Segment[][] {
  if (loading) return [[{ text: `  loading the whole record${ascii ? '...' : '…'}`, token: 'muted' }]];
  if (record === undefined) return [[{ text: '  the record is no longer loaded', token: 'muted' }]];
  // Invisible characters as their \u escapes: the raw view shows what came, it hides nothing.
  return JSON.stringify(record, null, 2)
    .split('\n')
    .map((line) => [{ text: ` ${escapeHiddenInJson(line)}` }]);
}

export function JsonOverlay({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const json = useStore(vm.ui, (s) => s.json);
  const target = json?.target;
  // Live: the record as it is now (a transaction may move while its JSON is open).
  const tx = useStore(vm.stores.transactions, (s) =>
    target?.pane === 'transactions' ? s.byId.get(target.id) : undefined,
  );
  const ws = useStore(vm.stores.workspace, (s) =>
    target?.pane === 'accounts'
      ? s.accountsById.get(target.id)
      : target?.pane === 'addresses'
        ? s.addresses.find((a) => a.addressId === target.id)
        : undefined,
  );
  const price = useStore(vm.stores.prices, (s) =>
    target?.pane === 'prices' ? s.bySymbol.get(target.id) : undefined,
  );
  // A finished history row is held slim (store/slim.ts): the raw JSON is the whole record, read
  // when asked for; it replaces the slim one in the store, and this pane follows.
  const slim = tx !== undefined && isSlim(tx);
  useEffect(() => {
    if (slim && target !== undefined) vm.actions.loadTransaction(target.id);
  }, [slim, target, vm.actions]);
  const record: unknown = tx ?? ws ?? price;
  const ascii = vm.theme.ascii;
  const lines = useMemo(() => jsonLines(record, slim, ascii), [record, slim, ascii]);
  const title = [
    { text: 'JSON', token: 'title' as const },
    {
      text: ` ${json?.target.pane ?? ''} ${json?.target.id ?? ''}  J or esc closes`,
      token: 'muted' as const,
    },
  ];
  return (
    <ScrollView
      vm={vm}
      limit="json"
      title={title}
      lines={lines}
      scroll={json?.scroll ?? 0}
      width={width}
      height={height}
    />
  );
}
