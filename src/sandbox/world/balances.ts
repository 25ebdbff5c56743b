// Balances per account and asset (OpenAPI `Balance`), moved by the world's transactions the way
// their events read: a completed incoming transaction adds its amount; a completed outgoing one
// takes its amount (not an allowance's, which moves nothing) and its network fee (in the network's
// native asset, the fee its `fee` event shows), and a swap or bridge adds what it received; a
// transaction failed on chain still paid its fee. While an outgoing transaction runs, its amount
// and fee are held back from the withdrawable balance (an outgoing offer's only once accepted). Exact: integer units at the asset's decimals.
// The past is folded in once at build time (balances-past.ts); after that, Core calls `added` and
// `changed` for every transaction it stores or changes.

import { isTerminalStatus } from '../../contract/index.js';
import type { AssetInfo } from './catalog.js';
import { trimZeros, unitsToDecimal } from './money.js';
import { feeUnitsOf, type PresentContext } from './present-details.js';
import { isIncoming, type TxRecord } from './records.js';
import { hashText, mix, Rng, streamSeed } from './rng.js';
import type { AccountInfo, WorkspaceData } from './workspace.js';

export interface LedgerContext extends PresentContext {
  readonly seed: number;
  readonly data: WorkspaceData;
}

export interface BalancePair {
  readonly balanceId: string;
  readonly account: AccountInfo;
  readonly asset: AssetInfo;
  /** Units at the asset's decimals. */
  total: bigint;
  /** What running outgoing transactions hold back (their amounts and fees). */
  held: bigint;
  /** NaN until the first movement. */
  createdAt: number;
  updatedAt: number;
}

/** Types whose amount leaves the account when they complete (an allowance only grants a spender). */
export const MOVES_NOTHING: ReadonlySet<string> = new Set(['allowance', 'address-activation']);
/** Types that receive `asset2` / `amount2` into the same account when they complete. */
export const RECEIVES: ReadonlySet<string> = new Set(['swap-aggregator', 'bridge', 'intents']);

/** An outgoing offer (offers.ts) waiting for the vault's answer: it holds nothing until accepted. */
const OFFERED = 'acceptance-required';

const POWERS: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10^n as a bigint (0 <= n < 40). */
export function pow10(n: number): bigint {
  return POWERS[n]!;
}

/**
 * A decimal text as integer units at `decimals`. Amounts reaching here were checked against the
 * asset's decimals (or drawn at them): digits past `decimals` can only be zeros, and are dropped.
 */
export function toUnits(text: string, decimals: number): bigint {
  const dot = text.indexOf('.');
  if (dot < 0) return /^\d+$/.test(text) ? BigInt(text) * POWERS[decimals]! : 0n;
  const whole = text.slice(0, dot);
  const fraction = text.slice(dot + 1, dot + 1 + decimals);
  const digits = `${whole}${fraction}`;
  if (!/^\d+$/.test(digits)) return 0n;
  return BigInt(digits) * POWERS[decimals - fraction.length]!;
}

export function unitsText(units: bigint, decimals: number): string {
  return trimZeros(unitsToDecimal(units, decimals));
}

/** A unit count as an approximate number of whole asset units (for sizing, never for sums). */
export function approxUnits(units: bigint, decimals: number): number {
  return Number(units) / 10 ** decimals;
}

function key(accountId: string, assetId: string): string {
  return `${accountId}\n${assetId}`;
}

/** What an account holds: its assets and the native coin of each of their networks (it pays the fees). */
export function holdingsOf(ctx: LedgerContext, account: AccountInfo): string[] {
  const out = new Set<string>();
  for (const id of account.assetIds) {
    out.add(id);
    const native = ctx.catalog.network(ctx.catalog.asset(id)?.networkId)?.nativeAssetId;
    if (native !== undefined) out.add(native);
  }
  return [...out];
}

export class Ledger {
  private readonly pairs: BalancePair[] = [];
  private readonly byKey = new Map<string, BalancePair>();
  private readonly byId = new Map<string, BalancePair>();
  private readonly accountOrder = new Map<string, number>();
  private readonly assetOrder = new Map<string, number>();
  private readonly idSeed: number;
  /** Live changes are stamped never before the last one, so an `updatedSince` poll misses none. */
  private lastStamp = -Infinity;

