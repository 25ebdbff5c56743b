// The past folded into opening balances at build time. One pass, as the history table is filled:
// exact totals per account and asset (bigint units; fees summed as integers at the network's fee
// scale), and per record a few numbers in typed arrays (no object kept per record) for a second,
// time-ordered pass over the table's createdAt and updatedAt orders. That pass replays what each
// balance's withdrawable part was (an outgoing transaction holds its amount and fee from its
// creation to its end) and finds how low it went. Each vault then gets an initial funding deposit
// before its first transaction: its base by what the vault is for, plus that low point, so no past
// transaction ever sent more than its account could withdraw.

import { holdingsOf, MOVES_NOTHING, pow10, RECEIVES, toUnits, unitsText } from './balances.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { makeAddress, makeTxHash } from './formats.js';
import { HistoryTable } from './history-table.js';
import { feeUnitsOf } from './present-details.js';
import { isIncoming, newRecord, type TxRecord } from './records.js';
import { mix, Rng, streamSeed } from './rng.js';
import type { AccountInfo, AccountRole } from './workspace.js';

const HOUR = 3_600_000;
/** Amount scales summed apart (0 to 18 fraction digits: every asset's decimals). */
const SCALES = 19;
const FLUSH_AT = 2 ** 52;
const NONE = 0xffff;
// Record kinds of the time-ordered pass (0: moves nothing).
const RECEIVED = 1;
const SENT = 2;
const FAILED = 3;
const ENDED = 4;

/** USD each balance of a vault starts with (its initial funding), by what the vault is for. */
const BASE_USD: Readonly<Record<AccountRole, number>> = {
  cold: 25_000_000,
  trading: 6_000_000,
  defi: 4_000_000,
  hot: 3_000_000,
  payroll: 1_500_000,
  testnet: 1_000_000,
  archive: 200_000,
  new: 0,
};
/** A native coin a vault holds only to pay its tokens' fees starts with this share of the base. */
const GAS_SHARE = 0.1;
/** Above the low point: float sums of a million amounts are close, not exact. */
const HEADROOM = 1.02;

/** Builds the history table (folding it into the balances as it goes) and funds every vault. */
export function loadPast(
  core: Core,
  count: number,
  also?: (i: number, rec: TxRecord) => void,
): HistoryTable {
  const fold = new PastFold(core, count);
  // `also`: another fold of the same pass (the activity feed's columns, activity-past.ts).
  const table = new HistoryTable(core, count, (i, rec) => {
    fold.add(i, rec);
    also?.(i, rec);
  });
  core.store.loadHistory(table);
  fold.finish(table);
  return table;
}

/** `x` rounded up to two significant digits, as units at `decimals` (at least 1 when x > 0). */
export function niceCeil(x: number, decimals: number): bigint {
  if (!(x > 0) || !Number.isFinite(x)) return 0n;
  const e = Math.floor(Math.log10(x)) - 1;
  const k = Math.ceil(x / 10 ** e);
  const shift = e + decimals;
  return shift >= 0 ? BigInt(k) * pow10(shift) : BigInt(Math.max(1, Math.ceil(k / 10 ** -shift)));
}

/**
 * Per record: its kind, the pairs of its amount, fee and received side (or transfer target),
 * and those amounts as approximate numbers.
 */
interface Rows {
  kind: Uint8Array;
  pairA: Uint16Array;
  pairF: Uint16Array;
  pairB: Uint16Array;
  amountA: Float32Array;
  amountF: Float32Array;
  amountB: Float32Array;
}

function newRows(n: number): Rows {
  return {
    kind: new Uint8Array(n),
    pairA: new Uint16Array(n),
    pairF: new Uint16Array(n).fill(NONE),
    pairB: new Uint16Array(n).fill(NONE),
    amountA: new Float32Array(n),
    amountF: new Float32Array(n),
    amountB: new Float32Array(n),
  };
}

class PastFold {
  private readonly accountIndex = new Map<string, number>();
  private readonly assetIndex = new Map<string, number>();
  private readonly assets: AssetInfo[];
  /** Pair index = account index * width + asset index. */
  private readonly width: number;
  private readonly totals: bigint[];
  /** Fees paid, in integer units at the pair's network fee scale (exact below 2^53). */
  private readonly fees: Float64Array;
  /** Short amounts summed as integers at their own scale, per pair and scale (see addUnits). */
  private readonly sums: Float64Array;
  private readonly first: Float64Array;
  private readonly last: Float64Array;
  /** Per record, for the time-ordered pass; dropped once it has run. */
  private rows: Rows | undefined;
  /** Funding records made so far (their seeds' counter). */
  private serial = 0;

