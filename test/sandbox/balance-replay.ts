// Balances replayed from transactions as a client reads them (with their events), independently of
// the sandbox's ledger: the expectation the balance tests compare the served balances with.
//   total: every event of a finished transaction that moved money: `in` / `nft-in` add; `out`,
//   `stake-delegation` and `fee` take (a transaction failed on chain shows only its fee); an
//   `out` to an own account of a transaction without a deposit of its own (the past's transfers)
//   adds there too.
//   held: what running outgoing transactions hold back: their amount (from params) and their fee,
//   known once broadcast (its `fee` event), otherwise between the network's lowest and highest.
import type { Balance, Transaction } from '../../src/contract/index.js';
import { Catalog } from '../../src/sandbox/world/catalog.js';

const catalog = new Catalog();

export function units(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, decimals);
  if (fraction.slice(decimals).replace(/0/g, '') !== '')
    throw new Error(`${text} has more than ${decimals} decimals`);
  return BigInt(`${whole}${cut.padEnd(decimals, '0')}`);
}

export function decimalsOf(assetId: string): number {
  const asset = catalog.asset(assetId);
  if (asset === undefined) throw new Error(`unknown asset ${assetId}`);
  return asset.decimals;
}

export const pairKey = (accountId: string, assetId: string) => `${accountId}/${assetId}`;

function add(map: Map<string, bigint>, key: string, value: bigint): void {
  map.set(key, (map.get(key) ?? 0n) + value);
}

const TAKES = new Set(['out', 'stake-delegation', 'fee']);
const ADDS = new Set(['in', 'nft-in']);

/** Units per account and asset that finished transactions moved. */
export function replayTotals(txs: readonly Transaction[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const tx of txs) {
    if (tx.status !== 'completed' && tx.status !== 'failed-on-blockchain') continue;
    const events = tx.embedded?.events;
    if (events == null) throw new Error(`transaction ${tx.transactionId} was read without its events`);
    for (const e of events) {
      const amount = units(e.amount ?? '0', decimalsOf(e.assetId));
      if (ADDS.has(e.eventType)) add(out, pairKey(e.accountId, e.assetId), amount);
      else if (TAKES.has(e.eventType)) add(out, pairKey(e.accountId, e.assetId), -amount);
      if (e.eventType !== 'out' || tx.extra?.depositTransactionId != null) continue;
      for (const target of e.extra?.out ?? [])
        if (target.toAccountId != null) add(out, pairKey(target.toAccountId, e.assetId), amount);
    }
  }
  return out;
}

/** The asset and amount a running outgoing transaction holds (an allowance holds only its fee). */
function principalOf(tx: Transaction): [string, string] | undefined {
  const p = tx.params ?? {};
  switch (tx.transactionType) {
    case 'allowance':
    case 'address-activation':
      return undefined;
    case 'swap-aggregator':
      return p.fromAssetId != null && p.fromAmount != null ? [p.fromAssetId, p.fromAmount] : undefined;
    case 'bridge':
      return p.sourceAssetId != null && p.amount != null ? [p.sourceAssetId, p.amount] : undefined;
    default:
      return p.assetId != null && p.amount != null ? [p.assetId, p.amount] : undefined;
  }
}

const INCOMING = new Set(['deposit', 'nft-deposit', 'fiat-in']);
const TERMINAL = new Set([
  'completed',
  'canceled',
  'expired',
  'error',
  'failed-on-blockchain',
  'removed-from-blockchain',
]);

