// New work while the world runs: a transaction every few seconds of world time (deposits
// arriving, withdrawals some above the approval threshold, swaps, bridges, allowances, stakes),
// and a floor of three transactions waiting for approval so a user always has one to act on.

import { newDeposit, newOutgoing, type OutgoingInput } from './build.js';
import { approxUnits } from './balances.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { externalDestination, missingKind } from './destinations.js';
import { makeAddress } from './formats.js';
import { type AccountPlan, plan } from './history.js';
import { blockPause, DELAYS, needsApproval, planColleagues, scheduleWaiting } from './lifecycle.js';
import { amountNear, mulRound } from './money.js';
import { situationsMissing, topUpSituations } from './offers.js';
import { approvalAddress } from './present.js';
import { priceSwap } from './swap.js';
import type { AccountInfo } from './workspace.js';

export const MIN_WAITING = 3;
const INTERVAL: readonly [number, number] = [3000, 7000];

const KINDS: [string, number][] = [
  ['deposit', 40],
  ['withdrawal', 35],
  ['swap-aggregator', 12],
  ['bridge', 5],
  ['allowance', 4],
  ['stake-delegation', 4],
];

export class Generator {
  private readonly plans: AccountPlan[];
  next: number;

  constructor(private readonly core: Core) {
    this.plans = core
      .activeAccounts()
      .filter((a) => a.weight > 0)
      .map((a) => plan(core, a, core.data.accounts));
    this.next = core.startMs + this.interval();
  }

  interval(): number {
    return this.core.paced(this.core.genRng.range(INTERVAL[0], INTERVAL[1]));
  }

  /**
   * A USD size: mostly below the approval threshold, a share `large` above it. With a transaction
   * every ~5 s and an hour to expire, this keeps the approval queue at a handful, not dozens.
   */
  private size(large: number): number {
    const rng = this.core.genRng;
    return rng.chance(large) ? rng.logUniform(10_500, 400_000) : rng.logUniform(20, 9_000);
  }

  private approx(asset: AssetInfo): number {
    return this.core.market.approx(asset.symbolId) ?? this.core.market.approx(asset.symbol) ?? 1;
  }

  /**
   * A USD size this balance can send: at most half of what it may still withdraw (the rest covers
   * fees and what else starts meanwhile); undefined when that is under $20. A real custody
   * service refuses an overdraft, so the world never attempts one.
   */
  private within(account: AccountInfo, asset: AssetInfo, usd: number): number | undefined {
    const free = this.core.balances.withdrawable(account.wire.accountId, asset.assetId);
    const cap = (approxUnits(free, asset.decimals) * this.approx(asset)) / 2;
    return cap < 20 ? undefined : Math.min(usd, cap);
  }

  private pickPlan(filter: (p: AccountPlan) => boolean): AccountPlan | undefined {
    const candidates = this.plans.filter(filter);
    if (candidates.length === 0) return undefined;
    return this.core.genRng.weighted(candidates.map((p): [AccountPlan, number] => [p, p.account.weight]));
  }

  /** Makes the transaction due at world time `t` and schedules the next one. */
  run(t: number): void {
    const core = this.core;
    const rng = core.genRng;
    const kind = rng.weighted(KINDS);
    const now = core.clock.now();
    const member = rng.pick(core.members).userId;
    switch (kind) {
      case 'deposit': {
        const p = this.pickPlan((x) => x.assets.length > 0);
        if (p === undefined) break;
        const asset = rng.weighted(p.assets);
        const amount = amountNear(rng, rng.logUniform(50, 800_000), this.approx(asset), asset.decimals);
        const rec = newDeposit(core, { account: p.account, asset, amount }, now);
        core.insert(rec);
        core.schedule(rec, t + blockPause(core, rec));
        break;
      }
      case 'swap-aggregator': {
        const p = this.pickPlan((x) => x.swapNetworks.length > 0);
        if (p === undefined) break;
        const networkId = rng.pick(p.swapNetworks);
        const on = p.assets.filter(([a]) => a.networkId === networkId);
        const from = rng.weighted(on);
        const to = rng.weighted(on.filter(([a]) => a !== from));
        const usd = this.within(p.account, from, this.size(0.06));
        if (usd === undefined) break;
        const fromAmount = amountNear(rng, usd, this.approx(from), from.decimals);
        const quote = priceSwap(core, rng, from, to, { fromAmount }, now);
        if (quote === undefined) break;
        this.start(
          {
            type: kind,
            account: p.account,
            asset: from,
            amount: quote.fromAmount,
            asset2: to,
            amount2: quote.toAmount,
            quote: quote.details,
            createdBy: member,
            auto: true,
          },
          t,
          now,
        );
        break;
      }
      case 'bridge': {
        const p = this.pickPlan((x) => x.bridgeable.length > 0);
        if (p === undefined) break;
        const from = rng.pick(p.bridgeable);
        const to = rng.pick(p.bridgeable.filter((a) => a.symbolId === from.symbolId && a !== from));
        const usd = this.within(p.account, from, this.size(0.1));
        if (usd === undefined) break;
        const amount = amountNear(rng, usd, this.approx(from), from.decimals);
        const toAddress = p.account.addressOf.get(to.networkId!)?.address;
        this.start(
          {
            type: kind,
            account: p.account,
            asset: from,
            amount,
            asset2: to,
            amount2: mulRound(amount, '0.999', to.decimals),
            toAddress,
            createdBy: member,
            auto: true,
          },
          t,
          now,
        );
        break;
      }
      case 'allowance': {
        const p = this.pickPlan((x) =>
          x.assets.some(([a]) => !a.native && (a.networkId === 'ETH' || a.networkId === 'TRX')),
        );
        if (p === undefined) break;
        const asset = rng.pick(
          p.assets.filter(([a]) => !a.native && (a.networkId === 'ETH' || a.networkId === 'TRX')),
        )[0];
        const amount = amountNear(rng, rng.logUniform(1_000, 100_000), this.approx(asset), asset.decimals);
        const toAddress = approvalAddress(asset) ?? makeAddress(rng, 'evm');
        this.start(
          { type: kind, account: p.account, asset, amount, toAddress, createdBy: member, auto: true },
          t,
          now,
        );
        break;
      }
      case 'stake-delegation': {
        const stakeable = ([a]: [AssetInfo, number]) =>
          a.native && ['SOL', 'TRX', 'ETH'].includes(a.networkId ?? '');
        const p = this.pickPlan((x) => x.assets.some(stakeable));
        if (p === undefined) break;
        const asset = rng.pick(p.assets.filter(stakeable))[0];
        const usd = this.within(p.account, asset, rng.logUniform(1_000, 200_000));
        if (usd === undefined) break;
        const amount = amountNear(rng, usd, this.approx(asset), asset.decimals);
        this.start({ type: kind, account: p.account, asset, amount, createdBy: member, auto: true }, t, now);
        break;
      }
      default:
        // One in six above the threshold: a new approval every minute or two, so a person leaving the
        // console open hears one arrive, while expiry and colleagues keep the queue at a handful.
        this.withdrawal(t, now, this.size(0.16), member);
    }
    this.next = t + this.interval();
  }

