// The person went to the approval queue (n/N, or opened a transaction waiting for approval): the
// header's "new" mark clears. Apart from queue.ts so that a resource can say it without importing
// the keys.
import type { ViewModel } from '../model.js';

export function markApprovalsSeen(vm: ViewModel): void {
  const count = vm.stores.transactions.getState().arrivals.count;
  if (vm.ui.getState().approvalsSeen !== count) vm.ui.getState().update({ approvalsSeen: count });
}
