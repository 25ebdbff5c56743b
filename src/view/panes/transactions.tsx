// The transactions pane: a view of the workspace's transactions (its `:tx` filters and account
// chip are a server query), newest first, moving live. It holds all live work and the history
// around the cursor (store/tx-window.ts): it tells the live engine which view is on screen and
// where the cursor is, and the engine reads ahead of the cursor and lets go far from it. It
// subscribes to the transactions slice, the names it shows and its own ui state; never to prices
// (USD values use prices held up to a minute, see derive.ts) and never to the 1 s clock. Ages are
// drawn at the time of the 5 s tick, also when data changes redraw the table.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { txQueryKey } from '../../store/index.js';
import { accountName } from '../renderers/context.js';
import { transactionQuery } from '../derive.js';
import { useView } from '../model.js';
import { transactionRenderer } from '../renderers/transactions.js';
import type { Segment } from '../widgets/line.js';
import { AGE_REFRESH_MS, chip, filterChip, ListPane } from './list-pane.js';

export function TransactionsPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const tx = useStore(vm.stores.transactions);
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const ui = useStore(
    vm.ui,
    useShallow((s) => ({
      own: s.lists.transactions,
      accountFilter: s.accountFilter,
      txFilter: s.txFilter,
      txChips: s.txChips,
      follow: s.follow,
    })),
  );
  const ageTick = useStore(vm.clock, (s) => Math.floor(s.now / AGE_REFRESH_MS));
  const query = transactionQuery({ ...ui, lists: { transactions: ui.own } });
  const key = txQueryKey(query.server);
  const list = vm.derive.transactions(tx, query, { dictionary, workspace }, vm.stores.prices.getState());
  // The view on screen: the engine reads its history (or keeps what it holds of it).
  useEffect(() => {
    vm.actions.showTransactions(query.server);
    // `key` names the query: the object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm, key]);
  const onViewport = (anchorId: string | undefined, visibleRows: number) =>
    vm.actions.transactionsViewport({ key, ...(anchorId !== undefined ? { anchorId } : {}), visibleRows });
  const ctx = { ascii: vm.theme.ascii, now: ageTick * AGE_REFRESH_MS, dictionary, workspace, prices: list.prices };
  const chips: Segment[] = [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ctx, ui.accountFilter))] : []),
    ...ui.txChips.map((c) => chip(c.label, c.value)),
    ...filterChip(ui.own.filter),
  ];
  const h = list.history;
  const ellipsis = vm.theme.ascii ? '...' : '…';
  const empty =
    h?.error !== undefined
      ? `cannot read transactions: ${h.error} (r retries)`
      : h?.loading === true
        ? `loading transactions${ellipsis}`
        : chips.length > 0
          ? 'no transaction matches (esc clears the filter)'
          : 'no transactions yet';
  return (
    <ListPane
      pane="transactions"
      renderer={transactionRenderer}
      list={list}
      ctx={ctx}
      width={width}
      height={height}
      chips={chips}
      marks={tx.changedAt}
      follow={ui.follow}
      empty={empty}
      onViewport={onViewport}
    />
  );
}
