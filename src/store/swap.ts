// The swap form (pane 5): its fields, the route's answer and the create that may follow. Filled
// in by the actions issue.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface SwapState {
  readonly form?: undefined;
}

export type SwapStore = StoreApi<SwapState>;

export function createSwapStore(): SwapStore {
  return createStore<SwapState>()(() => ({}));
}
