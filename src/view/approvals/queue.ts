// The approval queue: `n` / `N` go to the next / previous transaction waiting for approval in the
// transactions pane, from any pane, wrapping around. The pane's rows are what it shows (its
// filters, its sort, the history held around the cursor); every unfinished transaction is always
// held (store/tx-window.ts), so when none of the waiting ones is among the rows, the pane is put
// on the queue itself (`:tx waiting-approval`, which the console answers without the server).
import type { Transaction } from '../../contract/index.js';
import { WAITING_APPROVAL } from '../../store/index.js';
import { type CurrentList, detailShown, listNow } from '../focus/current.js';
import { closeDetail } from '../lists/keys.js';
import { move } from '../lists/move.js';
import type { ViewModel } from '../model/model.js';
import { notify } from '../model/notify.js';
import { resourceOf } from '../resources/registry.js';
import { markApprovalSeen } from '../model/approvals-seen.js';

const PANE = 'transactions';
const NOTICE = 'approvals';

export interface Hit {
  readonly index: number;
  /** The search went past the end (or the start) and came round. */
  readonly wrapped: boolean;
}

/**
 * The first row after `from` (before it, for -1) that `waiting` accepts, wrapping around; `from`
 * itself is looked at last. `from` -1 (no selection) starts at the top going down; `ids.length`
 * at the bottom going up. Undefined when no row is.
 */
export function nextWaiting(
  ids: readonly string[],
  waiting: (id: string) => boolean,
  from: number,
  direction: 1 | -1,
): Hit | undefined {
  const n = ids.length;
  if (n === 0) return undefined;
  for (let step = 1; step <= n; step++) {
    const raw = from + direction * step;
    const index = ((raw % n) + n) % n;
    if (waiting(ids[index]!)) return { index, wrapped: raw !== index };
  }
  return undefined;
}

/** The pane on the queue itself: the waiting ones of every account, no `/` text. */
function showQueue(vm: ViewModel): void {
  closeDetail(vm);
  const ui = vm.ui.getState();
  ui.update({
    txFilter: { transactionStatuses: [WAITING_APPROVAL] },
    txChips: [{ label: 'status', value: WAITING_APPROVAL }],
    accountFilter: undefined,
  });
  ui.patchList(PANE, { filter: '' });
}

/** The oldest arrival the header still marks new that is waiting in the view. */
function newArrival(vm: ViewModel, list: CurrentList['list']): Hit | undefined {
  for (const id of vm.ui.getState().freshApprovals) {
    const index = list.indexOf(id);
    if (index >= 0 && isWaiting(list.get(id))) return { index, wrapped: false };
  }
  return undefined;
}

function isWaiting(record: unknown): boolean {
  return (record as Transaction | undefined)?.status === WAITING_APPROVAL;
}

/** `n` (1) and `N` (-1). */
export function jumpToApproval(vm: ViewModel, direction: 1 | -1): void {
  vm.ui.getState().setPane(PANE);
  const state = vm.stores.transactions.getState();
  let now = listNow(vm, PANE);
  if (now === undefined) return;
  const waiting = (id: string) => isWaiting(now!.list.get(id));
  const inDetail = detailShown(vm.ui.getState());
  const openId = inDetail ? vm.ui.getState().detail!.id : undefined;
  const at = openId === undefined ? now.index : now.list.indexOf(openId, now.index);
  const start = at >= 0 ? at : direction === 1 ? -1 : now.list.ids.length;
  // While the header says "new", n visits those first, oldest first: what rang goes first.
  let hit =
    (direction === 1 ? newArrival(vm, now.list) : undefined) ?? nextWaiting(now.list.ids, waiting, start, direction);
  let said: string | undefined;
  if (hit === undefined) {
    if (state.baselineAt === undefined) {
      notify(vm, 'info', 'the transactions waiting for approval are not read yet', NOTICE);
      return;
    }
    if (state.awaitingApproval === 0) {
      notify(vm, 'info', 'no transaction is waiting for approval', NOTICE);
      return;
    }
    // Waiting ones exist, outside this view (its filters, the account chip, the history held).
    showQueue(vm);
    now = listNow(vm, PANE);
    if (now === undefined) return;
    hit = nextWaiting(now.list.ids, waiting, direction === 1 ? -1 : now.list.ids.length, direction);
    if (hit === undefined) return;
    said = 'none waiting for approval in that view: showing :tx waiting-approval (esc shows all again)';
  }
  const id = now.list.ids[hit.index]!;
  // The detail is put down while the cursor moves (so the move moves the list), then opened on the new one.
  if (inDetail && said === undefined) vm.ui.getState().closeDetail();
  const cursor = listNow(vm, PANE);
  if (cursor !== undefined) move(vm, hit.index - Math.max(0, cursor.index));
  if (inDetail) resourceOf(PANE)?.open?.run(vm, id, now.list.get(id));
  // Visiting one takes its own "new" mark off, not the others'.
  markApprovalSeen(vm, id);
  notify(vm, 'info', said ?? positionText(now.list.ids, waiting, hit, state.awaitingApproval), NOTICE);
}

/** "2 of 6 waiting for approval", with whether it came round and how many this view leaves out. */
export function positionText(
  ids: readonly string[],
  waiting: (id: string) => boolean,
  hit: Hit,
  awaiting: number,
): string {
  let inView = 0;
  let position = 0;
  for (let i = 0; i < ids.length; i++) {
    if (!waiting(ids[i]!)) continue;
    inView += 1;
    if (i === hit.index) position = inView;
  }
  const outside = awaiting - inView;
  return [
    `${position} of ${inView} waiting for approval${hit.wrapped ? ' (wrapped around)' : ''}`,
    ...(outside > 0 ? [`${outside} more outside this view (:tx waiting-approval shows all)`] : []),
  ].join('; ');
}
