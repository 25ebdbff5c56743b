// What the loaded history says about one outgoing transaction: whether its destination was paid
// before, and what this account usually sends of the asset. One pass over the rows the console
// holds (memory-bounded: never the workspace's whole history), so every answer says "loaded".
// Pure; money stays decimal text.
import type { Transaction } from '../contract/index.js';
import {
  addDecimal,
  addressKey,
  compareDecimal,
  divideDecimal,
  isDecimalString,
  normalizeDecimal,
  parseMillis,
} from '../format/index.js';
import type { DictionaryFacts } from './facts.js';
import { isOutgoing, transactionAmount, transactionNetwork } from './transaction.js';

/** Ended without moving money: an earlier attempt like this does not make a destination familiar. */
const FRUITLESS = new Set(['canceled', 'expired', 'error', 'failed-on-blockchain', 'removed-from-blockchain']);

/** How many of an account's outgoing amounts make "usual". */
export const MEDIAN_WINDOW = 50;

function addressOf(tx: Transaction): string | undefined {
  const address = tx.params?.toAddress ?? tx.extra?.toAddress;
  return address == null || address.trim() === '' ? undefined : addressKey(address.trim());
}

/** Where a transaction sends to, as one comparable key; undefined when it sends to no address. */
export function destinationKey(dictionary: DictionaryFacts, tx: Transaction): string | undefined {
  const address = addressOf(tx);
  if (address === undefined) return undefined;
  const networkId = transactionNetwork({ dictionary }, tx) ?? '';
  const network = dictionary.networks.get(networkId);
  // Memos matter where the network uses them, and where the network is unknown (the safe side).
  const usesMemo = network == null || (network.tags ?? []).includes('supports-memo');
  const memo = usesMemo ? (tx.params?.memo ?? tx.extra?.memo ?? '') : '';
  // EVM addresses differ only in their checksum capitals (addressKey, as the address book matches).
  return `${networkId}\u0000${address}\u0000${memo.trim()}`;
}

export interface DestinationHistory {
  /** Other loaded outgoing transactions (the pool "first time" is judged in). */
  readonly outgoing: number;
  /** Of them, created before this one and sent to the same destination, and not ended fruitless. */
  readonly earlier: number;
  /** Earlier ones to it that ended without moving money (canceled, expired, failed). */
  readonly earlierFruitless: number;
}

export interface AmountHistory {
  /** The account's completed outgoing amounts of the asset before this one, newest first, at most 50. */
  readonly samples: readonly string[];
}

export interface History {
  readonly destination?: DestinationHistory;
  readonly amounts?: AmountHistory;
}

function createdAt(tx: Transaction): number {
  return parseMillis(tx.createdAt) ?? 0;
}

/** Earlier than `tx`: created before it (ties by id, so two rows never both come first). */
function before(other: Transaction, tx: Transaction): boolean {
  const a = createdAt(other);
  const b = createdAt(tx);
  return a < b || (a === b && other.transactionId < tx.transactionId);
}

/** One pass over the loaded rows for `tx`'s destination and its account's usual amounts of the asset. */
export function historyOf(
  dictionary: DictionaryFacts,
  tx: Transaction,
  loaded: Iterable<Transaction>,
): History {
  const key = destinationKey(dictionary, tx);
  const address = addressOf(tx);
  const { assetId } = transactionAmount(tx);
  let outgoing = 0;
  let earlier = 0;
  let earlierFruitless = 0;
  const samples: { at: number; id: string; amount: string }[] = [];
  for (const other of loaded) {
    if (other.transactionId === tx.transactionId || !isOutgoing(other)) continue;
    outgoing += 1;
    const prior = before(other, tx);
    // The whole key (network, memo) only for rows to the same address: this runs per batch of rows.
    const sameAddress = key !== undefined && prior && addressOf(other) === address;
    if (sameAddress && destinationKey(dictionary, other) === key) {
      if (FRUITLESS.has(other.status)) earlierFruitless += 1;
      else earlier += 1;
    }
    if (prior && other.accountId === tx.accountId && other.status === 'completed' && assetId !== undefined) {
      const moved = transactionAmount(other);
      if (moved.assetId === assetId && isDecimalString(moved.amount) && !moved.amount.startsWith('-')) {
        samples.push({ at: createdAt(other), id: other.transactionId, amount: moved.amount });
      }
    }
  }
  samples.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0));
  return {
    ...(key !== undefined ? { destination: { outgoing, earlier, earlierFruitless } } : {}),
    ...(assetId !== undefined
      ? { amounts: { samples: samples.slice(0, MEDIAN_WINDOW).map((s) => s.amount) } }
      : {}),
  };
}

/** The median of decimal strings, exact (the mean of the middle two has at most one more digit). */
export function medianDecimal(values: readonly string[]): string | undefined {
  const sorted = values.filter(isDecimalString).sort(compareDecimal);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return normalizeDecimal(sorted[mid]!);
  const sum = addDecimal(sorted[mid - 1]!, sorted[mid]!);
  const scale = sum.includes('.') ? sum.length - sum.indexOf('.') : 1;
  return normalizeDecimal(divideDecimal(sum, '2', scale));
}
