// The deposit addresses pane: filters by account (the chip, shared with transactions), network and
// status (`:addr`), and text. `y` offers the address among its copies.
import type { Address } from '../../../contract/index.js';
import { ADDRESS_STATUSES, addressStatusStyle, styleText } from '../../../format/index.js';
import { addressExplorerUrl, type WorkspaceState } from '../../../store/index.js';
import { listState, type UiData } from '../../../store/ui.js';
import type { CommandSpec } from '../../query/command-spec.js';
import type { ViewModel } from '../../model/model.js';
import { AddressDetailPane } from './detail.js';
import type { Column } from '../../draw/columns.js';
import { accountName, networkName } from '../../draw/context.js';
import type { Segment } from '../../base/segments.js';
import {
  accountColumn,
  ageColumn,
  chip,
  closeDetailOf,
  compareText,
  createdColumn,
  emptyText,
  filterChip,
  type ListQuery,
  makeList,
  memo,
  newestFirst,
  type RefData,
  recordsIn,
  sameList,
  searchCache,
  sortOf,
  type SortSpec,
  textMatcher,
  useAgeNow,
  useInputs,
  useUnreachable,
} from '../kit.js';
import { fieldCopies } from '../copies.js';
import type { ListResource } from '../types.js';

/** How many assets an address takes: "all", or the count of activated ones. */
export function activatedAssets(address: Address): string {
  if (address.acceptsAllAssets) return 'all';
  return String(address.activatedAssets?.length ?? 0);
}

const columns: readonly Column<Address>[] = [
  accountColumn(8, { minWidth: 10, maxWidth: 22, flex: 1 }),
  {
    id: 'network',
    title: 'NETWORK',
    minWidth: 8,
    maxWidth: 20,
    priority: 9,
    whole: true,
    cell: (a, ctx) => networkName(ctx, a.networkId),
  },
  {
    id: 'address',
    title: 'ADDRESS',
    minWidth: 16,
    maxWidth: 64,
    flex: 3,
    priority: 10,
    truncate: 'middle',
    cell: (a) => a.address ?? '',
  },
  // A deposit to this address without its memo is lost: whole when the room allows.
  { id: 'memo', title: 'MEMO', minWidth: 6, maxWidth: 24, priority: 6, whole: true, cell: (a) => a.memo ?? '' },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 12,
    maxWidth: 34,
    priority: 7,
    whole: true,
    toned: true,
    cell: (a, ctx) => styleText(addressStatusStyle(a.status), { ascii: ctx.ascii }),
  },
  { id: 'assets', title: 'ASSETS', width: 6, priority: 4, align: 'right', cell: activatedAssets },
  { id: 'id', title: 'ID', width: 12, priority: 2, truncate: 'middle', cell: (a) => a.addressId },
  ageColumn(3),
  createdColumn(),
];

const sorts: readonly SortSpec[] = [
  { id: 'created', label: 'created ↓' },
  { id: 'account', label: 'account' },
  { id: 'network', label: 'network' },
  { id: 'status', label: 'status' },
];

export interface AddressQuery extends ListQuery {
  readonly accountId?: string;
  readonly networks: readonly string[];
  readonly statuses: readonly string[];
}

export function addressQuery(ui: Pick<UiData, 'accountFilter' | 'addrNetworks' | 'addrStatuses' | 'lists'>): AddressQuery {
  const own = listState(ui, 'addresses');
  return {
    filter: own.filter,
    sort: own.sort,
    ...(ui.accountFilter !== undefined ? { accountId: ui.accountFilter } : {}),
    networks: ui.addrNetworks,
    statuses: ui.addrStatuses,
  };
}

function derivations() {
  const search = searchCache(columns, (a: Address) => a.addressId);
  return memo(
    (state: WorkspaceState, q: AddressQuery, ref: RefData) => {
      const match = textMatcher(q.filter);
      const networks = q.networks.map((n) => n.toLowerCase());
      const statuses = new Set(q.statuses);
      const networkMatches = (networkId: string) => {
        const name = ref.dictionary.networks.get(networkId)?.name?.toLowerCase();
        return networks.includes(networkId.toLowerCase()) || (name !== undefined && networks.includes(name));
      };
      const kept = state.addresses.filter(
        (a) =>
          (q.accountId === undefined || a.accountId === q.accountId) &&
          (networks.length === 0 || networkMatches(a.networkId)) &&
          (statuses.size === 0 || statuses.has(a.status)) &&
          (match === undefined || match(search(a, ref))),
      );
      const sort = sortOf(sorts, q.sort).id;
      const name = (id: string | null | undefined) =>
        id == null ? '' : (state.accountsById.get(id)?.accountName ?? id);
      kept.sort((a, b) =>
        sort === 'account'
          ? name(a.accountId).localeCompare(name(b.accountId)) || compareText(a.networkId, b.networkId)
          : sort === 'network'
            ? compareText(a.networkId, b.networkId) || name(a.accountId).localeCompare(name(b.accountId))
            : sort === 'status'
              ? compareText(a.status, b.status)
              : newestFirst(a.createdAt, b.createdAt),
      );
      const byId = new Map(state.addresses.map((a) => [a.addressId, a]));
      return makeList(
        kept.map((a) => a.addressId),
        (id) => byId.get(id),
        state.addresses.length,
      );
    },
    (a, b) =>
      a[0].addresses === b[0].addresses &&
      a[0].accountsById === b[0].accountsById &&
      a[1].filter === b[1].filter &&
      sortOf(sorts, a[1].sort).id === sortOf(sorts, b[1].sort).id &&
      a[1].accountId === b[1].accountId &&
      sameList(a[1].networks, b[1].networks) &&
      sameList(a[1].statuses, b[1].statuses) &&
      a[2].dictionary === b[2].dictionary,
  );
}

