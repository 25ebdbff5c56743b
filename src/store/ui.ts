// What the person at the keyboard is looking at: mode, pane, selection, filters, overlays, the
// line being typed. Data lives in the other slices; this one holds only choices, so a keypress
// never touches the transactions slice and a live update never touches this one.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TransactionFilterQuery } from '../format/index.js';

/** A pane by its id: the view's registry (src/view/resources/registry.ts) says which exist. */
export type PaneId = string;

/**
 * What this store decides of the mode: normal (lists and details), filter and command (a line is
 * being typed), help, json and messages (a scrollable overlay), copy (`y`'s menu), profiles (`:ctx`'s list).
 * The action dialog and the swap
 * form own the keys while they are open; the view derives that from their stores (src/view/model/mode.ts).
 */
export type UiMode = 'normal' | 'filter' | 'command' | 'help' | 'json' | 'messages' | 'copy' | 'helpSearch' | 'profiles';

/**
 * Why live updates are held: the person pressed `p`, or a decision is being made (its dialog is
 * open and its request not yet answered). Held while any reason stands; the one home of the pause.
 */
export type PauseReason = 'person' | 'decision';

export const NO_PAUSE: ReadonlySet<PauseReason> = new Set();

/** The list filters a `:tx` line sets (the account chip is separate: addresses share it). */
export type TxFilter = Omit<TransactionFilterQuery, 'isTerminated' | 'accountId' | 'accountIds'>;

export interface ListState {
  /** The selected row, by id: rows move under it as live data arrives. */
  readonly selectedId?: string;
  /**
   * The person did not choose the selection (the first row at start, the neighbour of a row that
   * left): at the top, arrivals push it along the last row instead of scrolling the window.
   */
  readonly implied?: boolean;
  /** Index of the selection when it was last placed: where it falls back to if its id leaves the list. */
  readonly cursor: number;
  /** Screen row of the selection when it was last placed: the window's fallback if `top` leaves. */
  readonly row: number;
  /**
   * First row of the table window while it is scrolled away from the top: the window holds still
   * on it as rows arrive. Absent at the top, where the window stays (new rows come into sight).
   */
  readonly top?: string;
  /** The list's first rows when the window left the top: rows now above them are new ("▲ N new"). */
  readonly seen?: readonly string[];
  /** The applied `/` filter (a leading `!` inverts). */
  readonly filter: string;
  /** Index into the pane's list of sorts. */
  readonly sort: number;
  /** The sort read the other way (`S`): oldest first, smallest first, Z to A. */
  readonly reverse?: boolean;
}

export interface HelpSearch {
  readonly text: string;
  /** Which match is current: any integer, taken modulo the count (n/N need not know it). */
  readonly match: number;
}

export interface JsonTarget {
  readonly pane: PaneId;
  readonly id: string;
}

