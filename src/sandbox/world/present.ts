// Records → wire objects (contract shapes). Everything not stored is derived from the record's
// seed with a fixed salt per detail, so a transaction reads the same every time it is asked for.

import type {
  QuoteDetails,
  SigningRequest,
  Transaction,
  TransactionApprovers,
  TransactionExtra,
  TransactionParams,
} from '../../contract/index.js';
import { divideDecimal, multiplyDecimal, roundDecimal } from '../../format/index.js';
import type { AssetInfo } from './catalog.js';
import { mulRound, trimZeros } from './money.js';
import {
  allowanceUnlimited,
  APPROVAL_ADDRESSES,
  compact,
  feeOf,
  type PresentContext,
  priceFor,
  SALT,
  stakeOf,
  usdOf,
} from './present-details.js';
import { eventsOf } from './present-events.js';
import { isIncoming, type TxRecord } from './records.js';
import { Rng } from './rng.js';

export type { PresentContext } from './present-details.js';
export { eventsOf } from './present-events.js';

export interface PresentOptions {
  events?: boolean;
  signingRequest?: boolean;
}

export const SLIPPAGE = '0.005';
const SWAP_PROVIDERS: Record<string, string> = { ETH: 'uniswap', SOL: 'jupiter', TRX: 'sunswap' };

export function swapProvider(networkId: string | undefined): string {
  return SWAP_PROVIDERS[networkId ?? ''] ?? 'aggregator';
}

export function approvalAddress(asset: AssetInfo): string | undefined {
  if (asset.native || asset.contractAddress === undefined) return undefined;
  return APPROVAL_ADDRESSES[asset.networkId ?? ''];
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
    case 'fiat-out': {
      const fiatAssetId = fiatAssetOf(rec);
      const params: TransactionParams = { amount: rec.amount, assetId: rec.assetId, fiatAssetId };
      // Paid out to the workspace's bank account of that currency, a record of its address book.
      const bank = ctx.ref.bankFor(ctx.catalog.asset(fiatAssetId)?.symbol ?? '');
      if (bank !== undefined) params.toAddressBookRecordId = bank;
      return params;
    }
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
        // Sent to an address book record (deleted since, too): it names the record, one that
        // existed when the transaction was made.
        const record = ctx.ref.book.named(rec.networkId, rec.toAddress, rec.memo);
        if (record !== undefined && record.createdAt <= rec.createdAt) params.toAddressBookRecordId = record.recordId;
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
  // A request created again through the API (offer-actions.ts) has messages of its own.
  const rng = Rng.of(rec.seed, SALT.signData + 1000 * (rec.live?.resigned ?? 0));
  const ended = rec.live?.signingEnded;
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
    status: ended ?? SIGNING_STATUS[rec.status] ?? 'canceled',
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
      primitivesVersion: rec.live?.primitivesVersion ?? '2',
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
  if ((rec.status !== 'signing-required' && rec.status !== 'signing') || ended === 'error-on-broadcast') {
    request.signed = { signature: rng.hex(128), txRaw: rng.hex(220) };
  }
  return request;
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