  constructor(private readonly ctx: LedgerContext) {
    this.idSeed = streamSeed(ctx.seed, 'balances');
    ctx.data.accounts.forEach((a, i) => this.accountOrder.set(a.wire.accountId, i));
    [...ctx.catalog.assetById.keys()].forEach((id, i) => this.assetOrder.set(id, i));
    for (const account of ctx.data.accounts)
      for (const assetId of holdingsOf(ctx, account)) this.pair(account.wire.accountId, assetId);
  }

  /** Every balance, in account order then asset order (pages are stable). */
  all(): readonly BalancePair[] {
    return this.pairs;
  }

  byBalanceId(id: string): BalancePair | undefined {
    return this.byId.get(id);
  }

  find(accountId: string, assetId: string): BalancePair | undefined {
    return this.byKey.get(key(accountId, assetId));
  }

  /** The balance of an account in an asset, made (at zero) the first time money touches it. */
  pair(accountId: string, assetId: string): BalancePair | undefined {
    const found = this.byKey.get(key(accountId, assetId));
    if (found !== undefined) return found;
    const account = this.ctx.accountById.get(accountId);
    const asset = this.ctx.catalog.asset(assetId);
    if (account === undefined || asset === undefined) return undefined;
    let balanceId = Rng.of(this.idSeed, hashText(key(accountId, assetId))).id();
    for (let n = 1; this.byId.has(balanceId); n++) {
      balanceId = Rng.of(mix(this.idSeed, n), hashText(balanceId)).id();
    }
    const pair: BalancePair = {
      balanceId,
      account,
      asset,
      total: 0n,
      held: 0n,
      createdAt: Number.NaN,
      updatedAt: Number.NaN,
    };
    const order = this.orderOf(pair);
    let at = this.pairs.length;
    while (at > 0 && this.orderOf(this.pairs[at - 1]!) > order) at--;
    this.pairs.splice(at, 0, pair);
    this.byKey.set(key(accountId, assetId), pair);
    this.byId.set(balanceId, pair);
    return pair;
  }

  private orderOf(p: BalancePair): number {
    const account = this.accountOrder.get(p.account.wire.accountId) ?? 0;
    return account * 100_000 + (this.assetOrder.get(p.asset.assetId) ?? 0);
  }

  /** Adds `units` (negative: takes) to a balance at time `at`; `held` moves the held-back part. */
  apply(accountId: string, assetId: string, units: bigint, at: number, held = false): void {
    const p = this.pair(accountId, assetId);
    if (p === undefined || units === 0n) return;
    if (held) p.held += units;
    else p.total += units;
    if (!(p.createdAt <= at)) p.createdAt = at;
    if (!(p.updatedAt >= at)) p.updatedAt = at;
  }

  /** The past's contribution at build time: `units` moved between `firstAt` and `lastAt`. */
  fold(accountId: string, assetId: string, units: bigint, firstAt: number, lastAt: number): void {
    const p = this.pair(accountId, assetId);
    if (p === undefined) return;
    p.total += units;
    if (!(p.createdAt <= firstAt)) p.createdAt = firstAt;
    if (!(p.updatedAt >= lastAt)) p.updatedAt = lastAt;
  }

  private stamp(at: number): number {
    this.lastStamp = Math.max(this.lastStamp, at);
    return this.lastStamp;
  }

  /** The amount and fee an outgoing transaction holds while it runs and spends when it completes. */
  private outgoingParts(rec: TxRecord): [assetId: string, units: bigint][] {
    const parts: [string, bigint][] = [];
    const asset = this.ctx.catalog.asset(rec.assetId);
    if (asset !== undefined && !MOVES_NOTHING.has(rec.type))
      parts.push([rec.assetId, toUnits(rec.amount, asset.decimals)]);
    const fee = this.feePart(rec);
    if (fee !== undefined) parts.push(fee);
    return parts;
  }

  /** The network fee in units of the native asset: the very draw its `fee` event shows. */
  private feePart(rec: TxRecord): [assetId: string, units: bigint] | undefined {
    const fee = feeUnitsOf(this.ctx, rec);
    const native = fee === undefined ? undefined : this.ctx.catalog.asset(fee.network.nativeAssetId);
    if (fee === undefined || native === undefined) return undefined;
    return [native.assetId, BigInt(fee.units) * pow10(native.decimals - fee.network.feeScale)];
  }