/** What an outgoing transaction holds while it runs: its amount, and its fee (a range until broadcast). */
export function holdsOf(tx: Transaction): { key: string; low: bigint; high: bigint }[] {
  const out: { key: string; low: bigint; high: bigint }[] = [];
  const principal = principalOf(tx);
  if (principal !== undefined) {
    const amount = units(principal[1], decimalsOf(principal[0]));
    out.push({ key: pairKey(tx.accountId, principal[0]), low: amount, high: amount });
  }
  const asset = catalog.asset(principal?.[0] ?? tx.params?.assetId ?? undefined);
  const network = catalog.network(asset?.networkId);
  if (network === undefined) return out;
  const native = decimalsOf(network.nativeAssetId);
  const key = pairKey(tx.accountId, network.nativeAssetId);
  const fee = tx.embedded?.events?.find((e) => e.eventType === 'fee');
  if (fee !== undefined) {
    const amount = units(fee.amount ?? '0', native);
    out.push({ key, low: amount, high: amount });
  } else {
    const scale = 10n ** BigInt(native - network.feeScale);
    out.push({ key, low: BigInt(network.fee[0]) * scale, high: BigInt(network.fee[1]) * scale });
  }
  return out;
}

export const isIncomingType = (type: string) => INCOMING.has(type);

/** Every balance a transaction may move (what it holds, its events, a transfer's target). */
export function pairsOf(tx: Transaction): Set<string> {
  const out = new Set(isIncomingType(tx.transactionType) ? [] : holdsOf(tx).map((h) => h.key));
  if (isIncomingType(tx.transactionType)) out.add(pairKey(tx.accountId, tx.params?.assetId ?? ''));
  for (const e of tx.embedded?.events ?? []) {
    out.add(pairKey(e.accountId, e.assetId));
    for (const o of e.extra?.out ?? []) if (o.toAccountId != null) out.add(pairKey(o.toAccountId, e.assetId));
  }
  return out;
}

/** What running outgoing transactions hold, per pair: at least `low`, at most `high`. */
export function replayHeld(txs: readonly Transaction[]): Map<string, { low: bigint; high: bigint }> {
  const out = new Map<string, { low: bigint; high: bigint }>();
  for (const tx of txs) {
    // An outgoing offer waiting for the vault's answer holds nothing until it is accepted (wire notes).
    if (INCOMING.has(tx.transactionType) || TERMINAL.has(tx.status) || tx.status === 'acceptance-required') continue;
    for (const { key, low, high } of holdsOf(tx)) {
      const h = out.get(key) ?? { low: 0n, high: 0n };
      out.set(key, { low: h.low + low, high: h.high + high });
    }
  }
  return out;
}

/** What one event does to its account's balance once its transaction finished. */
export function eventUnits(eventType: string, amount: string | null | undefined, assetId: string): bigint {
  const value = units(amount ?? '0', decimalsOf(assetId));
  return ADDS.has(eventType) ? value : TAKES.has(eventType) ? -value : 0n;
}

/**
 * Differences between served balances and the replay (empty when they agree): every total equals
 * the replay's, every pair the replay moved is served, and every withdrawable amount is the total
 * less what is held (within the fee range while a fee is not yet known), never below zero.
 */
export function balanceMismatches(balances: readonly Balance[], txs: readonly Transaction[]): string[] {
  const totals = replayTotals(txs);
  const held = replayHeld(txs);
  const problems: string[] = [];
  const served = new Set<string>();
  for (const b of balances) {
    const key = pairKey(b.accountId, b.assetId);
    served.add(key);
    const decimals = decimalsOf(b.assetId);
    const total = units(b.totalBalance ?? '0', decimals);
    const free = units(b.withdrawableBalance ?? '0', decimals);
    const expected = totals.get(key) ?? 0n;
    if (total !== expected) problems.push(`${key} ${b.symbol}: total ${b.totalBalance}, replay ${expected}`);
    if (total < 0n || free < 0n)
      problems.push(`${key}: below zero (${b.totalBalance} / ${b.withdrawableBalance})`);
    const h = held.get(key) ?? { low: 0n, high: 0n };
    const most = total - h.low;
    const least = total - h.high;
    if (free > (most > 0n ? most : 0n) || free < (least > 0n ? least : 0n))
      problems.push(
        `${key} ${b.symbol}: withdrawable ${b.withdrawableBalance} of ${b.totalBalance}, held ${h.low}..${h.high}`,
      );
  }
  for (const [key, value] of totals)
    if (value !== 0n && !served.has(key)) problems.push(`${key}: moved ${value}, not served`);
  return problems;
}
