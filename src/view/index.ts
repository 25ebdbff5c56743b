// The view room's face to the terminal layer: the React tree, the ui store it reads, and what a
// clipboard copy answers. See app.tsx for how size and resize are passed.
export { App, type AppProps } from './shell/app.js';
export { CHANGE_MARK_MS } from './base/change-mark.js';
export { frameLayout, MIN_COLUMNS, MIN_ROWS } from './base/layout.js';
export type { LiveActions, RefreshScope } from './model/live-actions.js';
export type { ProfileEntry, ProfileSwitch, ViewEnv } from './model/model.js';
export type { CopyOutcome } from './base/copy-outcome.js';
export {
  createUiStore,
  type ListState,
  type PaneId,
  type UiData,
  type UiMode,
  type UiState,
  type UiStore,
} from '../store/ui.js';
