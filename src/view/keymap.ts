// Every key of the console, as data. The one dispatcher looks keys up here, the footer shows the
// entries that work at this moment, and the help screen lists them all with their descriptions:
// one table, three uses (k9s' KeyActions, gemini-cli's keyBindings). A key that is not here does
// nothing.
import type { ActionName } from '../store/index.js';
import type { PaneId, UiMode } from '../store/ui.js';
import { ACTION_BINDINGS } from './keymap-actions.js';
import { SWAP_BINDINGS } from './keymap-swap.js';
import type { SwapKeyContext } from './swap/context.js';

/** Normalized key names: printable characters as themselves ('j', 'G', '?'), others by name. */
export type KeyName = string;

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
  readonly mode: UiMode;
  readonly pane: PaneId;
  /** The transaction detail is open (and shown: the transactions pane is in front). */
  readonly detail: boolean;
  readonly readOnly: boolean;
  readonly role?: string;
  readonly forbidden: ReadonlySet<ActionName>;
  readonly paused: boolean;
  readonly follow: boolean;
  /** The pane in front has a filter or chip that Esc would clear. */
  readonly hasFilter: boolean;
  /** The record under the cursor (or the open detail), read only when a binding asks. */
  readonly selected: () => unknown;
  /** The cursor rests on the transactions list's "search the server" row (not a record). */
  readonly searchRow?: boolean;
  /** The open action dialog: its step, whether it asks for the typed confirmation, its action. */
  readonly dialog?: { readonly phase: string; readonly typed: boolean; readonly action: string };
  /** The swap form (pane 5): src/view/swap/context.ts. */
  readonly swap?: SwapKeyContext;
}

export interface FooterSpec {
  /** Position in the footer: lower comes first. */
  readonly order: number;
  /** Kept even when the footer is too narrow for the rest (help, quit). */
  readonly keep?: boolean;
}

export interface KeyBinding {
  readonly id: string;
  readonly keys: readonly KeyName[];
  /** The footer's word for it. */
  readonly label: string | ((ctx: KeyContext) => string);
  /** The help screen's sentence. */
  readonly description: string;
  readonly modes: readonly UiMode[];
  /** Panes where it works; every pane when absent. */
  readonly panes?: readonly PaneId[];
  /** true: only in the transaction detail; false: only in lists; absent: both. */
  readonly detail?: boolean;
  readonly group: KeyGroup;
  /** Shown in the footer when it applies; help-only when absent. */
  readonly footer?: FooterSpec;
  /** Changes something on the server: never in read-only mode, never when the role forbids it. */
  readonly dangerous?: boolean;
  /** The session action it performs (roles and 403s are checked against it). */
  readonly action?: ActionName;
  /** A condition on the moment beyond mode and pane (e.g. the selection's status). */
  readonly when?: (ctx: KeyContext) => boolean;
}

const LIST_PANES: readonly PaneId[] = ['accounts', 'addresses', 'transactions', 'prices'];
const SCROLLING: readonly UiMode[] = ['normal', 'help', 'json'];
const INPUT: readonly UiMode[] = ['filter', 'command'];
const ALL_MODES: readonly UiMode[] = ['normal', 'filter', 'command', 'help', 'json', 'dialog', 'form'];

