// Every pane of the console, in the order of their number keys and tabs. A list pane is a resource
// (one file in this folder, one line here; each sorts by any column, either way: column-sort.ts);
// the swap form is a pane of its own. The pane keys, the
// tabs, the `:` words and the help screen are all read from this list.
import type { ComponentType } from 'react';
import type { RefreshScope } from '../model/live-actions.js';
import { SwapPane } from '../swap/pane.js';
import type { ViewModel } from '../model/model.js';
import type { SwapKeyContext } from '../keys/types.js';
import { swapKeyContext } from '../swap/context.js';
import { accounts } from './accounts/resource.js';
import { activity } from './activity/resource.js';
import { addresses } from './addresses/resource.js';
import { balances } from './balances/resource.js';
import { book } from './book/resource.js';
import { limits } from './limits/resource.js';
import { members } from './members/resource.js';
import { prices } from './prices/resource.js';
import { transactions } from './transactions/resource.js';
import type { ListResource } from './types.js';
import { withColumnSorts } from './column-sort.js';

/** A resource of any record type, as the generic pane and the keys handle it. */
export type AnyResource = ListResource<unknown>;

export interface PaneSpec {
  readonly id: string;
  readonly title: string;
  /** The tab's name when the tabs do not fit with every title whole ("Tx"). */
  readonly short: string;
  /** A list pane's resource; else the pane draws itself. */
  readonly resource?: AnyResource;
  readonly Component?: ComponentType<{ readonly width: number; readonly height: number }>;
  /** What `r` fetches again on this pane (or does itself). */
  readonly refresh: RefreshScope | ((vm: ViewModel) => void);
  /** The state its own keys decide with, read only while it is in front (the swap form's). */
  readonly keyContext?: (vm: ViewModel) => { readonly swap: SwapKeyContext };
}

// A resource's functions take its own record type; the pane only ever hands a resource the records
// its own rows() gave, so widening the record type here is safe.
function list<R>(resource: ListResource<R>, short: string): PaneSpec {
  const { id, title, refresh } = resource;
  return { id, title, short, resource: resource as unknown as AnyResource, refresh };
}

// New panes go at the end: the number keys people have learned keep their panes.
export const PANES: readonly PaneSpec[] = [
  list(withColumnSorts(accounts), 'Acct'),
  list(withColumnSorts(addresses), 'Addr'),
  list(transactions, 'Tx'),
  list(withColumnSorts(prices), 'Prices'),
  {
    id: 'swap',
    title: 'Swap',
    short: 'Swap',
    Component: SwapPane,
    refresh: 'all',
    keyContext: (vm) => ({ swap: swapKeyContext(vm) }),
  },
  list(withColumnSorts(balances), 'Bal'),
  list(withColumnSorts(activity, ', loaded rows'), 'Act'),
  list(withColumnSorts(book), 'Book'),
  list(withColumnSorts(members), 'Mem'),
  list(withColumnSorts(limits), 'Lim'),
];

export const RESOURCES: readonly AnyResource[] = PANES.flatMap((p) => (p.resource ? [p.resource] : []));

export function paneSpec(id: string): PaneSpec | undefined {
  return PANES.find((p) => p.id === id);
}

export function resourceOf(pane: string): AnyResource | undefined {
  return paneSpec(pane)?.resource;
}

/**
 * The number key of a pane (its place in PANES, as the tabs show it): 1-9, then 0 for the tenth
 * (the last key of the row); undefined for no pane or one past the keys (Tab and `:` reach it).
 */
export function paneKey(id: string): string | undefined {
  const i = PANES.findIndex((p) => p.id === id);
  return i < 0 || i > 9 ? undefined : String((i + 1) % 10);
}

/** The pane a number key goes to. */
export function paneOfKey(key: string): PaneSpec | undefined {
  return PANES.find((p) => paneKey(p.id) === key);
}
