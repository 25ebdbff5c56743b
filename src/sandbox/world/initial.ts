// Work in progress when the world starts, so that a new user sees every kind of thing in the first
// second: transactions waiting for approval (one of them for a week), one inside a security delay,
// others approved, signing, signed, broadcast, confirming, deposits arriving, and a new one.

import { HOUR, newDeposit, newOutgoing, type OutgoingInput } from './build.js';
import type { Core } from './core.js';
import { makeAddress, makeMemo, makeTxHash } from './formats.js';
import { scheduleWaiting } from './lifecycle.js';
import { startSituations } from './offers.js';
import { mulRound } from './money.js';
import type { TxRecord } from './records.js';
import { Rng, streamSeed } from './rng.js';
import { RECENTLY_DELETED } from './book-seed.js';
import { priceSwap } from './swap.js';
import type { AccountInfo, AccountRole } from './workspace.js';

const MINUTE = 60_000;
const DAY = 24 * HOUR;

interface Plan {
  role: AccountRole;
  assetId: string;
  amount: string;
  status: string;
  /** ms before the start it was created / last changed. */
  createdAgo: number;
  changedAgo: number;
  /** ms after the start its next step is due. */
  dueIn: number;
  type?: string;
  to?: AccountRole;
  toAssetId?: string;
  memo?: boolean;
  /** The address book record it goes to, by name; absent (and no `to`): an unknown address. */
  book?: string;
  /** Index of the member who created it (default: drawn). */
  creator?: number;
  description?: string;
  /** Indexes of members who approved already. */
  approvedBy?: number[];
  expiresIn?: number;
  colleague?: { member: number; inMs: number };
  confirmations?: number;
  delayIn?: number;
}

