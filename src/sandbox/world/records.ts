// The compact form a transaction lives in. Wire objects are built from it on demand (present.ts);
// what can be derived from the record's own `seed` (event ids, fees, signing data ...) is not
// stored, which keeps a 200,000-transaction history small.

import type { QuoteDetails, TransactionParams } from '../../contract/index.js';
import type { PriceSnapshot } from './market.js';

export interface Approval {
  limitId: string;
  /** Approvals required (0 when skipped). */
  number: number;
  approvedBy: string[];
  available: readonly string[];
  skip: boolean;
  delayHours: number | undefined;
  delayExpiresAt: number | undefined;
}

export interface ColleagueApproval {
  at: number;
  who: string;
}

/** State only a transaction that still moves (or moved while the world ran) carries. */
export interface Live {
  /** Its own random stream (mulberry32 state), independent of every other. */
  rng: number;
  /** World time of its next step; NaN when nothing is scheduled. */
  due: number;
  /** Bumped whenever the schedule changes, so stale heap entries are skipped. */
  ver: number;
  /** Background work: colleagues may approve it and it may fail at random. Never for API-created ones. */
  auto: boolean;
  fail: '' | 'error' | 'failed-on-blockchain';
  colleagues: ColleagueApproval[];
  signingId: string | undefined;
  /** Prices when it was created: its events' USD figures. */
  snap: PriceSnapshot | undefined;
  /** The params a client sent, echoed back as they were. */
  params: TransactionParams | undefined;
  quote: QuoteDetails | undefined;
  fingerprint: string | undefined;
  /** An offer waiting for an answer, or answered (offers.ts); undefined for every other transaction. */
  offer: OfferState | undefined;
  /**
   * Set while the current signing request has ended without a signature (`canceled`: it lapsed;
   * `error-on-broadcast`: the chain refused it): its status; a new request must be created.
   */
  signingEnded: 'canceled' | 'error-on-broadcast' | undefined;
  /** Signing requests created through the API so far, and the primitives version the last one asked for. */
  resigned: number;
  primitivesVersion: string | undefined;
}

/** Incoming: a deposit offered to the vault; outgoing: a counterparty's request that the vault pay. */
export interface OfferState {
  side: 'incoming' | 'outgoing';
  /** The offer's own ledger id (its `deposit-offer` event's blockchainTxId). */
  hash: string;
  /** When the answer was given; undefined while it waits. */
  answeredAt: number | undefined;
}

export interface TxRecord {
  id: string;
  externalId: string;
  type: string;
  status: string;
  accountId: string;
  createdBy: string;
  /** The asset moved (a swap's source, a bridge's source). */
  assetId: string;
  networkId: string | undefined;
  amount: string;
  /** A swap's or bridge's destination asset and amount. */
  asset2: string | undefined;
  amount2: string | undefined;
  createdAt: number;
  updatedAt: number;
  expiresAt: number | undefined;
  terminatedAt: number | undefined;
  broadcastAt: number | undefined;
  toAddress: string | undefined;
  fromAddress: string | undefined;
  toAccountId: string | undefined;
  fromAccountId: string | undefined;
  /** Set once on chain (deposits at detection, outgoing at broadcast). */
  txHash: string | undefined;
  memo: string | undefined;
  description: string | undefined;
  tokenId: string | undefined;
  /** A withdrawal's deposit in the destination account, or a deposit's withdrawal. */
  linkedId: string | undefined;
  confirmations: number;
  seed: number;
  appr: Approval | undefined;
  live: Live | undefined;
}

/** One constructor, one property order: every record shares one hidden class. */
export function newRecord(
  fields: Partial<TxRecord> &
    Pick<TxRecord, 'id' | 'type' | 'status' | 'accountId' | 'assetId' | 'amount' | 'createdAt' | 'seed'>,
): TxRecord {
  return {
    id: fields.id,
    externalId: fields.externalId ?? fields.id,
    type: fields.type,
    status: fields.status,
    accountId: fields.accountId,
    createdBy: fields.createdBy ?? '',
    assetId: fields.assetId,
    networkId: fields.networkId,
    amount: fields.amount,
    asset2: fields.asset2,
    amount2: fields.amount2,
    createdAt: fields.createdAt,
    updatedAt: fields.updatedAt ?? fields.createdAt,
    expiresAt: fields.expiresAt,
    terminatedAt: fields.terminatedAt,
    broadcastAt: fields.broadcastAt,
    toAddress: fields.toAddress,
    fromAddress: fields.fromAddress,
    toAccountId: fields.toAccountId,
    fromAccountId: fields.fromAccountId,
    txHash: fields.txHash,
    memo: fields.memo,
    description: fields.description,
    tokenId: fields.tokenId,
    linkedId: fields.linkedId,
    confirmations: fields.confirmations ?? 0,
    seed: fields.seed,
    appr: fields.appr,
    live: fields.live,
  };
}

export function newLive(rng: number, auto: boolean): Live {
  return {
    rng,
    due: Number.NaN,
    ver: 0,
    auto,
    fail: '',
    colleagues: [],
    signingId: undefined,
    snap: undefined,
    params: undefined,
    quote: undefined,
    fingerprint: undefined,
    offer: undefined,
    signingEnded: undefined,
    resigned: 0,
    primitivesVersion: undefined,
  };
}

/** Types that arrive into the account: they start on chain and only count confirmations. */
const INCOMING_TYPES: ReadonlySet<string> = new Set(['deposit', 'nft-deposit', 'fiat-in']);

export function isIncoming(type: string): boolean {
  return INCOMING_TYPES.has(type);
}

/** Statuses a transaction may be canceled in: before signing starts. */
export const CANCELABLE: ReadonlySet<string> = new Set([
  'new',
  'waiting-approval',
  'approved',
  'awaiting-security-policy',
  'signing-required',
]);
