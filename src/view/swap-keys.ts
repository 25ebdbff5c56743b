// What the swap form's keys do, and where typed text goes while it is filled in. Filled in by
// the actions issue.
import type { Handler } from './dispatch.js';
import type { ViewModel } from './model.js';

export const SWAP_HANDLERS: Readonly<Record<string, Handler>> = {};

/** Printable text typed into the focused field of the swap form. */
export function swapText(_vm: ViewModel, _text: string): void {}