export interface UiData {
  readonly mode: UiMode;
  readonly pane: PaneId;
  /** Each list pane's selection, filter and sort, by pane id (absent: untouched, see listState). */
  readonly lists: Readonly<Record<PaneId, ListState>>;
  /** Account chip: addresses and transactions show only this account. */
  readonly accountFilter?: string;
  /** `:tx` filters, as the server is asked for them (the account is `accountFilter`). */
  readonly txFilter: TxFilter;
  /** The same filters as the title shows them (`[asset: USDT]`). */
  readonly txChips: readonly { readonly label: string; readonly value: string }[];
  /** `:addr` filters. */
  readonly addrNetworks: readonly string[];
  readonly addrStatuses: readonly string[];
  /** Transactions: the selection sticks to the newest row. */
  readonly follow: boolean;
  /** Why live updates are held (none: they flow); the view drives the live engine from it. */
  readonly pause: ReadonlySet<PauseReason>;
  /**
   * Transactions that entered waiting-approval and the person has not visited yet (n/N onto one,
   * or opening it), oldest arrival first: the header's "● N new". Each visit takes its own one
   * off. The one live fact kept here, as what the person has yet to see: the view writes it on an
   * arrival and when one leaves the queue (view/model/approvals-seen.ts), not on every update.
   */
  readonly freshApprovals: readonly string[];
  /**
   * The open detail of a record, drawn over its pane while that pane is in front. Its one home: the
   * live engine loads the open transaction by following this (view/shell/live-sync.ts).
   */
  readonly detail?: { readonly pane: PaneId; readonly id: string; readonly scroll: number };
  readonly helpScroll: number;
  /** The help's search (`/` in the help; mode helpSearch while it is typed). */
  readonly helpSearch?: HelpSearch;
  /** The messages overlay's scroll (it opens on the newest). */
  readonly messagesScroll: number;
  readonly json?: { readonly target: JsonTarget; readonly scroll: number };
  /** The record `y`'s copy menu is open on. */
  readonly copyMenu?: JsonTarget;
  /** The row of `:ctx`'s list of profiles the cursor is on (mode profiles). */
  readonly profilesCursor: number;
  /** The line being typed in filter or command mode. */
  readonly input: string;
  /** Filter text before `/` was pressed: Esc puts it back. */
  readonly inputBefore: string;
  /** Commands run, oldest first. */
  readonly history: readonly string[];
  /** Position while walking the history with ↑/↓ (undefined: editing a new line). */
  readonly historyIndex?: number;
  /** The new line being typed when the history walk began. */
  readonly historyDraft: string;
  /** Tab completion in progress: the candidates for the word and which one is shown. */
  readonly completion?: {
    readonly stem: string;
    readonly candidates: readonly string[];
    readonly index: number;
  };
  readonly size: { readonly columns: number; readonly rows: number };
}

export interface UiActions {
  setSize(columns: number, rows: number): void;
  setPane(pane: PaneId): void;
  patchList(pane: PaneId, patch: Partial<ListState>): void;
  /** Changes any of the data fields at once (filters, follow, scrolls...); never the mode. */
  update(patch: Partial<Omit<UiData, 'mode'>>): void;
  /** Adds (`on`) or removes one reason to hold live updates. */
  setPause(reason: PauseReason, on: boolean): void;
  openDetail(pane: PaneId, id: string): void;
  closeDetail(): void;
  beginInput(mode: 'filter' | 'command', text: string): void;
  /** The line's text; in filter mode the pane's filter follows it (filter as you type). */
  setInput(text: string): void;
  /** Leaves the line; in filter mode its text stays the filter. */
  endInput(): void;
  /** Leaves the line; in filter mode the filter goes back to what it was before `/`. */
  cancelInput(): void;
  pushHistory(command: string): void;
  openHelp(): void;
  /** Searches the help (mode helpSearch); undefined ends the search and leaves the help open. */
  setHelpSearch(search: HelpSearch | undefined): void;
  openMessages(): void;
  openJson(target: JsonTarget): void;
  openCopyMenu(target: JsonTarget): void;
  /** `:ctx`'s list of profiles, the cursor on row `cursor`. */
  openProfiles(cursor: number): void;
  closeOverlay(): void;
}

export type UiState = UiData & UiActions;
export type UiStore = StoreApi<UiState>;

export const MAX_HISTORY = 50;

const emptyList: ListState = { cursor: 0, row: 0, filter: '', sort: 0 };

/** A list pane's state; a pane never touched yet starts at the top, unfiltered, first sort. */
export function listState(ui: Pick<UiData, 'lists'>, pane: PaneId): ListState {
  return ui.lists[pane] ?? emptyList;
}

export function initialUi(init: Partial<UiData> = {}): UiData {
  return {
    mode: 'normal',
    pane: 'transactions',
    lists: {},
    txFilter: {},
    txChips: [],
    addrNetworks: [],
    addrStatuses: [],
    follow: false,
    pause: NO_PAUSE,
    freshApprovals: [],
    helpScroll: 0,
    messagesScroll: 0,
    profilesCursor: 0,
    input: '',
    inputBefore: '',
    history: [],
    historyDraft: '',
    size: { columns: 80, rows: 24 },
    ...init,
  };
}

