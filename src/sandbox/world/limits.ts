// The workspace's transaction limits as the OpenAPI shapes them: the rules the approval policy
// (workspace.ts `policy`) already applies, so that every `extra.approvers.limitId` the world emits
// is a real limit. Three amount thresholds (approvals needed, by whom, a security delay on the
// highest), the rule that lets transfers between own accounts skip approval, and one retired rule.

import type { TransactionLimit, TransactionLimitsQuery } from '../../contract/index.js';
import type { Person } from './people.js';
import { Rng, streamSeed } from './rng.js';
import type { AccountInfo, Policy } from './workspace.js';
import { pageNumber } from './paging.js';

const DAY = 86_400_000;
const DEFAULT_LIMIT_PAGE = 1000;

export interface LimitsInput {
  readonly seed: number;
  readonly startMs: number;
  readonly workspaceId: string;
  readonly policy: Policy;
  readonly accounts: readonly AccountInfo[];
  readonly people: readonly Person[];
}

/**
 * Every limit, oldest first. The amount rules apply to withdrawals from every mainnet vault (a
 * testnet asset has no USD price, so no threshold can reach it) to external addresses and address
 * book records alike; transfers to the workspace's own accounts fall under the internal rule.
 */
export function buildLimits(input: LimitsInput): TransactionLimit[] {
  const { policy, workspaceId, startMs } = input;
  const rng = new Rng(streamSeed(input.seed, 'limits'));
  const owner = input.people[0]!.userId;
  const admin = input.people[1]?.userId ?? owner;
  const mainnet = input.accounts.filter((a) => a.wire.isTestnet !== true).map((a) => a.wire.accountId);
  // The rules in force were set before the oldest past transaction (400 days back) and reviewed since.
  const setAt = startMs - 500 * DAY - rng.int(DAY);
  const reviewedAt = startMs - 120 * DAY - rng.int(DAY);
  const stamp = (createdAt: number, updatedAt = createdAt, updatedBy = owner) => ({
    status: 'active',
    createdAt: String(createdAt),
    createdBy: owner,
    updatedAt: String(updatedAt),
    updatedBy,
  });

  const retiredAt = startMs - 640 * DAY - rng.int(DAY);
  const retired: TransactionLimit = {
    limitId: rng.id(),
    externalId: rng.id(),
    workspaceId,
    limitType: 'transaction-amount',
    transactionParams: { aboveAmount: { amount: '50000' } },
    sources: {},
    destinations: { toExternalAddresses: true, toAddressBook: true },
    appliesTo: {},
    limitRule: { approve: { numberOfApprovals: '1', authorisedApproversUserIds: [owner, admin] } },
    ...stamp(retiredAt, setAt, owner),
    // Replaced by the three thresholds below on the day they were set.
    status: 'deactivated',
  };

  // The policy lists its thresholds from the highest down; oldest first here, lowest first.
  const amounts = [...policy.limits].reverse().map(
    (l, i): TransactionLimit => ({
      limitId: l.limitId,
      externalId: rng.id(),
      workspaceId,
      limitType: 'transaction-amount',
      transactionParams: { aboveAmount: { amount: l.minUsd } },
      sources: { accountIds: mainnet },
      destinations: { toExternalAddresses: true, toAddressBook: true, toAccounts: false },
      appliesTo: {},
      limitRule: {
        approve: { numberOfApprovals: String(l.number), authorisedApproversUserIds: [...l.approvers] },
        ...(l.delayHours === undefined ? {} : { securityDelay: { durationHours: String(l.delayHours) } }),
      },
      // The rule with a security delay was reviewed since (the delay was added then).
      ...(l.delayHours === undefined ? stamp(setAt + i * 60_000) : stamp(setAt + i * 60_000, reviewedAt, admin)),
    }),
  );

  const internal: TransactionLimit = {
    limitId: policy.internal.limitId,
    externalId: rng.id(),
    workspaceId,
    limitType: 'transaction-amount',
    transactionParams: { aboveAmount: { amount: '0' } },
    sources: {},
    destinations: { toAccounts: true, toExternalAddresses: false, toAddressBook: false },
    appliesTo: {},
    limitRule: { skipApproval: true },
    ...stamp(setAt + 10 * 60_000),
  };
  return [retired, ...amounts, internal];
}

function meets(list: readonly string[] | null | undefined, wanted: readonly string[] | undefined): boolean {
  if (wanted === undefined) return true;
  // A rule that names no ids covers all of them.
  return list == null || list.length === 0 || list.some((id) => wanted.includes(id));
}


/**
 * The OpenAPI's filters, ANDed. Decision: a rule that names no source accounts (or no users)
 * applies to all of them, so it matches any `fromAccountIds` (`appliesToUserIds`); `toAccountIds`
 * matches rules that name those accounts or cover every own account (`toAccounts`), and
 * `toAddressBookRecordIds` those that name the records or cover the whole book (`toAddressBook`).
 * `appliesToGroupIds` (sent by the official clients) reads through `usersIn`: the members of those
 * permission groups.
 */
export function queryLimits(
  all: readonly TransactionLimit[],
  q: TransactionLimitsQuery = {},
  usersIn: (groupIds: readonly string[]) => string[] = () => [],
): TransactionLimit[] {
  // A rule names users, not groups: it applies to a group when it names none or one of its members.
  const groupUsers = q.appliesToGroupIds === undefined ? undefined : usersIn(q.appliesToGroupIds);
  const ids = q.limitIds === undefined ? undefined : new Set(q.limitIds);
  const statuses = q.statuses === undefined ? undefined : new Set<string>(q.statuses);
  const found = all.filter((l) => {
    const d = l.destinations;
    return (
      (ids === undefined || ids.has(l.limitId)) &&
      (statuses === undefined || statuses.has(l.status)) &&
      meets(l.sources.accountIds, q.fromAccountIds) &&
      meets(l.appliesTo.userIds, q.appliesToUserIds) &&
      meets(l.appliesTo.userIds, groupUsers) &&
      (q.toAccountIds === undefined ||
        d.toAccounts === true ||
        (d.accountIds ?? []).some((id) => q.toAccountIds!.includes(id))) &&
      (q.toAddressBookRecordIds === undefined ||
        d.toAddressBook === true ||
        (d.addressBookRecordIds ?? []).some((id) => q.toAddressBookRecordIds!.includes(id)))
    );
  });
  const start = pageNumber(q.offset, 0);
  return found.slice(start, start + pageNumber(q.limit, DEFAULT_LIMIT_PAGE)).map((l) => structuredClone(l));
}
