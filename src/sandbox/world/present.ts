// Records → wire objects (contract shapes). Everything not stored is derived from the record's
// seed with a fixed salt per detail, so a transaction reads the same every time it is asked for.

import type {
  QuoteDetails,
  SigningRequest,
  Transaction,
  TransactionApprovers,
  TransactionEvent,
  TransactionExtra,
  TransactionParams,
} from '../../contract/index.js';
import { divideDecimal, multiplyDecimal, roundDecimal } from '../../format/index.js';
import type { AssetInfo, Catalog } from './catalog.js';
import { makeAddress, makeTxHash } from './formats.js';
import type { Market } from './market.js';
import { mulRound, scaleOf, trimZeros, unitsToDecimal, usdValue } from './money.js';
import { isIncoming, type TxRecord } from './records.js';
import { hashText, Rng } from './rng.js';
import type { AccountInfo } from './workspace.js';

export interface PresentContext {
  readonly workspaceId: string;
  readonly catalog: Catalog;
  readonly market: Market;
  readonly accountById: ReadonlyMap<string, AccountInfo>;
}

export interface PresentOptions {
  events?: boolean;
  signingRequest?: boolean;
}

// Salts of the details derived from a record's seed.
const SALT = {
  fee: 1,
  signing: 2,
  price: 3,
  quote: 4,
  fiat: 5,
  stake: 6,
  signData: 7,
  allowance: 8,
  addressBook: 9,
  bridgeHash: 10,
  event: 100,
} as const;

export const SLIPPAGE = '0.005';
const SWAP_PROVIDERS: Record<string, string> = { ETH: 'uniswap', SOL: 'jupiter', TRX: 'sunswap' };
const APPROVAL_ADDRESSES: Record<string, string> = {
  ETH: '0x1111111254eeb25477b68fb85ed929f73a960582',
  SOL: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
  TRX: 'TKzxdSv2FZKQrEqkKVgp5DcwEXBEKMg2Ax',
};

export function swapProvider(networkId: string | undefined): string {
  return SWAP_PROVIDERS[networkId ?? ''] ?? 'aggregator';
}

export function approvalAddress(asset: AssetInfo): string | undefined {
  if (asset.native || asset.contractAddress === undefined) return undefined;
  return APPROVAL_ADDRESSES[asset.networkId ?? ''];
}

/** The USD price of a symbol as the record saw it: its creation snapshot, or a past price. */
function priceFor(ctx: PresentContext, rec: TxRecord, symbolId: string): string | undefined {
  const snap = rec.live?.snap;
  if (snap !== undefined) return snap[symbolId];
  const base = ctx.market.basePrice(symbolId);
  if (base === undefined) return undefined;
  const info = ctx.catalog.symbolById.get(symbolId);
  if (info?.vol === 0) return base;
  // History predates the walk: a past price within ±10% of the start (±0.05% for stable coins).
  const rng = Rng.of(rec.seed, SALT.price + hashText(symbolId));
  const factor = info?.stable ? 999_500 + rng.int(1_000) : 900_000 + rng.int(200_000);
  return roundDecimal(multiplyDecimal(base, unitsToDecimal(factor, 6)), scaleOf(base));
}

function usdOf(
  ctx: PresentContext,
  rec: TxRecord,
  asset: AssetInfo | undefined,
  amount: string,
): string | undefined {
  if (asset === undefined) return undefined;
  const price = priceFor(ctx, rec, asset.symbolId);
  return price === undefined ? undefined : usdValue(amount, price);
}

/** The network fee, paid in the network's native asset. */
function feeOf(ctx: PresentContext, rec: TxRecord): { assetId: string; amount: string } | undefined {
  const network = ctx.catalog.network(rec.networkId);
  if (network === undefined) return undefined;
  const rng = Rng.of(rec.seed, SALT.fee);
  return {
    assetId: network.nativeAssetId,
    amount: trimZeros(unitsToDecimal(rng.range(network.fee[0], network.fee[1]), network.feeScale)),
  };
}

/** Whether the transaction ever reached signing (so it has a signing request). */
function reachedSigning(rec: TxRecord): boolean {
  if (isIncoming(rec.type)) return false;
  if (rec.live?.signingId !== undefined) return true;
  return (
    rec.live === undefined &&
    (rec.status === 'completed' || rec.status === 'failed-on-blockchain' || rec.status === 'error')
  );
}