const BASE_BINDINGS: readonly KeyBinding[] = [
  // Move: the same keys move the cursor in lists and scroll the detail and overlays.
  {
    id: 'down',
    keys: ['j', 'down'],
    label: 'down',
    description: 'move down one row / scroll down',
    modes: SCROLLING,
    group: 'move',
  },
  {
    id: 'up',
    keys: ['k', 'up'],
    label: 'up',
    description: 'move up one row / scroll up',
    modes: SCROLLING,
    group: 'move',
  },
  {
    id: 'top',
    keys: ['g', 'home'],
    label: 'top',
    description: 'go to the top',
    modes: SCROLLING,
    group: 'move',
  },
  {
    id: 'bottom',
    keys: ['G', 'end'],
    label: 'bottom',
    description: 'go to the bottom',
    modes: SCROLLING,
    group: 'move',
  },
  {
    id: 'pageDown',
    keys: ['pagedown', 'ctrl+d'],
    label: 'page down',
    description: 'one page down',
    modes: SCROLLING,
    group: 'move',
  },
  {
    id: 'pageUp',
    keys: ['pageup', 'ctrl+u'],
    label: 'page up',
    description: 'one page up',
    modes: SCROLLING,
    group: 'move',
  },

  // Panes
  {
    id: 'pane',
    keys: ['1', '2', '3', '4', '5'],
    label: 'pane',
    description: 'accounts, addresses, transactions, prices, swap',
    modes: ['normal'],
    group: 'panes',
  },
  {
    id: 'nextPane',
    keys: ['tab'],
    label: 'next pane',
    description: 'next pane',
    modes: ['normal'],
    group: 'panes',
  },
  {
    id: 'prevPane',
    keys: ['shift+tab'],
    label: 'previous pane',
    description: 'previous pane',
    modes: ['normal'],
    group: 'panes',
  },
  {
    id: 'open',
    keys: ['enter'],
    label: (c) => (c.searchRow === true ? 'search the server' : 'open'),
    description:
      'transactions: open the detail (on the "search the server" row: ask the server); accounts: show that account in addresses and transactions',
    modes: ['normal'],
    panes: ['accounts', 'transactions'],
    detail: false,
    group: 'panes',
    footer: { order: 40 },
    when: (c) => c.searchRow === true || c.selected() !== undefined,
  },
  {
    id: 'back',
    keys: ['esc'],
    label: (c) => (c.detail ? 'back' : 'clear'),
    description: 'back: close the detail, then clear the filter, then the account chip',
    modes: ['normal'],
    group: 'panes',
    footer: { order: 45 },
    when: (c) => c.detail || c.hasFilter,
  },

  // View
  {
    id: 'filter',
    keys: ['/'],
    label: 'filter',
    description: 'filter the rows by text (a leading ! keeps the rows that do not match)',
    modes: ['normal'],
    panes: LIST_PANES,
    detail: false,
    group: 'view',
    footer: { order: 20 },
  },
  {
    id: 'command',
    keys: [':'],
    label: 'command',
    description: 'command line (:tx, :account, :addr, :prices, :swap, :help, :q)',
    modes: ['normal'],
    group: 'view',
    footer: { order: 30 },
  },
  {
    id: 'sort',
    keys: ['s'],
    label: 'sort',
    description: 'next sort order of the pane',
    modes: ['normal'],
    panes: LIST_PANES,
    detail: false,
    group: 'view',
    footer: { order: 80 },
  },
  {
    id: 'json',
    keys: ['J'],
    label: 'json',
    description: 'raw JSON of the record under the cursor (J or Esc closes)',
    modes: ['normal', 'json'],
    panes: ['accounts', 'addresses', 'transactions', 'prices'],
    group: 'view',
    footer: { order: 85 },
    when: (c) => c.mode === 'json' || c.selected() !== undefined,
  },
  {
    id: 'copy',
    keys: ['y'],
    label: 'copy',
    description: 'copy the id (the address on the addresses pane) to the clipboard',
    modes: ['normal'],
    panes: ['accounts', 'addresses', 'transactions'],
    group: 'view',
    footer: { order: 60 },
    when: (c) => c.selected() !== undefined,
  },
  {
    id: 'help',
    keys: ['?'],
    label: (c) => (c.mode === 'help' ? 'close' : 'help'),
    description: 'this help (? or Esc closes)',
    modes: ['normal', 'help'],
    group: 'view',
    footer: { order: 10, keep: true },
  },
  {
    id: 'close',
    keys: ['esc', 'q'],
    label: 'close',
    description: 'close the help or the JSON view',
    modes: ['help', 'json'],
    group: 'view',
    footer: { order: 5, keep: true },
  },

  // Live data
  {
    id: 'refresh',
    keys: ['r'],
    label: 'refresh',
    description: 'fetch the pane again from the server',
    modes: ['normal'],
    group: 'live',
    footer: { order: 90 },
  },
  {
    id: 'pause',
    keys: ['p'],
    label: (c) => (c.paused ? 'resume' : 'pause'),
    description: 'pause live updates (rows stop moving while you read); again to resume',
    modes: ['normal'],
    group: 'live',
    footer: { order: 70 },
  },
  {
    id: 'follow',
    keys: ['f'],
    label: (c) => (c.follow ? 'unfollow' : 'follow'),
    description: 'follow the newest transaction (moving the cursor stops it)',
    modes: ['normal'],
    panes: ['transactions'],
    detail: false,
    group: 'live',
    footer: { order: 75 },
  },

  // Filter and command line
  {
    id: 'inputApply',
    keys: ['enter'],
    label: 'apply',
    description: 'filter: apply; command: run',
    modes: INPUT,
    group: 'input',
    footer: { order: 1, keep: true },
  },
  {
    id: 'inputCancel',
    keys: ['esc'],
    label: 'cancel',
    description: 'leave the line without applying it',
    modes: INPUT,
    group: 'input',
    footer: { order: 2, keep: true },
  },
  {
    id: 'complete',
    keys: ['tab'],
    label: 'complete',
    description: 'complete the word (again for the next candidate)',
    modes: ['command'],
    group: 'input',
    footer: { order: 3 },
  },
  {
    id: 'historyPrev',
    keys: ['up'],
    label: 'history',
    description: 'previous command',
    modes: ['command'],
    group: 'input',
    footer: { order: 4 },
  },
  {
    id: 'historyNext',
    keys: ['down'],
    label: 'next',
    description: 'next command',
    modes: ['command'],
    group: 'input',
  },
  {
    id: 'inputBackspace',
    keys: ['backspace'],
    label: 'delete',
    description: 'delete the character before the cursor',
    modes: INPUT,
    group: 'input',
  },
  {
    id: 'inputClear',
    keys: ['ctrl+u'],
    label: 'clear',
    description: 'clear the line',
    modes: INPUT,
    group: 'input',
    footer: { order: 6 },
  },
  {
    id: 'inputWord',
    keys: ['ctrl+w'],
    label: 'word',
    description: 'delete the word before the cursor',
    modes: INPUT,
    group: 'input',
    footer: { order: 7 },
  },

  // General
  {
    id: 'quit',
    keys: ['q'],
    label: 'quit',
    description: 'quit (the terminal is restored)',
    modes: ['normal'],
    group: 'general',
    footer: { order: 100, keep: true },
  },
  {
    id: 'interrupt',
    keys: ['ctrl+c'],
    label: 'quit',
    description: 'quit from anywhere',
    modes: ALL_MODES,
    group: 'general',
  },
];

