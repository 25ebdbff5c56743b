// The prices pane: every symbol with its price, the change since this session opened, the last
// move, a sparkline of the session's history and how fresh each price is.
import {
  formatAge,
  formatChange,
  formatPrice,
  percentChange,
  sparkline,
  type Tone,
} from '../../../format/index.js';
import type { PricePoint } from '../../../store/index.js';
import { listState } from '../../../store/ui.js';
import type { ViewModel } from '../../model/model.js';
import type { Column } from '../../draw/columns.js';
import {
  compareText,
  filterChip,
  fixed8,
  makeList,
  memoInputs,
  recordsIn,
  searchCache,
  sortOf,
  textMatcher,
  type SortSpec,
  useAgeNow,
  useInputs,
  useUnreachable,
} from '../kit.js';
import { fieldCopies } from '../copies.js';
import type { ListResource } from '../types.js';

/** Up is good news, down is bad, flat is nothing: tone for color only, the arrow says it. */
export function changeTone(from: string, to: string): Tone | undefined {
  const pct = percentChange(from, to);
  if (pct === undefined || /^-?0(\.0+)?$/.test(pct)) return 'muted';
  return pct.startsWith('-') ? 'danger' : 'success';
}

const columns: readonly Column<PricePoint>[] = [
  {
    id: 'symbol',
    title: 'SYMBOL',
    width: 8,
    priority: 10,
    cell: (p, ctx) => ctx.dictionary.symbols.get(p.baseSymbolId)?.symbol ?? p.baseSymbolId,
  },
  {
    id: 'name',
    title: 'NAME',
    minWidth: 10,
    maxWidth: 28,
    flex: 1,
    priority: 5,
    whole: true,
    cell: (p, ctx) => ctx.dictionary.symbols.get(p.baseSymbolId)?.name ?? '',
  },
  { id: 'price', title: 'PRICE', width: 14, priority: 10, align: 'right', searchable: false, cell: (p) => formatPrice(p.price) },
  {
    id: 'change',
    title: 'SESSION',
    width: 9,
    priority: 9,
    align: 'right',
    toned: true,
    searchable: false,
    cell: (p, ctx) => formatChange(p.sessionOpen, p.price, { ascii: ctx.ascii }),
  },
  {
    id: 'last',
    title: 'LAST',
    width: 9,
    priority: 6,
    align: 'right',
    searchable: false,
    cell: (p, ctx) => (p.previous === undefined ? '' : formatChange(p.previous, p.price, { ascii: ctx.ascii })),
  },
  {
    id: 'spark',
    title: 'HISTORY',
    minWidth: 12,
    flex: 3,
    priority: 8,
    truncate: 'keep-end',
    searchable: false,
    cell: (p, ctx) => sparkline(p.history, p.history.length, { ascii: ctx.ascii }),
  },
  {
    id: 'quote',
    title: 'QUOTE',
    width: 5,
    priority: 2,
    cell: (p, ctx) => ctx.dictionary.symbols.get(p.quoteSymbolId)?.symbol ?? p.quoteSymbolId,
  },
  {
    id: 'updated',
    title: 'UPDATED',
    width: 7,
    priority: 5,
    align: 'right',
    searchable: false,
    // The pane redraws with every price tick: ages are exact, not on the list's 5 s clock.
    cell: (p, ctx) => formatAge(p.at, ctx.now),
  },
];

const sorts: readonly SortSpec[] = [
  { id: 'market', label: 'market' },
  { id: 'change', label: 'change ↓' },
  { id: 'symbol', label: 'symbol' },
];

/** Symbols most people look for first; the rest follow alphabetically. */
const MARKET_ORDER = ['BTC', 'ETH', 'SOL', 'USDT', 'USDC', 'XRP', 'TRX', 'TON'];

export function marketRank(symbol: string): number {
  const i = MARKET_ORDER.indexOf(symbol);
  return i < 0 ? MARKET_ORDER.length : i;
}

/** Change since the session opened, in 10^-9 units, for ordering. */
function change(p: PricePoint): bigint {
  const open = fixed8(p.sessionOpen);
  const now = fixed8(p.price);
  if (open === undefined || now === undefined || open === 0n) return 0n;
  return ((now - open) * 1_000_000_000n) / (open < 0n ? -open : open);
}

/** What the rows are derived from: the one selector the pane subscribes with and the keys read. */
function inputs(vm: ViewModel) {
  const own = listState(vm.ui.getState(), 'prices');
  return {
    state: vm.stores.prices.getState(),
    filter: own.filter,
    sortIndex: own.sort,
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
  };
}

type PriceInputs = ReturnType<typeof inputs>;

function derivations() {
  const search = searchCache(columns, (p: PricePoint) => p.baseSymbolId);
  return memoInputs(
    ({ state, filter, sortIndex, ...ref }: PriceInputs) => {
      const match = textMatcher(filter);
      const symbol = (p: PricePoint) => ref.dictionary.symbols.get(p.baseSymbolId)?.symbol ?? p.baseSymbolId;
      // The quote currency against itself says nothing.
      const quoted = [...state.bySymbol.values()].filter((p) => p.baseSymbolId !== p.quoteSymbolId);
      const kept = match === undefined ? quoted : quoted.filter((p) => match(search(p, ref)));
      const sort = sortOf(sorts, sortIndex).id;
      kept.sort((a, b) => {
        if (sort === 'change') {
          const x = change(a);
          const y = change(b);
          return x > y ? -1 : x < y ? 1 : compareText(symbol(a), symbol(b));
        }
        if (sort === 'symbol') return compareText(symbol(a), symbol(b));
        return marketRank(symbol(a)) - marketRank(symbol(b)) || compareText(symbol(a), symbol(b));
      });
      return makeList(
        kept.map((p) => p.baseSymbolId),
        (id) => state.bySymbol.get(id),
        quoted.length,
        { prices: state.bySymbol },
      );
    },
  );
}

function rowsOf(vm: ViewModel, from = inputs(vm)) {
  return vm.cache(prices, derivations)(from);
}

export const prices: ListResource<PricePoint> = {
  id: 'prices',
  title: 'Prices',
  columns,
  sorts,
  recordId: (p) => p.baseSymbolId,
  copies: (p, id) => fieldCopies(id, p, [['price', 'price', `${p.price} ${p.quoteSymbolId}`]]),
  tone: (p) => changeTone(p.sessionOpen, p.price),
  inputs,
  rows: (vm) => rowsOf(vm),
  ...recordsIn((stores) => stores.prices, (s, id) => s.bySymbol.get(id)),
  usePane(vm) {
    const held = useInputs(vm, inputs);
    const { state, dictionary, workspace } = held;
    useAgeNow(vm);
    const unreachable = useUnreachable(vm);
    const list = rowsOf(vm, held);
    return {
      list,
      ctx: { ascii: vm.theme.ascii, now: vm.env.now(), dictionary, workspace, prices: state.bySymbol },
      chips: filterChip(held.filter),
      empty:
        state.updatedAt !== undefined
          ? 'no symbol matches (esc clears the filter)'
          : unreachable !== undefined
            ? `cannot read prices: ${unreachable} (retrying; r retries now)`
            : `waiting for the first prices${vm.theme.ascii ? '...' : '…'}`,
    };
  },
  refresh: 'prices',
};
