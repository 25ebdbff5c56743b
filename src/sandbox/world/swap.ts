// The swap route (sandbox.md "Swap route"): the pair decides the answer. Two assets on one
// network with a swap venue → a `swap-aggregator` quote (remembered for POST /transactions);
// the same symbol on two bridged networks → `bridge` params; major symbols across networks →
// `intents` with an indicative price; anything else → 404 pair-not-available. All amounts are
// decimal text, rounded to the asset's decimals.

import type { DryRunTransaction, QuoteDetails, SwapRouteRequest } from '../../contract/index.js';
import {
  compareDecimal,
  divideDecimal,
  isDecimalString,
  multiplyDecimal,
  roundDecimal,
} from '../../format/index.js';
import { type AssetInfo, MAJOR_SYMBOLS } from './catalog.js';
import type { Core } from './core.js';
import { divideUp, isPositive, mulRound, scaleOf, trimZeros, unitsToDecimal, usdValue } from './money.js';
import { approvalAddress, SLIPPAGE, swapProvider } from './present.js';
import type { Rng } from './rng.js';

/** The share of value a swap keeps after the provider's spread. */
const SPREAD_KEEP = '0.9975';
/** A bridge takes 0.1%. */
const BRIDGE_KEEP = '0.999';
export const QUOTE_TTL_MS = 30_000;

export type RouteResult =
  | { ok: true; value: DryRunTransaction }
  | { ok: false; status: 400 | 404; code: 'bad-request' | 'pair-not-available'; message: string };

type Route = 'swap' | 'bridge' | 'intents';

function bad(message: string): RouteResult {
  return { ok: false, status: 400, code: 'bad-request', message };
}

function unavailable(message: string): RouteResult {
  return { ok: false, status: 404, code: 'pair-not-available', message };
}

/** Why an amount is not acceptable for an asset, if it is not. */
export function amountProblem(field: string, amount: unknown, asset: AssetInfo): string | undefined {
  if (typeof amount !== 'string' || !isDecimalString(amount)) {
    return `${field}: expected a positive decimal string such as "12.5"`;
  }
  if (!isPositive(amount)) return `${field}: must be greater than zero (got "${amount}")`;
  if (
    scaleOf(amount) > asset.decimals &&
    compareDecimal(roundDecimal(amount, asset.decimals, 'down'), amount) !== 0
  ) {
    return `${field}: ${asset.symbol} has ${asset.decimals} decimal places; "${amount}" has more`;
  }
  return undefined;
}

export function routeOf(core: Core, from: AssetInfo, to: AssetInfo): Route | undefined {
  const fromNet = core.catalog.networkOf(from);
  const toNet = core.catalog.networkOf(to);
  if (fromNet === undefined || toNet === undefined || fromNet.isTestnet || toNet.isTestnet) return undefined;
  if (
    from.assetType !== 'blockchain' ||
    to.assetType !== 'blockchain' ||
    from.requiresTokenId ||
    to.requiresTokenId
  )
    return undefined;
  if (fromNet === toNet) return fromNet.tags.includes('swap') ? 'swap' : undefined;
  if (from.symbolId === to.symbolId && fromNet.tags.includes('bridge') && toNet.tags.includes('bridge'))
    return 'bridge';
  if (MAJOR_SYMBOLS.has(from.symbolId) && MAJOR_SYMBOLS.has(to.symbolId)) return 'intents';
  return undefined;
}

export interface Quote {
  fromAmount: string;
  toAmount: string;
  details: QuoteDetails;
}

/**
 * Prices a swap at the current market with the provider's spread. Exactly one of the amounts
 * is given; undefined when the other side rounds to nothing.
 */