const PLANS: Plan[] = [
  // Waiting for approval: above and below $100,000; one waits a week so a demo can always decline.
  {
    role: 'hot',
    assetId: '1',
    amount: '2.5',
    status: 'waiting-approval',
    createdAgo: 25 * MINUTE,
    changedAgo: 12 * MINUTE,
    dueIn: 0,
    approvedBy: [1],
    // Its creator approved it too: the self-approval the console's evidence points out.
    creator: 1,
    book: 'Galaxy OTC — BTC',
    expiresIn: 7 * DAY,
    description: 'OTC settlement desk B',
  },
  {
    role: 'payroll',
    assetId: '21',
    amount: '45000',
    status: 'waiting-approval',
    createdAgo: 8 * MINUTE,
    changedAgo: 8 * MINUTE,
    dueIn: 0,
    colleague: { member: 1, inMs: 90_000 },
    book: 'Deel payroll — TRX',
    description: 'Monthly payroll',
  },
  {
    role: 'trading',
    assetId: '2',
    amount: '12.5',
    status: 'waiting-approval',
    createdAgo: 3 * MINUTE,
    changedAgo: 3 * MINUTE,
    dueIn: 0,
  },
  {
    role: 'defi',
    assetId: '12',
    amount: '150000',
    status: 'waiting-approval',
    createdAgo: 15 * MINUTE,
    changedAgo: 15 * MINUTE,
    dueIn: 0,
    colleague: { member: 2, inMs: 4 * MINUTE },
    book: 'Aave treasury multisig — ETH',
  },
  // Two more, so that a script declining a few still finds some in more than one vault.
  {
    role: 'trading',
    assetId: '31',
    amount: '18000',
    status: 'waiting-approval',
    createdAgo: MINUTE,
    changedAgo: MINUTE,
    dueIn: 0,
  },
  {
    role: 'hot',
    assetId: '1',
    amount: '0.75',
    status: 'waiting-approval',
    createdAgo: 5 * MINUTE,
    changedAgo: 5 * MINUTE,
    dueIn: 0,
    description: 'Vendor payment INV-2041',
  },
  // From the vault that sends only to the book, to a record deleted minutes ago, after it was
  // created: now a destination the book no longer has (the policy let it through at creation).
  {
    role: 'cold',
    assetId: '2',
    amount: '6',
    status: 'waiting-approval',
    createdAgo: 20 * MINUTE,
    changedAgo: 20 * MINUTE,
    dueIn: 0,
    book: RECENTLY_DELETED,
    expiresIn: 3 * 3_600_000,
    description: 'OTC desk top-up',
  },
  // Approved by everyone needed, inside the security delay of the highest limit.
  {
    role: 'cold',
    assetId: '11',
    amount: '300000',
    status: 'awaiting-security-policy',
    createdAgo: 40 * MINUTE,
    changedAgo: 2 * MINUTE,
    dueIn: 0,
    approvedBy: [1, 3],
    delayIn: 4 * MINUTE,
    book: 'Coinbase Prime — ETH',
    description: 'Exchange top-up',
  },
  {
    role: 'trading',
    assetId: '32',
    amount: '30000',
    status: 'approved',
    createdAgo: 6 * MINUTE,
    changedAgo: 1000,
    dueIn: 1500,
    approvedBy: [0],
    book: 'Cumberland settlement — SOL',
  },
  {
    role: 'hot',
    assetId: '2',
    amount: '0.8',
    status: 'signing-required',
    createdAgo: 20_000,
    changedAgo: 15_000,
    dueIn: 2000,
  },
  {
    role: 'trading',
    assetId: '12',
    amount: '8000',
    status: 'signing',
    createdAgo: 30_000,
    changedAgo: 4000,
    dueIn: 3000,
    type: 'swap-aggregator',
    toAssetId: '2',
  },
  {
    role: 'cold',
    assetId: '1',
    amount: '2',
    status: 'signing',
    createdAgo: 45_000,
    changedAgo: 2000,
    dueIn: 2500,
    to: 'hot',
    description: 'Rebalance between vaults',
  },
  {
    role: 'payroll',
    assetId: '21',
    amount: '3200',
    status: 'signed',
    createdAgo: 40_000,
    changedAgo: 1500,
    dueIn: 1500,
    book: 'Acme Hosting (vendor) — TRX',
  },
  {
    role: 'hot',
    assetId: '4',
    amount: '40',
    status: 'broadcasted',
    createdAgo: 50_000,
    changedAgo: 1000,
    dueIn: 2000,
  },
  {
    role: 'hot',
    assetId: '1',
    amount: '0.35',
    status: 'waiting-confirmations',
    createdAgo: 5 * MINUTE,
    changedAgo: 3000,
    dueIn: 4000,
    approvedBy: [2],
    confirmations: 1,
    book: 'Kraken — BTC deposit',
  },
  {
    role: 'trading',
    assetId: '11',
    amount: '20000',
    status: 'waiting-confirmations',
    createdAgo: 4 * MINUTE,
    changedAgo: 2000,
    dueIn: 2000,
    type: 'bridge',
    toAssetId: '21',
    approvedBy: [0],
    confirmations: 5,
  },
  {
    role: 'hot',
    assetId: '5',
    amount: '2000',
    status: 'new',
    createdAgo: 500,
    changedAgo: 500,
    dueIn: 1500,
    book: 'Kraken — XRP deposit',
  },
];

const DEPOSITS: {
  role: AccountRole;
  assetId: string;
  amount: string;
  confirmations: number;
  ago: number;
  dueIn: number;
}[] = [
  { role: 'trading', assetId: '2', amount: '1.75', confirmations: 3, ago: 12_000, dueIn: 1500 },
  { role: 'payroll', assetId: '21', amount: '12500', confirmations: 0, ago: 1500, dueIn: 1000 },
  { role: 'hot', assetId: '1', amount: '0.042', confirmations: 1, ago: 9000, dueIn: 3500 },
];

const AFTER_SIGNING = new Set(['signing', 'signed', 'broadcasted', 'waiting-confirmations']);

