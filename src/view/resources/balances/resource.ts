// The balances pane: one row per account and asset, with its total, what may be withdrawn now
// (pending outgoing work holds the rest) and what it is worth at the ticker's prices. The account
// chip (Enter on an account, `:account`, `:balances <account>`) shows one account's. The live engine
// keeps the store current (a full read at start, `updatedSince` polls, a read after a completion
// seen live); the pane redraws when it changes.
import type { Balance } from '../../../contract/index.js';
import { amountCell, formatAbsolute, formatUsd } from '../../../format/index.js';
import type { BalancesState, PricePoint } from '../../../store/index.js';
import { listState, type UiData } from '../../../store/ui.js';
import type { CommandSpec } from '../../query/command-spec.js';
import type { ViewModel } from '../../model/model.js';
import type { Column } from '../../draw/columns.js';
import { accountName, asset, networkName } from '../../draw/context.js';
import type { Segment } from '../../base/segments.js';
import { resolveAccountArg } from '../accounts/resource.js';
import { balancesSummary, balanceSymbol, balanceUsd, totalOf, type ValueCtx } from './values.js';
import { heldPrices } from './held-prices.js';
import {
  accountColumn,
  chip,
  closeDetailOf,
  compareText,
  emptyText,
  filterChip,
  fixed8,
  listAge,
  type ListQuery,
  makeList,
  memo,
  type RefData,
  recordsIn,
  searchCache,
  sortOf,
  textFilter,
  useAgeNow,
  useInputs,
  useUnreachable,
  type SortSpec,
} from '../kit.js';
import { fieldCopies } from '../copies.js';
import { transactions } from '../transactions/resource.js';
import type { ListResource } from '../types.js';

const columns: readonly Column<Balance>[] = [
  accountColumn(9, { minWidth: 10, maxWidth: 24, flex: 2 }),
  { id: 'asset', title: 'ASSET', minWidth: 5, maxWidth: 10, priority: 10, cell: (b, ctx) => balanceSymbol(b, ctx.dictionary) },
  {
    id: 'name',
    title: 'NAME',
    minWidth: 8,
    maxWidth: 20,
    flex: 1,
    priority: 2,
    cell: (b, ctx) => {
      const symbolId = asset(ctx, b.assetId).symbolId;
      return (symbolId === undefined ? undefined : ctx.dictionary.symbols.get(symbolId)?.name) ?? '';
    },
  },
  {
    id: 'network',
    title: 'NETWORK',
    minWidth: 8,
    maxWidth: 20,
    priority: 5,
    cell: (b, ctx) => networkName(ctx, b.networkId ?? asset(ctx, b.assetId).networkId),
  },
  {
    id: 'total',
    title: 'TOTAL',
    minWidth: 13,
    maxWidth: 26,
    priority: 10,
    align: 'right',
    truncate: 'amount',
    cell: (b, ctx) =>
      b.totalBalance == null ? '' : amountCell(b.totalBalance, asset(ctx, b.assetId).decimals, { ascii: ctx.ascii }),
  },
  {
    id: 'withdrawable',
    title: 'WITHDRAWABLE',
    minWidth: 13,
    maxWidth: 26,
    priority: 8,
    align: 'right',
    truncate: 'amount',
    cell: (b, ctx) =>
      b.withdrawableBalance == null
        ? ''
        : amountCell(b.withdrawableBalance, asset(ctx, b.assetId).decimals, { ascii: ctx.ascii }),
  },
  {
    id: 'usd',
    title: 'USD',
    minWidth: 15,
    maxWidth: 18,
    priority: 9,
    align: 'right',
    searchable: false,
    // A sum of money is read whole: as wide as $999,999,999.99, and cut only when even the extras'
    // room is not enough.
    whole: true,
    cell: (b, ctx) => {
      const usd = balanceUsd(b, ctx);
      return usd === undefined ? '' : formatUsd(usd);
    },
  },
  {
    id: 'updated',
    title: 'UPDATED',
    width: 7,
    // An extra: it gives way first for a name or a sum cut short.
    priority: 4,
    align: 'right',
    searchable: false,
    cell: (b, ctx) => (b.updatedAt == null ? '' : listAge(b.updatedAt, ctx.now)),
  },
  { id: 'id', title: 'ID', width: 12, priority: 1, truncate: 'middle', cell: (b) => b.balanceId },
  { id: 'at', title: 'UPDATED AT', width: 19, priority: 0, cell: (b) => (b.updatedAt == null ? '' : formatAbsolute(b.updatedAt)) },
];

