// The keys of the swap form (pane 5). Filled in by the actions issue.
import type { KeyBinding } from './keymap.js';

export const SWAP_BINDINGS: readonly KeyBinding[] = [];