  constructor(
    private readonly core: Core,
    count: number,
  ) {
    const n = Math.max(0, Math.floor(count));
    core.data.accounts.forEach((a, i) => this.accountIndex.set(a.wire.accountId, i));
    this.assets = [...core.catalog.assetById.values()];
    this.assets.forEach((a, i) => this.assetIndex.set(a.assetId, i));
    this.width = this.assets.length;
    const pairs = core.data.accounts.length * this.width;
    this.totals = new Array<bigint>(pairs).fill(0n);
    this.fees = new Float64Array(pairs);
    this.sums = new Float64Array(pairs * SCALES);
    this.first = new Float64Array(pairs).fill(Infinity);
    this.last = new Float64Array(pairs).fill(-Infinity);
    this.rows = newRows(n);
  }

  /**
   * Adds `sign` × `text` to pair `p`. A decimal text of at most 15 digits is an integer below
   * 2^53 at its own scale, which a double holds exactly: such amounts (nearly all the past's)
   * are summed as numbers, flushed into the bigint total before a sum could lose a unit.
   */
  private addUnits(p: number, text: string, decimals: number, sign: 1 | -1): void {
    const dot = text.indexOf('.');
    const scale = dot < 0 ? 0 : text.length - dot - 1;
    if (text.length <= (dot < 0 ? 15 : 16) && scale <= decimals && scale < SCALES) {
      const k = p * SCALES + scale;
      const sum = (this.sums[k]! += sign * Math.round(Number(text) * 10 ** scale));
      if (Math.abs(sum) > FLUSH_AT) this.flush(p, scale, decimals);
      return;
    }
    const units = toUnits(text, decimals);
    this.totals[p]! += sign === 1 ? units : -units;
  }

  private flush(p: number, scale: number, decimals: number): void {
    const k = p * SCALES + scale;
    if (this.sums[k] === 0) return;
    this.totals[p]! += BigInt(this.sums[k]!) * pow10(decimals - scale);
    this.sums[k] = 0;
  }

  private touch(p: number, at: number): void {
    if (at < this.first[p]!) this.first[p] = at;
    if (at > this.last[p]!) this.last[p] = at;
  }

  add(i: number, rec: TxRecord): void {
    const rows = this.rows!;
    const account = this.accountIndex.get(rec.accountId);
    const a = this.assetIndex.get(rec.assetId);
    if (account === undefined || a === undefined) return;
    const asset = this.assets[a]!;
    const p = account * this.width + a;
    const at = rec.updatedAt;
    if (isIncoming(rec.type)) {
      if (rec.status !== 'completed') return;
      rows.kind[i] = RECEIVED;
      rows.pairA[i] = p;
      rows.amountA[i] = Number(rec.amount);
      this.addUnits(p, rec.amount, asset.decimals, 1);
      this.touch(p, at);
      return;
    }
    const moves = !MOVES_NOTHING.has(rec.type);
    const kind = rec.status === 'completed' ? SENT : rec.status === 'failed-on-blockchain' ? FAILED : ENDED;
    rows.kind[i] = kind;
    rows.pairA[i] = p;
    rows.amountA[i] = moves ? Number(rec.amount) : 0;
    this.touch(p, at);
    const fee = feeUnitsOf(this.core, rec);
    const native = fee === undefined ? undefined : this.assetIndex.get(fee.network.nativeAssetId);
    if (fee !== undefined && native !== undefined) {
      const f = account * this.width + native;
      rows.pairF[i] = f;
      rows.amountF[i] = fee.units / 10 ** fee.network.feeScale;
      if (kind !== ENDED) this.fees[f]! += fee.units;
      this.touch(f, at);
    }
    if (kind !== SENT) return;
    if (moves) this.addUnits(p, rec.amount, asset.decimals, -1);
    const b = RECEIVES.has(rec.type) ? this.assetIndex.get(rec.asset2 ?? '') : undefined;
    if (b !== undefined && rec.amount2 !== undefined) {
      const q = account * this.width + b;
      rows.pairB[i] = q;
      rows.amountB[i] = Number(rec.amount2);
      this.addUnits(q, rec.amount2, this.assets[b]!.decimals, 1);
      this.touch(q, at);
    } else if (rec.toAccountId !== undefined && moves) {
      // The past keeps no deposit beside a transfer between own vaults: it is received here.
      const to = this.accountIndex.get(rec.toAccountId);
      if (to === undefined) return;
      const q = to * this.width + a;
      rows.pairB[i] = q;
      rows.amountB[i] = rows.amountA[i]!;
      this.addUnits(q, rec.amount, asset.decimals, 1);
      this.touch(q, at);
    }
  }

