// Any column, either way (k9s's sort by column): every list resource gets, after its own orders,
// one sort per column (`s` cycles them) and `S` to read the sort the other way. A resource that
// sorts by column itself (transactions: its history is the server's) says so with `reverses`
// and is left as it is. The rows come from the resource in its own order and are ordered again
// here, stably, so ties keep the resource's order.
import { useStore } from 'zustand';
import { listState, type ListState } from '../../store/ui.js';
import type { RenderCtx } from '../draw/context.js';
import { makeList, type DerivedList } from '../draw/derived-list.js';
import type { ViewModel } from '../model/model.js';
import { columnSorts, refData, sortByColumn, sortOf } from './kit.js';
import type { ListResource } from './types.js';

interface Ordered<R> {
  readonly key: string;
  readonly list: DerivedList<R>;
}

/** The resource with a sort per column and `S`; `note` follows a column's words (", loaded rows"). */
export function withColumnSorts<R>(resource: ListResource<R>, note = ''): ListResource<R> {
  if (resource.reverses === true) return resource;
  const own = new Set(resource.sorts.map((s) => s.id));
  const sorts = columnSorts(resource.sorts, resource.columns, note);
  // One order per list the resource derived (its memo hands out the same list for the same inputs).
  const orders = new WeakMap<DerivedList<R>, Ordered<R>>();

  function reorder(vm: ViewModel, list: DerivedList<R>, state: ListState): DerivedList<R> {
    const spec = sortOf(sorts, state.sort);
    const reverse = state.reverse === true;
    const column = own.has(spec.id) ? undefined : resource.columns.find((c) => c.id === spec.id);
    if (column === undefined && !reverse) return list;
    const key = `${spec.id}${reverse ? '-' : '+'}`;
    const done = orders.get(list);
    if (done?.key === key) return done.list;
    let ids: readonly string[];
    if (column === undefined) ids = [...list.ids].reverse();
    else {
      const ctx: RenderCtx = { ascii: false, now: vm.env.now(), prices: list.prices, ...refData(vm) };
      ids = sortByColumn(list.ids, (id) => list.get(id), column, ctx, reverse);
    }
    const ordered = makeList(ids, (id) => list.get(id), list.total, {
      prices: list.prices,
      ...(list.history !== undefined ? { history: list.history } : {}),
      ...(list.note !== undefined ? { note: list.note } : {}),
    });
    orders.set(list, { key, list: ordered });
    return ordered;
  }

  return {
    ...resource,
    sorts,
    reverses: true,
    rows: (vm) => reorder(vm, resource.rows(vm), listState(vm.ui.getState(), resource.id)),
    usePane(vm) {
      const data = resource.usePane(vm);
      const state = useStore(vm.ui, (s) => listState(s, resource.id));
      const list = reorder(vm, data.list, state);
      return list === data.list ? data : { ...data, list };
    },
  };
}
