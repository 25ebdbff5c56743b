// The help's search keys: `/` starts it, typed text searches as it is typed, Enter/↓ and ↑ move
// between the matches, Esc leaves the search (a second Esc leaves the help, as `close` does).
import type { KeyBinding } from '../keys/types.js';
import type { ViewModel } from '../model/model.js';
import { HELP_SEARCH_MAX } from './help-search.js';

function search(vm: ViewModel): { text: string; match: number } {
  return vm.ui.getState().helpSearch ?? { text: '', match: 0 };
}

function setText(vm: ViewModel, text: string): void {
  // A new text starts from its first match.
  vm.ui.getState().setHelpSearch({ text: [...text].slice(0, HELP_SEARCH_MAX).join(''), match: 0 });
}

function step(vm: ViewModel, delta: number): void {
  const s = search(vm);
  vm.ui.getState().setHelpSearch({ ...s, match: s.match + delta });
}

/** Printable text typed (or pasted) into the help's search; it always takes it. */
export function helpSearchText(vm: ViewModel, text: string): boolean {
  setText(vm, search(vm).text + text);
  return true;
}

const SEARCH = ['helpSearch'] as const;

export const HELP_SEARCH_BINDINGS: readonly KeyBinding[] = [
  {
    id: 'helpSearch',
    keys: ['/'],
    label: 'search',
    description: 'help: search it (the lines with the text are marked; case is ignored)',
    modes: ['help'],
    group: 'view',
    footer: { order: 8 },
    run: (vm) => vm.ui.getState().setHelpSearch({ text: '', match: 0 }),
  },
  {
    id: 'helpSearchNext',
    keys: ['enter', 'down'],
    label: 'next',
    description: 'help search: the next match',
    modes: SEARCH,
    group: 'view',
    footer: { order: 1, keep: true },
    run: (vm) => step(vm, 1),
  },
  {
    id: 'helpSearchPrev',
    keys: ['up'],
    label: 'previous',
    description: 'help search: the match before',
    modes: SEARCH,
    group: 'view',
    footer: { order: 2 },
    run: (vm) => step(vm, -1),
  },
  {
    id: 'helpSearchLeave',
    keys: ['esc'],
    label: 'leave search',
    description: 'help search: leave it, the help stays where it is (Esc again closes the help)',
    modes: SEARCH,
    group: 'view',
    footer: { order: 3, keep: true },
    run: (vm) => vm.ui.getState().setHelpSearch(undefined),
  },
  {
    id: 'helpSearchBackspace',
    keys: ['backspace'],
    label: 'delete',
    description: 'help search: delete the last character (on an empty search: leave it)',
    modes: SEARCH,
    group: 'view',
    run: (vm) => {
      const { text } = search(vm);
      if (text === '') vm.ui.getState().setHelpSearch(undefined);
      else setText(vm, [...text].slice(0, -1).join(''));
    },
  },
  {
    id: 'helpSearchClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'help search: clear the text',
    modes: SEARCH,
    group: 'view',
    footer: { order: 4 },
    run: (vm) => setText(vm, ''),
  },

];
