// The open transaction: its detail, live (the record, its statuses seen, prices for USD values),
// with countdowns and relative times ticking once a second.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { Transaction } from '../../../contract/index.js';
import { shortId } from '../../../format/index.js';
import { useView } from '../../model/model.js';
import { type EvidenceItem, evidenceShown } from '../../../domain/index.js';
import { transactionDetailLines } from './detail-lines.js';
import { ScrollView, scrollTitle } from '../../draw/scroll-view.js';
import { quoteNow } from '../../swap/context.js';

export function DetailPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const id = useStore(vm.ui, (s) => s.detail?.id);
  const scroll = useStore(vm.ui, (s) => s.detail?.scroll ?? 0);
  const tx = useStore(vm.stores.transactions, (s) => (id === undefined ? undefined : s.byId.get(id)));
  const seen = useStore(vm.stores.transactions, (s) => (id === undefined ? undefined : s.seen.get(id)));
  const load = useStore(vm.stores.transactions, (s) => (s.detail?.id === id ? s.detail : undefined));
  const audit = useStore(vm.stores.audit, (s) => (id === undefined ? undefined : s.byTx.get(id)));
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const directory = useStore(vm.stores.directory);
  const prices = useStore(vm.stores.prices, (s) => s.bySymbol);
  const now = useStore(vm.clock, (s) => s.now);
  const serverNow = quoteNow(vm);
  const ascii = vm.theme.ascii;
  const evidence = useEvidence(tx, ascii);
  const lines = useMemo(
    () =>
      tx === undefined
        ? [[{ text: `  loading transaction ${id ?? ''}...`, token: 'muted' as const }]]
        : transactionDetailLines(
            tx,
            { ascii, now, serverNow, dictionary, workspace, prices, directory },
            seen,
            width,
            load,
            audit,
            evidence,
          ),
    [tx, id, ascii, now, serverNow, dictionary, workspace, prices, directory, seen, width, load, audit, evidence],
  );
  const title = scrollTitle('Transaction', ` ${id === undefined ? '' : shortId(id, 8, { ascii })}`, '  esc back');
  return (
    <ScrollView vm={vm} limit="detail" title={title} lines={lines} scroll={scroll} width={width} height={height} />
  );
}

/**
 * The risk evidence of the open transaction, from the stores it reads (the loaded history among
 * them: every batch of rows may change it). Recomputed per change, not per clock tick, and the
 * same array while the items read the same, so the lines are not rebuilt for nothing.
 */
function useEvidence(tx: Transaction | undefined, ascii: boolean): readonly EvidenceItem[] | undefined {
  const vm = useView();
  const directory = useStore(vm.stores.directory);
  const workspace = useStore(vm.stores.workspace);
  const dictionary = useStore(vm.stores.dictionary);
  const balances = useStore(vm.stores.balances);
  const loaded = useStore(vm.stores.transactions, (s) => s.byId);
  const key = useMemo(() => {
    const items =
      tx === undefined
        ? undefined
        : evidenceShown({ tx, directory, workspace, dictionary, balances, loaded: loaded.values(), ascii });
    return JSON.stringify(items ?? null);
  }, [tx, directory, workspace, dictionary, balances, loaded, ascii]);
  // Plain data: its text is its identity, so an unchanged reading keeps the same array.
  return useMemo(() => (JSON.parse(key) as readonly EvidenceItem[] | null) ?? undefined, [key]);
}