function signingIdOf(rec: TxRecord): string | undefined {
  if (!reachedSigning(rec)) return undefined;
  return rec.live?.signingId ?? Rng.of(rec.seed, SALT.signing).id();
}

/** The swap quote a swap transaction was created from. */
function quoteOf(ctx: PresentContext, rec: TxRecord): QuoteDetails | undefined {
  if (rec.type !== 'swap-aggregator') return undefined;
  if (rec.live?.quote !== undefined) return rec.live.quote;
  const from = ctx.catalog.asset(rec.assetId);
  const to = ctx.catalog.asset(rec.asset2);
  if (from === undefined || to === undefined || rec.amount2 === undefined) return undefined;
  const rng = Rng.of(rec.seed, SALT.quote);
  const fee = feeOf(ctx, rec);
  const quote: QuoteDetails = {
    quoteId: rng.id(),
    provider: swapProvider(from.networkId),
    expiresAt: String(rec.createdAt + 25_000),
    fromAmount: rec.amount,
    toAmount: rec.amount2,
    toAmountMin: mulRound(rec.amount2, '0.995', to.decimals),
    slippage: SLIPPAGE,
    isCrossChain: false,
    processingTime: '30s',
  };
  const fromUsd = usdOf(ctx, rec, from, rec.amount);
  const toUsd = usdOf(ctx, rec, to, rec.amount2);
  if (fromUsd !== undefined) {
    quote.fromAmountUSD = fromUsd;
    quote.serviceFeeUSD = roundDecimal(multiplyDecimal(fromUsd, '0.001'), 2);
  }
  if (toUsd !== undefined) quote.toAmountUSD = toUsd;
  if (fee !== undefined) {
    quote.networkFee = fee.amount;
    quote.networkFeeAssetId = fee.assetId;
    const feeUsd = usdOf(ctx, rec, ctx.catalog.asset(fee.assetId), fee.amount);
    if (feeUsd !== undefined) quote.networkFeeUSD = feeUsd;
  }
  const approval = approvalAddress(from);
  if (approval !== undefined) quote.approvalAddress = approval;
  return quote;
}

function fiatAssetOf(rec: TxRecord): string {
  return Rng.of(rec.seed, SALT.fiat).chance(0.5) ? '7' : '8';
}

function stakeOf(ctx: PresentContext, rec: TxRecord): { poolId: string; stakeId: string } {
  const rng = Rng.of(rec.seed, SALT.stake);
  const kind = ctx.catalog.network(rec.networkId)?.addressKind ?? 'evm';
  return { poolId: makeAddress(rng, kind), stakeId: rng.id() };
}

function allowanceUnlimited(rec: TxRecord): boolean {
  return Rng.of(rec.seed, SALT.allowance).chance(0.4);
}

function paramsOf(ctx: PresentContext, rec: TxRecord): TransactionParams {
  if (rec.live?.params !== undefined) return structuredClone(rec.live.params);
  switch (rec.type) {
    case 'deposit':
      return { amount: rec.amount, assetId: rec.assetId, networkId: rec.networkId };
    case 'nft-deposit':
      return { amount: rec.amount, assetId: rec.assetId, networkId: rec.networkId, tokenId: rec.tokenId };
    case 'swap-aggregator':
      return {
        fromAssetId: rec.assetId,
        toAssetId: rec.asset2,
        quoteId: quoteOf(ctx, rec)?.quoteId,
        fromAmount: rec.amount,
      };
    case 'bridge':
      return { sourceAssetId: rec.assetId, amount: rec.amount, toAssetId: rec.asset2, feeLevel: 'medium' };
    case 'allowance':
      return allowanceUnlimited(rec)
        ? { assetId: rec.assetId, toAddress: rec.toAddress, unlimited: true }
        : { assetId: rec.assetId, toAddress: rec.toAddress, amount: rec.amount };
    case 'stake-delegation':
      return { assetId: rec.assetId, amount: rec.amount, poolId: stakeOf(ctx, rec).poolId };
    case 'fiat-in':
      return { amount: rec.amount, assetId: rec.assetId, fiatAssetId: fiatAssetOf(rec) };
    case 'fiat-out':
      return {
        amount: rec.amount,
        assetId: rec.assetId,
        fiatAssetId: fiatAssetOf(rec),
        toAddressBookRecordId: Rng.of(rec.seed, SALT.fiat + 1).id(),
      };
    case 'address-activation':
      return { assetId: rec.assetId };
    default: {
      const params: TransactionParams = {
        amount: rec.amount,
        assetId: rec.assetId,
        networkId: rec.networkId,
      };
      if (rec.toAccountId !== undefined) params.toAccountId = rec.toAccountId;
      else {
        params.toAddress = rec.toAddress;
        // A vault that only sends to its address book names the record it sent to.
        if (ctx.accountById.get(rec.accountId)?.wire.extra?.onlyAddressBookWithdrawals) {
          params.toAddressBookRecordId = Rng.of(hashText(rec.toAddress ?? ''), SALT.addressBook).id();
        }
      }
      if (rec.memo !== undefined) params.memo = rec.memo;
      params.feeLevel = 'medium';
      return params;
    }
  }
}

