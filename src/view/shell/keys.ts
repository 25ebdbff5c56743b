// The console's own keys: panes (numbers and Tab, from the registry), the command line, the help,
// refresh and pause of the live data, and quitting (Ctrl-C and Ctrl-Z: suspend-keys.ts).
import type { KeyBinding } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { PANES, paneKey, paneOfKey, paneSpec } from '../resources/registry.js';

function switchPane(vm: ViewModel, delta: number): void {
  const { pane, setPane } = vm.ui.getState();
  const i = PANES.findIndex((p) => p.id === pane);
  setPane(PANES[(i + delta + PANES.length) % PANES.length]!.id);
}

export const SHELL_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'pane',
    keys: PANES.flatMap((p) => paneKey(p.id) ?? []),
    helpKeys: PANES.length < 10 ? `1-${PANES.length}` : '1-9 0',
    label: 'pane',
    description: PANES.map((p) => p.title.toLowerCase()).join(', '),
    modes: ['normal'],
    group: 'panes',
    run: (vm, key) => {
      const pane = paneOfKey(key);
      if (pane !== undefined) vm.ui.getState().setPane(pane.id);
    },
  },
  {
    id: 'nextPane',
    keys: ['tab'],
    label: 'next pane',
    description: 'next pane',
    modes: ['normal'],
    group: 'panes',
    run: (vm) => switchPane(vm, 1),
  },
  {
    id: 'prevPane',
    keys: ['shift+tab'],
    label: 'previous pane',
    description: 'previous pane',
    modes: ['normal'],
    group: 'panes',
    run: (vm) => switchPane(vm, -1),
  },
  {
    id: 'command',
    keys: [':'],
    label: 'command',
    description: 'command line (:tx, :account, :addr, :balances, :activity, :swap, :ctx, :help, :q)',
    modes: ['normal'],
    group: 'view',
    footer: { order: 30 },
    run: (vm) => vm.ui.getState().beginInput('command', ''),
  },
  {
    id: 'help',
    keys: ['?'],
    label: (c) => (c.mode === 'help' ? 'close' : 'help'),
    description: 'this help (? or Esc closes)',
    modes: ['normal', 'help'],
    group: 'view',
    footer: { order: 10, keep: true },
    run: (vm) => {
      const ui = vm.ui.getState();
      if (ui.mode === 'help') ui.closeOverlay();
      else ui.openHelp();
    },
  },
  {
    id: 'close',
    keys: ['esc', 'q'],
    label: 'close',
    description: 'close the help, the JSON view or the messages',
    modes: ['help', 'json', 'messages'],
    group: 'view',
    footer: { order: 5, keep: true },
    run: (vm) => vm.ui.getState().closeOverlay(),
  },
  {
    id: 'refresh',
    keys: ['r'],
    label: 'refresh',
    description: 'fetch the pane again from the server',
    modes: ['normal'],
    group: 'live',
    footer: { order: 90 },
    run: (vm) => {
      const refresh = paneSpec(vm.ui.getState().pane)?.refresh ?? 'all';
      if (typeof refresh === 'function') refresh(vm);
      else vm.actions.refresh(refresh);
    },
  },
  {
    id: 'pause',
    keys: ['p'],
    label: (c) => (c.paused ? 'resume' : 'pause'),
    description: 'pause live updates (rows stop moving while you read); again to resume',
    modes: ['normal'],
    group: 'live',
    footer: { order: 70 },
    // The person's reason of the one pause (ui.pause); the engine follows it (live-sync.ts).
    run: (vm) => {
      const ui = vm.ui.getState();
      ui.setPause('person', !ui.pause.has('person'));
    },
  },
  {
    id: 'quit',
    keys: ['q'],
    label: 'quit',
    description: 'quit (the terminal is restored)',
    modes: ['normal'],
    group: 'general',
    footer: { order: 100, keep: true },
    run: (vm) => vm.env.quit(),
  },
];
