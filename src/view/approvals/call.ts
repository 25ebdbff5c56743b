// Calling the operator: when transactions enter waiting-approval (store/approvals.ts counts them),
// the terminal layer rings the bell and, when asked to, sends a desktop notification
// (attention.ts). A burst calls once: arrivals less than QUIET_MS apart are one burst, and a burst
// that never pauses still calls again after MAX_SILENCE_MS, so a steady stream is not silent. The
// call goes out GATHER_MS after the first arrival, so that its words count the whole burst (the
// live engine may write a burst in several batches a few milliseconds apart).
import type { Transaction } from '../../contract/index.js';
import { formatDecimal, sanitizeLine } from '../../format/index.js';
import type { OperatorCall } from '../base/attention.js';
import type { ViewModel } from '../model/model.js';
import { accountName, asset, type RenderCtx, transactionAmount } from '../draw/context.js';

export const QUIET_MS = 5_000;
export const MAX_SILENCE_MS = 60_000;
export const GATHER_MS = 250;
/** Records a call keeps, to name the first of them still there (the rest are counted). */
const MAX_NAMED = 8;

export interface CallDecision {
  readonly call: boolean;
  readonly clock: CallClock;
}

export interface CallClock {
  /** Local time of the last call, and of the last arrival (called or not). */
  readonly calledAt?: number;
  readonly arrivedAt?: number;
}

/** Whether arrivals at `now` call the operator, and the clock after them. Pure. */
export function decideCall(clock: CallClock, now: number): CallDecision {
  const inBurst = clock.arrivedAt !== undefined && now - clock.arrivedAt < QUIET_MS;
  const overdue = clock.calledAt === undefined || now - clock.calledAt >= MAX_SILENCE_MS;
  const call = !inBurst || overdue;
  return { call, clock: { arrivedAt: now, calledAt: call ? now : clock.calledAt } };
}

/** "withdrawal 18,000 USDT from Trading": type, amount, asset and account; never an id or an address. */
export function describeForCall(tx: Transaction, ctx: Pick<RenderCtx, 'dictionary' | 'workspace'>): string {
  const { amount, assetId } = transactionAmount(tx);
  const info = asset(ctx, assetId);
  const digits = { minFractionDigits: 0, maxFractionDigits: info.decimals ?? 8 };
  const money = amount === undefined ? '' : ` ${formatDecimal(amount, digits)} ${info.symbol}`;
  const account = accountName(ctx, tx.accountId);
  return sanitizeLine(`${tx.transactionType}${money}${account === '' ? '' : ` from ${account}`}`);
}

/** The words of one call: the first arrival named, the others counted. */
export function callWords(
  arrived: readonly Transaction[],
  count: number,
  ctx: Pick<RenderCtx, 'dictionary' | 'workspace'>,
): OperatorCall {
  const n = Math.max(count, arrived.length);
  const title = n === 1 ? 'custody: approval needed' : `custody: ${n} approvals needed`;
  const first = arrived[0] === undefined ? 'transactions wait for approval' : describeForCall(arrived[0], ctx);
  return { title, body: n > 1 && arrived[0] !== undefined ? `${first}, +${n - 1} more` : first };
}

/** Calls the operator for arrivals, once per burst. Returns the stop. */
export function watchApprovals(vm: ViewModel, gatherMs = GATHER_MS): () => void {
  const call = vm.env.callOperator;
  if (call === undefined) return () => {};
  let clock: CallClock = {};
  let known = vm.stores.transactions.getState().arrivals;
  /** The call about to go out: what arrived since its first arrival. */
  let gathering: { count: number; ids: string[]; timer: ReturnType<typeof setTimeout> } | undefined;

  function send(): void {
    const g = gathering!;
    gathering = undefined;
    const s = vm.stores.transactions.getState();
    // An arrival held by a pause has no row yet: its held version says what it is.
    const arrived = g.ids
      .map((id) => s.heldApprovals.entering.get(id) ?? s.byId.get(id))
      .filter((tx) => tx !== undefined);
    const ctx = { dictionary: vm.stores.dictionary.getState(), workspace: vm.stores.workspace.getState() };
    try {
      call!(callWords(arrived, g.count, ctx));
    } catch {
      // A terminal that cannot be written to must not take the console down.
    }
  }

  const unsubscribe = vm.stores.transactions.subscribe((s) => {
    if (s.arrivals === known) return;
    const count = s.arrivals.count - known.count;
    known = s.arrivals;
    if (count <= 0) return;
    const now = vm.env.now();
    if (gathering !== undefined) {
      gathering.count += count;
      gathering.ids.push(...s.arrivals.last.slice(0, Math.max(0, MAX_NAMED - gathering.ids.length)));
      clock = { ...clock, arrivedAt: now };
      return;
    }
    const decided = decideCall(clock, now);
    clock = decided.clock;
    if (!decided.call) return;
    gathering = { count, ids: s.arrivals.last.slice(0, MAX_NAMED), timer: setTimeout(send, gatherMs) };
  });
  return () => {
    unsubscribe();
    if (gathering !== undefined) clearTimeout(gathering.timer);
    gathering = undefined;
  };
}