function approversOf(rec: TxRecord): TransactionApprovers | undefined {
  const a = rec.appr;
  if (a === undefined) return undefined;
  const out: TransactionApprovers = {
    approvedBy: [...a.approvedBy],
    availableApprovers: [...a.available],
    limitId: a.limitId,
    number: String(a.number),
  };
  if (a.skip) out.skipApproval = true;
  if (a.delayHours !== undefined) out.securityDelayDuration = String(a.delayHours);
  if (a.delayExpiresAt !== undefined) out.securityDelayExpiresAt = String(a.delayExpiresAt);
  return out;
}

function fiatRampOf(ctx: PresentContext, rec: TxRecord): TransactionExtra['fiatRamp'] {
  const fiat = ctx.catalog.asset(fiatAssetOf(rec))!;
  const crypto = ctx.catalog.asset(rec.assetId);
  const cryptoPrice = crypto === undefined ? undefined : priceFor(ctx, rec, crypto.symbolId);
  const fiatPrice = priceFor(ctx, rec, fiat.symbolId) ?? '1';
  const rate = divideDecimal(cryptoPrice ?? '1', fiatPrice, 6);
  const fiatAmount = roundDecimal(multiplyDecimal(rec.amount, rate), 2);
  const rng = Rng.of(rec.seed, SALT.fiat + 2);
  const ramp: NonNullable<TransactionExtra['fiatRamp']> = {
    amount: rec.amount,
    fiatAmount,
    rate,
    platformFee: roundDecimal(multiplyDecimal(fiatAmount, '0.005'), 2),
    providerFee: roundDecimal(multiplyDecimal(fiatAmount, '0.01'), 2),
    provider: 'sandbox-ramp',
  };
  const euro = fiat.symbolId === 'EUR';
  if (rec.type === 'fiat-out') {
    ramp.bankDetails = {
      accountHolderName: 'Sandbox Treasury Ltd',
      accountHolderType: 'business',
      businessName: 'Sandbox Treasury Ltd',
      country: euro ? 'DE' : 'US',
      fiatCurrency: fiat.symbol,
      accountNumber: euro ? 'DE89370400440532013000' : '000123456789',
      bankCode: euro ? 'COBADEFFXXX' : '021000021',
      bankName: euro ? 'Commerzbank' : 'JPMorgan Chase',
      channelType: euro ? 'sepa' : 'ach',
      bankAddress: euro
        ? { address: 'Kaiserplatz 1', city: 'Frankfurt am Main', country: 'DE', postalCode: '60311' }
        : { address: '383 Madison Ave', city: 'New York', country: 'US', postalCode: '10179', state: 'NY' },
    };
  } else {
    ramp.fiatInReceived = {
      fiatAmount,
      reference: `SBX-${rng.digits(8)}`,
      senderName: 'Sandbox Treasury Ltd',
      senderAccountNumber: `****${rng.digits(4)}`,
    };
  }
  return ramp;
}