export function priceSwap(
  core: Core,
  rng: Rng,
  from: AssetInfo,
  to: AssetInfo,
  amounts: { fromAmount?: string; toAmount?: string },
  now: number,
): Quote | undefined {
  const pFrom = core.market.price(from.symbolId);
  const pTo = core.market.price(to.symbolId);
  if (pFrom === undefined || pTo === undefined) return undefined;
  let fromAmount: string;
  let toAmount: string;
  if (amounts.fromAmount !== undefined) {
    fromAmount = trimZeros(amounts.fromAmount);
    const value = multiplyDecimal(multiplyDecimal(fromAmount, pFrom), SPREAD_KEEP);
    toAmount = trimZeros(divideDecimal(value, pTo, to.decimals, 'down'));
  } else {
    toAmount = trimZeros(amounts.toAmount!);
    fromAmount = trimZeros(
      divideUp(multiplyDecimal(toAmount, pTo), multiplyDecimal(pFrom, SPREAD_KEEP), from.decimals),
    );
  }
  if (!isPositive(toAmount) || !isPositive(fromAmount)) return undefined;
  const network = core.catalog.networkOf(from)!;
  const native = core.catalog.nativeOf(network.networkId);
  const networkFee = trimZeros(
    unitsToDecimal(rng.range(network.fee[0], network.fee[1]) * 3, network.feeScale),
  );
  const fromAmountUSD = usdValue(fromAmount, pFrom);
  const feePrice = core.market.price(native.symbolId);
  const details: QuoteDetails = {
    quoteId: rng.id(),
    provider: swapProvider(network.networkId),
    expiresAt: String(now + QUOTE_TTL_MS),
    fromAmount,
    toAmount,
    toAmountMin: mulRound(toAmount, '0.995', to.decimals),
    fromAmountUSD,
    toAmountUSD: usdValue(toAmount, pTo),
    slippage: SLIPPAGE,
    isCrossChain: false,
    networkFee,
    networkFeeAssetId: native.assetId,
    serviceFeeUSD: roundDecimal(multiplyDecimal(fromAmountUSD, '0.001'), 2),
    processingTime: '30s',
  };
  if (feePrice !== undefined) details.networkFeeUSD = usdValue(networkFee, feePrice);
  const approval = approvalAddress(from);
  if (approval !== undefined) details.approvalAddress = approval;
  return { fromAmount, toAmount, details };
}