export function startWork(core: Core): void {
  const start = core.startMs;
  const rng = new Rng(streamSeed(core.seed, 'initial'));
  const byRole = (role: AccountRole): AccountInfo => core.data.accounts.find((a) => a.role === role)!;
  const members = core.members.map((m) => m.userId);

  for (const p of PLANS) {
    const account = byRole(p.role);
    const asset = core.catalog.asset(p.assetId)!;
    const network = core.catalog.networkOf(asset)!;
    const createdAt = start - p.createdAgo;
    const input: OutgoingInput = {
      type: p.type ?? 'withdrawal',
      account,
      asset,
      amount: p.amount,
      createdBy: members[0]!,
      auto: true,
      description: p.description,
      expiresAt: p.expiresIn === undefined ? undefined : start + p.expiresIn,
    };
    if (p.to !== undefined) input.toAccountId = byRole(p.to).wire.accountId;
    else if (input.type === 'withdrawal') input.toAddress = makeAddress(rng, network.addressKind);
    if (p.memo) input.memo = makeMemo(rng, network.networkId);
    const record = p.book === undefined ? undefined : core.ref.book.all().find((e) => e.name === p.book);
    if (record?.address !== undefined) {
      input.toAddress = record.address;
      input.memo = record.memo;
    }
    if (p.toAssetId !== undefined) {
      const to = core.catalog.asset(p.toAssetId)!;
      input.asset2 = to;
      if (input.type === 'swap-aggregator') {
        const quote = priceSwap(core, rng, asset, to, { fromAmount: p.amount }, createdAt)!;
        input.amount2 = quote.toAmount;
        input.quote = quote.details;
      } else {
        input.amount2 = mulRound(p.amount, '0.999', to.decimals);
        input.toAddress = account.addressOf.get(to.networkId!)?.address;
      }
    }
    if (p.status !== 'new') input.createdBy = members[1 + rng.int(members.length - 1)]!;
    if (p.creator !== undefined) input.createdBy = members[p.creator]!;
    const rec = newOutgoing(core, input, createdAt);
    shape(core, rec, p, members, rng);
    core.insert(rec);
    // The approvals it already has, in the feed, between its creation and its last change.
    const approvers = rec.appr?.approvedBy ?? [];
    approvers.forEach((who, k) => {
      const at = rec.createdAt + Math.floor(((rec.updatedAt - rec.createdAt) * (k + 1)) / (approvers.length + 1));
      core.ref.approved(rec, who, at);
    });
    if (p.status === 'waiting-approval') scheduleWaiting(core, rec);
    else if (p.status === 'awaiting-security-policy') core.schedule(rec, rec.appr!.delayExpiresAt!);
    else core.schedule(rec, start + core.paced(p.dueIn));
  }

  for (const d of DEPOSITS) {
    const asset = core.catalog.asset(d.assetId)!;
    const rec = newDeposit(core, { account: byRole(d.role), asset, amount: d.amount }, start - d.ago);
    rec.confirmations = d.confirmations;
    rec.updatedAt = start - Math.min(d.ago, 1000);
    core.insert(rec);
    core.schedule(rec, start + core.paced(d.dueIn));
  }
  // Offers waiting for an answer and signing requests to make again (their own stream).
  startSituations(core);
}

/** Puts a fresh record into the state its plan describes, as if it had got there by itself. */
function shape(core: Core, rec: TxRecord, p: Plan, members: string[], rng: Rng): void {
  const start = core.startMs;
  const live = rec.live!;
  live.fail = '';
  rec.status = p.status;
  rec.updatedAt = start - p.changedAgo;
  const a = rec.appr;
  if (a !== undefined && !a.skip) {
    const wanted = (p.approvedBy ?? []).map((i) => members[i]!).filter((m) => a.available.includes(m));
    a.approvedBy = p.status === 'waiting-approval' ? wanted.slice(0, a.number - 1) : wanted;
    if (p.status !== 'waiting-approval') {
      for (const m of a.available)
        if (a.approvedBy.length < a.number && !a.approvedBy.includes(m)) a.approvedBy.push(m);
    }
  }
  if (p.colleague !== undefined)
    live.colleagues.push({ at: start + core.paced(p.colleague.inMs), who: members[p.colleague.member]! });
  if (p.status === 'awaiting-security-policy' && a !== undefined)
    a.delayExpiresAt = start + core.paced(p.delayIn ?? 4 * MINUTE);
  if (p.status === 'signing-required' || AFTER_SIGNING.has(p.status)) live.signingId = rng.id();
  if (p.status === 'broadcasted' || p.status === 'waiting-confirmations') {
    const network = core.catalog.network(rec.networkId)!;
    rec.txHash = makeTxHash(rng, network.hashKind);
    rec.broadcastAt = start - p.changedAgo - (p.confirmations ?? 0) * network.blockMs;
    rec.confirmations = p.confirmations ?? 0;
  }
}
