// The transactions pane: a view of the workspace's transactions (its `:tx` filters and account chip
// are a server query), newest first, moving live. It holds all live work and the history around
// the cursor (store/tx-window.ts): it tells the live engine which view is on screen and where the
// cursor is, and the engine reads ahead of the cursor and lets go far from it. Its pane listens to
// the transactions slice, the names it shows and its own ui state; never to prices (USD values use
// prices held up to a minute, see transaction-rows.ts) and never to the 1 s clock.
import { useEffect } from 'react';
import type { Transaction } from '../../../contract/index.js';
import { formatCount, transactionStatusStyle } from '../../../format/index.js';
import { isSlim, txQueryKey } from '../../../store/index.js';
import { listState } from '../../../store/ui.js';
import { markApprovalSeen } from '../../model/approvals-seen.js';
import type { CommandSpec } from '../../query/command-spec.js';
import { txWordsRef } from '../../query/sources.js';
import { parseTxWords, splitWords } from '../../query/tx-words.js';
import type { ViewModel } from '../../model/model.js';
import { notify } from '../../model/notify.js';
import { DetailPane } from './detail.js';
import { accountName } from '../../draw/context.js';
import type { Segment } from '../../base/segments.js';
import { SEARCH_ROW_ID, searchOffer } from '../../base/search-offer.js';
import {
  chip,
  closeDetailOf,
  emptyText,
  filterChip,
  recordsIn,
  useAgeNow,
  useInputs,
  useUnreachable,
} from '../kit.js';
import { transactionCopies } from '../copies.js';
import { ALL_TRANSACTION_COLUMNS, TRANSACTION_COLUMNS as columns, queueColumns } from './columns.js';
import { TRANSACTION_SORTS, transactionQuery, transactionRows } from './rows.js';
import type { ListResource } from '../types.js';

const txCommand: CommandSpec = {
  name: 'tx',
  args: '[word ...]',
  description:
    'transactions of any of these statuses and types and with these key:value filters, asked of the server (account: asset: created: updated: to: from: address: hash: ext: id:); alone: all',
  complete: (word, sources) => sources.txWord(word),
  run(vm, cmd) {
    const parsed = parseTxWords(splitWords(cmd.rest), txWordsRef(vm));
    if (!parsed.ok) {
      notify(vm, 'warn', parsed.error, 'view-command');
      return;
    }
    const { accountId, ...txFilter } = parsed.filter;
    const ui = vm.ui.getState();
    ui.update({
      txFilter,
      txChips: parsed.chips.filter((c) => c.label !== 'account'),
      ...(accountId !== undefined ? { accountFilter: accountId } : {}),
    });
    // A new view of the pane starts on its list, not on the detail of a row of the old one.
    closeDetailOf(vm, transactions);
    ui.setPane('transactions');
  },
};

/** The `/` text becomes a server query (`:tx id:…`, `address:…`, `hash:…`) in place of the filter. */
function searchServer(vm: ViewModel): void {
  const ui = vm.ui.getState();
  const offer = searchOffer(listState(ui, 'transactions').filter);
  if (offer === undefined) return;
  ui.update({ txFilter: offer.filter, txChips: [offer.chip] });
  ui.patchList('transactions', { filter: '', selectedId: undefined, cursor: 0, row: 0 });
}

/** The ceiling on the unfinished work held left some out (store/ceiling.ts): the rows are not all. */
function ceilingChip(vm: ViewModel): Segment[] {
  const { ceiling, unfinishedLimit } = vm.stores.transactions.getState();
  if (ceiling === undefined) return [];
  return [{ text: `[ceiling: the ${formatCount(unfinishedLimit)} most urgent unfinished held]`, token: 'warning' }];
}

function chips(vm: ViewModel): Segment[] {
  const ui = vm.ui.getState();
  const ctx = { workspace: vm.stores.workspace.getState() };
  return [
    ...(ui.accountFilter !== undefined ? [chip('account', accountName(ctx, ui.accountFilter))] : []),
    ...ui.txChips.map((c) => chip(c.label, c.value)),
    ...filterChip(listState(ui, 'transactions').filter),
  ];
}

/**
 * What the rows are derived from. Not prices: the list values with prices held up to a minute
 * (transaction-rows.ts), read when the rows are derived, so a price tick draws nothing.
 */
