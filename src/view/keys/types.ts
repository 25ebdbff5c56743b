// A key binding carries everything about one key of one feature: the keys, the footer's word, the
// help's sentence, where it exists, why it may not apply right now, and the handler itself (so
// the compiler sees that every binding does something: lazygit's Binding, gemini-cli's checked
// record). Features declare their bindings beside their handlers; keymap.ts gathers them.
import type { ActionName } from '../../domain/actions.js';
import type { Mode } from '../model/mode.js';
import type { ViewModel } from '../model/model.js';
import type { KeyName } from './names.js';

export type KeyGroup = 'move' | 'panes' | 'view' | 'live' | 'input' | 'actions' | 'swap' | 'general';

export const KEY_GROUPS: readonly { id: KeyGroup; title: string }[] = [
  { id: 'move', title: 'Move' },
  { id: 'panes', title: 'Panes' },
  { id: 'view', title: 'View' },
  { id: 'live', title: 'Live data' },
  { id: 'actions', title: 'Actions' },
  { id: 'input', title: 'Filter and command line' },
  { id: 'swap', title: 'Swap form (pane 5)' },
  { id: 'general', title: 'General' },
];

/** What a binding may know about the moment, to say whether it applies. */
export interface KeyContext {
  readonly mode: Mode;
  readonly pane: string;
  /** A record's detail is open over the pane in front. */
  readonly detail: boolean;
  readonly readOnly: boolean;
  readonly role?: string;
  readonly forbidden: ReadonlySet<ActionName>;
  /** The member the key acts as, once known (live/self.ts): a decision it already made says so. */
  readonly self?: string;
  /** The person's own pause (`p` resumes it); a decision's pause is not theirs to lift. */
  readonly paused: boolean;
  readonly follow: boolean;
  /** The pane in front has a filter or chip that Esc would clear. */
  readonly hasFilter: boolean;
  /** The record under the cursor (or of the open detail), read only when a binding asks. */
  readonly selected: () => unknown;
  /** The cursor rests on a row that is not a record (the "search the server" offer). */
  readonly noteRow?: () => boolean;
  /** The open action dialog: its step, whether it asks for the typed confirmation, its action. */
  readonly dialog?: { readonly phase: string; readonly typed: boolean; readonly action: string };
  /** The swap form (pane 5): src/view/swap/context.ts. */
  readonly swap?: SwapKeyContext;
}

export interface FooterSpec {
  /** Position in the footer: lower comes first. */
  readonly order: number;
  /** Kept even when the footer is too narrow for the rest (help, quit, a dialog's answers). */
  readonly keep?: boolean;
  /**
   * A key of what is in front (open, back, decline, approve): when the footer is narrow, every
   * general key goes before one of these.
   */
  readonly action?: boolean;
}

export type Handler = (vm: ViewModel, key: KeyName) => void;

export interface KeyBinding {
  /** A name for tests and error messages; the handler is `run`. */
  readonly id: string;
  readonly keys: readonly KeyName[];
  /** The footer's word for it. */
  readonly label: string | ((ctx: KeyContext) => string);
  /** The help screen's sentence. */
  readonly description: string;
  /** How the help screen writes the keys, when not one by one ("1-5"). */
  readonly helpKeys?: string;
  readonly modes: readonly Mode[];
  /** Panes where it exists; every pane when absent. */
  readonly panes?: readonly string[];
  /** true: only in a record's detail; false: only in lists; absent: both. */
  readonly detail?: boolean;
  readonly group: KeyGroup;
  /** Shown in the footer when it applies; help-only when absent. */
  readonly footer?: FooterSpec;
  /** Changes something on the server: turned off in read-only mode; refused when the role forbids it. */
  readonly dangerous?: boolean;
  /** The session action it performs (roles and 403s are checked against it). */
  readonly action?: ActionName;
  /**
   * Whether it exists at this moment beyond mode and pane (a dialog's step, the form's focus);
   * when it does not, the key may belong to another binding.
   */
  readonly when?: (ctx: KeyContext) => boolean;
  /**
   * Why it does not apply now although it exists (the selection's status, nothing selected): said
   * on the status line when pressed, instead of doing nothing.
   */
  readonly disabled?: (ctx: KeyContext) => string | undefined;
  /**
   * Confirms a decision (the final y, the Enter after a typed confirmation): it counts only from a
   * key that arrived alone, a moment after the question went on screen (decision.ts). `since`
   * reads when that was; `refuse` says why where the question is, which stays open.
   */
  readonly decides?: {
    readonly since: (vm: ViewModel) => number | undefined;
    readonly refuse: (vm: ViewModel, why: string) => void;
  };
  /** Opens a decision's question: keys that came after it in the same read are dropped. */
  readonly opensDecision?: boolean;
  readonly run: Handler;
}

/** What the swap form's keys decide with (built by swap/context.ts while pane 5 is in front). */
export interface SwapKeyContext {
  readonly focus: string;
  /** A picker's list is open with at least one candidate: Enter and ↑/↓ work in it. */
  readonly picking: boolean;
  /** Text is typed into a picker's search: Esc clears it first. */
  readonly searching: boolean;
  readonly confirming: boolean;
  /** A create is on its way: Enter (key repeat, a double press) must not start anything else. */
  readonly creating: boolean;
  readonly creatable: boolean;
  readonly requotable: boolean;
}
