// What a transaction moves and where, whatever its family: the amount and asset, the network, and
// whether it sends money out. Pure; the wire's shapes in, plain answers out.
import type { Transaction } from '../contract/index.js';
import { assetInfo } from './asset.js';
import type { DictionaryFacts } from './facts.js';

/** The types that bring money in (a deposit's `toAddress` is the workspace's own, not a destination). */
const INCOMING = /deposit|-in$|^reward|earn-reward|canton-reward/;

export function isIncomingType(transactionType: unknown): boolean {
  return typeof transactionType === 'string' && INCOMING.test(transactionType);
}

/** The amount a transaction moves and in which asset, whatever its family. */
export function transactionAmount(tx: Transaction): { amount?: string; assetId?: string } {
  const p = tx.params;
  const amount = p?.amount ?? p?.fromAmount ?? p?.toAmount ?? tx.embedded?.events?.[0]?.amount ?? undefined;
  const assetId =
    p?.assetId ??
    p?.fromAssetId ??
    p?.sourceAssetId ??
    p?.toAssetId ??
    tx.embedded?.events?.[0]?.assetId ??
    undefined;
  return { ...(amount != null ? { amount } : {}), ...(assetId != null ? { assetId } : {}) };
}

/** The network a transaction runs on: its params, else its asset's, else its chain details'. */
export function transactionNetwork(ref: { readonly dictionary: DictionaryFacts }, tx: Transaction): string | undefined {
  return (
    tx.params?.networkId ??
    assetInfo(ref.dictionary, transactionAmount(tx).assetId).networkId ??
    tx.extra?.blockchainDetails?.[0]?.networkId ??
    undefined
  );
}

/** Sends to an address or another account (not a deposit, a swap or a reward). */
export function isOutgoing(tx: Transaction): boolean {
  const to = tx.params?.toAddress ?? tx.extra?.toAddress ?? tx.params?.toAccountId ?? tx.extra?.toAccountId;
  return to != null && !isIncomingType(tx.transactionType);
}