  private withdrawal(t: number, now: number, usd: number, createdBy: string): void {
    const core = this.core;
    const rng = core.genRng;
    const p = this.pickPlan((x) => x.assets.length > 0);
    if (p === undefined) return;
    const asset = rng.weighted(p.assets);
    const networkId = asset.networkId!;
    const size = this.within(p.account, asset, usd);
    if (size === undefined) return;
    const amount = amountNear(rng, size, this.approx(asset), asset.decimals);
    const input: OutgoingInput = {
      type: 'withdrawal',
      account: p.account,
      asset,
      amount,
      createdBy,
      auto: true,
    };
    const targets = p.others.filter((o) => o.addressOf.has(networkId));
    const onlyBook = p.account.wire.extra?.onlyAddressBookWithdrawals === true;
    if (targets.length > 0 && rng.chance(onlyBook ? 0.7 : 0.15)) {
      input.toAccountId = rng.pick(targets).wire.accountId;
      input.description = 'Rebalance between vaults';
    } else {
      // Mostly an address book record; a book-only vault with none on this network sends nothing.
      const to = externalDestination(core, rng, p.account, networkId);
      if (to === undefined) return;
      input.toAddress = to.address;
      if (to.memo !== undefined) input.memo = to.memo;
    }
    this.start(input, t, now);
  }

  private start(input: OutgoingInput, t: number, now: number) {
    const rec = newOutgoing(this.core, input, now);
    // Its fee, or an amount the sizing above could not foresee, would overdraw: it does not happen.
    if (this.core.balances.shortfall(rec) !== undefined) return undefined;
    this.core.insert(rec);
    const decide = this.core.withRng(rec, (r) => r.range(DELAYS.decide[0], DELAYS.decide[1]));
    this.core.schedule(rec, t + this.core.paced(decide));
    return rec;
  }

  /** Whether topUp() has anything to do (it draws from the generator's stream, or the offers', when it has). */
  topUpDue(): boolean {
    return this.core.store.inStatus('waiting-approval').size < MIN_WAITING || situationsMissing(this.core);
  }

  /** Tops the transactions waiting for approval up to MIN_WAITING, created straight in that status. */
  topUp(): void {
    const core = this.core;
    const rng = core.genRng;
    let guard = 0;
    while (core.store.inStatus('waiting-approval').size < MIN_WAITING && guard++ < 10) {
      // The vault with the fewest waiting, so that the queue spans several vaults.
      const waiting = new Map<string, number>();
      for (const r of core.store.inStatus('waiting-approval'))
        waiting.set(r.accountId, (waiting.get(r.accountId) ?? 0) + 1);
      const eligible = this.plans.filter(
        (x) =>
          !x.account.wire.isTestnet &&
          x.assets.length > 0 &&
          !x.account.wire.extra?.onlyAddressBookWithdrawals,
      );
      const fewest = Math.min(...eligible.map((x) => waiting.get(x.account.wire.accountId) ?? 0));
      const p = this.pickPlan(
        (x) => eligible.includes(x) && (waiting.get(x.account.wire.accountId) ?? 0) === fewest,
      );
      if (p === undefined) break;
      const asset = rng.weighted(p.assets);
      const usd = this.within(p.account, asset, rng.logUniform(15_000, 400_000));
      if (usd === undefined) continue;
      const amount = amountNear(rng, usd, this.approx(asset), asset.decimals);
      // Whichever kind of destination the queue lacks (known, unknown), so both stay on screen.
      const known = missingKind(core, core.store.inStatus('waiting-approval'));
      const to = externalDestination(core, rng, p.account, asset.networkId!, known);
      if (to === undefined) continue;
      const now = core.clock.now();
      const rec = newOutgoing(
        core,
        {
          type: 'withdrawal',
          account: p.account,
          asset,
          amount,
          toAddress: to.address,
          memo: to.memo,
          createdBy: rng.pick(core.members).userId,
          auto: true,
        },
        now,
      );
      if (!needsApproval(rec) || core.balances.shortfall(rec) !== undefined) continue;
      rec.status = 'waiting-approval';
      core.insert(rec);
      planColleagues(core, rec, now);
      scheduleWaiting(core, rec);
    }
    // And one offer of each side and one stalled signing request, from their own stream.
    topUpSituations(core);
  }
}
