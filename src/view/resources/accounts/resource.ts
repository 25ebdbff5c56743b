// The accounts pane: every account of the workspace, each with its balances' worth in USD and the
// workspace's total in the title. Enter opens the account's detail (its balances among its facts)
// and sets the account chip, so addresses, transactions and balances then show only that account;
// `:account <name>` sets the chip by name.
import type { Account, Address, Balance } from '../../../contract/index.js';
import { accountStatusStyle, styleText } from '../../../format/index.js';
import type { PricePoint, WorkspaceState } from '../../../store/index.js';
import { listState } from '../../../store/ui.js';
import type { CommandSpec } from '../../query/command-spec.js';
import type { ViewModel } from '../../model/model.js';
import { notify } from '../../model/notify.js';
import { AccountDetailPane } from './detail.js';
import type { Column } from '../../draw/columns.js';
import { balancesSummary, totalOf, totalsByAccount, type UsdTotal, usdTotalText, ZERO_TOTAL } from '../balances/values.js';
import { heldPrices } from '../balances/held-prices.js';
import {
  ageColumn,
  compareText,
  createdColumn,
  emptyText,
  filterChip,
  fixed8,
  makeList,
  memo,
  newestFirst,
  type RefData,
  recordsIn,
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
  {
    id: 'usd',
    title: 'USD',
    minWidth: 15,
    maxWidth: 20,
    priority: 8,
    align: 'right',
    searchable: false,
    // A sum of money is read whole: as wide as $999,999,999.99, and cut only when even the extras'
    // room is not enough.
    whole: true,
    cell: (a, ctx) => ctx.accountUsd?.get(a.accountId) ?? '',
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
    // An extra: on a narrow screen it gives way for the USD sum (y copies it; the detail has it).
    priority: 4,
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
  ageColumn(4),
  createdColumn(),
];

const sorts: readonly SortSpec[] = [
  { id: 'name', label: 'name' },
  { id: 'created', label: 'created ↓' },
  { id: 'status', label: 'status' },
  { id: 'usd', label: 'USD ↓' },
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

/** The one account a command's argument names; none (the status line says why) when it names none or several. */
export function resolveAccountArg(vm: ViewModel, text: string): Account | undefined {
  const found = matchAccounts(vm.stores.workspace.getState().accounts, text);
  if (found.length === 0) {
    notify(vm, 'warn', `no account name starts with "${text}"`, 'view-command');
    return undefined;
  }
  if (found.length > 1) {
    const names = found.slice(0, LISTED).map((a) => a.accountName);
    const more = found.length > LISTED ? `, and ${found.length - LISTED} more` : '';
    notify(
      vm,
      'warn',
      `${found.length} accounts start with "${text}": ${names.join(', ')}${more} (Tab completes a name)`,
      'view-command',
    );
    return undefined;
  }
  return found[0];
}

/** The panes the account chip applies to: `:account` stays on one of them. */
const CHIPPED = ['addresses', 'transactions', 'balances'];

const accountCommand: CommandSpec = {
  name: 'account',
  args: '[name]',
  description:
    'only the account of this name (or the one it starts), in addresses, transactions and balances; alone: every account',
  wholeRest: true,
  complete: (word, sources) =>
    [...new Set(sources.accountNames)].filter((n) => n.toLowerCase().startsWith(word.toLowerCase())).sort(),
  run(vm, cmd) {
    const ui = vm.ui.getState();
    if (cmd.rest === '') {
      ui.update({ accountFilter: undefined });
      return;
    }
    const account = resolveAccountArg(vm, cmd.rest);
    if (account === undefined) return;
    ui.update({ accountFilter: account.accountId });
    if (!CHIPPED.includes(ui.pane)) ui.setPane('transactions');
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
  const totals = memo(
    (byId: ReadonlyMap<string, Balance>, ref: RefData, prices: ReadonlyMap<string, PricePoint>) => {
      const ctx = { dictionary: ref.dictionary, prices };
      return { byAccount: totalsByAccount(byId.values(), ctx), workspace: totalOf(byId.values(), ctx) };
    },
    (a, b) => a[0] === b[0] && a[1].dictionary === b[1].dictionary && a[2] === b[2],
  );
  const usdTexts = memo(
    (byAccount: ReadonlyMap<string, UsdTotal>, accounts: readonly Account[], ascii: boolean, loaded: boolean) => {
      const texts = new Map<string, string>();
      // Before the first read an account's total is not known: blank, not "$0.00".
      if (!loaded) return texts;
      for (const a of accounts) texts.set(a.accountId, usdTotalText(byAccount.get(a.accountId) ?? ZERO_TOTAL, ascii));
      return texts;
    },
    (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3],
  );
  const rows = memo(
    (
      state: WorkspaceState,
      filter: string,
      sortIndex: number,
      ref: RefData,
      byAccount: ReadonlyMap<string, UsdTotal>,
    ) => {
      const match = textMatcher(filter);
      const sort = sortOf(sorts, sortIndex).id;
      const kept = match ? state.accounts.filter((a) => match(search(a, ref))) : [...state.accounts];
      const usd = (a: Account) => fixed8(byAccount.get(a.accountId)?.usd) ?? -1n;
      kept.sort((a, b) =>
        sort === 'created'
          ? newestFirst(a.createdAt, b.createdAt)
          : sort === 'status'
            ? compareText(a.status, b.status) || a.accountName.localeCompare(b.accountName)
            : sort === 'usd'
              ? (usd(a) > usd(b) ? -1 : usd(a) < usd(b) ? 1 : 0) || a.accountName.localeCompare(b.accountName)
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
      a[3].dictionary === b[3].dictionary &&
      // The totals order the rows only in the USD sort.
      (sortOf(sorts, a[2]).id !== 'usd' || a[4] === b[4]),
  );
  return { rows, addressCounts, totals, usdTexts };
}

function derived(vm: ViewModel) {
  return vm.cache(accounts, derivations);
}

/** What the rows are derived from: the one selector the pane subscribes with and the keys read. */
function inputs(vm: ViewModel) {
  return {
    own: listState(vm.ui.getState(), 'accounts'),
    workspace: vm.stores.workspace.getState(),
    dictionary: vm.stores.dictionary.getState(),
    directory: vm.stores.directory.getState(),
    balances: vm.stores.balances.getState(),
    prices: heldPrices(vm),
  };
}

function rowsOf(vm: ViewModel, from = inputs(vm)) {
  const { own, workspace, dictionary, directory } = from;
  const ref = { workspace, dictionary, directory };
  const { byAccount } = derived(vm).totals(from.balances.byId, ref, from.prices);
  return derived(vm).rows(workspace, own.filter, own.sort, ref, byAccount);
}

export const accounts: ListResource<Account> = {
  id: 'accounts',
  title: 'Accounts',
  columns,
  sorts,
  recordId: (a) => a.accountId,
  tone: (a) => accountStatusStyle(a.status).tone,
  inputs,
  rows: (vm) => rowsOf(vm),
  ...recordsIn((stores) => stores.workspace, (s, id) => s.accountsById.get(id)),
  usePane(vm) {
    const held = useInputs(vm, inputs);
    const { workspace, dictionary, balances, prices, own } = held;
    const now = useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    const list = rowsOf(vm, held);
    const chips = filterChip(own.filter);
    const d = derived(vm);
    const totals = d.totals(balances.byId, { dictionary, workspace }, prices);
    return {
      list,
      ctx: {
        ascii: vm.theme.ascii,
        now,
        dictionary,
        workspace,
        prices,
        addressCounts: d.addressCounts(workspace.addresses),
        accountUsd: d.usdTexts(totals.byAccount, workspace.accounts, vm.theme.ascii, balances.loadedAt !== undefined),
      },
      chips,
      summary: balancesSummary(balances, totals.workspace, vm.theme.ascii),
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
  // The USD column is the balances': both are read again.
  refresh: (vm) => {
    vm.actions.refresh('accounts');
    vm.actions.refresh('balances');
  },
  copies: (a, id) => fieldCopies(id, a, [['externalId', 'external id', a.externalId], ['name', 'name', a.accountName]]),
  open: {
    label: 'open',
    description: 'open the detail (its balances) and show only that account in addresses, transactions and balances',
    run(vm, id) {
      const ui = vm.ui.getState();
      ui.update({ accountFilter: id });
      ui.openDetail('accounts', id);
    },
  },
  detail: { Component: AccountDetailPane },
  commands: [accountCommand],
};
