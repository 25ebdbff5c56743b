// The one key dispatcher: key → binding (keymap data, for the mode and pane of the moment) →
// handler. Handlers change the ui store or call the live actions; nothing else reacts to keys.
import type { Key } from 'ink';
import type { Account, Address } from '../contract/index.js';
import { ADDRESS_STATUSES, TRANSACTION_STATUSES, truncateMiddle } from '../format/index.js';
import type { TransactionsState } from '../store/index.js';
import { isListPane, type ListPaneId, PANES, type UiData } from '../store/ui.js';
import { completeLine, type CompletionSources, parseCommand } from './commands.js';
import { copyFailedNotice, copyNotice } from './copy-outcome.js';
import { detailShown, keyContextNow, listNow, selectedNow, selectionNow, tableHeight } from './current.js';
import { SORTS } from './derive.js';
import { searchOffer } from './search-offer.js';
import { parseTxWords, splitWords, txWordCandidates, type TxWordsRef } from './tx-words.js';
import { findBinding, KEYMAP, type KeyBinding, type KeyName } from './keymap.js';
import { keyName, splitBunched, typedText } from './keys.js';
import { frameLayout } from './layout.js';
import type { RefreshScope } from './live-actions.js';
import type { ViewModel } from './model.js';
import { type Move, moveSelection } from './selection.js';
import { DIALOG_HANDLERS, dialogText } from './dialog-keys.js';
import { notify } from './notify.js';
import { SWAP_HANDLERS, swapText } from './swap-keys.js';

export { notify };

export type Handler = (vm: ViewModel, key: KeyName) => void;

function clamp(n: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, n));
}

/** Moves the cursor of a list, or scrolls whatever is in front (help, JSON, the detail). */
function move(vm: ViewModel, m: Move): void {
  const ui = vm.ui.getState();
  const page = Math.max(1, frameLayout(ui.size.columns, ui.size.rows).pane - 1);
  const scrollBy = (current: number, limit: number) => {
    const next =
      m === 'top'
        ? 0
        : m === 'bottom'
          ? limit
          : m === 'pageDown'
            ? current + page
            : m === 'pageUp'
              ? current - page
              : current + m;
    return clamp(next, 0, Math.max(0, limit));
  };
  if (ui.mode === 'help') {
    vm.ui.getState().update({ helpScroll: scrollBy(ui.helpScroll, vm.limits.help) });
    return;
  }
  if (ui.mode === 'json') {
    if (ui.json)
      vm.ui.getState().update({ json: { ...ui.json, scroll: scrollBy(ui.json.scroll, vm.limits.json) } });
    return;
  }
  if (detailShown(ui)) {
    vm.ui
      .getState()
      .update({ detail: { ...ui.detail!, scroll: scrollBy(ui.detail!.scroll, vm.limits.detail) } });
    return;
  }
  if (!isListPane(ui.pane)) return;
  const pane = ui.pane;
  const follow = pane === 'transactions' && ui.follow;
  const patch = moveSelection(ui.lists[pane], listNow(vm, pane), tableHeight(ui), m, follow);
  vm.ui.getState().patchList(pane, patch);
  // Moving the cursor is reading: the top row no longer pulls it along.
  if (follow) vm.ui.getState().update({ follow: false });
}

function switchPane(vm: ViewModel, delta: number): void {
  const { pane, setPane } = vm.ui.getState();
  const i = PANES.indexOf(pane);
  setPane(PANES[(i + delta + PANES.length) % PANES.length]!);
}

function scopeOf(pane: string): RefreshScope {
  switch (pane) {
    case 'accounts':
    case 'addresses':
    case 'transactions':
    case 'prices':
      return pane;
    default:
      return 'all';
  }
}

function closeDetail(vm: ViewModel): void {
  if (vm.ui.getState().detail === undefined) return;
  vm.ui.getState().closeDetail();
  vm.actions.closeTransaction();
}

/** The `/` text becomes a server query (`:tx id:…`, `address:…`, `hash:…`) in place of the filter. */
function searchServer(vm: ViewModel): void {
  const ui = vm.ui.getState();
  const offer = searchOffer(ui.lists.transactions.filter);
  if (offer === undefined) return;
  ui.update({ txFilter: offer.filter, txChips: [offer.chip] });
  ui.patchList('transactions', { filter: '', selectedId: undefined, cursor: 0, row: 0 });
}

