// The past: `count` terminal transactions over the last 30 days (and the archived vault's, long
// before), each drawn from its own seed so that the history is the same for a seed whatever its
// size, and any record can be made again from its index alone (history-table.ts keeps the rest
// compact). Events, fees, quotes and signing data are derived when asked for (present.ts).

import { divideDecimal, multiplyDecimal, roundDecimal } from '../../format/index.js';
import { type BookEntry, usableAt } from './book-seed.js';
import type { AssetInfo, Catalog } from './catalog.js';
import { makeAddress, makeMemo, makeTxHash } from './formats.js';
import type { Market } from './market.js';
import { amountNear, trimZeros } from './money.js';
import { type Approval, newRecord, type TxRecord } from './records.js';
import { mix, Rng, streamSeed } from './rng.js';
import type { AccountInfo, Limit, Member, WorkspaceData } from './workspace.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RECENT_SPAN = 30 * DAY - 3 * HOUR;
const REDRAW_SALT = 0x2ed2a5;
/** Salt of the draw that sends a past withdrawal to an address book record (its own stream). */
const BOOK_SALT = 0xb00c;
/** Share of withdrawals to an external address that went to an address book record. */
export const BOOK_SHARE = 0.75;

/** What the past is drawn from: the world's core, of which it reads only fixed data. */
export interface PastContext {
  readonly seed: number;
  readonly startMs: number;
  readonly catalog: Catalog;
  readonly market: Market;
  readonly data: WorkspaceData;
  readonly members: readonly Member[];
  /** The address book as the world started: past withdrawals mostly went to its records. */
  readonly ref: { readonly bookSeeds: readonly BookEntry[] };
}

const DESCRIPTIONS = [
  'Exchange top-up',
  'Vendor payment INV-2041',
  'OTC settlement',
  'Monthly payroll',
  'Gas top-up',
  'Market maker funding',
  'Customer refund',
  'Quarterly rebalance',
  'Liquidity provision',
  'Audit fee',
];

const OUTGOING_STATUSES: [string, number][] = [
  ['completed', 86],
  ['canceled', 6],
  ['expired', 3],
  ['failed-on-blockchain', 3],
  ['error', 2],
];

export interface AccountPlan {
  account: AccountInfo;
  /** Fungible assets, weighted (stable coins and natives more often). */
  assets: [AssetInfo, number][];
  swapNetworks: string[];
  bridgeable: AssetInfo[];
  types: [string, number][];
  others: AccountInfo[];
  stables: AssetInfo[];
  allowable: AssetInfo[];
  stakeable: AssetInfo[];
  activatable: AssetInfo[];
  swapAssets: Map<string, [AssetInfo, number][]>;
  /** The book's address records this account may send to, by network (the seeded book). */
  bookOn: Map<string, BookEntry[]>;
}