export const BALANCE_SORTS: readonly SortSpec[] = [
  { id: 'usd', label: 'USD ↓' },
  { id: 'account', label: 'account' },
  { id: 'asset', label: 'asset' },
];

export interface BalanceQuery extends ListQuery {
  readonly accountId?: string;
}

export function balanceQuery(ui: Pick<UiData, 'accountFilter' | 'lists'>): BalanceQuery {
  const own = listState(ui, 'balances');
  return { filter: own.filter, sort: own.sort, ...(ui.accountFilter !== undefined ? { accountId: ui.accountFilter } : {}) };
}

/** The rows: the account chip, then the `/` text, sorted (USD largest first, unpriced last). */
export function balanceRows(columnsOf: readonly Column<Balance>[] = columns) {
  const search = searchCache(columnsOf, (b: Balance) => b.balanceId);
  const filterText = textFilter<Balance>();
  const inAccount = memo(
    (byId: BalancesState['byId'], accountId: string | undefined) =>
      [...byId.values()].filter((b) => accountId === undefined || b.accountId === accountId),
    (a, b) => a[0] === b[0] && a[1] === b[1],
  );
  return memo(
    (state: BalancesState, q: BalanceQuery, ref: RefData, prices: ReadonlyMap<string, PricePoint>) => {
      const held = inAccount(state.byId, q.accountId);
      const kept = [...filterText(held, q.filter, (b) => search(b, ref), [ref.dictionary, ref.workspace])];
      const ctx: ValueCtx = { dictionary: ref.dictionary, prices };
      const name = (b: Balance) => accountName(ref, b.accountId);
      const symbol = (b: Balance) => balanceSymbol(b, ref.dictionary);
      const byName = (a: Balance, b: Balance) => name(a).localeCompare(name(b)) || compareText(symbol(a), symbol(b));
      const sort = sortOf(BALANCE_SORTS, q.sort).id;
      // Decorate once: the values are computed n times, not n log n times.
      const keyed = kept.map((b) => ({ b, usd: fixed8(balanceUsd(b, ctx)) }));
      const byUsd = (x: (typeof keyed)[number], y: (typeof keyed)[number]) => {
        if (x.usd === undefined || y.usd === undefined) return (x.usd === undefined ? 1 : 0) - (y.usd === undefined ? 1 : 0);
        return x.usd > y.usd ? -1 : x.usd < y.usd ? 1 : 0;
      };
      keyed.sort((x, y) =>
        sort === 'account'
          ? name(x.b).localeCompare(name(y.b)) || byUsd(x, y) || compareText(symbol(x.b), symbol(y.b))
          : sort === 'asset'
            ? compareText(symbol(x.b), symbol(y.b)) || byUsd(x, y) || name(x.b).localeCompare(name(y.b))
            : byUsd(x, y) || byName(x.b, y.b),
      );
      return {
        list: makeList(
          keyed.map((k) => k.b.balanceId),
          (id) => state.byId.get(id),
          held.length,
          { prices },
        ),
        total: totalOf(kept, ctx),
      };
    },
    (a, b) =>
      a[0].byId === b[0].byId &&
      a[1].filter === b[1].filter &&
      sortOf(BALANCE_SORTS, a[1].sort).id === sortOf(BALANCE_SORTS, b[1].sort).id &&
      a[1].accountId === b[1].accountId &&
      a[2].dictionary === b[2].dictionary &&
      a[2].workspace.accountsById === b[2].workspace.accountsById &&
      a[3] === b[3],
  );
}

/** What the rows are derived from: the one selector the pane subscribes with and the keys read. */
function inputs(vm: ViewModel) {
  const ui = vm.ui.getState();
  return {
    state: vm.stores.balances.getState(),
    own: listState(ui, 'balances'),
    accountFilter: ui.accountFilter,
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    prices: heldPrices(vm),
  };
}

