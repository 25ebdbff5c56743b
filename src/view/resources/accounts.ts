// The accounts pane: every account of the workspace. Enter shows only that account in addresses
// and transactions (the account chip); `:account <name>` does the same by name.
import { useStore } from 'zustand';
import type { Account, Address } from '../../contract/index.js';
import { accountStatusStyle, formatAbsolute, styleText } from '../../format/index.js';
import type { WorkspaceState } from '../../store/index.js';
import { listState } from '../../store/ui.js';
import type { CommandSpec } from '../input/command-spec.js';
import type { ViewModel } from '../model.js';
import { notify } from '../notify.js';
import type { Column } from '../renderers/columns.js';
import {
  compareText,
  copyId,
  emptyText,
  filterChip,
  listAge,
  makeList,
  memo,
  newestFirst,
  refData,
  type RefData,
  searchCache,
  sortOf,
  textMatcher,
  useAgeNow,
  useUnreachable,
  type SortSpec,
} from './kit.js';
import type { ListResource } from './types.js';

const columns: readonly Column<Account>[] = [
  {
    id: 'name',
    title: 'NAME',
    minWidth: 14,
    maxWidth: 32,
    flex: 2,
    priority: 10,
    whole: true,
    cell: (a) => a.accountName + (a.extra?.onlyAddressBookWithdrawals ? ' [book]' : ''),
  },
  {
    id: 'status',
    title: 'STATUS',
    minWidth: 12,
    maxWidth: 24,
    priority: 9,
    whole: true,
    toned: true,
    cell: (a, ctx) => styleText(accountStatusStyle(a.status), { ascii: ctx.ascii }),
  },
  { id: 'net', title: 'NET', width: 7, priority: 7, cell: (a) => (a.isTestnet ? 'testnet' : 'mainnet') },
  {
    id: 'addresses',
    title: 'ADDR',
    width: 5,
    priority: 6,
    align: 'right',
    cell: (a, ctx) => {
      const n = ctx.addressCounts?.get(a.accountId);
      return n === undefined ? '' : String(n);
    },
  },
  { id: 'type', title: 'TYPE', width: 6, priority: 3, cell: (a) => a.accountType },
  {
    id: 'id',
    title: 'ID',
    minWidth: 12,
    maxWidth: 36,
    flex: 1,
    priority: 5,
    truncate: 'middle',
    cell: (a) => a.accountId,
  },
  {
    id: 'external',
    title: 'EXTERNAL ID',
    minWidth: 12,
    maxWidth: 32,
    flex: 1,
    priority: 2,
    truncate: 'middle',
    cell: (a) => a.externalId,
  },
  {
    id: 'age',
    title: 'AGE',
    width: 4,
    priority: 4,
    align: 'right',
    searchable: false,
    cell: (a, ctx) => listAge(a.createdAt, ctx.now),
  },
  { id: 'created', title: 'CREATED', width: 19, priority: 1, cell: (a) => formatAbsolute(a.createdAt) },
];

const sorts: readonly SortSpec[] = [
  { id: 'name', label: 'name' },
  { id: 'created', label: 'created ↓' },
  { id: 'status', label: 'status' },
];

/** The accounts a `:account` argument names: an exact name, else every name it starts. */
export function matchAccounts(accounts: readonly Account[], text: string): Account[] {
  const wanted = text.trim().toLowerCase();
  const exact = accounts.filter((a) => a.accountName.toLowerCase() === wanted);
  if (exact.length > 0) return exact;
  return accounts
    .filter((a) => a.accountName.toLowerCase().startsWith(wanted))
    .sort((a, b) => a.accountName.localeCompare(b.accountName));
}

/** At most this many names are listed when `:account` is ambiguous. */
const LISTED = 5;

