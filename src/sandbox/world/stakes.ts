// Staking positions (`GET /workspaces/{ws}/stakes`), read from the world's stake transactions and
// never stored: each delegation is a stake (its stakeId and pool are the ones its events carry),
// active once completed and bonding while it runs; a completed undelegation or stake withdrawal
// takes its amount back (from the stake it names, else the oldest of that account and asset);
// reward transactions inside the reward period are summed per asset.

import {
  isTerminalStatus,
  type Stake,
  type Stakes,
  type StakesQuery,
  type TransactionParams,
} from '../../contract/index.js';
import { addDecimal, compareDecimal, subtractDecimal } from '../../format/index.js';
import type { Core } from './core.js';
import { compileFilter } from './filter.js';
import { stakeOf } from './present-details.js';
import type { TxRecord } from './records.js';
import { trimZeros } from './money.js';

export const STAKE_TYPES = ['stake-delegation'] as const;
export const UNSTAKE_TYPES = ['stake-undelegation', 'stake-withdrawal'] as const;
export const REWARD_TYPES = ['stake-earn-reward', 'stake-take-reward'] as const;

const HOUR = 3_600_000;
const PERIOD_UNIT: Record<string, number> = { h: HOUR, d: 24 * HOUR, w: 7 * 24 * HOUR };
/** Decision: without `rewardPeriod`, rewards of the last 30 days (the OpenAPI's example). */
const DEFAULT_REWARD_PERIOD = '30d';

function periodMs(text: string): number {
  return Number(text.slice(0, -1)) * PERIOD_UNIT[text.slice(-1)]!;
}

function records(core: Core, types: readonly string[], q: StakesQuery): TxRecord[] {
  const filter = compileFilter({
    transactionTypes: [...types],
    ...(q.accountId === undefined ? {} : { accountId: q.accountId }),
    ...(q.assetId === undefined ? {} : { assetIds: [q.assetId] }),
  });
  return core.store.page({ filter, sortBy: 'createdAt', descending: false, offset: 0, limit: 1e9 });
}

export function listStakes(core: Core, q: StakesQuery, now: number): Stakes {
  const stakes: Stake[] = [];
  for (const rec of records(core, STAKE_TYPES, q)) {
    const done = rec.status === 'completed';
    if (!done && isTerminalStatus(rec.status)) continue;
    const { poolId, stakeId } = stakeOf(core, rec);
    const stake: Stake = {
      stakeId,
      workspaceId: core.workspaceId,
      accountId: rec.accountId,
      assetId: rec.assetId,
      poolId,
      amount: rec.amount,
      status: done ? 'active' : 'bonding',
      updatedAt: String(rec.updatedAt),
      stakeInfo: done ? { readyToUnstake: true } : { bondingAmount: rec.amount, readyToUnstake: false },
    };
    if (rec.networkId !== undefined) stake.networkId = rec.networkId;
    stakes.push(stake);
  }
  for (const rec of records(core, UNSTAKE_TYPES, q)) {
    if (rec.status === 'completed') takeBack(stakes, rec);
  }
  const since = now - periodMs(q.rewardPeriod ?? DEFAULT_REWARD_PERIOD);
  const rewards = new Map<string, string>();
  for (const s of stakes) if (!rewards.has(s.assetId!)) rewards.set(s.assetId!, '0');
  for (const rec of records(core, REWARD_TYPES, q)) {
    if (rec.status !== 'completed' || rec.createdAt < since) continue;
    rewards.set(rec.assetId, trimZeros(addDecimal(rewards.get(rec.assetId) ?? '0', rec.amount)));
  }
  return {
    stakes: stakes.filter((s) => s.status !== 'exited'),
    _embedded: {
      rewardsAmounts: [...rewards].map(([assetId, amount]) => ({ assetId, amount })),
      // Decision: no resource rental (TRON energy) is modelled: none earned.
      resourceRentalRewardsAmounts: [],
    },
  };
}

/** An unstake's amount leaves the stake it names, or the oldest active ones of its account and asset. */
function takeBack(stakes: Stake[], rec: TxRecord): void {
  const named = (rec.live?.params as TransactionParams | undefined)?.stakeId;
  let left = rec.amount;
  for (const s of stakes) {
    if (compareDecimal(left, '0') <= 0) break;
    if (s.status !== 'active' || s.accountId !== rec.accountId || s.assetId !== rec.assetId) continue;
    if (typeof named === 'string' && s.stakeId !== named) continue;
    const taken = compareDecimal(s.amount!, left) <= 0 ? s.amount! : left;
    s.amount = trimZeros(subtractDecimal(s.amount!, taken));
    left = subtractDecimal(left, taken);
    s.updatedAt = String(rec.updatedAt);
    if (compareDecimal(s.amount, '0') === 0) s.status = 'exited';
  }
}
