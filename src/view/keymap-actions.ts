// The keys of the actions (decline, approve) and of their dialog. Filled in by the actions issue.
import type { KeyBinding } from './keymap.js';

export const ACTION_BINDINGS: readonly KeyBinding[] = [];