const accountCommand: CommandSpec = {
  name: 'account',
  args: '[name]',
  description: 'only the account of this name (or the one it starts), in addresses and transactions; alone: every account',
  wholeRest: true,
  complete: (word, sources) =>
    [...new Set(sources.accountNames)].filter((n) => n.toLowerCase().startsWith(word.toLowerCase())).sort(),
  run(vm, cmd) {
    const ui = vm.ui.getState();
    if (cmd.rest === '') {
      ui.update({ accountFilter: undefined });
      return;
    }
    const found = matchAccounts(vm.stores.workspace.getState().accounts, cmd.rest);
    if (found.length === 0) {
      notify(vm, 'warn', `no account name starts with "${cmd.rest}"`, 'view-command');
      return;
    }
    if (found.length > 1) {
      const names = found.slice(0, LISTED).map((a) => a.accountName);
      const more = found.length > LISTED ? `, and ${found.length - LISTED} more` : '';
      notify(
        vm,
        'warn',
        `${found.length} accounts start with "${cmd.rest}": ${names.join(', ')}${more} (Tab completes a name)`,
        'view-command',
      );
      return;
    }
    ui.update({ accountFilter: found[0]!.accountId });
    if (ui.pane !== 'addresses' && ui.pane !== 'transactions') ui.setPane('transactions');
  },
};

function derivations() {
  const search = searchCache(columns, (a: Account) => a.accountId);
  const addressCounts = memo(
    (addresses: readonly Address[]) => {
      const counts = new Map<string, number>();
      for (const a of addresses)
        if (a.accountId != null) counts.set(a.accountId, (counts.get(a.accountId) ?? 0) + 1);
      return counts;
    },
    (a, b) => a[0] === b[0],
  );
  const rows = memo(
    (state: WorkspaceState, filter: string, sortIndex: number, ref: RefData) => {
      const match = textMatcher(filter);
      const sort = sortOf(sorts, sortIndex).id;
      const kept = match ? state.accounts.filter((a) => match(search(a, ref))) : [...state.accounts];
      kept.sort((a, b) =>
        sort === 'created'
          ? newestFirst(a.createdAt, b.createdAt)
          : sort === 'status'
            ? compareText(a.status, b.status) || a.accountName.localeCompare(b.accountName)
            : a.accountName.localeCompare(b.accountName),
      );
      return makeList(
        kept.map((a) => a.accountId),
        (id) => state.accountsById.get(id),
        state.accounts.length,
      );
    },
    (a, b) =>
      a[0].accounts === b[0].accounts &&
      a[1] === b[1] &&
      sortOf(sorts, a[2]).id === sortOf(sorts, b[2]).id &&
      a[3].dictionary === b[3].dictionary,
  );
  return { rows, addressCounts };
}

function derived(vm: ViewModel) {
  return vm.cache(accounts, derivations);
}

export const accounts: ListResource<Account> = {
  id: 'accounts',
  title: 'Accounts',
  columns,
  sorts,
  recordId: (a) => a.accountId,
  tone: (a) => accountStatusStyle(a.status).tone,
  rows(vm) {
    const own = listState(vm.ui.getState(), 'accounts');
    return derived(vm).rows(vm.stores.workspace.getState(), own.filter, own.sort, refData(vm));
  },
  find: (vm, id) => vm.stores.workspace.getState().accountsById.get(id),
  usePane(vm) {
    const workspace = useStore(vm.stores.workspace);
    const dictionary = useStore(vm.stores.dictionary);
    const own = useStore(vm.ui, (s) => listState(s, 'accounts'));
    const now = useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    const list = accounts.rows(vm);
    const chips = filterChip(own.filter);
    return {
      list,
      ctx: {
        ascii: vm.theme.ascii,
        now,
        dictionary,
        workspace,
        prices: list.prices,
        addressCounts: derived(vm).addressCounts(workspace.addresses),
      },
      chips,
      empty: emptyText({
        loading: workspace.accountsLoadedAt === undefined,
        filtered: chips.length > 0,
        plural: 'accounts',
        singular: 'account',
        none: 'no accounts in this workspace',
        ascii: vm.theme.ascii,
        unreachable,
      }),
    };
  },
  refresh: 'accounts',
  copy: copyId,
  open: {
    label: 'open',
    description: 'show only that account in addresses and transactions',
    run(vm, id) {
      const ui = vm.ui.getState();
      ui.update({ accountFilter: id });
      ui.setPane('transactions');
    },
  },
  commands: [accountCommand],
};
