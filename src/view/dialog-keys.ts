// What the dialog's keys do, and where typed text goes while it is open. Filled in by the actions issue.
import type { Handler } from './dispatch.js';
import type { ViewModel } from './model.js';

export const DIALOG_HANDLERS: Readonly<Record<string, Handler>> = {};

/** Printable text typed while the dialog is open (the reason, the typed confirmation). */
export function dialogText(_vm: ViewModel, _text: string): void {}
