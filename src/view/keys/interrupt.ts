// What Ctrl-C means. In raw mode it is a key, not a signal: inside a text field (the filter, the
// command line, the help's search, a decline reason, the swap form), a dialog or a menu (`y`'s
// copy menu, `:ctx`'s profiles) it leaves that, as Esc would (a second Ctrl-C then quits);
// anywhere else it quits, as it always did. A person who typed into the wrong field reaches for
// Ctrl-C, and losing the whole console for it was the surprise.
import type { Mode } from '../model/mode.js';

/** The modes Ctrl-C leaves instead of quitting. */
export const INTERRUPT_LEAVES = ['filter', 'command', 'helpSearch', 'dialog', 'form', 'copy', 'profiles'] as const satisfies readonly Mode[];

/** The modes where Ctrl-C quits. */
export const INTERRUPT_QUITS = ['normal', 'help', 'json', 'messages'] as const satisfies readonly Mode[];

export function interruptMeaning(mode: Mode): 'leave' | 'quit' {
  return (INTERRUPT_LEAVES as readonly Mode[]).includes(mode) ? 'leave' : 'quit';
}
