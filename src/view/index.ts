// The view room's face to the terminal layer: the React tree, the ui store it reads, and what a
// clipboard copy answers. See app.tsx for how size and resize are passed.
export { App, type AppProps } from './app.js';
export { CHANGE_MARK_MS } from './change-mark.js';
export { frameLayout, MIN_COLUMNS, MIN_ROWS } from './layout.js';
export type { LiveActions, RefreshScope } from './live-actions.js';
export type { ViewEnv } from './model.js';
export type { CopyOutcome } from './copy-outcome.js';
export {
  createUiStore,
  type ListState,
  type PaneId,
  type UiData,
  type UiMode,
  type UiState,
  type UiStore,
} from '../store/ui.js';
