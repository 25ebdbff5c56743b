// The messages overlay's key: `m` opens the last messages said (and closes them again). Moving
// keys scroll it (lists/move.ts); esc and q close it like the other overlays (shell/keys.ts).
import { MAX_MESSAGES } from '../../store/index.js';
import type { KeyBinding } from '../keys/types.js';

export const MESSAGE_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'messages',
    keys: ['m'],
    label: (c) => (c.mode === 'messages' ? 'close' : 'messages'),
    description:
      `the last ${MAX_MESSAGES} messages of the status line, whole, with their times (m or esc closes)`,
    modes: ['normal', 'messages'],
    group: 'view',
    run: (vm) => {
      const ui = vm.ui.getState();
      if (ui.mode === 'messages') ui.closeOverlay();
      else ui.openMessages();
    },
  },
];