export function plan(core: PastContext, account: AccountInfo, accounts: readonly AccountInfo[]): AccountPlan {
  const assets = account.assetIds.map((id) => core.catalog.asset(id)!);
  const fungible = assets.filter((a) => !a.requiresTokenId);
  const weighted = fungible.map((a): [AssetInfo, number] => {
    const stable = core.catalog.symbolById.get(a.symbolId)?.stable ?? false;
    return [a, stable ? 3 : a.native ? 2 : 1];
  });
  const swapNetworks = [...account.addressOf.keys()].filter(
    (n) =>
      core.catalog.network(n)?.tags.includes('swap') && fungible.filter((a) => a.networkId === n).length >= 2,
  );
  const bridgeable = fungible.filter((a) => {
    if (!core.catalog.network(a.networkId)?.tags.includes('bridge') || a.native) return false;
    return fungible.some(
      (b) =>
        b !== a && b.symbolId === a.symbolId && core.catalog.network(b.networkId)?.tags.includes('bridge'),
    );
  });
  const has = (pred: (a: AssetInfo) => boolean) => assets.some(pred);
  const types: [string, number][] = [
    ['deposit', 44],
    ['withdrawal', 34],
  ];
  if (!account.wire.isTestnet) {
    if (swapNetworks.length > 0) types.push(['swap-aggregator', 6]);
    if (bridgeable.length > 0) types.push(['bridge', 3]);
    if (has((a) => !a.native && (a.networkId === 'ETH' || a.networkId === 'TRX')))
      types.push(['allowance', 2]);
    if (has((a) => a.native && ['SOL', 'TRX', 'ETH'].includes(a.networkId ?? '')))
      types.push(['stake-delegation', 3]);
    if (has((a) => a.symbolId === 'USDC' || a.symbolId === 'USDT'))
      types.push(['fiat-in', 3], ['fiat-out', 3]);
    if (has((a) => a.assetType === 'nft')) types.push(['nft-deposit', 1]);
    if (has((a) => !a.native && (a.networkId === 'SOL' || a.networkId === 'XRP')))
      types.push(['address-activation', 1]);
  }
  const others = accounts.filter(
    (o) =>
      o !== account &&
      o.wire.status === 'active' &&
      o.wire.isTestnet === account.wire.isTestnet &&
      o.addressOf.size > 0,
  );
  const only = (pred: (a: AssetInfo) => boolean) => weighted.map(([a]) => a).filter(pred);
  return {
    account,
    assets: weighted,
    swapNetworks,
    bridgeable,
    types,
    others,
    stables: only((a) => a.symbolId === 'USDC' || a.symbolId === 'USDT'),
    allowable: only((a) => !a.native && (a.networkId === 'ETH' || a.networkId === 'TRX')),
    stakeable: only((a) => a.native && ['SOL', 'TRX', 'ETH'].includes(a.networkId ?? '')),
    activatable: only((a) => !a.native && (a.networkId === 'SOL' || a.networkId === 'XRP')),
    swapAssets: new Map(swapNetworks.map((n) => [n, weighted.filter(([a]) => a.networkId === n)])),
    bookOn: bookByNetwork(core.ref.bookSeeds, account.wire.accountId),
  };
}

function bookByNetwork(book: readonly BookEntry[], accountId: string): Map<string, BookEntry[]> {
  const out = new Map<string, BookEntry[]>();
  for (const e of book) {
    if (e.recordType !== 'address' || e.networkId === undefined || e.address === undefined) continue;
    if (e.accountIds !== undefined && !e.accountIds.includes(accountId)) continue;
    out.set(e.networkId, [...(out.get(e.networkId) ?? []), e]);
  }
  return out;
}

/**
 * The address book record a past withdrawal at `at` went to, or undefined for an unknown address.
 * Its own draws (from the record's seed), so the rest of the record is what it always was. A vault
 * that sends only to the book always picks a record when one existed then.
 */
function bookDestination(p: AccountPlan, networkId: string, at: number, seed: number): BookEntry | undefined {
  const usable = (p.bookOn.get(networkId) ?? []).filter((e) => usableAt(e, p.account.wire.accountId, at));
  if (usable.length === 0) return undefined;
  const rng = new Rng(mix(seed, BOOK_SALT));
  const onlyBook = p.account.wire.extra?.onlyAddressBookWithdrawals === true;
  if (!onlyBook && !rng.chance(BOOK_SHARE)) return undefined;
  return usable[rng.int(usable.length)];
}

/**
 * The past as a function of its index: record `i` is drawn from its own seed, so any one of them
 * can be made again at any time (the compact history keeps only what its filters read and remakes
 * the rest when a page shows it). The same seed gives the same history whatever its size, except
 * for the archived vault's share (4%), which moves with it.
 */
export class PastSource {
  private readonly base: number;
  private readonly plans = new Map<AccountInfo, AccountPlan>();
  private readonly pickable: [AccountInfo, number][];
  private readonly archive: AccountInfo | undefined;
  private readonly archiveCount: number;
  private readonly recentCount: number;
  /** Records drawn again (index → times), see redraw(). */
  private readonly redrawn = new Map<number, number>();