/** Clears one layer of filtering of the pane in front; false when there was none. */
function clearOneFilter(vm: ViewModel, pane: ListPaneId): boolean {
  const ui = vm.ui.getState();
  if (ui.lists[pane].filter !== '') {
    ui.patchList(pane, { filter: '' });
    return true;
  }
  if (pane === 'transactions' && ui.txChips.length > 0) {
    ui.update({ txFilter: {}, txChips: [] });
    return true;
  }
  if (pane === 'addresses' && ui.addrNetworks.length + ui.addrStatuses.length > 0) {
    ui.update({ addrNetworks: [], addrStatuses: [] });
    return true;
  }
  if ((pane === 'transactions' || pane === 'addresses') && ui.accountFilter !== undefined) {
    ui.update({ accountFilter: undefined });
    return true;
  }
  return false;
}

/** What `y` copies: an address's address (its id while it has none yet), else the id. */
function copyText(pane: ListPaneId, id: string, record: unknown): { text: string; what: 'address' | 'id' } {
  const address = pane === 'addresses' ? (record as Address).address : undefined;
  if (address === undefined || address === null || address === '') return { text: id, what: 'id' };
  return { text: address, what: 'address' };
}

const seenCache = new WeakMap<TransactionsState['byId'], { types: string[]; statuses: string[] }>();

/**
 * Types and statuses present in the data: the view keeps no list of types (the contract's is a
 * value, and the view takes only types from there), and a status the format room does not know yet
 * is still a status.
 */
function seenValues(state: TransactionsState): { types: string[]; statuses: string[] } {
  let seen = seenCache.get(state.byId);
  if (seen === undefined) {
    const types = new Set<string>();
    const statuses = new Set<string>();
    for (const tx of state.byId.values()) {
      types.add(tx.transactionType);
      statuses.add(tx.status);
    }
    seen = { types: [...types].sort(), statuses: [...statuses].sort() };
    seenCache.set(state.byId, seen);
  }
  return seen;
}

export function completionSources(vm: ViewModel): CompletionSources {
  const ws = vm.stores.workspace.getState();
  const dict = vm.stores.dictionary.getState();
  const networks = new Set<string>();
  for (const id of dict.networks.keys()) networks.add(id);
  for (const a of ws.addresses) networks.add(a.networkId);
  const ref = txWordsRef(vm);
  return {
    txWord: (word) => txWordCandidates(word, ref),
    accountNames: ws.accounts.map((a) => a.accountName),
    networks: [...networks].sort(),
    addressStatuses: ADDRESS_STATUSES,
  };
}

/** What `:tx` words resolve against: statuses and types known or seen, accounts, assets. */
export function txWordsRef(vm: ViewModel): TxWordsRef {
  const dict = vm.stores.dictionary.getState();
  const seen = seenValues(vm.stores.transactions.getState());
  return {
    statuses: [...new Set([...TRANSACTION_STATUSES, ...seen.statuses])],
    types: seen.types,
    accounts: vm.stores.workspace.getState().accounts,
    assets: [...dict.assets.values()].map((a) => ({
      assetId: a.assetId,
      symbol: a.symbolId == null ? undefined : dict.symbols.get(a.symbolId)?.symbol,
      networkId: a.networkId ?? undefined,
    })),
    now: vm.env.now(),
  };
}

/** The account a `:account` argument names: an exact name, else the first name it starts. */
export function findAccount(accounts: readonly Account[], text: string): Account | undefined {
  const wanted = text.trim().toLowerCase();
  const exact = accounts.find((a) => a.accountName.toLowerCase() === wanted);
  if (exact) return exact;
  return [...accounts]
    .sort((a, b) => a.accountName.localeCompare(b.accountName))
    .find((a) => a.accountName.toLowerCase().startsWith(wanted));
}

export function runCommand(vm: ViewModel, line: string): void {
  const cmd = parseCommand(line);
  const ui = vm.ui.getState();
  if (cmd.name === '') return;
  if (cmd.spec === undefined) {
    notify(vm, 'warn', `unknown command :${cmd.name} (:help lists the commands)`, 'view-command');
    return;
  }
  switch (cmd.spec.name) {
    case 'tx': {
      const parsed = parseTxWords(splitWords(cmd.rest), txWordsRef(vm));
      if (!parsed.ok) {
        notify(vm, 'warn', parsed.error, 'view-command');
        return;
      }
      const { accountId, ...txFilter } = parsed.filter;
      ui.update({
        txFilter,
        txChips: parsed.chips.filter((c) => c.label !== 'account'),
        ...(accountId !== undefined ? { accountFilter: accountId } : {}),
      });
      closeDetail(vm);
      ui.setPane('transactions');
      return;
    }
    case 'account': {
      if (cmd.rest === '') {
        ui.update({ accountFilter: undefined });
        return;
      }
      const account = findAccount(vm.stores.workspace.getState().accounts, cmd.rest);
      if (account === undefined) {
        notify(vm, 'warn', `no account name starts with "${cmd.rest}"`, 'view-command');
        return;
      }
      ui.update({ accountFilter: account.accountId });
      if (ui.pane !== 'addresses' && ui.pane !== 'transactions') ui.setPane('transactions');
      return;
    }
    case 'addr': {
      const statuses = new Set<string>(ADDRESS_STATUSES);
      ui.update({
        addrStatuses: cmd.args.filter((a) => statuses.has(a.toLowerCase())).map((a) => a.toLowerCase()),
        addrNetworks: cmd.args.filter((a) => !statuses.has(a.toLowerCase())),
      });
      ui.setPane('addresses');
      return;
    }
    case 'accounts':
    case 'addresses':
    case 'transactions':
    case 'prices':
    case 'swap':
      ui.setPane(cmd.spec.name);
      return;
    case 'help':
      ui.openHelp();
      return;
    case 'quit':
      vm.env.quit();
      return;
  }
}

