// The keys of `:ctx`'s list of profiles: move, Enter switches to the one under the cursor, esc or q
// closes. Ctrl-C closes it too (keys/interrupt.ts).
import type { KeyBinding } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { switchProfile } from './switch.js';

function moveCursor(vm: ViewModel, delta: number): void {
  const count = vm.env.profiles?.list.length ?? 0;
  const ui = vm.ui.getState();
  const next = Math.max(0, Math.min(count - 1, ui.profilesCursor + delta));
  if (next !== ui.profilesCursor) ui.update({ profilesCursor: next });
}

export const PROFILE_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'profileDown',
    keys: ['j', 'down'],
    label: 'down',
    description: "in :ctx's list: the next profile",
    modes: ['profiles'],
    group: 'move',
    run: (vm) => moveCursor(vm, 1),
  },
  {
    id: 'profileUp',
    keys: ['k', 'up'],
    label: 'up',
    description: "in :ctx's list: the previous profile",
    modes: ['profiles'],
    group: 'move',
    run: (vm) => moveCursor(vm, -1),
  },
  {
    id: 'profileSwitch',
    keys: ['enter'],
    label: 'switch',
    description: "in :ctx's list: switch the console to the profile under the cursor",
    modes: ['profiles'],
    group: 'view',
    footer: { order: 1, keep: true, action: true },
    run: (vm) => {
      const ui = vm.ui.getState();
      const entry = vm.env.profiles?.list[ui.profilesCursor];
      ui.closeOverlay();
      if (entry !== undefined) switchProfile(vm, entry.name);
    },
  },
  {
    id: 'profilesClose',
    keys: ['esc', 'q'],
    label: 'close',
    description: "close :ctx's list without switching",
    modes: ['profiles'],
    group: 'view',
    footer: { order: 5, keep: true },
    run: (vm) => vm.ui.getState().closeOverlay(),
  },
];
