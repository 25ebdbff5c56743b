// Making transactions while the world runs (generator, start-up work, the API's create): the
// record with its approval, live state and counterpart addresses, in status `new` or arriving.

import type { QuoteDetails, TransactionParams } from '../../contract/index.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { makeAddress, makeTxHash } from './formats.js';
import { newRecord, type TxRecord } from './records.js';
import { Rng } from './rng.js';
import type { AccountInfo } from './workspace.js';

export const HOUR = 3_600_000;

export interface OutgoingInput {
  type: string;
  account: AccountInfo;
  asset: AssetInfo;
  amount: string;
  asset2?: AssetInfo;
  amount2?: string;
  toAddress?: string;
  toAccountId?: string;
  memo?: string;
  description?: string;
  createdBy: string;
  externalId?: string;
  expiresAt?: number;
  /** Background work (generator, start-up): colleagues may approve, it may fail at random. */
  auto: boolean;
  params?: TransactionParams;
  quote?: QuoteDetails;
  tokenId?: string;
}

/** A new outgoing transaction in status `new`, created at `at`. Not yet stored or scheduled. */
/** `seed`: the world's next one unless given (offers.ts and the dry run bring their own streams). */
export function newOutgoing(core: Core, input: OutgoingInput, at: number, seed = core.nextSeed()): TxRecord {
  const rng = new Rng(seed);
  const id = rng.id();
  const networkId = input.asset.networkId;
  let toAddress = input.toAddress;
  if (input.toAccountId !== undefined && toAddress === undefined && networkId !== undefined) {
    toAddress = core.accountById.get(input.toAccountId)?.addressOf.get(networkId)?.address;
  }
  const live = core.newLive(seed, input.auto);
  live.params = input.params;
  live.quote = input.quote;
  const rec = newRecord({
    id,
    externalId: input.externalId ?? rng.id(),
    type: input.type,
    status: 'new',
    accountId: input.account.wire.accountId,
    createdBy: input.createdBy,
    assetId: input.asset.assetId,
    networkId,
    amount: input.amount,
    asset2: input.asset2?.assetId,
    amount2: input.amount2,
    createdAt: at,
    updatedAt: at,
    expiresAt: input.expiresAt ?? at + HOUR,
    toAddress,
    fromAddress: networkId === undefined ? undefined : input.account.addressOf.get(networkId)?.address,
    toAccountId: input.toAccountId,
    memo: input.memo,
    description: input.description,
    tokenId: input.tokenId,
    seed,
    appr: core.approvalFor(input.type, input.asset, input.amount, input.toAccountId),
    live,
  });
  if (input.auto) {
    const roll = new Rng(live.rng ^ 0x0f0f0f0f).next();
    live.fail = roll < 0.03 ? 'failed-on-blockchain' : roll < 0.045 ? 'error' : '';
  }
  return rec;
}

export interface DepositInput {
  account: AccountInfo;
  asset: AssetInfo;
  amount: string;
  type?: 'deposit' | 'nft-deposit';
  tokenId?: string;
  description?: string;
}

/** A deposit just detected on chain: waiting for confirmations, its `in` event already there. */
export function newDeposit(core: Core, input: DepositInput, at: number, seed = core.nextSeed()): TxRecord {
  const rng = new Rng(seed);
  const id = rng.id();
  const network = core.catalog.networkOf(input.asset)!;
  return newRecord({
    id,
    externalId: rng.id(),
    type: input.type ?? 'deposit',
    status: 'waiting-confirmations',
    accountId: input.account.wire.accountId,
    assetId: input.asset.assetId,
    networkId: network.networkId,
    amount: input.amount,
    createdAt: at,
    updatedAt: at,
    fromAddress: makeAddress(rng, network.addressKind),
    toAddress: input.account.addressOf.get(network.networkId)?.address,
    txHash: makeTxHash(rng, network.hashKind),
    tokenId: input.tokenId,
    description: input.description,
    confirmations: 0,
    seed,
    live: core.newLive(seed, true),
  });
}