function editInput(vm: ViewModel, edit: (text: string) => string): void {
  const { input, setInput } = vm.ui.getState();
  setInput(edit(input));
}

function complete(vm: ViewModel): void {
  const ui = vm.ui.getState();
  const c = ui.completion;
  if (c !== undefined && ui.input === c.stem + c.candidates[c.index]) {
    const index = (c.index + 1) % c.candidates.length;
    ui.update({ input: c.stem + c.candidates[index], completion: { ...c, index } });
    return;
  }
  const found = completeLine(ui.input, completionSources(vm));
  if (found.candidates.length === 0) return;
  if (found.candidates.length === 1) {
    // A `key:` word waits for its value; anything else is a whole word.
    const only = found.candidates[0]!;
    ui.update({ input: `${found.head}${only}${only.endsWith(':') ? '' : ' '}`, completion: undefined });
    return;
  }
  ui.update({
    input: found.head + found.candidates[0],
    completion: { stem: found.head, candidates: found.candidates, index: 0 },
  });
}

function walkHistory(vm: ViewModel, step: -1 | 1): void {
  const ui = vm.ui.getState();
  const { history } = ui;
  if (history.length === 0) return;
  if (ui.historyIndex === undefined) {
    if (step === 1) return;
    ui.update({
      historyIndex: history.length - 1,
      historyDraft: ui.input,
      input: history[history.length - 1]!,
      completion: undefined,
    });
    return;
  }
  const index = ui.historyIndex + step;
  if (index < 0) return;
  if (index >= history.length) {
    ui.update({ historyIndex: undefined, input: ui.historyDraft, completion: undefined });
    return;
  }
  ui.update({ historyIndex: index, input: history[index]!, completion: undefined });
}

