// The situations that need a person's answer beyond approvals (wire notes, "Transaction operations
// added for the API's twin"): deposits offered to a vault that wait to be accepted, counterparties'
// requests that a vault pay (outgoing offers), and transfers whose signing request ended without a
// signature and need a new one. A few are there at start-up; with the generator on, a floor of one
// of each is kept. Everything here draws from the world's `offers` stream (and the new records'
// own), never from the others, so a seed's other transactions stay exactly as they were.

import { HOUR, newDeposit, newOutgoing } from './build.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { makeAddress, makeTxHash } from './formats.js';
import { amountNear } from './money.js';
import type { TxRecord } from './records.js';
import { Rng } from './rng.js';
import type { AccountInfo } from './workspace.js';

const MINUTE = 60_000;
/** How long an offer waits for its answer before it lapses (`expired`). */
export const OFFER_TTL_MS = 2 * HOUR;
/** How long a transaction with an ended signing request waits for a new one before it expires. */
const STALLED_TTL_MS = 3 * HOUR;

export type Situation = 'incoming' | 'outgoing' | 'canceled' | 'error-on-broadcast';

/** What start-up makes: two offers of each side, one ended signing request of each kind. */
const AT_START: readonly { what: Situation; ago: number }[] = [
  { what: 'incoming', ago: 12 * MINUTE },
  { what: 'incoming', ago: 3 * MINUTE },
  { what: 'outgoing', ago: 7 * MINUTE },
  { what: 'outgoing', ago: 2 * MINUTE },
  { what: 'canceled', ago: 9 * MINUTE },
  { what: 'error-on-broadcast', ago: 4 * MINUTE },
];

/** A seed for a new record from the offers stream, skipping one whose id is taken (core.nextSeed's rule). */
function seedOf(core: Core): number {
  for (;;) {
    const seed = Math.floor(core.offerRng.next() * 0x1_0000_0000) >>> 0;
    if (!core.store.has(new Rng(seed).id())) return seed;
  }
}

function candidates(core: Core, outgoing: boolean): [AccountInfo, AssetInfo][] {
  const out: [AccountInfo, AssetInfo][] = [];
  for (const account of core.activeAccounts(false)) {
    if (outgoing && account.wire.extra?.onlyAddressBookWithdrawals) continue;
    for (const id of account.assetIds) {
      const asset = core.catalog.asset(id);
      if (asset === undefined || asset.assetType !== 'blockchain' || asset.requiresTokenId) continue;
      if (asset.networkId === undefined || !account.addressOf.has(asset.networkId)) continue;
      out.push([account, asset]);
    }
  }
  return out;
}

/** An amount worth `usd` (a few hundred to a few thousand dollars: below the approval limits). */
function amountOf(core: Core, asset: AssetInfo): string {
  const rng = core.offerRng;
  const price = core.market.approx(asset.symbolId) ?? 1;
  return amountNear(rng, rng.logUniform(150, 4_000), price, asset.decimals);
}

/** Makes one situation at `at`, stored and scheduled; undefined when no vault can hold it now. */
export function makeSituation(core: Core, what: Situation, at: number): TxRecord | undefined {
  const rng = core.offerRng;
  const pool = candidates(core, what !== 'incoming');
  if (pool.length === 0) return undefined;
  const [account, asset] = rng.pick(pool);
  const network = core.catalog.networkOf(asset)!;
  const amount = amountOf(core, asset);
  const seed = seedOf(core);
  let rec: TxRecord;
  if (what === 'incoming') {
    rec = newDeposit(core, { account, asset, amount }, at, seed);
    // The offer is on the ledger already; the deposit's own hash comes with the acceptance.
    rec.live!.offer = { side: 'incoming', hash: rec.txHash!, answeredAt: undefined };
    rec.txHash = undefined;
    rec.status = 'acceptance-required';
    rec.expiresAt = at + OFFER_TTL_MS;
  } else {
    const offer = what === 'outgoing';
    rec = newOutgoing(
      core,
      {
        type: 'withdrawal',
        account,
        asset,
        amount,
        toAddress: makeAddress(rng, network.addressKind),
        // A counterparty asked for it: no member made it. A stalled transfer is a member's own.
        createdBy: offer ? '' : rng.pick(core.members).userId,
        auto: false,
        description: offer ? 'Payment request from a counterparty' : undefined,
        expiresAt: at + (offer ? OFFER_TTL_MS : STALLED_TTL_MS),
      },
      at,
      seed,
    );
    const live = rec.live!;
    if (offer) {
      live.offer = { side: 'outgoing', hash: makeTxHash(rng, network.hashKind), answeredAt: undefined };
      rec.status = 'acceptance-required';
    } else {
      // Past its approvals (if any): the signing request it got has ended without a signature.
      const a = rec.appr;
      if (a !== undefined && !a.skip) a.approvedBy = a.available.slice(0, a.number);
      if (core.balances.shortfall(rec) !== undefined) return undefined;
      rec.status = 'signing-required';
      live.signingId = rng.id();
      live.signingEnded = what;
    }
  }
  core.insert(rec);
  core.schedule(rec, rec.expiresAt!);
  return rec;
}

/** The situations of start-up, made as if they had happened minutes before the world began. */
export function startSituations(core: Core): void {
  for (const { what, ago } of AT_START) makeSituation(core, what, core.startMs - ago);
}

/** Which situation a waiting record is, if it is one. */
export function situationOf(rec: TxRecord): Situation | undefined {
  const live = rec.live;
  if (live === undefined) return undefined;
  if (rec.status === 'acceptance-required' && live.offer !== undefined) return live.offer.side;
  if (rec.status === 'signing-required' && live.signingEnded !== undefined) return live.signingEnded;
  return undefined;
}

const FLOOR = ['incoming', 'outgoing', 'canceled'] as const;

/** The kinds of the floor that have nothing waiting now (an ended signing request of either kind counts once). */
function missing(core: Core): Situation[] {
  const have = new Set<string>();
  for (const status of ['acceptance-required', 'signing-required'])
    for (const rec of core.store.inStatus(status)) {
      const s = situationOf(rec);
      if (s !== undefined) have.add(s === 'error-on-broadcast' ? 'canceled' : s);
    }
  return FLOOR.filter((what) => !have.has(what));
}

/** Whether topUpSituations would make anything now (Generator.topUpDue: such an advance is timed). */
export function situationsMissing(core: Core): boolean {
  return missing(core).length > 0;
}

/** The generator's floor: at least one deposit offer, one outgoing offer and one stalled signing waiting. */
export function topUpSituations(core: Core): void {
  const now = core.clock.now();
  for (const what of missing(core)) makeSituation(core, what, now);
}