export function swapRoute(core: Core, body: SwapRouteRequest): RouteResult {
  const account = core.accountById.get(body.accountId);
  if (account === undefined)
    return bad(`accountId: no account ${JSON.stringify(body.accountId)} in this workspace`);
  if (account.wire.status !== 'active')
    return bad(`accountId: account "${account.wire.accountName}" is ${account.wire.status}`);
  const from = core.catalog.asset(body.fromAssetId);
  if (from === undefined) return bad(`fromAssetId: unknown asset ${JSON.stringify(body.fromAssetId)}`);
  const to = core.catalog.asset(body.toAssetId);
  if (to === undefined) return bad(`toAssetId: unknown asset ${JSON.stringify(body.toAssetId)}`);
  if (from === to) return bad('toAssetId: the same asset as fromAssetId');
  const hasFrom = body.fromAmount !== undefined;
  const hasTo = body.toAmount !== undefined;
  if (!hasFrom && !hasTo) return bad('fromAmount: missing: expected exactly one of fromAmount or toAmount');
  if (hasFrom && hasTo) return bad('toAmount: expected exactly one of fromAmount or toAmount, not both');
  const problem = hasFrom
    ? amountProblem('fromAmount', body.fromAmount, from)
    : amountProblem('toAmount', body.toAmount, to);
  if (problem !== undefined) return bad(problem);
  if (from.requiresTokenId && !body.fromTokenId)
    return bad(`fromTokenId: required for ${from.symbol} (each token of it is distinct)`);
  if (to.requiresTokenId && !body.toTokenId)
    return bad(`toTokenId: required for ${to.symbol} (each token of it is distinct)`);

  const route = routeOf(core, from, to);
  const pair = `${from.symbol} (${from.networkId ?? 'fiat'}) → ${to.symbol} (${to.networkId ?? 'fiat'})`;
  if (route === undefined || account.wire.isTestnet) return unavailable(`no route for ${pair}`);
  const now = core.clock.now();
  const base: DryRunTransaction = {
    transactionType: route === 'swap' ? 'swap-aggregator' : route,
    accountId: account.wire.accountId,
  };
  if (body.externalId !== undefined) base.externalId = body.externalId;

  if (route === 'swap') {
    const quote = priceSwap(
      core,
      core.actionRng,
      from,
      to,
      { fromAmount: body.fromAmount, toAmount: body.toAmount },
      now,
    );
    if (quote === undefined) return bad(`${hasFrom ? 'fromAmount' : 'toAmount'}: too small to swap ${pair}`);
    const quoteId = quote.details.quoteId!;
    core.quotes.set(quoteId, {
      quoteId,
      accountId: account.wire.accountId,
      fromAssetId: from.assetId,
      toAssetId: to.assetId,
      fromAmount: quote.fromAmount,
      toAmount: quote.toAmount,
      expiresAt: now + QUOTE_TTL_MS,
      details: quote.details,
      snap: core.market.snapshot(),
      usedBy: undefined,
    });
    return {
      ok: true,
      value: {
        ...base,
        description: `Swap ${from.symbol} to ${to.symbol}`,
        params: {
          fromAssetId: from.assetId,
          toAssetId: to.assetId,
          quoteId,
          fromAmount: quote.fromAmount,
          toAmount: quote.toAmount,
        },
        extra: { quoteId, price: trimZeros(divideDecimal(quote.fromAmount, quote.toAmount, 12)) },
        embedded: { quoteDetails: quote.details },
      },
    };
  }

  if (route === 'bridge') {
    const amount = hasFrom
      ? trimZeros(body.fromAmount!)
      : trimZeros(divideUp(body.toAmount!, BRIDGE_KEEP, from.decimals));
    const fromNet = core.catalog.networkOf(from)!;
    const toNet = core.catalog.networkOf(to)!;
    return {
      ok: true,
      value: {
        ...base,
        description: `Bridge ${from.symbol} from ${fromNet.name} to ${toNet.name}`,
        params: { sourceAssetId: from.assetId, amount, toAssetId: to.assetId, feeLevel: 'medium' },
        extra: { estimatedPrice: trimZeros(divideDecimal('1', BRIDGE_KEEP, 12)) },
      },
    };
  }

  // intents: an indicative price only; the order itself is made with POST /intents.
  const pFrom = core.market.price(from.symbolId)!;
  const pTo = core.market.price(to.symbolId)!;
  const estimatedPrice = trimZeros(divideDecimal(pTo, pFrom, 12));
  const fromAmount = hasFrom
    ? trimZeros(body.fromAmount!)
    : trimZeros(divideUp(multiplyDecimal(body.toAmount!, pTo), pFrom, from.decimals));
  const toAmount = hasTo
    ? trimZeros(body.toAmount!)
    : trimZeros(divideDecimal(multiplyDecimal(fromAmount, pFrom), pTo, to.decimals, 'down'));
  const params: DryRunTransaction['params'] = { fromAssetId: from.assetId, toAssetId: to.assetId };
  if (hasFrom) params.fromAmount = fromAmount;
  else params.toAmount = toAmount;
  return {
    ok: true,
    value: {
      ...base,
      description: `Intent ${from.symbol} (${from.networkId}) to ${to.symbol} (${to.networkId})`,
      params,
      extra: { estimatedPrice },
      embedded: {
        intentsQuote: {
          slippageBps: '50',
          fromAssetId: from.assetId,
          toAssetId: to.assetId,
          fromAmount,
          toAmount,
          minToAmount: mulRound(toAmount, '0.995', to.decimals),
          minPrice: trimZeros(roundDecimal(multiplyDecimal(estimatedPrice, '1.005'), 12)),
          solverFeePercent: '0.05',
          oracleFeePercent: '0.02',
        },
      },
    },
  };
}
