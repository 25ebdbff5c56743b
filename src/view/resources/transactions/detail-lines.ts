// A transaction's detail as lines: header, approvals, the event timeline, the remaining fields in
// readable form, and the statuses this console saw. Pure: record + context + clock → lines.
import type { Transaction, TransactionEvent } from '../../../contract/index.js';
import {
  amountCell,
  amountProblem,
  amountProblemWords,
  displayWidth,
  eventTypeLabel,
  eventTypeStyle,
  fitCell,
  formatAbsolute,
  formatAmountFull,
  formatFractionPercent,
  formatRelative,
  formatUsd,
  glyphs,
  parseMillis,
  styleText,
  TRANSACTION_STATUSES,
  transactionStatusStyle,
  truncateMiddle,
} from '../../../format/index.js';
import { type AuditRecord, explorerUrl, type StatusSeen } from '../../../store/index.js';
import type { Segment } from '../../base/segments.js';
import {
  accountName,
  asset,
  networkName,
  type RenderCtx,
  transactionAmount,
  transactionNetwork,
  usdValue,
} from '../../draw/context.js';
import { type EvidenceMark, evidenceSection } from './detail-evidence.js';
import { quoteEndField } from '../../swap/quote-state.js';
import { type Builder, countdown, type DetailLine, field, hardWrap, section, when } from '../../draw/detail-kit.js';
import { approvalsSection, createdByField, endedAs, limitSection, partyFields } from '../../draw/detail-who.js';

export type { DetailLine } from '../../draw/detail-kit.js';

function amountText(
  ctx: RenderCtx,
  amount: string | null | undefined,
  assetId: string | null | undefined,
): string {
  if (amount == null) return '';
  const info = asset(ctx, assetId);
  const problem = amountProblem(amount, info.decimals);
  const text = `${problem === 'not-a-decimal' ? amount : formatAmountFull(amount, info.decimals)} ${info.symbol}`.trim();
  if (problem === undefined) return text;
  return `${glyphs(ctx.ascii).warning} ${text}  (${amountProblemWords(problem, info.symbol, info.decimals)}: not an amount that can be moved)`;
}