function inputs(vm: ViewModel) {
  const ui = vm.ui.getState();
  return {
    tx: vm.stores.transactions.getState(),
    own: listState(ui, 'transactions'),
    accountFilter: ui.accountFilter,
    txFilter: ui.txFilter,
    txChips: ui.txChips,
    follow: ui.follow,
    dictionary: vm.stores.dictionary.getState(),
    workspace: vm.stores.workspace.getState(),
    directory: vm.stores.directory.getState(),
  };
}

function rowsOf(vm: ViewModel, from = inputs(vm)) {
  const rows = vm.cache(transactions, () => transactionRows(columns));
  const { dictionary, workspace, directory } = from;
  return rows(
    from.tx,
    transactionQuery({ ...from, lists: { transactions: from.own } }),
    { dictionary, workspace, directory },
    vm.stores.prices.getState(),
  );
}

export const transactions: ListResource<Transaction> = {
  id: 'transactions',
  title: 'Transactions',
  columns,
  sorts: TRANSACTION_SORTS,
  reverses: true,
  sortable: (ui, id) =>
    !ALL_TRANSACTION_COLUMNS.some((c) => c.id === id) || queueColumns(ui.txFilter.transactionStatuses).some((c) => c.id === id),
  recordId: (tx) => tx.transactionId,
  tone: (tx) => transactionStatusStyle(tx.status).tone,
  inputs,
  rows: (vm) => rowsOf(vm),
  ...recordsIn((stores) => stores.transactions, (s, id) => s.byId.get(id)),
  usePane(vm) {
    const held = useInputs(vm, inputs);
    const { tx, dictionary, workspace, directory } = held;
    const now = useAgeNow(vm);
    const key = txQueryKey(transactionQuery({ ...held, lists: { transactions: held.own } }).server);
    const list = rowsOf(vm, held);
    // The view on screen: the engine reads its history (or keeps what it holds of it).
    useEffect(() => {
      vm.actions.showTransactions(transactionQuery(vm.ui.getState()).server);
    }, [vm, key]);
    const shown = chips(vm);
    const h = list.history;
    const unreachable = useUnreachable(vm);
    return {
      list,
      ctx: { ascii: vm.theme.ascii, now, dictionary, workspace, prices: list.prices, directory },
      columns: queueColumns(held.txFilter.transactionStatuses),
      chips: [...ceilingChip(vm), ...shown],
      empty: emptyText({
        loading: h?.loading === true,
        filtered: shown.length > 0,
        plural: 'transactions',
        singular: 'transaction',
        none: 'no transactions yet',
        ascii: vm.theme.ascii,
        error: h?.error,
        unreachable,
      }),
      marks: tx.changedAt,
      follow: held.follow,
      onViewport: (anchorId, visibleRows) =>
        vm.actions.transactionsViewport({ key, ...(anchorId !== undefined ? { anchorId } : {}), visibleRows }),
    };
  },
  refresh: 'transactions',
  whole: { partial: isSlim, load: (vm, id) => vm.actions.loadTransaction(id) },
  decides: true,
  copies: transactionCopies,
  open: {
    label: 'open',
    noteLabel: 'search the server',
    description: 'open the detail (on the "search the server" row: ask the server)',
    run(vm, id) {
      if (id === SEARCH_ROW_ID) {
        searchServer(vm);
        return;
      }
      // The live engine loads it by following ui.detail (live-sync.ts).
      vm.ui.getState().openDetail('transactions', id);
      // Opening an arrival is visiting it: its own "new" mark in the header goes.
      markApprovalSeen(vm, id);
    },
  },
  detail: { Component: DetailPane, followedLive: true },
  follows: true,
  hasFilters: (ui) => ui.accountFilter !== undefined || ui.txChips.length > 0,
  query: (ui) => txQueryKey(transactionQuery(ui).server),
  clearFilter(vm) {
    const ui = vm.ui.getState();
    if (ui.txChips.length > 0) {
      ui.update({ txFilter: {}, txChips: [] });
      return true;
    }
    if (ui.accountFilter !== undefined) {
      ui.update({ accountFilter: undefined });
      return true;
    }
    return false;
  },
  commands: [txCommand],
};