  /**
   * The lowest withdrawable amount each balance reached over the past (0 or below; approximate),
   * replaying holds at createdAt and ends at updatedAt in time order (holds first on a tie).
   */
  private lows(table: HistoryTable, rows: Rows): Float64Array {
    const { created, updated, byCreated, byUpdated, count: n } = table;
    const { kind, pairA, pairF, pairB, amountA, amountF, amountB } = rows;
    const w = new Float64Array(this.totals.length);
    const low = new Float64Array(this.totals.length);
    let x = 0;
    let y = 0;
    while (x < n || y < n) {
      if (x < n && (y >= n || created[byCreated[x]!]! <= updated[byUpdated[y]!]!)) {
        const i = byCreated[x++]!;
        if (kind[i]! < SENT) continue;
        const p = pairA[i]!;
        w[p]! -= amountA[i]!;
        if (w[p]! < low[p]!) low[p] = w[p]!;
        const f = pairF[i]!;
        if (f === NONE) continue;
        w[f]! -= amountF[i]!;
        if (w[f]! < low[f]!) low[f] = w[f]!;
        continue;
      }
      const i = byUpdated[y++]!;
      switch (kind[i]) {
        case RECEIVED:
          w[pairA[i]!]! += amountA[i]!;
          break;
        case SENT:
          // What it held is spent; a swap's or bridge's proceeds or a transfer arrive.
          if (pairB[i] !== NONE) w[pairB[i]!]! += amountB[i]!;
          break;
        case FAILED:
          w[pairA[i]!]! += amountA[i]!;
          break;
        case ENDED:
          w[pairA[i]!]! += amountA[i]!;
          if (pairF[i] !== NONE) w[pairF[i]!]! += amountF[i]!;
          break;
      }
    }
    return low;
  }

  finish(table: HistoryTable): void {
    const low = this.lows(table, this.rows!);
    // Done with: let them go before the world starts.
    this.rows = undefined;
    const { core, width } = this;
    const ledger = core.balances;
    core.data.accounts.forEach((account, ai) => {
      const accountId = account.wire.accountId;
      for (let a = 0; a < width; a++) {
        const p = ai * width + a;
        if (this.first[p] === Infinity) continue;
        const asset = this.assets[a]!;
        for (let scale = 0; scale < SCALES && scale <= asset.decimals; scale++) {
          this.flush(p, scale, asset.decimals);
        }
        const network = core.catalog.network(asset.networkId);
        const fees =
          this.fees[p]! === 0 || network === undefined
            ? 0n
            : BigInt(this.fees[p]!) * pow10(asset.decimals - network.feeScale);
        ledger.fold(accountId, asset.assetId, this.totals[p]! - fees, this.first[p]!, this.last[p]!);
      }
      this.fund(account, ai, low);
    });
  }

  /** The initial funding deposits of one vault, an hour or two after it was created. */
  private fund(account: AccountInfo, ai: number, low: Float64Array): void {
    const { core, width } = this;
    const held = new Set(holdingsOf(core, account));
    const createdAt = Number(account.wire.createdAt);
    let k = 0;
    for (let a = 0; a < width; a++) {
      const asset = this.assets[a]!;
      if (asset.assetType !== 'blockchain' || asset.requiresTokenId) continue;
      const need = -low[ai * width + a]!;
      if (!held.has(asset.assetId) && !(need > 0)) continue;
      const price = core.market.baseApprox(asset.symbolId) ?? core.market.baseApprox(asset.symbol) ?? 1;
      const gasOnly = !account.assetIds.includes(asset.assetId);
      const base = held.has(asset.assetId) ? (BASE_USD[account.role] * (gasOnly ? GAS_SHARE : 1)) / price : 0;
      const units = niceCeil(Math.max(0, need) * HEADROOM + base, asset.decimals);
      if (units === 0n) continue;
      const rec = this.fundingRecord(account, asset, units, createdAt + 2 * HOUR + k * 10 * 60_000);
      if (rec === undefined) continue;
      k += 1;
      core.store.insert(rec);
      core.balances.fold(account.wire.accountId, asset.assetId, units, rec.createdAt, rec.updatedAt);
    }
  }

  private fundingRecord(
    account: AccountInfo,
    asset: AssetInfo,
    units: bigint,
    at: number,
  ): TxRecord | undefined {
    const network = this.core.catalog.network(asset.networkId);
    if (network === undefined) return undefined;
    const base = streamSeed(this.core.seed, 'funding');
    let seed: number;
    do seed = mix(base, this.serial++);
    while (this.core.store.has(new Rng(seed).id()));
    const rng = new Rng(seed);
    const id = rng.id();
    const done = at + network.confirmations * network.blockMs;
    return newRecord({
      id,
      externalId: rng.id(),
      type: 'deposit',
      status: 'completed',
      accountId: account.wire.accountId,
      assetId: asset.assetId,
      networkId: network.networkId,
      amount: unitsText(units, asset.decimals),
      createdAt: at,
      updatedAt: done,
      terminatedAt: done,
      fromAddress: makeAddress(rng, network.addressKind),
      toAddress: account.addressOf.get(network.networkId)?.address,
      txHash: makeTxHash(rng, network.hashKind),
      description: 'Initial funding',
      confirmations: network.confirmations,
      seed,
    });
  }
}