function readable(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SHOWN_PARAMS = new Set([
  'amount',
  'assetId',
  'networkId',
  'toAddress',
  'toAccountId',
  'memo',
  'fromAssetId',
  'toAssetId',
  'fromAmount',
  'toAmount',
  'sourceAssetId',
  'symbol',
]);
const SHOWN_EXTRA = new Set([
  'approvers',
  'blockchainDetails',
  'confirmations',
  'description',
  'fromAccountId',
  'toAccountId',
  'fromAddress',
  'toAddress',
  'memo',
  'quoteDetails',
  'quoteId',
  'fiatRamp',
  'depositTransactionId',
  'withdrawTransactionId',
  'signingRequestId',
]);
const SHOWN_EMBEDDED = new Set(['events', 'quoteDetails', 'currentSigningRequest']);

function header(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  const style = transactionStatusStyle(tx.status);
  b.lines.push([
    { text: ` ${tx.transactionType}`, token: 'header' },
    { text: '  ' },
    { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
  ]);
  const p = tx.params ?? {};
  const { amount, assetId } = transactionAmount(tx);
  const usd = usdValue(ctx, amount, assetId);
  const usdText = usd === undefined ? [] : [{ text: `   ~ ${formatUsd(usd)}`, token: 'muted' as const }];
  if (p.fromAssetId != null && (p.toAssetId != null || p.toAmount != null)) {
    const arrow = ctx.ascii ? '->' : '→';
    const toAmount = p.toAmount ?? (tx.embedded?.quoteDetails ?? tx.extra?.quoteDetails)?.toAmount;
    const to = toAmount != null ? amountText(ctx, toAmount, p.toAssetId) : asset(ctx, p.toAssetId).symbol;
    field(b, 'Swap', [
      { text: `${amountText(ctx, p.fromAmount, p.fromAssetId)} ${arrow} ${to}` },
      ...usdText,
    ]);
  } else if (amount !== undefined) {
    const flagged = amountProblem(amount, asset(ctx, assetId).decimals) !== undefined;
    field(b, 'Amount', [{ text: amountText(ctx, amount, assetId), token: flagged ? 'danger' : 'header' }, ...usdText]);
  } else if (assetId !== undefined) {
    field(b, 'Asset', asset(ctx, assetId).symbol);
  }
  field(b, 'Account', accountName(ctx, tx.accountId));
  partyFields(b, tx, ctx);
  const networkId = transactionNetwork(ctx, tx);
  if (networkId !== undefined) {
    const name = networkName(ctx, networkId);
    field(b, 'Network', name === networkId ? name : `${name} (${networkId})`);
  }
  const memo = p.memo ?? tx.extra?.memo;
  if (memo != null) field(b, 'Memo', memo, undefined, true);
  field(b, 'Created', when(tx.createdAt, ctx.now) ?? '');
  if (tx.updatedAt != null) field(b, 'Updated', when(tx.updatedAt, ctx.now) ?? '');
  if (tx.expiresAt != null) expiry(b, tx, ctx.now);
  if (tx.terminatedAt != null) field(b, 'Terminated', when(tx.terminatedAt, ctx.now) ?? '');
  field(b, 'External id', tx.externalId, undefined, true);
  if (tx.extra?.description != null) field(b, 'Description', tx.extra.description, undefined, true);
  field(b, 'Id', tx.transactionId, undefined, true);
  createdByField(b, tx, ctx);
}

/** "no longer: canceled (was due 2026-…)": a deadline that ended before it came. */
function noLonger(status: string, t: number, was: string): Segment[] {
  return [{ text: `no longer: ${status}  (${was} ${formatAbsolute(t)})`, token: 'muted' }];
}

function expiry(b: Builder, tx: Transaction, now: number): void {
  const ended = endedAs(tx);
  const t = parseMillis(tx.expiresAt);
  if (ended === undefined || t === undefined) {
    field(b, 'Expires', countdown(tx.expiresAt, now) ?? '');
    return;
  }
  if (ended === 'expired') {
    field(b, 'Expired', t <= now ? `${formatRelative(t, now)}  ${formatAbsolute(t)}` : formatAbsolute(t));
    return;
  }
  field(b, 'Expires', noLonger(ended, t, 'was due'));
}

function eventLine(b: Builder, e: TransactionEvent, ctx: RenderCtx): void {
  const info = asset(ctx, e.assetId);
  const symbol = e.symbol ?? info.symbol;
  const usd = e.usdAmount ?? usdValue(ctx, e.amount, e.assetId);
  const style = eventTypeStyle(e.eventType);
  const amount = e.amount == null ? '' : amountCell(e.amount, info.decimals, { ascii: ctx.ascii });
  b.lines.push([
    { text: ` ${formatAbsolute(e.createdAt).slice(5)}  `, token: 'muted' },
    {
      text: fitCell(eventTypeLabel(e.eventType, { ascii: ctx.ascii }), 12, 'left', { ascii: ctx.ascii }),
      token: style.tone,
    },
    { text: ` ${fitCell(amount, 16, 'right', { ascii: ctx.ascii })}` },
    { text: ` ${fitCell(symbol, 6, 'left', { ascii: ctx.ascii })}` },
    {
      text: ` ${fitCell(usd == null ? '' : formatUsd(usd), 12, 'right', { ascii: ctx.ascii })}`,
      token: 'muted',
    },
    ...(e.blockchainTxId != null
      ? [{ text: `  ${truncateMiddle(e.blockchainTxId, 16, { ascii: ctx.ascii })}` }]
      : []),
  ]);
  if (e.blockchainTxId != null) {
    const url = explorerUrl(ctx.dictionary, e.networkId ?? info.networkId, e.blockchainTxId);
    for (const piece of hardWrap(url ?? e.blockchainTxId, b.width - 4))
      b.lines.push([{ text: `    ${piece}`, token: url ? 'accent' : 'muted' }]);
  }
}

function timeline(b: Builder, tx: Transaction, ctx: RenderCtx, load: DetailLoad | undefined): void {
  const events = tx.embedded?.events;
  section(b, events == null ? 'Events' : `Events (${events.length}, oldest first)`);
  if (events == null) {
    b.lines.push(
      load?.status === 'error'
        ? [
            {
              text: `  the events could not be loaded: ${load.error ?? 'unknown error'} (r retries)`,
              token: 'danger',
            },
          ]
        : [{ text: '  loading the events...', token: 'muted' }],
    );
    return;
  }
  if (events.length === 0) {
    b.lines.push([{ text: '  none yet', token: 'muted' }]);
    return;
  }
  const at = (e: TransactionEvent) => e.createdAt.padStart(20, '0');
  // Stable: events of the same millisecond keep the server's order.
  const sorted = [...events].sort((x, y) => (at(x) < at(y) ? -1 : at(x) > at(y) ? 1 : 0));
  for (const e of sorted) eventLine(b, e, ctx);
}

function details(b: Builder, tx: Transaction, ctx: RenderCtx): void {
  const start = b.lines.length;
  const extra = tx.extra ?? {};
  const network = transactionNetwork(ctx, tx);
  for (const d of extra.blockchainDetails ?? []) {
    if (d.blockchainTxId == null) continue;
    const url = explorerUrl(ctx.dictionary, d.networkId ?? network, d.blockchainTxId);
    field(
      b,
      'Blockchain tx',
      `${d.blockchainTxId}${d.networkId ? ` on ${networkName(ctx, d.networkId)}` : ''}`,
      undefined,
      true,
    );
    if (url) field(b, '', url, 'accent', true);
  }
  if (extra.confirmations != null) {
    const needed = network === undefined ? undefined : ctx.dictionary.networks.get(network)?.confirmations;
    field(b, 'Confirmations', needed == null ? extra.confirmations : `${extra.confirmations} of ${needed}`);
  }
  const quote = tx.embedded?.quoteDetails ?? extra.quoteDetails;
  if (quote != null) {
    const arrow = ctx.ascii ? '->' : '→';
    const p = tx.params ?? {};
    const from = amountText(ctx, quote.fromAmount, p.fromAssetId);
    const to = amountText(ctx, quote.toAmount, p.toAssetId);
    field(b, 'Quote', `${quote.provider ?? ''} ${from} ${arrow} ${to}`.trim(), undefined, true);
    if (quote.toAmountMin != null) field(b, 'Minimum', amountText(ctx, quote.toAmountMin, p.toAssetId));
    if (quote.slippage != null) field(b, 'Slippage', formatFractionPercent(quote.slippage) ?? quote.slippage);
    const fees = [
      quote.networkFeeUSD != null ? `network ${formatUsd(quote.networkFeeUSD)}` : '',
      quote.serviceFeeUSD != null ? `service ${formatUsd(quote.serviceFeeUSD)}` : '',
    ].filter((s) => s !== '');
    if (fees.length > 0) field(b, 'Fees', fees.join(', '));
    // A quote only had to be used before it expired, and this transaction was created from it:
    // its expiry is a moment, never a countdown; said expired while the transaction still waits.
    if (quote.expiresAt != null) {
      const end = quoteEndField(quote.expiresAt, tx.status, ctx.serverNow ?? ctx.now);
      field(b, end.label, end.value, end.expired ? 'warning' : undefined);
    }
  }
  const ramp = extra.fiatRamp;
  if (ramp != null) {
    const parts = [
      ramp.provider,
      ramp.fiatAmount != null
        ? `fiat ${ramp.fiatAmount}${ramp.bankDetails?.fiatCurrency ? ` ${ramp.bankDetails.fiatCurrency}` : ''}`
        : undefined,
      ramp.rate != null ? `rate ${ramp.rate}` : undefined,
      ramp.platformFee != null ? `platform fee ${ramp.platformFee}` : undefined,
      ramp.providerFee != null ? `provider fee ${ramp.providerFee}` : undefined,
    ].filter((s): s is string => s != null);
    field(b, 'Fiat ramp', parts.join(', '), undefined, true);
    const bank = ramp.bankDetails;
    if (bank != null) {
      const where = [bank.bankName, bank.channelType, bank.country].filter((s) => s != null).join(', ');
      field(
        b,
        'Bank',
        `${bank.accountHolderName ?? bank.businessName ?? ''}${where ? ` (${where})` : ''}`.trim(),
        undefined,
        true,
      );
    }
    if (ramp.fiatInReceived != null) {
      const r = ramp.fiatInReceived;
      field(
        b,
        'Received',
        [r.fiatAmount, r.senderName, r.reference].filter((s) => s != null).join(', '),
        undefined,
        true,
      );
    }
  }
  if (extra.depositTransactionId != null) field(b, 'Deposit tx', extra.depositTransactionId, undefined, true);
  if (extra.withdrawTransactionId != null)
    field(b, 'Withdrawal tx', extra.withdrawTransactionId, undefined, true);
  const signing = tx.embedded?.currentSigningRequest;
  if (signing != null)
    field(b, 'Signing', `${signing.status} (${signing.signingRequestId})`, undefined, true);
  else if (extra.signingRequestId != null)
    field(b, 'Signing request', extra.signingRequestId, undefined, true);
  // Everything else the record carries, so nothing the server said is hidden from the detail.
  for (const [key, value] of Object.entries(tx.params ?? {})) {
    if (!SHOWN_PARAMS.has(key) && value != null) field(b, humanize(key), readable(value), undefined, true);
  }
  for (const [key, value] of Object.entries(extra)) {
    if (!SHOWN_EXTRA.has(key) && value != null) field(b, humanize(key), readable(value), undefined, true);
  }
  for (const [key, value] of Object.entries(tx.embedded ?? {})) {
    if (!SHOWN_EMBEDDED.has(key) && value != null) field(b, humanize(key), readable(value), undefined, true);
  }
  if (b.lines.length > start)
    b.lines.splice(
      start,
      0,
      [],
      [
        { text: ` ${b.ascii ? '--' : '──'} `, token: 'border' },
        { text: 'Details', token: 'title' },
      ],
    );
}

function statusesSeen(b: Builder, seen: readonly StatusSeen[] | undefined, ctx: RenderCtx): void {
  section(b, 'Statuses seen by this console');
  if (seen === undefined || seen.length === 0) {
    b.lines.push([{ text: '  none yet', token: 'muted' }]);
    return;
  }
  const arrow = ctx.ascii ? ' -> ' : ' → ';
  const line: Segment[] = [{ text: ' ' }];
  seen.forEach((s, i) => {
    const style = transactionStatusStyle(s.status);
    if (i > 0) line.push({ text: arrow, token: 'muted' });
    line.push({ text: `${formatAbsolute(s.at).slice(11)} `, token: 'muted' });
    line.push({ text: styleText(style, { ascii: ctx.ascii }), token: style.tone });
  });
  // One line per status when they do not fit on one.
  const w = line.reduce((sum, s) => sum + displayWidth(s.text), 0);
  if (w <= b.width) {
    b.lines.push(line);
    return;
  }
  for (const s of seen) {
    const style = transactionStatusStyle(s.status);
    b.lines.push([
      { text: `  ${formatAbsolute(s.at)}  `, token: 'muted' },
      { text: styleText(style, { ascii: ctx.ascii }), token: style.tone },
    ]);
  }
}

/**
 * What this console did to the transaction (from the local audit log): one line per attempt, the
 * reason under it. No section when there is nothing: most transactions were never acted on.
 */
function auditTrail(b: Builder, records: readonly AuditRecord[] | undefined, ctx: RenderCtx): void {
  if (records === undefined || records.length === 0) return;
  section(b, 'Audit (this console)');
  for (const r of records) {
    // A result is the new status on success, else an error code (conflict, forbidden, network...).
    const known = TRANSACTION_STATUSES.includes(r.result);
    const style = transactionStatusStyle(r.result);
    const result: Segment = known
      ? { text: styleText(style, { ascii: ctx.ascii }), token: style.tone }
      : { text: `${ctx.ascii ? 'x' : '✗'} ${r.result}`, token: 'danger' };
    // Audit times are ISO text; shown in the same local form as every other time here.
    const at = Date.parse(r.time);
    b.lines.push([
      { text: `  ${Number.isNaN(at) ? r.time : formatAbsolute(at)}  `, token: 'muted' },
      { text: fitCell(r.action, 8, 'left', { ascii: ctx.ascii }) },
      { text: ' ' },
      result,
      ...(r.keyId !== undefined ? [{ text: `  key ${r.keyId}`, token: 'muted' as const }] : []),
    ]);
    if (r.reason !== undefined && r.reason !== '') {
      for (const piece of hardWrap(`reason: ${r.reason}`, Math.max(8, b.width - 6)))
        b.lines.push([{ text: `      ${piece}` }]);
    }
  }
}

/** How the live engine's load of the open detail went (transactions.detail). */
export interface DetailLoad {
  readonly status: 'loading' | 'ready' | 'error';
  readonly error?: string;
}

/** Every line of a transaction's detail, for a view `width` columns wide. */
export function transactionDetailLines(
  tx: Transaction,
  ctx: RenderCtx,
  seen: readonly StatusSeen[] | undefined,
  width: number,
  load?: DetailLoad,
  audit?: readonly AuditRecord[],
  evidence?: readonly EvidenceMark[],
): DetailLine[] {
  const b: Builder = { lines: [], width, ascii: ctx.ascii };
  header(b, tx, ctx);
  approvalsSection(b, tx, ctx);
  limitSection(b, tx, ctx);
  evidenceSection(b, evidence);
  timeline(b, tx, ctx, load);
  details(b, tx, ctx);
  statusesSeen(b, seen, ctx);
  auditTrail(b, audit, ctx);
  return b.lines;
}