// The swap form's keys come first: they apply only on pane 5 and there they mean the form's thing
// (`r` re-quotes the answer on screen instead of refreshing every list).
export const KEYMAP: readonly KeyBinding[] = [...SWAP_BINDINGS, ...BASE_BINDINGS, ...ACTION_BINDINGS];

/** What each role may do (wire notes §4); an unknown role is let through and the server decides. */
const ROLE_ACTIONS: Readonly<Record<string, readonly ActionName[]>> = {
  'view-only': [],
  'transaction-operator': ['decline', 'approve', 'cancel', 'create'],
  'full-access': ['decline', 'approve', 'cancel', 'create'],
  'mpc-hot-signer': [],
};

export function roleAllows(role: string | undefined, action: ActionName): boolean {
  if (role === undefined || !Object.hasOwn(ROLE_ACTIONS, role)) return true;
  return ROLE_ACTIONS[role]!.includes(action);
}

/**
 * Whether a binding may exist at all for this session: dangerous ones vanish in read-only mode and
 * when the role or a 403 forbids them.
 */
export function isPermitted(b: KeyBinding, c: Pick<KeyContext, 'readOnly' | 'role' | 'forbidden'>): boolean {
  if (!b.dangerous) return true;
  if (c.readOnly) return false;
  if (b.action === undefined) return true;
  return roleAllows(c.role, b.action) && !c.forbidden.has(b.action);
}

/** Whether a binding works right now. */
export function isAvailable(b: KeyBinding, c: KeyContext): boolean {
  if (!b.modes.includes(c.mode)) return false;
  if (c.mode === 'normal') {
    if (b.panes !== undefined && !b.panes.includes(c.pane)) return false;
    if (b.detail !== undefined && b.detail !== c.detail) return false;
  }
  if (!isPermitted(b, c)) return false;
  return b.when === undefined || b.when(c);
}

