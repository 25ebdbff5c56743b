// `GET /workspaces/{ws}/balances` over the ledger: every filter the OpenAPI lists, `nonEmpty`
// defaulting to true only when no account, asset or balance is named (its description, wire
// notes §9), `updatedSince` inclusive like the other time filters, pages in the ledger's order.

import type { Balance, BalancesQuery } from '../../contract/index.js';
import { type BalancePair, type Ledger, unitsText } from './balances.js';
import { pageNumber } from './paging.js';

export const DEFAULT_BALANCES_LIMIT = 1000;

function setOf(list: readonly string[] | undefined): Set<string> | undefined {
  return list === undefined || list.length === 0 ? undefined : new Set(list);
}

/** `one` AND `many`, as the transactions filter reads accountId with accountIds. */
function both(one: string | undefined, many: readonly string[] | undefined): Set<string> | undefined {
  const set = setOf(many);
  if (one === undefined || one === '') return set;
  if (set === undefined) return new Set([one]);
  return set.has(one) ? new Set([one]) : new Set();
}


export function balanceToWire(p: BalancePair, workspaceId: string): Balance {
  const decimals = p.asset.decimals;
  const free = p.total - p.held;
  const out: Balance = {
    balanceId: p.balanceId,
    accountId: p.account.wire.accountId,
    accountType: 'vault',
    workspaceId,
    assetId: p.asset.assetId,
  };
  if (p.asset.networkId !== undefined) out.networkId = p.asset.networkId;
  out.symbol = p.asset.symbol;
  out.totalBalance = unitsText(p.total, decimals);
  out.withdrawableBalance = unitsText(free > 0n ? free : 0n, decimals);
  // A balance no money has touched yet exists since its vault does.
  const created = Number.isNaN(p.createdAt) ? Number(p.account.wire.createdAt) : p.createdAt;
  out.createdAt = String(created);
  out.updatedAt = String(Number.isNaN(p.updatedAt) ? created : p.updatedAt);
  return out;
}

export function listBalances(ledger: Ledger, q: BalancesQuery, workspaceId: string): Balance[] {
  const accounts = both(q.accountId, q.accountIds);
  const assets = both(q.assetId, q.assetIds);
  const ids = setOf(q.balanceIds);
  const notIn = setOf(q.assetNotIn);
  const networks = both(q.networkId, q.networkIds);
  const types = setOf(q.accountTypes);
  const excluded = setOf(q.excludedAccountTypes);
  const since = q.updatedSince === undefined ? undefined : Number(q.updatedSince);
  const named = accounts !== undefined || assets !== undefined || ids !== undefined;
  const nonEmpty = q.nonEmpty ?? !named;
  // Every account of this API is a vault.
  if ((types !== undefined && !types.has('vault')) || excluded?.has('vault')) return [];
  const out: BalancePair[] = [];
  for (const p of ledger.all()) {
    if (accounts !== undefined && !accounts.has(p.account.wire.accountId)) continue;
    if (assets !== undefined && !assets.has(p.asset.assetId)) continue;
    if (ids !== undefined && !ids.has(p.balanceId)) continue;
    if (notIn?.has(p.asset.assetId)) continue;
    if (networks !== undefined && !networks.has(p.asset.networkId ?? '')) continue;
    if (nonEmpty && p.total === 0n) continue;
    if (since !== undefined) {
      const updated = Number.isNaN(p.updatedAt) ? Number(p.account.wire.createdAt) : p.updatedAt;
      if (updated < since) continue;
    }
    out.push(p);
  }
  const start = pageNumber(q.offset, 0);
  return out
    .slice(start, start + pageNumber(q.limit, DEFAULT_BALANCES_LIMIT))
    .map((p) => balanceToWire(p, workspaceId));
}

export function oneBalance(ledger: Ledger, id: string, workspaceId: string): Balance | undefined {
  const p = ledger.byBalanceId(id);
  return p === undefined ? undefined : balanceToWire(p, workspaceId);
}