const addrCommand: CommandSpec = {
  name: 'addr',
  args: '[network|status ...]',
  description: 'addresses on these networks, with these statuses; alone: all',
  complete: (word, sources) =>
    [...new Set([...sources.networks, ...sources.addressStatuses])].filter((c) =>
      c.toLowerCase().startsWith(word.toLowerCase()),
    ),
  run(vm, cmd) {
    const statuses = new Set<string>(ADDRESS_STATUSES);
    const ui = vm.ui.getState();
    ui.update({
      addrStatuses: cmd.args.filter((a) => statuses.has(a.toLowerCase())).map((a) => a.toLowerCase()),
      addrNetworks: cmd.args.filter((a) => !statuses.has(a.toLowerCase())),
    });
    // A new view of the pane starts on its list, not on the detail of a row of the old one.
    closeDetailOf(vm, addresses);
    ui.setPane('addresses');
  },
};

function chips(
  ctx: { readonly workspace: WorkspaceState },
  ui: Pick<UiData, 'accountFilter' | 'addrNetworks' | 'addrStatuses'>,
  filter: string,
): Segment[] {
  return [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ctx, ui.accountFilter))] : []),
    ...(ui.addrNetworks.length > 0 ? [chip('network', ui.addrNetworks.join(','))] : []),
    ...(ui.addrStatuses.length > 0 ? [chip('status', ui.addrStatuses.join(','))] : []),
    ...filterChip(filter),
  ];
}

/** What the rows are derived from: the one selector the pane subscribes with and the keys read. */
function inputs(vm: ViewModel) {
  const ui = vm.ui.getState();
  return {
    own: listState(ui, 'addresses'),
    accountFilter: ui.accountFilter,
    addrNetworks: ui.addrNetworks,
    addrStatuses: ui.addrStatuses,
    workspace: vm.stores.workspace.getState(),
    dictionary: vm.stores.dictionary.getState(),
    directory: vm.stores.directory.getState(),
  };
}

function rowsOf(vm: ViewModel, from = inputs(vm)) {
  const { workspace, dictionary, directory } = from;
  const q = addressQuery({ ...from, lists: { addresses: from.own } });
  return vm.cache(addresses, derivations)(workspace, q, { workspace, dictionary, directory });
}

export const addresses: ListResource<Address> = {
  id: 'addresses',
  title: 'Addresses',
  columns,
  sorts,
  recordId: (a) => a.addressId,
  tone: (a) => addressStatusStyle(a.status).tone,
  inputs,
  rows: (vm) => rowsOf(vm),
  ...recordsIn((stores) => stores.workspace, (s, id) => s.addresses.find((a) => a.addressId === id)),
  usePane(vm) {
    const ui = useInputs(vm, inputs);
    const { workspace, dictionary } = ui;
    const now = useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    const list = rowsOf(vm, ui);
    const shown = chips(ui, ui, ui.own.filter);
    return {
      list,
      ctx: { ascii: vm.theme.ascii, now, dictionary, workspace, prices: list.prices },
      chips: shown,
      empty: emptyText({
        loading: workspace.addressesLoadedAt === undefined,
        filtered: shown.length > 0,
        plural: 'addresses',
        singular: 'address',
        none: 'no deposit addresses',
        ascii: vm.theme.ascii,
        unreachable,
      }),
    };
  },
  refresh: 'addresses',
  copies: (a, id, ctx) =>
    fieldCopies(id, a, [
      ['address', 'address', a.address],
      ['memo', 'memo', a.memo],
      ['externalId', 'external id', a.externalId],
      ['link', 'explorer link', addressExplorerUrl(ctx.dictionary, a.networkId, a.address)],
    ]),
  open: {
    label: 'open',
    description: 'open the detail (the whole address, memo, assets, explorer link)',
    run: (vm, id) => vm.ui.getState().openDetail('addresses', id),
  },
  detail: { Component: AddressDetailPane },
  hasFilters: (ui) => ui.accountFilter !== undefined || ui.addrNetworks.length + ui.addrStatuses.length > 0,
  clearFilter(vm) {
    const ui = vm.ui.getState();
    if (ui.addrNetworks.length + ui.addrStatuses.length > 0) {
      ui.update({ addrNetworks: [], addrStatuses: [] });
      return true;
    }
    if (ui.accountFilter !== undefined) {
      ui.update({ accountFilter: undefined });
      return true;
    }
    return false;
  },
  commands: [addrCommand],
};
