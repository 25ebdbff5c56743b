// Intents (`/workspaces/{ws}/intents`): the order the swap route's `intents` answer points to. The
// indicative quote is the market's price (no randomness, nothing remembered); creating an intent
// makes the `intents` transaction that carries it (its params name the intent), and the intent's
// status, amounts and times are read from that transaction whenever asked, so it follows the
// transaction as the world moves it.

import type {
  CreateIntent,
  IndicativeQuote,
  Intent,
  IntentOrderStatus,
  IntentsQuoteQuery,
} from '../../contract/index.js';
import { divideDecimal, multiplyDecimal, roundDecimal } from '../../format/index.js';
import { type ActionError, bad, conflict, logAction } from './actions.js';
import { newOutgoing } from './build.js';
import { canonicalJson } from './canonical.js';
import type { AssetInfo } from './catalog.js';
import type { Core } from './core.js';
import { DELAYS } from './lifecycle.js';
import { divideUp, isPositive, mulRound, trimZeros } from './money.js';
import { mix, Rng, streamSeed } from './rng.js';
import { amountProblem, routeOf } from './swap.js';

/** The quote's floor: what solvers may fill at least (the swap route's `intentsQuote` too). */
const FLOOR = '0.995';

export type IntentResult = { ok: true; value: Intent; created: boolean } | ActionError | NotAvailable;
export type QuoteResult = { ok: true; value: IndicativeQuote } | ActionError | NotAvailable;
type NotAvailable = { ok: false; status: 404; code: 'pair-not-available' | 'not-found'; message: string };

/**
 * The indicative price of a pair at the current market: `estimatedPrice` is from-units per
 * to-unit; the other amount is rounded to its asset's decimals (toward the client). Undefined when
 * one side has no price or rounds to nothing.
 */
export function indicativeQuote(
  core: Core,
  from: AssetInfo,
  to: AssetInfo,
  amounts: { fromAmount?: string; toAmount?: string },
): { estimatedPrice: string; quote: IndicativeQuote } | undefined {
  const pFrom = core.market.price(from.symbolId);
  const pTo = core.market.price(to.symbolId);
  if (pFrom === undefined || pTo === undefined) return undefined;
  const estimatedPrice = trimZeros(divideDecimal(pTo, pFrom, 12));
  const hasFrom = amounts.fromAmount !== undefined;
  const fromAmount = hasFrom
    ? trimZeros(amounts.fromAmount!)
    : trimZeros(divideUp(multiplyDecimal(amounts.toAmount!, pTo), pFrom, from.decimals));
  const toAmount = hasFrom
    ? trimZeros(divideDecimal(multiplyDecimal(fromAmount, pFrom), pTo, to.decimals, 'down'))
    : trimZeros(amounts.toAmount!);
  if (!isPositive(fromAmount) || !isPositive(toAmount)) return undefined;
  return {
    estimatedPrice,
    quote: {
      fromAssetId: from.assetId,
      toAssetId: to.assetId,
      fromAmount,
      toAmount,
      minToAmount: mulRound(toAmount, FLOOR, to.decimals),
      minPrice: trimZeros(roundDecimal(multiplyDecimal(estimatedPrice, '1.005'), 12)),
      solverFeePercent: '0.05',
      oracleFeePercent: '0.02',
    },
  };
}

function pairOf(
  core: Core,
  q: { fromAssetId: string; toAssetId: string; fromAmount?: string; toAmount?: string },
): { from: AssetInfo; to: AssetInfo } | ActionError | NotAvailable {
  const from = core.catalog.asset(q.fromAssetId);
  if (from === undefined) return bad(`fromAssetId: unknown asset ${JSON.stringify(q.fromAssetId)}`);
  const to = core.catalog.asset(q.toAssetId);
  if (to === undefined) return bad(`toAssetId: unknown asset ${JSON.stringify(q.toAssetId)}`);
  if (from === to) return bad('toAssetId: the same asset as fromAssetId');
  const problem =
    q.fromAmount !== undefined
      ? amountProblem('fromAmount', q.fromAmount, from)
      : amountProblem('toAmount', q.toAmount, to);
  if (problem !== undefined) return bad(problem);
  if (routeOf(core, from, to) !== 'intents') {
    const pair = `${from.symbol} (${from.networkId ?? 'fiat'}) → ${to.symbol} (${to.networkId ?? 'fiat'})`;
    return { ok: false, status: 404, code: 'pair-not-available', message: `no intents route for ${pair}` };
  }
  return { from, to };
}

/** `POST .../intents/quote`: a pure read of the market. */
export function quoteIntent(core: Core, q: IntentsQuoteQuery): QuoteResult {
  const pair = pairOf(core, q);
  if ('ok' in pair) return pair;
  const priced = indicativeQuote(core, pair.from, pair.to, q);
  if (priced === undefined) return bad(`${q.fromAmount !== undefined ? 'fromAmount' : 'toAmount'}: too small to quote`);
  return { ok: true, value: priced.quote };
}

