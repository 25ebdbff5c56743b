// The live engine follows the view's choices from one place: the pause (ui.pause, its one home:
// the person's `p`, a decision being made) and the open transaction (ui.detail). Keys and dialogs
// only change the ui store; nothing else calls setPaused, openTransaction or closeTransaction, so
// the engine can never hold a detail or a pause the screen does not show.
import { isPaused, type UiData } from '../../store/ui.js';
import type { ViewModel } from '../model/model.js';
import { resourceOf } from '../resources/registry.js';

/** The record whose detail the engine follows (its resource says so); undefined for none. */
export function openTransactionOf(ui: Pick<UiData, 'detail'>): string | undefined {
  const open = ui.detail;
  return open !== undefined && resourceOf(open.pane)?.detail?.followedLive === true ? open.id : undefined;
}

/** Drives the engine from the ui store until the returned stop. */
export function followUi(vm: ViewModel): () => void {
  const start = vm.ui.getState();
  let paused = isPaused(start);
  let open = openTransactionOf(start);
  // The engine starts flowing, with nothing open: it is told only what differs.
  if (paused) vm.actions.setPaused(true);
  if (open !== undefined) vm.actions.openTransaction(open);
  return vm.ui.subscribe((ui) => {
    const nextPaused = isPaused(ui);
    if (nextPaused !== paused) {
      paused = nextPaused;
      vm.actions.setPaused(paused);
    }
    const nextOpen = openTransactionOf(ui);
    if (nextOpen !== open) {
      open = nextOpen;
      if (open === undefined) vm.actions.closeTransaction();
      else vm.actions.openTransaction(open);
    }
  });
}