  constructor(
    private readonly core: PastContext,
    count: number,
  ) {
    this.base = streamSeed(core.seed, 'history');
    const accounts = core.data.accounts;
    this.archive = accounts.find((a) => a.role === 'archive' && a.assetIds.length > 0);
    for (const a of accounts) if (a.assetIds.length > 0) this.plans.set(a, plan(core, a, accounts));
    this.pickable = accounts.filter((a) => a.weight > 0 && this.plans.has(a)).map((a) => [a, a.weight]);
    this.archiveCount = this.archive === undefined ? 0 : Math.floor(count * 0.04);
    this.recentCount = count - this.archiveCount;
  }

  /** The draws every record starts with: its seed and stream, its vault and its creation time. */
  private head(i: number): { seed: number; rng: Rng; plan: AccountPlan; createdAt: number } {
    const start = this.core.startMs;
    const again = this.redrawn.get(i);
    const seed = again === undefined ? mix(this.base, i) : mix(mix(this.base, i), REDRAW_SALT + again);
    const rng = new Rng(seed);
    let account: AccountInfo;
    let createdAt: number;
    if (i < this.archiveCount) {
      account = this.archive!;
      createdAt = start - 400 * DAY + Math.floor((i / this.archiveCount) * 200 * DAY) + rng.int(MINUTE);
    } else {
      // Recent history ends three hours back, so that every past transaction was done before now.
      account = rng.weighted(this.pickable);
      const share = (i - this.archiveCount) / this.recentCount;
      createdAt = start - 30 * DAY + Math.floor(share * RECENT_SPAN) + rng.int(MINUTE);
    }
    return { seed, rng, plan: this.plans.get(account)!, createdAt };
  }

  /** Record `i` (0 <= i < count), made afresh: an equal, new object at every call. */
  record(i: number): TxRecord {
    const h = this.head(i);
    return pastTransaction(this.core, h.rng, h.seed, h.plan, h.createdAt);
  }

  /**
   * Draws record `i` from another seed. Streams are one 32-bit counter each, so a record's
   * stream can start where another's is one draw further on (about once in 4 billion pairs:
   * a few times in a million records, always an archived one against a recent one); the two
   * would then share their id and everything after it. The table redraws the later one.
   */
  redraw(i: number): TxRecord {
    this.redrawn.set(i, (this.redrawn.get(i) ?? 0) + 1);
    return this.record(i);
  }

  /** Only the id of record `i`: its first few draws. */
  idOf(i: number): string {
    const h = this.head(i);
    return pastHead(h.rng, h.plan).id;
  }
}

/** From the starting prices, never the current ones: a record made again must come out the same. */
function approx(core: PastContext, asset: AssetInfo): number {
  return core.market.baseApprox(asset.symbolId) ?? core.market.baseApprox(asset.symbol) ?? 1;
}

function limitForUsd(core: PastContext, usd: number): Limit | undefined {
  return core.data.policy.limits.find((l) => usd >= Number(l.minUsd));
}

function pastApproval(rng: Rng, limit: Limit, status: string): Approval {
  const pool = [...limit.approvers];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const full = status === 'completed' || status === 'failed-on-blockchain' || status === 'error';
  const count = full ? limit.number : rng.int(limit.number);
  return {
    limitId: limit.limitId,
    number: limit.number,
    approvedBy: pool.slice(0, count),
    available: limit.approvers,
    skip: false,
    delayHours: limit.delayHours,
    delayExpiresAt: undefined,
  };
}

/** The first draws of a past transaction: its type and id. */
function pastHead(rng: Rng, p: AccountPlan): { type: string; id: string } {
  const type = p.assets.length === 0 ? 'deposit' : rng.weighted(p.types);
  return { type, id: rng.id() };
}

