// The deposit addresses pane: filters by account (the chip), network and status (`:addr`), and text.
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { addressQuery } from '../derive.js';
import { useView } from '../model.js';
import { addressRenderer } from '../renderers/addresses.js';
import { accountName } from '../renderers/context.js';
import type { Segment } from '../widgets/line.js';
import { AGE_REFRESH_MS, chip, filterChip, ListPane } from './list-pane.js';

export function AddressesPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const workspace = useStore(vm.stores.workspace);
  const dictionary = useStore(vm.stores.dictionary);
  const ui = useStore(
    vm.ui,
    useShallow((s) => ({
      own: s.lists.addresses,
      accountFilter: s.accountFilter,
      addrNetworks: s.addrNetworks,
      addrStatuses: s.addrStatuses,
    })),
  );
  useStore(vm.clock, (s) => Math.floor(s.now / AGE_REFRESH_MS));
  const list = vm.derive.addresses(workspace, addressQuery({ ...ui, lists: { addresses: ui.own } }), {
    dictionary,
    workspace,
  });
  const ctx = { ascii: vm.theme.ascii, now: vm.env.now(), dictionary, workspace, prices: list.prices };
  const chips: Segment[] = [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ctx, ui.accountFilter))] : []),
    ...(ui.addrNetworks.length > 0 ? [chip('network', ui.addrNetworks.join(','))] : []),
    ...(ui.addrStatuses.length > 0 ? [chip('status', ui.addrStatuses.join(','))] : []),
    ...filterChip(ui.own.filter),
  ];
  const empty =
    workspace.addressesLoadedAt === undefined
      ? 'loading addresses...'
      : chips.length > 0
        ? 'no address matches (esc clears the filter)'
        : 'no deposit addresses';
  return (
    <ListPane
      pane="addresses"
      renderer={addressRenderer}
      list={list}
      ctx={ctx}
      width={width}
      height={height}
      chips={chips}
      empty={empty}
    />
  );
}