/** The intent's order status, read from its transaction's. */
export function intentStatus(txStatus: string): IntentOrderStatus {
  switch (txStatus) {
    case 'new':
      return 'user-initiated';
    case 'broadcasted':
    case 'waiting-confirmations':
      return 'wait-for-oracle-confirm-user-tx';
    case 'completed':
      return 'completed';
    case 'canceled':
    case 'expired':
    case 'error':
    case 'failed-on-blockchain':
    case 'removed-from-blockchain':
      return 'cancelled';
    default:
      // Approval and signing: the order waits for the user's own transaction.
      return 'wait-for-user-tx';
  }
}

interface IntentRecord {
  readonly intentId: string;
  readonly transactionId: string;
  readonly fingerprint: string;
  readonly fromTokenId: string | undefined;
  readonly toTokenId: string | undefined;
}

/** The workspace's intents by id; each one's transaction is in the world's store. */
export class Intents {
  private readonly byId = new Map<string, IntentRecord>();
  /** Seeds of intents' transactions: a stream of their own, so no other stream is drawn from. */
  private readonly base: number;
  private serial = 0;

  constructor(private readonly core: Core) {
    this.base = streamSeed(core.seed, 'intents');
  }

  private nextSeed(): number {
    for (;;) {
      const seed = mix(this.base, this.serial++);
      if (!this.core.store.has(new Rng(seed).id())) return seed;
    }
  }

  get(intentId: string): Intent | undefined {
    const rec = this.byId.get(intentId);
    return rec === undefined ? undefined : this.present(rec);
  }

  /** The transaction an intent made (tests and the console follow it). */
  transactionOf(intentId: string): string | undefined {
    return this.byId.get(intentId)?.transactionId;
  }

  private present(r: IntentRecord): Intent {
    const rec = this.core.store.get(r.transactionId)!;
    const intent: Intent = {
      intentId: r.intentId,
      status: intentStatus(rec.status),
      fromAssetId: rec.assetId,
      toAssetId: rec.asset2!,
      fromAmount: rec.amount,
      toAmount: rec.amount2!,
      // Execution price as the swap route's estimatedPrice: from-units per to-unit.
      price: trimZeros(divideDecimal(rec.amount, rec.amount2!, 12)),
      createdAt: String(rec.createdAt),
      updatedAt: String(rec.updatedAt),
    };
    if (rec.expiresAt !== undefined) intent.expiresAt = String(rec.expiresAt);
    if (r.fromTokenId !== undefined) intent.fromTokenId = r.fromTokenId;
    if (r.toTokenId !== undefined) intent.toTokenId = r.toTokenId;
    return intent;
  }

  /**
   * Decision: an intentId is unique in the workspace (the path that reads it names no account);
   * the same body again answers the same intent, another body with that id is a 409.
   */
  create(body: CreateIntent, actor: string): IntentResult {
    const core = this.core;
    const fingerprint = canonicalJson(body);
    const existing = this.byId.get(body.intentId);
    if (existing !== undefined) {
      if (existing.fingerprint === fingerprint) return { ok: true, value: this.present(existing), created: false };
      return conflict(`intentId ${JSON.stringify(body.intentId)} was already used with a different body`);
    }
    const account = core.accountById.get(body.accountId);
    if (account === undefined) return bad(`accountId: no account ${JSON.stringify(body.accountId)} in this workspace`);
    if (account.wire.status !== 'active')
      return bad(`accountId: account "${account.wire.accountName}" is ${account.wire.status}`);
    const pair = pairOf(core, body);
    if ('ok' in pair) return pair;
    const { from, to } = pair;
    if (account.wire.isTestnet === true) return { ok: false, status: 404, code: 'pair-not-available', message: 'no intents route for a testnet account' };
    for (const [field, asset] of [['fromAssetId', from], ['toAssetId', to]] as const) {
      if (!account.addressOf.has(asset.networkId!))
        return bad(`${field}: account "${account.wire.accountName}" has no address on ${asset.networkId}`);
    }
    const priced = indicativeQuote(core, from, to, body);
    if (priced === undefined) return bad(`${body.fromAmount !== undefined ? 'fromAmount' : 'toAmount'}: too small to swap`);
    const now = core.clock.now();
    const rec = newOutgoing(
      core,
      {
        type: 'intents',
        account,
        asset: from,
        amount: priced.quote.fromAmount,
        asset2: to,
        amount2: priced.quote.toAmount,
        description: `Intent ${from.symbol} (${from.networkId}) to ${to.symbol} (${to.networkId})`,
        createdBy: actor,
        auto: false,
        params: { intentId: body.intentId, feeLevel: 'medium' },
      },
      now,
      this.nextSeed(),
    );
    const short = core.balances.shortfall(rec);
    if (short !== undefined) return conflict(short);
    const record: IntentRecord = {
      intentId: body.intentId,
      transactionId: rec.id,
      fingerprint,
      fromTokenId: body.fromTokenId,
      toTokenId: body.toTokenId,
    };
    this.byId.set(body.intentId, record);
    core.insert(rec);
    logAction(core, rec, 'create', actor);
    const decide = core.withRng(rec, (r) => r.range(DELAYS.decide[0], DELAYS.decide[1]));
    core.schedule(rec, now + core.paced(decide));
    return { ok: true, value: this.present(record), created: true };
  }
}