function derived(vm: ViewModel, from = inputs(vm)) {
  const { dictionary, workspace } = from;
  return vm.cache(balances, () => balanceRows())(
    from.state,
    balanceQuery({ lists: { balances: from.own }, accountFilter: from.accountFilter }),
    { dictionary, workspace },
    from.prices,
  );
}

/** Said in place of rows: why there are none. */
export function balancesEmpty(
  state: BalancesState,
  words: { readonly filtered: boolean; readonly ascii: boolean; readonly unreachable?: string | undefined },
): string {
  if (state.state === 'forbidden') return "this key's role cannot read balances";
  if (state.state === 'failed' && state.loadedAt === undefined) {
    return 'cannot read balances: the last read failed (retrying; r retries now, m shows why)';
  }
  return emptyText({
    loading: state.loadedAt === undefined,
    filtered: words.filtered,
    plural: 'balances',
    singular: 'balance',
    none: 'no balances: every account is empty',
    ascii: words.ascii,
    unreachable: words.unreachable,
  });
}

function chips(ref: Pick<RefData, 'workspace'>, ui: Pick<UiData, 'accountFilter'>, filter: string): Segment[] {
  return [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ref, ui.accountFilter))] : []),
    ...filterChip(filter),
  ];
}

const balancesCommand: CommandSpec = {
  name: 'balances',
  args: '[account]',
  description: "the balances pane; with an account's name (or the start of one): that account's",
  wholeRest: true,
  complete: (word, sources) =>
    [...new Set(sources.accountNames)].filter((n) => n.toLowerCase().startsWith(word.toLowerCase())).sort(),
  run(vm, cmd) {
    const ui = vm.ui.getState();
    if (cmd.rest !== '') {
      const account = resolveAccountArg(vm, cmd.rest);
      if (account === undefined) return;
      ui.update({ accountFilter: account.accountId });
    }
    ui.setPane('balances');
  },
};

/** Enter on a balance: the transactions of its account in its asset (the chips say so; Esc takes them off). */
function openTransactions(vm: ViewModel, b: Balance): void {
  const ui = vm.ui.getState();
  const dictionary = vm.stores.dictionary.getState();
  // One asset: its network too (USDT is on several).
  const network = networkName({ dictionary }, b.networkId ?? asset({ dictionary }, b.assetId).networkId);
  const symbol = balanceSymbol(b, dictionary);
  ui.update({
    accountFilter: b.accountId,
    txFilter: { assetIds: [b.assetId] },
    txChips: [{ label: 'asset', value: network === '' ? symbol : `${symbol} on ${network}` }],
  });
  closeDetailOf(vm, transactions);
  ui.setPane('transactions');
}

export const balances: ListResource<Balance> = {
  id: 'balances',
  title: 'Balances',
  columns,
  sorts: BALANCE_SORTS,
  recordId: (b) => b.balanceId,
  tone: () => undefined,
  inputs,
  rows: (vm) => derived(vm).list,
  ...recordsIn((stores) => stores.balances, (s, id) => s.byId.get(id)),
  usePane(vm) {
    const held = useInputs(vm, inputs);
    const { state, dictionary, workspace, prices } = held;
    const now = useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    const { list, total } = derived(vm, held);
    const shown = chips(held, held, held.own.filter);
    return {
      list,
      ctx: { ascii: vm.theme.ascii, now, dictionary, workspace, prices },
      chips: shown,
      summary: balancesSummary(state, total, vm.theme.ascii),
      empty: balancesEmpty(state, { filtered: shown.length > 0, ascii: vm.theme.ascii, unreachable }),
    };
  },
  refresh: 'balances',
  copies: (b, id) => fieldCopies(id, b, [['amount', 'total balance', b.totalBalance == null ? undefined : `${b.totalBalance} ${b.symbol ?? b.assetId}`]]),
  open: {
    label: 'transactions',
    description: 'its account\'s transactions in its asset',
    run(vm, _id, record) {
      if (record !== undefined) openTransactions(vm, record);
    },
  },
  hasFilters: (ui) => ui.accountFilter !== undefined,
  clearFilter(vm) {
    if (vm.ui.getState().accountFilter === undefined) return false;
    vm.ui.getState().update({ accountFilter: undefined });
    return true;
  },
  commands: [balancesCommand],
};
