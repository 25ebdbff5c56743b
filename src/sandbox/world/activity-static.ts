// The workspace's own story before the world started, as activities: the workspace opened, members
// joining (one invited, one who left), vaults created, the address-book-only setting of the cold
// vault, the transaction limits set and reviewed, address book records added and deleted. A few
// dozen entries, built once.

import { formatUsd } from '../../format/index.js';
import type { BookEntry } from './book-seed.js';
import type { Person } from './people.js';
import type { Reference } from './reference.js';
import type { WorkspaceData } from './workspace.js';

const DAY = 86_400_000;

export interface StaticActivity {
  readonly at: number;
  readonly type: string;
  readonly title: string;
  readonly description: string;
  readonly userId?: string;
  readonly accountId?: string;
}

export function bookRecordText(e: BookEntry): string {
  if (e.recordType === 'tag') return `"${e.name}": workspace tag ${e.tag ?? '?'}`;
  if (e.recordType === 'bank') return `"${e.name}": bank account`;
  const memo = e.memo === undefined ? '' : ` memo ${e.memo}`;
  return `"${e.name}": ${e.address ?? '?'}${memo} on ${e.networkId ?? '?'}`;
}

function memberText(p: Person): string {
  return `${p.name} (${p.groups.join(', ')})`;
}

/** Oldest first. */
export function staticActivities(
  data: WorkspaceData,
  ref: Reference,
  workspaceAgeDays: number,
  startMs: number,
): StaticActivity[] {
  const out: StaticActivity[] = [];
  const owner = ref.people[0]!;
  const openedAt = startMs - workspaceAgeDays * DAY;
  out.push({
    at: Math.min(openedAt, owner.createdAt),
    type: 'workspace-creation',
    title: 'Workspace created',
    description: `${data.workspace.name ?? 'Workspace'} (${data.workspace.tag ?? 'no tag'})`,
    userId: owner.userId,
  });
  for (const p of ref.people) {
    if (p.kid !== undefined) continue;
    if (p !== owner) {
      out.push({
        at: p.createdAt,
        type: 'member-creation',
        title: p.status === 'new' ? 'Member invited' : 'Member joined',
        description: memberText(p),
        userId: p.status === 'new' ? owner.userId : p.userId,
      });
    }
    if (p.deactivatedAt !== undefined) {
      out.push({
        at: p.deactivatedAt,
        type: 'member-update',
        title: 'Member deactivated',
        description: `${p.name} no longer has access`,
        userId: owner.userId,
      });
    }
  }
  for (const a of data.accounts) {
    const createdAt = Number(a.wire.createdAt);
    out.push({
      at: createdAt,
      type: 'account-creation',
      title: `Created ${a.wire.isTestnet ? 'testnet ' : ''}vault account`,
      description: a.wire.accountName ?? a.wire.accountId,
      userId: a.wire.createdBy ?? owner.userId,
      accountId: a.wire.accountId,
    });
    if (a.wire.extra?.onlyAddressBookWithdrawals === true) {
      out.push({
        at: createdAt + DAY,
        type: 'only-address-book-withdrawals-settings-update',
        title: 'Address-book-only withdrawals turned on',
        description: `${a.wire.accountName ?? a.wire.accountId} sends only to address book records and own vaults`,
        userId: owner.userId,
        accountId: a.wire.accountId,
      });
    }
  }
  for (const l of ref.limits) {
    const above = l.transactionParams.aboveAmount?.amount;
    const rule = l.limitRule;
    const what =
      rule.skipApproval === true
        ? 'Transfers between own vaults skip approval'
        : `Withdrawals above ${formatUsd(above ?? '0')} need ${rule.approve?.numberOfApprovals ?? '?'} approval(s)` +
          (rule.securityDelay == null ? '' : ` and a ${rule.securityDelay.durationHours} h security delay`);
    out.push({
      at: Number(l.createdAt),
      type: 'transaction-limit-creation',
      title: 'Transaction limit created',
      description: `${what} · limit ${l.limitId}`,
      userId: l.createdBy ?? owner.userId,
    });
    if (l.updatedAt != null && l.updatedAt !== l.createdAt) {
      out.push({
        at: Number(l.updatedAt),
        type: 'transaction-limit-update',
        title: l.status === 'deactivated' ? 'Transaction limit deactivated' : 'Transaction limit updated',
        description: `${what} · limit ${l.limitId}`,
        userId: l.updatedBy ?? owner.userId,
      });
    }
  }
  for (const e of ref.bookSeeds) {
    out.push({
      at: e.createdAt,
      type: 'new-address-book-record',
      title: e.status === 'new' ? 'Address book record added (awaiting approval)' : 'Address book record added',
      description: bookRecordText(e),
      userId: e.createdBy,
    });
    if (e.deletedAt !== undefined) {
      out.push({
        at: e.deletedAt,
        type: 'delete-address-book-record',
        title: 'Address book record deleted',
        description: bookRecordText(e),
        userId: e.updatedBy,
      });
    }
  }
  // Never in the future, and in time order.
  return out.filter((a) => a.at <= startMs).sort((a, b) => a.at - b.at);
}
