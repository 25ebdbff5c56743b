// The prices pane: every symbol with its price, the change since this session opened, the last
// move, a sparkline of the session's history and how fresh each price is.
import { useStore } from 'zustand';
import { useView } from '../model.js';
import { priceRenderer } from '../renderers/prices.js';
import { AGE_REFRESH_MS, filterChip, ListPane } from './list-pane.js';

export function PricesPane({ width, height }: { width: number; height: number }) {
  const vm = useView();
  const prices = useStore(vm.stores.prices);
  const dictionary = useStore(vm.stores.dictionary);
  const workspace = useStore(vm.stores.workspace);
  const query = useStore(vm.ui, (s) => s.lists.prices);
  useStore(vm.clock, (s) => Math.floor(s.now / AGE_REFRESH_MS));
  const list = vm.derive.prices(prices, query, { dictionary, workspace });
  const ctx = { ascii: vm.theme.ascii, now: vm.env.now(), dictionary, workspace, prices: prices.bySymbol };
  const chips = filterChip(query.filter);
  const empty =
    prices.updatedAt === undefined
      ? 'waiting for the first prices...'
      : 'no symbol matches (esc clears the filter)';
  return (
    <ListPane
      pane="prices"
      renderer={priceRenderer}
      list={list}
      ctx={ctx}
      width={width}
      height={height}
      chips={chips}
      empty={empty}
    />
  );
}