function pastTransaction(
  core: PastContext,
  rng: Rng,
  seed: number,
  p: AccountPlan,
  createdAt: number,
): TxRecord {
  const { account } = p;
  const { type, id } = pastHead(rng, p);
  const members = core.members;
  const externalId = rng.id();
  const accountId = account.wire.accountId;

  if (type === 'deposit' || type === 'nft-deposit' || type === 'fiat-in') {
    const asset =
      type === 'nft-deposit'
        ? core.catalog.asset('17')!
        : type === 'fiat-in'
          ? rng.pick(p.stables)
          : rng.weighted(p.assets);
    const network = core.catalog.networkOf(asset)!;
    const amount =
      type === 'nft-deposit'
        ? '1'
        : amountNear(rng, rng.logUniform(25, 1_500_000), approx(core, asset), asset.decimals);
    const status = rng.chance(0.005) && type === 'deposit' ? 'removed-from-blockchain' : 'completed';
    const done = createdAt + network.confirmations * network.blockMs * (1 + rng.int(3)) + rng.int(MINUTE);
    return newRecord({
      id,
      externalId,
      type,
      status,
      accountId,
      createdBy: type === 'fiat-in' ? rng.pick(members).userId : '',
      assetId: asset.assetId,
      networkId: network.networkId,
      amount,
      createdAt,
      updatedAt: done,
      terminatedAt: done,
      fromAddress: type === 'fiat-in' ? undefined : makeAddress(rng, network.addressKind),
      toAddress: account.addressOf.get(network.networkId)?.address,
      txHash: makeTxHash(rng, network.hashKind),
      tokenId: type === 'nft-deposit' ? String(rng.range(1, 9999)) : undefined,
      description: rng.chance(0.05) ? rng.pick(DESCRIPTIONS) : undefined,
      confirmations: network.confirmations,
      seed,
    });
  }

  // Outgoing.
  const status =
    type === 'fiat-out'
      ? rng.weighted([
          ['completed', 95],
          ['canceled', 3],
          ['error', 2],
        ] as [string, number][])
      : rng.weighted(OUTGOING_STATUSES);
  let asset: AssetInfo;
  let asset2: AssetInfo | undefined;
  let usd: number;
  let toAddress: string | undefined;
  let toAccountId: string | undefined;
  let memo: string | undefined;
  switch (type) {
    case 'swap-aggregator': {
      const networkId = rng.pick(p.swapNetworks);
      const on = p.swapAssets.get(networkId)!;
      asset = rng.weighted(on);
      const from = asset;
      asset2 = rng.weighted(on.filter(([a]) => a !== from));
      usd = rng.logUniform(500, 300_000);
      break;
    }
    case 'bridge': {
      asset = rng.pick(p.bridgeable);
      const from = asset;
      asset2 = rng.pick(p.bridgeable.filter((a) => a.symbolId === from.symbolId && a !== from));
      usd = rng.logUniform(1_000, 200_000);
      toAddress = account.addressOf.get(asset2.networkId!)?.address;
      break;
    }
    case 'allowance':
      asset = rng.pick(p.allowable);
      usd = rng.logUniform(1_000, 100_000);
      toAddress = makeAddress(rng, core.catalog.networkOf(asset)!.addressKind);
      break;
    case 'stake-delegation':
      asset = rng.pick(p.stakeable);
      usd = rng.logUniform(1_000, 200_000);
      break;
    case 'fiat-out':
      asset = rng.pick(p.stables);
      usd = rng.logUniform(500, 150_000);
      break;
    case 'address-activation':
      asset = rng.pick(p.activatable);
      usd = 0;
      break;
    default: {
      asset = rng.weighted(p.assets);
      usd = rng.logUniform(25, 800_000);
      const networkId = asset.networkId!;
      const target = p.others.filter((o) => o.addressOf.has(networkId));
      if (status !== 'expired' && target.length > 0 && rng.chance(0.2)) {
        const other = rng.pick(target);
        toAccountId = other.wire.accountId;
        toAddress = other.addressOf.get(networkId)!.address;
      } else {
        toAddress = makeAddress(rng, core.catalog.networkOf(asset)!.addressKind);
        if (core.catalog.network(networkId)?.tags.includes('supports-memo') && rng.chance(0.6))
          memo = makeMemo(rng, networkId);
        // The draws above stay (the record's other fields follow them); the book may replace them.
        const book = bookDestination(p, networkId, createdAt, seed);
        if (book !== undefined) {
          toAddress = book.address;
          memo = book.memo;
        }
      }
    }
  }
  const policyApplies =
    type === 'withdrawal' || type === 'swap-aggregator' || type === 'bridge' || type === 'fiat-out';
  // An expired or declined transaction waited for approvals: it was above the approval threshold.
  const declined = status === 'expired' || (status === 'canceled' && rng.chance(0.6));
  if (policyApplies && toAccountId === undefined && declined)
    usd = Math.max(usd, rng.logUniform(10_500, 400_000));
  const amount =
    type === 'address-activation' ? '0' : amountNear(rng, usd, approx(core, asset), asset.decimals);
  let amount2: string | undefined;
  if (asset2 !== undefined) {
    const p1 = core.market.basePrice(asset.symbolId) ?? '1';
    const p2 = core.market.basePrice(asset2.symbolId) ?? '1';
    const gross = divideDecimal(multiplyDecimal(amount, p1), p2, asset2.decimals, 'down');
    amount2 = trimZeros(
      roundDecimal(multiplyDecimal(gross, type === 'bridge' ? '0.999' : '0.997'), asset2.decimals, 'down'),
    );
  }

  let appr: Approval | undefined;
  if (toAccountId !== undefined) {
    appr = {
      limitId: core.data.policy.internal.limitId,
      number: 0,
      approvedBy: [],
      available: [],
      skip: true,
      delayHours: undefined,
      delayExpiresAt: undefined,
    };
  } else if (policyApplies && !account.wire.isTestnet) {
    const limit = limitForUsd(core, usd);
    if (limit !== undefined) appr = pastApproval(rng, limit, status);
  }
  const network = core.catalog.networkOf(asset)!;
  const approvalWait = appr !== undefined && !appr.skip ? rng.range(MINUTE, 50 * MINUTE) : 0;
  const securityWait = appr?.delayHours !== undefined ? appr.delayHours * HOUR : 0;
  const signedAt = createdAt + approvalWait + securityWait + rng.range(6_000, 20_000);
  let terminatedAt: number;
  let broadcastAt: number | undefined;
  let txHash: string | undefined;
  let confirmations = 0;
  switch (status) {
    case 'completed':
      broadcastAt = signedAt + rng.range(1_000, 4_000);
      txHash = makeTxHash(rng, network.hashKind);
      confirmations = network.confirmations;
      terminatedAt =
        broadcastAt + network.confirmations * network.blockMs * (1 + rng.int(3)) + rng.int(MINUTE);
      break;
    case 'failed-on-blockchain':
      broadcastAt = signedAt + rng.range(1_000, 4_000);
      txHash = makeTxHash(rng, network.hashKind);
      terminatedAt = broadcastAt + rng.range(10_000, 60_000);
      break;
    case 'error':
      terminatedAt = signedAt;
      break;
    case 'expired':
      terminatedAt = createdAt + HOUR;
      break;
    default:
      terminatedAt = createdAt + rng.range(MINUTE, 50 * MINUTE);
  }
  if (
    appr?.delayHours !== undefined &&
    (status === 'completed' || status === 'failed-on-blockchain' || status === 'error')
  ) {
    appr.delayExpiresAt = signedAt - rng.range(6_000, 20_000);
  }
  return newRecord({
    id,
    externalId,
    type,
    status,
    accountId,
    createdBy: rng.pick(members).userId,
    assetId: asset.assetId,
    networkId: network.networkId,
    amount,
    asset2: asset2?.assetId,
    amount2,
    createdAt,
    updatedAt: terminatedAt,
    expiresAt: createdAt + HOUR,
    terminatedAt,
    broadcastAt,
    toAddress,
    fromAddress: account.addressOf.get(network.networkId)?.address,
    toAccountId,
    txHash,
    memo,
    description: rng.chance(toAccountId === undefined ? 0.15 : 0.6)
      ? toAccountId === undefined
        ? rng.pick(DESCRIPTIONS)
        : 'Rebalance between vaults'
      : undefined,
    confirmations,
    seed,
    appr,
  });
}
