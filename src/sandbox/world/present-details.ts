// What a transaction and its events both derive from a record: the context they are presented in,
// the salts of the seeded details, and the details both need (prices, fee, stake, allowance).

import type { AssetInfo, Catalog, NetworkInfo } from './catalog.js';
import { makeAddress } from './formats.js';
import type { Market } from './market.js';
import { trimZeros, unitsToDecimal, usdValue } from './money.js';
import type { TxRecord } from './records.js';
import { Rng } from './rng.js';
import type { AccountInfo } from './workspace.js';

export interface PresentContext {
  readonly workspaceId: string;
  readonly catalog: Catalog;
  readonly market: Market;
  readonly accountById: ReadonlyMap<string, AccountInfo>;
  /** The address book (reference.ts): a withdrawal names the record it went to. */
  readonly ref: {
    readonly book: {
      named(
        networkId: string | undefined,
        address: string | undefined,
        memo?: string,
      ): { readonly recordId: string; readonly createdAt: number } | undefined;
    };
    /** The seeded bank record of a fiat currency (a fiat withdrawal's destination). */
    bankFor(currency: string): string | undefined;
  };
}

// Salts of the details derived from a record's seed.
export const SALT = {
  fee: 1,
  signing: 2,
  price: 3, // retired: past prices come from the seeded path (price-path.ts)
  quote: 4,
  fiat: 5,
  stake: 6,
  signData: 7,
  allowance: 8,
  addressBook: 9, // retired: withdrawals name their real address book record (reference.ts)
  bridgeHash: 10,
  event: 100,
} as const;

export const APPROVAL_ADDRESSES: Record<string, string> = {
  ETH: '0x1111111254eeb25477b68fb85ed929f73a960582',
  SOL: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  TRX: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax',
};

/** The USD price of a symbol as the record saw it: its creation snapshot, or a past price. */
export function priceFor(ctx: PresentContext, rec: TxRecord, symbolId: string): string | undefined {
  const snap = rec.live?.snap;
  if (snap !== undefined) return snap[symbolId];
  // History predates the walk: the seeded past path at its creation (price-path.ts), the same
  // prices the asset price series shows.
  return ctx.market.pastPrice(symbolId, rec.createdAt);
}

export function usdOf(
  ctx: PresentContext,
  rec: TxRecord,
  asset: AssetInfo | undefined,
  amount: string,
): string | undefined {
  if (asset === undefined) return undefined;
  const price = priceFor(ctx, rec, asset.symbolId);
  return price === undefined ? undefined : usdValue(amount, price);
}

/**
 * The network fee as integer units at the network's `feeScale`: the one draw both the events and
 * the balances (balances.ts) read, so a balance is charged exactly the fee its transaction shows.
 */
export function feeUnitsOf(
  ctx: PresentContext,
  rec: TxRecord,
): { network: NetworkInfo; units: number } | undefined {
  const network = ctx.catalog.network(rec.networkId);
  if (network === undefined) return undefined;
  return { network, units: Rng.of(rec.seed, SALT.fee).range(network.fee[0], network.fee[1]) };
}

/** The network fee, paid in the network's native asset. */
export function feeOf(ctx: PresentContext, rec: TxRecord): { assetId: string; amount: string } | undefined {
  const fee = feeUnitsOf(ctx, rec);
  if (fee === undefined) return undefined;
  return {
    assetId: fee.network.nativeAssetId,
    amount: trimZeros(unitsToDecimal(fee.units, fee.network.feeScale)),
  };
}

export function stakeOf(ctx: PresentContext, rec: TxRecord): { poolId: string; stakeId: string } {
  const rng = Rng.of(rec.seed, SALT.stake);
  const kind = ctx.catalog.network(rec.networkId)?.addressKind ?? 'evm';
  return { poolId: makeAddress(rng, kind), stakeId: rng.id() };
}

export function allowanceUnlimited(rec: TxRecord): boolean {
  return Rng.of(rec.seed, SALT.allowance).chance(0.4);
}

export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v;
  return out as T;
}