export const HANDLERS: Readonly<Record<string, Handler>> = {
  down: (vm) => move(vm, 1),
  up: (vm) => move(vm, -1),
  top: (vm) => move(vm, 'top'),
  bottom: (vm) => move(vm, 'bottom'),
  pageDown: (vm) => move(vm, 'pageDown'),
  pageUp: (vm) => move(vm, 'pageUp'),
  pane: (vm, key) => vm.ui.getState().setPane(PANES[Number(key) - 1] ?? vm.ui.getState().pane),
  nextPane: (vm) => switchPane(vm, 1),
  prevPane: (vm) => switchPane(vm, -1),
  open: (vm) => {
    if (keyContextNow(vm).searchRow === true) {
      searchServer(vm);
      return;
    }
    const sel = selectedNow(vm);
    if (sel === undefined) return;
    const ui = vm.ui.getState();
    if (sel.pane === 'accounts') {
      ui.update({ accountFilter: sel.id });
      ui.setPane('transactions');
    } else if (sel.pane === 'transactions') {
      ui.openDetail(sel.id);
      vm.actions.openTransaction(sel.id);
    }
  },
  back: (vm) => {
    const ui = vm.ui.getState();
    if (detailShown(ui)) closeDetail(vm);
    else if (isListPane(ui.pane)) clearOneFilter(vm, ui.pane);
  },
  filter: (vm) => {
    const ui = vm.ui.getState();
    if (isListPane(ui.pane)) ui.beginInput('filter', ui.lists[ui.pane].filter);
  },
  command: (vm) => vm.ui.getState().beginInput('command', ''),
  sort: (vm) => {
    const ui = vm.ui.getState();
    if (!isListPane(ui.pane)) return;
    ui.patchList(ui.pane, { sort: (ui.lists[ui.pane].sort + 1) % SORTS[ui.pane].length });
  },
  json: (vm) => {
    const ui = vm.ui.getState();
    if (ui.mode === 'json') {
      ui.closeOverlay();
      return;
    }
    const sel = selectedNow(vm);
    if (sel !== undefined) ui.openJson({ pane: sel.pane, id: sel.id });
  },
  copy: (vm) => {
    const sel = selectedNow(vm);
    if (sel === undefined) return;
    const { text, what } = copyText(sel.pane, sel.id, sel.record);
    const shown = truncateMiddle(text, 40, { ascii: vm.env.ascii });
    // Copying may run tmux: the console goes on, and the status line says where the text went
    // once that is known.
    Promise.resolve()
      .then(() => vm.env.copy(text))
      .then(
        (outcome) => copyNotice(what, shown, outcome),
        (error: unknown) => copyFailedNotice(what, shown, error),
      )
      .then(({ level, text: line }) => notify(vm, level, line, 'view-copy'))
      .catch(() => {}); // a notice that cannot be set has nowhere else to go
  },
  help: (vm) => {
    const ui = vm.ui.getState();
    if (ui.mode === 'help') ui.closeOverlay();
    else ui.openHelp();
  },
  close: (vm) => vm.ui.getState().closeOverlay(),
  refresh: (vm) => vm.actions.refresh(scopeOf(vm.ui.getState().pane)),
  pause: (vm) => {
    const paused = !vm.ui.getState().paused;
    vm.ui.getState().update({ paused });
    vm.actions.setPaused(paused);
  },
  follow: (vm) => {
    const ui = vm.ui.getState();
    if (ui.follow) {
      // Stop where the cursor is now (the top row), not where it was before following.
      const sel = selectionNow(vm, 'transactions');
      ui.patchList('transactions', { selectedId: sel.id, cursor: Math.max(0, sel.index), row: 0 });
      ui.update({ follow: false });
    } else ui.update({ follow: true });
  },
  quit: (vm) => vm.env.quit(),
  interrupt: (vm) => vm.env.quit(),
  inputApply: (vm) => {
    const ui = vm.ui.getState();
    if (ui.mode === 'filter') {
      if (isListPane(ui.pane)) ui.patchList(ui.pane, { filter: ui.input.trim() });
      ui.endInput();
      return;
    }
    const line = ui.input;
    ui.pushHistory(line);
    ui.endInput();
    runCommand(vm, line);
  },
  inputCancel: (vm) => vm.ui.getState().endInput(),
  inputBackspace: (vm) => {
    const { input, endInput } = vm.ui.getState();
    // Backspace on an empty line leaves it, as in vim and less.
    if (input === '') endInput();
    else editInput(vm, (t) => [...t].slice(0, -1).join(''));
  },
  inputClear: (vm) => editInput(vm, () => ''),
  inputWord: (vm) => editInput(vm, (t) => t.replace(/\S*\s*$/, '')),
  complete: (vm) => complete(vm),
  historyPrev: (vm) => walkHistory(vm, -1),
  historyNext: (vm) => walkHistory(vm, 1),
  ...DIALOG_HANDLERS,
  ...SWAP_HANDLERS,
};

/** Handles one keypress: a binding of the moment, else text for the input line. */
export function dispatchKey(
  vm: ViewModel,
  input: string,
  key: Key,
  keymap: readonly KeyBinding[] = KEYMAP,
): void {
  const bunched = splitBunched(input, key);
  if (bunched !== undefined) {
    // Each key sees the mode the one before it left (`/` then text goes into the filter).
    for (const one of bunched) dispatchKey(vm, one.input, one.key, keymap);
    return;
  }
  const ui: UiData = vm.ui.getState();
  const name = keyName(input, key);
  if (frameLayout(ui.size.columns, ui.size.rows).tooSmall) {
    // The too-small screen shows nothing to act on; it can still be left.
    if (name === 'q' || name === 'ctrl+c') vm.env.quit();
    return;
  }
  if (name !== undefined) {
    const binding = findBinding(keymap, name, keyContextNow(vm));
    if (binding !== undefined) {
      try {
        HANDLERS[binding.id]?.(vm, name);
      } catch (error) {
        // A key must never take the console down (a clipboard write that throws, say).
        const what = typeof binding.label === 'string' ? binding.label : binding.id;
        notify(
          vm,
          'error',
          `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
          'view-key',
        );
      }
      return;
    }
  }
  if (key.ctrl || key.meta) return;
  const text = typedText(input);
  if (text === '') return;
  if (ui.mode === 'filter' || ui.mode === 'command') editInput(vm, (t) => t + text);
  else if (ui.mode === 'dialog') dialogText(vm, text);
  else if (ui.mode === 'form') swapText(vm, text);
}
