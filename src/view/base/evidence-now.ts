// The evidence about a transaction from what the stores hold at this moment: what the action
// dialog freezes when it opens (the detail pane computes it live, memoized on the same stores).
// The rules are the domain's (src/domain/evidence.ts); this only reads the stores for them.
import type { Transaction } from '../../contract/index.js';
import { type EvidenceItem, evidenceShown } from '../../domain/index.js';
import type { Stores } from '../../store/index.js';

/** Undefined where the checks do not apply; [] when they found nothing. */
export function evidenceNow(stores: Stores, tx: Transaction, ascii: boolean): EvidenceItem[] | undefined {
  return evidenceShown({
    tx,
    directory: stores.directory.getState(),
    workspace: stores.workspace.getState(),
    dictionary: stores.dictionary.getState(),
    balances: stores.balances.getState(),
    loaded: stores.transactions.getState().byId.values(),
    ascii,
  });
}
