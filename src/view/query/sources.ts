// What the command line resolves words against, read from the stores when it is asked: statuses
// and types known (the contract's enums, their one home) or seen, accounts, assets, networks.
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../contract/index.js';
import { ADDRESS_STATUSES } from '../../format/index.js';
import type { TransactionsState } from '../../store/index.js';
import type { ViewModel } from '../model/model.js';
import type { CompletionSources } from './command-spec.js';
import { txWordCandidates, type TxWordsRef } from './tx-words.js';

interface Seen {
  readonly types: string[];
  readonly statuses: string[];
}

const seenCache = new WeakMap<TransactionsState['byId'], Seen>();

/** Types and statuses present in the data: the enums grow, and a word the server uses is a word. */
function seenValues(state: TransactionsState): Seen {
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

/** What `:tx` words resolve against. */
export function txWordsRef(vm: ViewModel): TxWordsRef {
  const dict = vm.stores.dictionary.getState();
  const seen = seenValues(vm.stores.transactions.getState());
  return {
    statuses: [...new Set([...TRANSACTION_STATUSES, ...seen.statuses])],
    types: [...new Set([...TRANSACTION_TYPES, ...seen.types])],
    accounts: vm.stores.workspace.getState().accounts,
    assets: [...dict.assets.values()].map((a) => ({
      assetId: a.assetId,
      symbol: a.symbolId == null ? undefined : dict.symbols.get(a.symbolId)?.symbol,
      networkId: a.networkId ?? undefined,
    })),
    now: vm.env.now(),
  };
}

export function completionSources(vm: ViewModel): CompletionSources {
  const ws = vm.stores.workspace.getState();
  const networks = new Set<string>(vm.stores.dictionary.getState().networks.keys());
  for (const a of ws.addresses) networks.add(a.networkId);
  const ref = txWordsRef(vm);
  return {
    txWord: (word) => txWordCandidates(word, ref),
    accountNames: ws.accounts.map((a) => a.accountName),
    networks: [...networks].sort(),
    addressStatuses: ADDRESS_STATUSES,
    profiles: vm.env.profiles?.list.map((p) => p.name) ?? [],
  };
}
