// What the action dialog freezes when it opens: the record made into display-ready text with the
// reference data and the price of that moment, and which confirmation it calls for. Pure.
import type { Transaction } from '../../contract/index.js';
import { DECISIONS, type DecisionName } from '../../domain/actions.js';
import {
  amountProblem,
  amountProblemWords,
  compareDecimal,
  cutText,
  formatAmountFull,
  headUnits,
  isDecimalString,
} from '../../format/index.js';
import type { ConfirmKind, DialogTarget } from '../../store/dialog.js';
import {
  accountName,
  asset,
  counterparty,
  networkName,
  type RenderCtx,
  transactionAmount,
  transactionNetwork,
  usdValue,
} from '../draw/context.js';
import { DIALOG_NAME_UNITS, freezeWho } from './target-who.js';

export const DEFAULT_CONFIRM_THRESHOLD_USD = '100000';

export function freezeTarget(
  tx: Transaction,
  ctx: Pick<RenderCtx, 'dictionary' | 'workspace' | 'prices'> & Partial<Pick<RenderCtx, 'directory' | 'ascii'>>,
): DialogTarget {
  const { amount, assetId } = transactionAmount(tx);
  const info = asset(ctx, assetId);
  const usd = usdValue(ctx, amount, assetId);
  const problem = amount === undefined ? undefined : amountProblem(amount, info.decimals);
  const name = accountName(ctx, tx.accountId);
  const party = counterparty(ctx, tx);
  const networkId = transactionNetwork(ctx, tx);
  const memo = tx.params?.memo ?? tx.extra?.memo;
  const a = tx.extra?.approvers;
  return {
    transactionId: tx.transactionId,
    type: tx.transactionType,
    status: tx.status,
    ...(amount !== undefined ? { amount: formatAmountFull(headUnits(amount, 64), info.decimals) } : {}),
    ...(problem !== undefined ? { amountFlag: amountProblemWords(problem, info.symbol, info.decimals) } : {}),
    ...(info.symbol !== '' ? { symbol: cutText(info.symbol, DIALOG_NAME_UNITS) } : {}),
    ...(usd !== undefined ? { usd } : {}),
    accountId: tx.accountId,
    ...(name !== '' && name !== tx.accountId ? { accountName: cutText(name, DIALOG_NAME_UNITS) } : {}),
    ...(party.direction !== 'none' ? { counterparty: { direction: party.direction, text: party.text } } : {}),
    ...(networkId !== undefined ? { networkId, networkName: cutText(networkName(ctx, networkId), DIALOG_NAME_UNITS) } : {}),
    ...(memo != null && memo !== '' ? { memo } : {}),
    ...(tx.createdAt != null ? { createdAt: tx.createdAt } : {}),
    ...(a != null
      ? {
          approvals: {
            approved: a.approvedBy ?? [],
            ...(a.number != null ? { needed: String(a.number) } : {}),
          },
        }
      : {}),
    // Names for the ids, the destination's name and the limit's rule (approvals again, as names).
    ...freezeWho(tx, ctx),
  };
}

/** A threshold that is not a plain non-negative decimal falls back to the default, never to "none". */
export function thresholdOf(configured: string | undefined): string {
  const t = configured?.trim();
  return t !== undefined && isDecimalString(t) && !t.startsWith('-') ? t : DEFAULT_CONFIRM_THRESHOLD_USD;
}

/**
 * Which confirmation an action calls for (its rule in domain/actions.ts): the typed one always for
 * an action that moves funds (approving); otherwise at or above the threshold too, and when the USD
 * value is unknown (no price), the safe side.
 */
export function confirmKind(
  action: DecisionName,
  usd: string | undefined,
  threshold: string | undefined,
): ConfirmKind {
  if (DECISIONS[action].confirm.kind === 'typed' || usd === undefined) return 'typed';
  try {
    return compareDecimal(usd, thresholdOf(threshold)) >= 0 ? 'typed' : 'yes-no';
  } catch {
    return 'typed';
  }
}
