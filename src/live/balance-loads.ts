// Balances per account and asset, into `stores.balances`: one full read at start (paged), then
// only what changed (`updatedSince` the newest `updatedAt` held, every `pollMs`), and one more
// read soon after the live feed shows money move (a transaction completing or a new one starting:
// its pending amount lowers the withdrawable balance). A full read again every `fullEveryMs` and
// on `r` heals anything offset paging missed while the list changed under it. Memory: one record
// per account and asset, whatever the workspace's age. Pages over the size limit are asked smaller
// (client/paging.ts); a record too large even alone ends a read with what came before it.
import { type BalancesListQuery, readPages } from '../client/index.js';
import type { Balance, Transaction } from '../contract/index.js';
import { isTerminalTransactionStatus } from '../format/index.js';
import { withAllBalances, withBalancesState, withChangedBalances } from '../store/index.js';
import type { EngineContext } from './engine-context.js';
import { createGuardedLoad } from './guarded-load.js';
import { sizeCause, tooLargeNotice } from './notices.js';

export const BALANCES_POLL_MS = 30_000;
export const BALANCES_FULL_EVERY_MS = 10 * 60_000;
/** How long after money moved the read goes out: a burst of completions is one read. */
export const BALANCES_SETTLE_MS = 1_000;
/** The server's default (and largest) page. */
const PAGE = 1000;
/** Accounts × assets; far beyond any workspace, so memory stays bounded whatever the server sends. */
const MAX_BALANCES = 100_000;
/** `updatedSince` reaches back this far: a change stamped the same moment as the newest held is not missed. */
const OVERLAP_MS = 2_000;

export interface BalanceLoadOptions {
  pageSize: number;
  pollMs?: number;
  fullEveryMs?: number;
  settleMs?: number;
}

export interface BalanceLoads {
  /** The first full read (resolves when it settled; never rejects). */
  start(): Promise<void>;
  /** `r`: a full read now. */
  refresh(): void;
  /** Transactions the feed saw change: a read soon when money moved. */
  changed(transactions: readonly Transaction[]): void;
  stop(): void;
}

/** Whether a change moves a balance: a transaction the store does not hold yet, or one that just ended. */
export function movesMoney(tx: Transaction, held: Transaction | undefined): boolean {
  if (held === undefined) return true;
  return isTerminalTransactionStatus(tx.status) && held.status !== tx.status;
}

export function createBalanceLoads(ctx: EngineContext, o: BalanceLoadOptions): BalanceLoads {
  const { api, stores, now, write } = ctx;
  const pageSize = Math.min(Math.max(1, o.pageSize), PAGE);
  /** Smaller once answers were over the size limit; a full read (`r`, every fullEveryMs) starts over. */
  let size = pageSize;
  const fullEveryMs = o.fullEveryMs ?? BALANCES_FULL_EVERY_MS;
  const settleMs = o.settleMs ?? BALANCES_SETTLE_MS;
  let fullDue = true;
  let lastFullAt = 0;
  let cancelSettle: (() => void) | undefined;

  const what = 'loading balances';

  async function read(q: BalancesListQuery): Promise<{ items: Balance[]; complete: boolean; refused: boolean }> {
    const pages = await readPages((limit, offset) => api.balances.list({ ...q, limit, offset }), {
      pageSize: size,
      maxItems: MAX_BALANCES,
    });
    size = pages.pageSize;
    if (pages.refused !== undefined) ctx.notify(tooLargeNotice(what, pages.items.length, 'balances', pages.refused));
    else ctx.clear([sizeCause(what)]);
    return { items: pages.items, complete: pages.complete, refused: pages.refused !== undefined };
  }

  async function full(): Promise<void> {
    size = pageSize;
    const { items, complete, refused } = await read({});
    if (!complete && !refused) {
      ctx.notify({ level: 'warn', key: 'cut:balances', text: `balances: only the first ${MAX_BALANCES} are held` });
    }
    fullDue = false;
    lastFullAt = now();
    write(stores.balances, (s) => withAllBalances(s, items, now()), 'balances');
  }

  async function load(): Promise<void> {
    const { cursor, state } = stores.balances.getState();
    if (fullDue || cursor === undefined || state === 'loading' || state === 'forbidden' || now() - lastFullAt >= fullEveryMs) {
      return full();
    }
    // nonEmpty=false: a balance spent to zero must come back as zero, not stay at its old amount.
    const since = Math.max(0, cursor - OVERLAP_MS);
    const { items, complete, refused } = await read({ updatedSince: since, nonEmpty: false });
    // Cut at the cap: a full read heals it. Refused for size: a full read would meet the same record.
    if (!complete && !refused) return full();
    write(stores.balances, (s) => withChangedBalances(s, items, now()), 'balance changes');
  }

  const guarded = createGuardedLoad(ctx, {
    what,
    forbiddenText: "balances: this key's role cannot read them; no balances or USD totals",
    load,
    markForbidden: () => write(stores.balances, (s) => withBalancesState(s, 'forbidden'), 'balances refused'),
    markFailed: () => write(stores.balances, (s) => withBalancesState(s, 'failed'), 'balances failed'),
    everyMs: o.pollMs ?? BALANCES_POLL_MS,
  });
  const { loop } = guarded;

  return {
    start: () => loop.trigger(),
    refresh() {
      fullDue = true;
      void loop.trigger();
    },
    changed(transactions) {
      // Nothing to bring up to date before the first read, nor for a role that may not read them.
      if (ctx.stopped() || guarded.forbidden || !loop.succeeded) return;
      const { byId } = stores.transactions.getState();
      const moved = transactions.filter((tx) => movesMoney(tx, byId.get(tx.transactionId)));
      if (moved.length === 0) return;
      const which = moved.slice(0, 5).map((tx) => `${tx.transactionId} ${tx.status}`).join(', ');
      ctx.log(`balances: money moved (${which}${moved.length > 5 ? ', …' : ''}); read within ${settleMs} ms`);
      // A read already set off covers this change too: it goes out after it.
      if (cancelSettle !== undefined) return;
      cancelSettle = ctx.timers.after(settleMs, () => {
        cancelSettle = undefined;
        void loop.trigger();
      });
    },
    stop() {
      cancelSettle?.();
      cancelSettle = undefined;
      loop.stop();
    },
  };
}
