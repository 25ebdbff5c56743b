// The accounts pane. Enter on an account shows only that account in addresses and transactions.
import { useStore } from 'zustand';
import { useView } from '../model.js';
import { accountRenderer } from '../renderers/accounts.js';
import { AGE_REFRESH_MS, filterChip, ListPane } from './list-pane.js';

export function AccountsPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const workspace = useStore(vm.stores.workspace);
  const dictionary = useStore(vm.stores.dictionary);
  const query = useStore(vm.ui, (s) => s.lists.accounts);
  useStore(vm.clock, (s) => Math.floor(s.now / AGE_REFRESH_MS));
  const list = vm.derive.accounts(workspace, query, { dictionary, workspace });
  const ctx = {
    ascii: vm.theme.ascii,
    now: vm.env.now(),
    dictionary,
    workspace,
    prices: list.prices,
    ...(list.addressCounts ? { addressCounts: list.addressCounts } : {}),
  };
  const chips = filterChip(query.filter);
  const empty =
    workspace.accountsLoadedAt === undefined
      ? 'loading accounts...'
      : chips.length > 0
        ? 'no account matches (esc clears the filter)'
        : 'no accounts in this workspace';
  return (
    <ListPane
      pane="accounts"
      renderer={accountRenderer}
      list={list}
      ctx={ctx}
      width={width}
      height={height}
      chips={chips}
      empty={empty}
    />
  );
}