  /** A transaction just stored (Core.insert). */
  added(rec: TxRecord): void {
    const at = this.stamp(rec.updatedAt);
    if (isIncoming(rec.type)) {
      if (rec.status === 'completed') this.receive(rec, at);
      return;
    }
    if (isTerminalStatus(rec.status)) this.settle(rec, at);
    else if (rec.status !== OFFERED) this.hold(rec, 1n, at);
  }

  /** A transaction's status just changed from `before` (Core.change). */
  changed(rec: TxRecord, before: string): void {
    if (rec.status === before || isTerminalStatus(before)) return;
    if (isIncoming(rec.type)) {
      if (rec.status === 'completed') this.receive(rec, this.stamp(rec.updatedAt));
      return;
    }
    if (!isTerminalStatus(rec.status)) {
      if (before === OFFERED) this.hold(rec, 1n, this.stamp(rec.updatedAt));
      return;
    }
    const at = this.stamp(rec.updatedAt);
    if (before !== OFFERED) this.hold(rec, -1n, at);
    this.settle(rec, at);
  }

  /** Holds back (1n) or gives back (-1n) what a running outgoing transaction needs. */
  private hold(rec: TxRecord, sign: 1n | -1n, at: number): void {
    for (const [assetId, units] of this.outgoingParts(rec)) {
      this.apply(rec.accountId, assetId, sign * units, at, true);
    }
  }

  private receive(rec: TxRecord, at: number): void {
    const asset = this.ctx.catalog.asset(rec.assetId);
    if (asset !== undefined) this.apply(rec.accountId, rec.assetId, toUnits(rec.amount, asset.decimals), at);
  }

  /**
   * What a finished outgoing transaction did. A transfer to an own account is received there by
   * its own deposit (lifecycle.ts makes one at broadcast), which adds when it completes.
   */
  private settle(rec: TxRecord, at: number): void {
    if (rec.status === 'completed') {
      for (const [assetId, units] of this.outgoingParts(rec)) this.apply(rec.accountId, assetId, -units, at);
      const asset2 = this.ctx.catalog.asset(rec.asset2);
      if (RECEIVES.has(rec.type) && asset2 !== undefined && rec.amount2 !== undefined)
        this.apply(rec.accountId, asset2.assetId, toUnits(rec.amount2, asset2.decimals), at);
    } else if (rec.status === 'failed-on-blockchain') {
      const fee = this.feePart(rec);
      if (fee !== undefined) this.apply(rec.accountId, fee[0], -fee[1], at);
    }
  }

  /** Units that may still leave: the total less what running transactions hold, never below zero. */
  withdrawable(accountId: string, assetId: string): bigint {
    const p = this.find(accountId, assetId);
    if (p === undefined) return 0n;
    const free = p.total - p.held;
    return free > 0n ? free : 0n;
  }

  /**
   * Why a new outgoing transaction cannot start (what it would hold exceeds what its account may
   * still withdraw), or undefined when it can. A real custody service refuses an overdraft.
   */
  shortfall(rec: TxRecord): string | undefined {
    const need = new Map<string, bigint>();
    for (const [assetId, units] of this.outgoingParts(rec)) {
      need.set(assetId, (need.get(assetId) ?? 0n) + units);
    }
    const account = this.ctx.accountById.get(rec.accountId);
    const name = account === undefined ? rec.accountId : `"${account.wire.accountName}"`;
    const fee = this.feePart(rec);
    for (const [assetId, units] of need) {
      const free = this.withdrawable(rec.accountId, assetId);
      if (units <= free) continue;
      const asset = this.ctx.catalog.asset(assetId)!;
      const show = (u: bigint) => `${unitsText(u, asset.decimals)} ${asset.symbol}`;
      const parts: string[] = [];
      if (assetId === rec.assetId && !MOVES_NOTHING.has(rec.type)) parts.push(`${rec.amount} ${asset.symbol}`);
      if (fee !== undefined && fee[0] === assetId) parts.push(`a network fee of ${show(fee[1])}`);
      const where = asset.networkId ?? 'its network';
      return (
        `insufficient funds: account ${name} can withdraw ${show(free)} on ${where}; ` +
        `this ${rec.type} needs ${parts.join(' plus ')}`
      );
    }
    return undefined;
  }
}