function extraOf(ctx: PresentContext, rec: TxRecord): TransactionExtra {
  const extra: TransactionExtra = {};
  const approvers = approversOf(rec);
  if (approvers !== undefined) extra.approvers = approvers;
  if (rec.description !== undefined) extra.description = rec.description;
  if (rec.fromAccountId !== undefined) extra.fromAccountId = rec.fromAccountId;
  if (rec.fromAddress !== undefined) extra.fromAddress = rec.fromAddress;
  if (rec.toAccountId !== undefined) extra.toAccountId = rec.toAccountId;
  if (rec.toAddress !== undefined) extra.toAddress = rec.toAddress;
  if (rec.memo !== undefined) extra.memo = rec.memo;
  if (rec.txHash !== undefined) {
    extra.blockchainDetails = [{ blockchainTxId: rec.txHash, networkId: rec.networkId }];
    extra.confirmations = String(rec.confirmations);
  }
  const signingId = signingIdOf(rec);
  if (signingId !== undefined) extra.signingRequestId = signingId;
  if (rec.linkedId !== undefined) {
    if (isIncoming(rec.type)) extra.withdrawTransactionId = rec.linkedId;
    else extra.depositTransactionId = rec.linkedId;
  }
  if (rec.type === 'swap-aggregator') {
    const quote = quoteOf(ctx, rec);
    if (quote !== undefined) {
      extra.quoteId = quote.quoteId;
      extra.quoteDetails = quote;
    }
    if (rec.amount2 !== undefined) extra.price = trimZeros(divideDecimal(rec.amount, rec.amount2, 12));
  }
  if (rec.type === 'fiat-in' || rec.type === 'fiat-out') extra.fiatRamp = fiatRampOf(ctx, rec);
  return extra;
}

const SIGNING_STATUS: Record<string, string> = {
  'signing-required': 'new',
  signing: 'signing',
  signed: 'signed',
  broadcasted: 'broadcasted',
  'waiting-confirmations': 'broadcasted',
  completed: 'completed',
  'failed-on-blockchain': 'failed-on-chain',
  error: 'marked-as-error',
};

/** The signing request of a transaction that reached signing. */
function signingRequestOf(ctx: PresentContext, rec: TxRecord): SigningRequest | undefined {
  const signingRequestId = signingIdOf(rec);
  if (signingRequestId === undefined) return undefined;
  const network = ctx.catalog.network(rec.networkId);
  const rng = Rng.of(rec.seed, SALT.signData);
  const ed = network?.addressKind === 'solana' || network?.addressKind === 'ton';
  const evm = network?.tags.includes('evm') ?? false;
  const publicKey = ed ? rng.hex(64) : `02${rng.hex(64)}`;
  const request: SigningRequest = {
    signingRequestId,
    transactionId: rec.id,
    transactionType: rec.type,
    workspaceId: ctx.workspaceId,
    accountId: rec.accountId,
    networkId: rec.networkId,
    status: SIGNING_STATUS[rec.status] ?? 'canceled',
    shouldBeBroadcasted: true,
    requestParameters: { feeLevel: 'medium' },
    messagesForSigning: {
      messages: [
        {
          message: rng.hex(64),
          hashFunction: evm ? 'keccak256' : ed ? 'none' : 'sha256d',
          keyType: ed ? 'edwards25519' : 'secp256k1',
          signatureScheme: ed ? 'eddsa' : network?.addressKind === 'btc' ? 'schnorr' : 'ecdsa',
        },
      ],
      parallelSigning: false,
      primitivesVersion: '2',
      publicKey,
      useBackupPrimitive: false,
    },
    signingData: {
      assetId: rec.assetId,
      networkId: rec.networkId,
      publicKey,
      sponsored: false,
      transactionType: rec.type,
    },
  };
  if (evm) request.blockchainNonce = String(rng.range(10, 9000));
  if (rec.status !== 'signing-required' && rec.status !== 'signing') {
    request.signed = { signature: rng.hex(128), txRaw: rng.hex(220) };
  }
  return request;
}