/** The reasons with `reason` added (`on`) or removed; the same set when that changes nothing. */
export function withPause(
  pause: ReadonlySet<PauseReason>,
  reason: PauseReason,
  on: boolean,
): ReadonlySet<PauseReason> {
  if (pause.has(reason) === on) return pause;
  const next = new Set(pause);
  if (on) next.add(reason);
  else next.delete(reason);
  return next;
}

/** Whether live updates are held, for whatever reason: the header's PAUSED and the engine's hold. */
export function isPaused(ui: Pick<UiData, 'pause'>): boolean {
  return ui.pause.size > 0;
}

/** Appends a command to the history: consecutive repeats are kept once, the oldest fall off. */
export function withHistory(history: readonly string[], command: string): readonly string[] {
  const text = command.trim();
  if (text === '' || history[history.length - 1] === text) return history;
  return [...history, text].slice(-MAX_HISTORY);
}

/** The lists with the pane in front filtered by `filter`. */
function withFilter(ui: Pick<UiData, 'lists' | 'pane'>, filter: string): UiData['lists'] {
  const own = listState(ui, ui.pane);
  return own.filter === filter ? ui.lists : { ...ui.lists, [ui.pane]: { ...own, filter } };
}

export function createUiStore(init: Partial<UiData> = {}): UiStore {
  return createStore<UiState>()((set, get) => ({
    ...initialUi(init),
    setSize(columns, rows) {
      const { size } = get();
      if (size.columns !== columns || size.rows !== rows) set({ size: { columns, rows } });
    },
    setPane(pane) {
      if (get().pane !== pane) set({ pane });
    },
    patchList(pane, patch) {
      const lists = get().lists;
      set({ lists: { ...lists, [pane]: { ...listState(get(), pane), ...patch } } });
    },
    update(patch) {
      set(patch);
    },
    setPause(reason, on) {
      const pause = withPause(get().pause, reason, on);
      if (pause !== get().pause) set({ pause });
    },
    openDetail(pane, id) {
      set({ detail: { pane, id, scroll: 0 } });
    },
    closeDetail() {
      set({ detail: undefined });
    },
    beginInput(mode, text) {
      set({
        mode,
        input: text,
        inputBefore: text,
        historyIndex: undefined,
        historyDraft: '',
        completion: undefined,
      });
    },
    setInput(text) {
      const s = get();
      // One write: the line and the list it filters change together.
      const lists = s.mode === 'filter' ? withFilter(s, text.trim()) : s.lists;
      set({ input: text, completion: undefined, lists });
    },
    endInput() {
      set({ mode: 'normal', input: '', inputBefore: '', historyIndex: undefined, completion: undefined });
    },
    cancelInput() {
      const s = get();
      const lists = s.mode === 'filter' ? withFilter(s, s.inputBefore) : s.lists;
      set({ mode: 'normal', input: '', inputBefore: '', historyIndex: undefined, completion: undefined, lists });
    },
    pushHistory(command) {
      const history = withHistory(get().history, command);
      if (history !== get().history) set({ history });
    },
    openHelp() {
      set({ mode: 'help', helpScroll: 0, helpSearch: undefined });
    },
    setHelpSearch(search) {
      set({ mode: search === undefined ? 'help' : 'helpSearch', helpSearch: search });
    },
    openMessages() {
      set({ mode: 'messages', messagesScroll: 0 });
    },
    openJson(target) {
      set({ mode: 'json', json: { target, scroll: 0 } });
    },
    openCopyMenu(target) {
      set({ mode: 'copy', copyMenu: target });
    },
    openProfiles(cursor) {
      set({ mode: 'profiles', profilesCursor: Math.max(0, cursor) });
    },
    closeOverlay() {
      set({ mode: 'normal', json: undefined, helpSearch: undefined, copyMenu: undefined });
    },
  }));
}
