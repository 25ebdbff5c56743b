// The writes (decline, approve, create) and the swap route. Filled in by the actions issue.
import type { ApiClient } from '../client/index.js';
import type { Stores } from '../store/index.js';
import type { LiveActions, LiveOptions } from './types.js';

export interface ActionDeps {
  readonly api: ApiClient;
  readonly stores: Stores;
  readonly options: LiveOptions;
  readonly now: () => number;
}

export type WriteActions = Pick<LiveActions, 'decline' | 'approve' | 'create' | 'quote'>;

export function createWriteActions(_deps: ActionDeps): WriteActions {
  const later = () => Promise.resolve({ kind: 'network', message: 'not implemented yet', changed: 'no' } as const);
  return {
    decline: later,
    approve: later,
    create: later,
    quote: () => Promise.resolve({ kind: 'network', message: 'not implemented yet' } as const),
  };
}