/** Events, oldest first: `in` at detection; `out` + `fee` at broadcast; a swap's `in` when done. */
export function eventsOf(ctx: PresentContext, rec: TxRecord): TransactionEvent[] {
  const events: TransactionEvent[] = [];
  const asset = ctx.catalog.asset(rec.assetId);
  const network = rec.networkId;
  let k = 0;
  const push = (
    eventType: string,
    assetId: string,
    amount: string,
    createdAt: number,
    extra?: TransactionEvent['extra'],
    hash = rec.txHash,
  ) => {
    const a = ctx.catalog.asset(assetId);
    const event: TransactionEvent = {
      eventId: Rng.of(rec.seed, SALT.event + k).id(),
      transactionId: rec.id,
      accountId: rec.accountId,
      accountType: 'vault',
      workspaceId: ctx.workspaceId,
      eventType,
      assetId,
      createdAt: String(createdAt),
      amount,
    };
    k += 1;
    const eventNetwork = a?.networkId ?? network;
    if (hash !== undefined) event.blockchainTxId = hash;
    if (eventNetwork !== undefined) event.networkId = eventNetwork;
    if (a !== undefined) event.symbol = a.symbol;
    const usd = usdOf(ctx, rec, a, amount);
    if (usd !== undefined) event.usdAmount = usd;
    if (extra !== undefined) event.extra = extra;
    events.push(event);
  };

  if (isIncoming(rec.type)) {
    if (rec.txHash === undefined) return events;
    const source = {
      address: rec.fromAddress,
      amount: rec.amount,
      networkId: network,
      fromAccountId: rec.fromAccountId,
    };
    push(rec.type === 'nft-deposit' ? 'nft-in' : 'in', rec.assetId, rec.amount, rec.createdAt, {
      in: [compact(source)],
    });
    return events;
  }
  if (rec.broadcastAt === undefined) return events;
  const at = rec.broadcastAt;
  const failed = rec.status === 'failed-on-blockchain';
  if (!failed && asset !== undefined) {
    switch (rec.type) {
      case 'allowance': {
        const grant = allowanceUnlimited(rec)
          ? { address: rec.toAddress, amount: '0', networkId: network, unlimited: true }
          : { address: rec.toAddress, amount: rec.amount, networkId: network, unlimited: false };
        push('allowance', rec.assetId, grant.amount, at, { allowance: [compact(grant)] });
        break;
      }
      case 'stake-delegation': {
        const stake = stakeOf(ctx, rec);
        push('stake-delegation', rec.assetId, rec.amount, at, {
          stakeInfo: [{ amount: rec.amount, poolId: stake.poolId, stakeId: stake.stakeId }],
        });
        break;
      }
      case 'address-activation':
        break;
      default: {
        const target = {
          address: rec.toAddress,
          amount: rec.amount,
          memo: rec.memo,
          networkId: network,
          toAccountId: rec.toAccountId,
        };
        push('out', rec.assetId, rec.amount, at, { out: [compact(target)] });
      }
    }
  }
  const fee = feeOf(ctx, rec);
  if (fee !== undefined)
    push('fee', fee.assetId, fee.amount, at, failed ? { transactionFailed: true } : undefined);
  const done = rec.status === 'completed' && rec.terminatedAt !== undefined;
  if (
    done &&
    (rec.type === 'swap-aggregator' || rec.type === 'bridge') &&
    rec.asset2 !== undefined &&
    rec.amount2 !== undefined
  ) {
    const to = ctx.catalog.asset(rec.asset2);
    const source = {
      address: rec.type === 'bridge' ? rec.fromAddress : APPROVAL_ADDRESSES[network ?? ''],
      amount: rec.amount2,
      networkId: to?.networkId,
    };
    // A bridge lands in a transaction of its own on the destination chain.
    const kind = ctx.catalog.network(to?.networkId)?.hashKind;
    const hash =
      rec.type === 'bridge' && kind !== undefined
        ? makeTxHash(Rng.of(rec.seed, SALT.bridgeHash), kind)
        : rec.txHash;
    push('in', rec.asset2, rec.amount2, rec.terminatedAt!, { in: [compact(source)] }, hash);
  }
  return events;
}

function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v;
  return out as T;
}

export function presentTransaction(
  ctx: PresentContext,
  rec: TxRecord,
  opts: PresentOptions = {},
): Transaction {
  const tx: Transaction = {
    transactionId: rec.id,
    externalId: rec.externalId,
    workspaceId: ctx.workspaceId,
    accountId: rec.accountId,
    accountType: 'vault',
    transactionType: rec.type,
    status: rec.status,
    createdAt: String(rec.createdAt),
    updatedAt: String(rec.updatedAt),
  };
  if (rec.createdBy !== '') tx.createdBy = rec.createdBy;
  if (rec.expiresAt !== undefined) tx.expiresAt = String(rec.expiresAt);
  if (rec.terminatedAt !== undefined) tx.terminatedAt = String(rec.terminatedAt);
  tx.params = compact(paramsOf(ctx, rec));
  tx.extra = extraOf(ctx, rec);
  const embedded: NonNullable<Transaction['embedded']> = {};
  if (opts.events) embedded.events = eventsOf(ctx, rec);
  if (
    opts.signingRequest &&
    (rec.status === 'signing-required' || rec.status === 'signing' || rec.status === 'signed')
  ) {
    const request = signingRequestOf(ctx, rec);
    if (request !== undefined) embedded.currentSigningRequest = request;
  }
  if (Object.keys(embedded).length > 0) tx.embedded = embedded;
  return tx;
}
