// The transactions pane: every transaction the console knows, newest first, moving live. It
// subscribes to the transactions slice, the names it shows and its own ui state; never to prices
// (USD values use prices held up to a minute, see derive.ts) and never to the 1 s clock. Ages are
// drawn at the time of the 5 s tick, also when data changes redraw the table: a young row's text
// (its line on the terminal) changes once a tick, not every second under ~10 updates a second.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { accountName } from '../renderers/context.js';
import { transactionQuery } from '../derive.js';
import { useView } from '../model.js';
import { transactionRenderer } from '../renderers/transactions.js';
import type { Segment } from '../widgets/line.js';
import { AGE_REFRESH_MS, chip, count, filterChip, ListPane } from './list-pane.js';

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
      txStatuses: s.txStatuses,
      txTypes: s.txTypes,
      follow: s.follow,
    })),
  );
  const ageTick = useStore(vm.clock, (s) => Math.floor(s.now / AGE_REFRESH_MS));
  const list = vm.derive.transactions(
    tx,
    transactionQuery({ ...ui, lists: { transactions: ui.own } }),
    { dictionary, workspace },
    vm.stores.prices.getState(),
  );
  const ctx = { ascii: vm.theme.ascii, now: ageTick * AGE_REFRESH_MS, dictionary, workspace, prices: list.prices };
  const chips: Segment[] = [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ctx, ui.accountFilter))] : []),
    ...(ui.txStatuses.length > 0 ? [chip('status', ui.txStatuses.join(','))] : []),
    ...(ui.txTypes.length > 0 ? [chip('type', ui.txTypes.join(','))] : []),
    ...filterChip(ui.own.filter),
  ];
  const p = tx.progress;
  const info: Segment[] =
    p.loading || !p.complete
      ? [
          {
            text: `  loaded ${count(p.loaded)}${p.loading ? ` / loading${vm.theme.ascii ? '...' : '…'}` : ''}`,
            token: 'muted',
          },
        ]
      : [];
  const filtered = chips.length > 0;
  const empty =
    !p.complete && tx.order.length === 0
      ? 'loading transactions...'
      : filtered
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
      info={info}
      marks={tx.changedAt}
      follow={ui.follow}
      empty={empty}
    />
  );
}
