// The action dialog (decline / approve): the frozen target, the reason being typed, the
// confirmation and the outcome. Owned by the dialog; filled in by the actions issue.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface DialogState {
  readonly dialog?: undefined;
}

export type DialogStore = StoreApi<DialogState>;

export function createDialogStore(): DialogStore {
  return createStore<DialogState>()(() => ({}));
}