/** The binding a key triggers now: the first available one that lists it. */
export function findBinding(
  keymap: readonly KeyBinding[],
  key: KeyName,
  c: KeyContext,
): KeyBinding | undefined {
  for (const b of keymap) {
    if (b.keys.includes(key) && isAvailable(b, c)) return b;
  }
  return undefined;
}

export function labelOf(b: KeyBinding, c: KeyContext): string {
  return typeof b.label === 'function' ? b.label(c) : b.label;
}

const KEY_LABELS: Readonly<Record<string, readonly [string, string]>> = {
  // name: [unicode, ascii]
  down: ['↓', 'down'],
  up: ['↑', 'up'],
  pagedown: ['PgDn', 'PgDn'],
  pageup: ['PgUp', 'PgUp'],
  home: ['Home', 'Home'],
  end: ['End', 'End'],
  enter: ['enter', 'enter'],
  esc: ['esc', 'esc'],
  tab: ['tab', 'tab'],
  'shift+tab': ['shift-tab', 'shift-tab'],
  backspace: ['backspace', 'backspace'],
};

/** A key as people write it: "↓" ("down" in ASCII), "ctrl-d", "G". */
export function keyLabel(key: KeyName, ascii: boolean): string {
  const known = KEY_LABELS[key];
  if (known !== undefined) return ascii ? known[1] : known[0];
  if (key.startsWith('ctrl+')) return `ctrl-${key.slice(5)}`;
  return key;
}

/** All keys of a binding for the help screen: "j ↓", "1-5". */
export function keysLabel(b: KeyBinding, ascii: boolean): string {
  if (b.id === 'pane') return '1-5';
  return b.keys.map((k) => keyLabel(k, ascii)).join(' ');
}

export interface FooterItem {
  readonly key: string;
  readonly label: string;
}

/**
 * The footer: bindings that work now, in their order, as many as fit in `width` (the kept ones
 * first claim their room). Items are separated by two spaces.
 */
export function footerItems(
  keymap: readonly KeyBinding[],
  c: KeyContext,
  width: number,
  ascii: boolean,
): FooterItem[] {
  const seen = new Set<string>();
  const candidates = keymap
    .filter((b) => b.footer !== undefined && isAvailable(b, c))
    // A key does one thing at a time: the first binding that takes it (swap's `r` over refresh).
    .filter((b) => findBinding(keymap, b.keys[0]!, c) === b)
    .sort((a, b) => a.footer!.order - b.footer!.order)
    .map((b) => ({ b, item: { key: keyLabel(b.keys[0]!, ascii), label: labelOf(b, c) } }))
    // One key per word: where two keys do the same (esc and ? both close the help), the first says it.
    .filter(({ item }) => {
      if (seen.has(item.label)) return false;
      seen.add(item.label);
      return true;
    });
  const size = (i: FooterItem) => i.key.length + 1 + i.label.length + 2;
  let used = candidates.filter(({ b }) => b.footer!.keep).reduce((sum, { item }) => sum + size(item), 0);
  const shown = new Set(candidates.filter(({ b }) => b.footer!.keep).map(({ b }) => b));
  for (const { b, item } of candidates) {
    if (shown.has(b)) continue;
    if (used + size(item) > width) continue;
    used += size(item);
    shown.add(b);
  }
  return candidates.filter(({ b }) => shown.has(b)).map(({ item }) => item);
}

export interface HelpLine {
  readonly group: string;
  readonly keys: string;
  readonly description: string;
}

/** The help screen's content: every permitted binding, grouped, in keymap order. */
export function helpEntries(
  keymap: readonly KeyBinding[],
  c: Pick<KeyContext, 'readOnly' | 'role' | 'forbidden'>,
  ascii: boolean,
): { title: string; entries: { keys: string; description: string }[] }[] {
  return KEY_GROUPS.map((g) => ({
    title: g.title,
    entries: keymap
      .filter((b) => b.group === g.id && isPermitted(b, c))
      .map((b) => ({ keys: keysLabel(b, ascii), description: b.description })),
  })).filter((g) => g.entries.length > 0);
}
