// Every key of the console: each feature's bindings, gathered. The dispatcher looks keys up here,
// the footer shows the entries that work at this moment, and the help screen lists them all.
// The swap form's keys come first: they apply only on pane 5 and there they mean the form's thing
// (`r` re-quotes the answer on screen instead of refreshing every list).
import { APPROVAL_BINDINGS } from '../approvals/keys.js';
import { ACTION_BINDINGS } from '../dialog/keys.js';
import { INPUT_BINDINGS } from '../input/keys.js';
import { LIST_BINDINGS } from '../lists/keys.js';
import { MOVE_BINDINGS } from '../lists/move.js';
import { MESSAGE_BINDINGS } from '../messages/keys.js';
import { PROFILE_BINDINGS } from '../profiles/keys.js';
import { SHELL_BINDINGS } from './keys.js';
import { HELP_SEARCH_BINDINGS } from './help-keys.js';
import { SUSPEND_BINDINGS } from './suspend-keys.js';
import { SWAP_BINDINGS } from '../swap/keys.js';
import type { KeyBinding } from '../keys/types.js';

export const KEYMAP: readonly KeyBinding[] = [
  ...SWAP_BINDINGS,
  ...MOVE_BINDINGS,
  ...LIST_BINDINGS,
  ...SHELL_BINDINGS,
  ...HELP_SEARCH_BINDINGS,
  ...SUSPEND_BINDINGS,
  ...INPUT_BINDINGS,
  ...ACTION_BINDINGS,
  ...APPROVAL_BINDINGS,
  ...MESSAGE_BINDINGS,
  ...PROFILE_BINDINGS,
];
