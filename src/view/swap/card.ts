// The answer card under the swap form, as lines: what the route answered (an aggregator quote, a
// bridge's params, an intents' indicative price), why there is none, and the create that may
// follow. Pure: state + reference data + clock → lines of at most one row each.
import type { DryRunTransaction } from '../../contract/index.js';
import {
  divideDecimal,
  formatDecimal,
  formatFractionPercent,
  formatPrice,
  glyphs,
  formatUsd,
  isDecimalString,
  normalizeDecimal,
} from '../../format/index.js';
import type { DictionaryState, WorkspaceState } from '../../store/index.js';
import { SWAP_CONFIRM_CHARS, type SwapCreate, type SwapState } from '../../store/swap.js';
import type { Segment } from '../base/segments.js';
import type { Token } from '../base/theme.js';
import { destinationText, wrappedRow } from './destination.js';
import { assetLabel, assetText } from './fields.js';
import { countdownText, expiredText, isExpired, quoteExpiresAt, quoteIdOf } from './quote-state.js';

export type CardLine = readonly Segment[];

export interface CardInput {
  readonly state: SwapState;
  readonly dictionary: DictionaryState;
  readonly workspace: WorkspaceState;
  readonly now: number;
  readonly ascii: boolean;
  /** The pane's columns: the destination wraps to them (absent: one line). */
  readonly width?: number;
}

export interface Card {
  readonly title: string;
  /** The card's state in a word, at the right of its title: the countdown, "expired — r to re-quote". */
  readonly status?: Segment;
  /** The answer can no longer be used (an expired quote): the whole card is drawn greyed. */
  readonly stale?: boolean;
  readonly lines: readonly CardLine[];
  /** Lines at the end shown whatever the room (what is being confirmed, and the confirmation). */
  readonly keep?: number;
}

const LABEL = 19;

function row(label: string, value: string, token?: Token): CardLine {
  return [{ text: `  ${label.padEnd(LABEL)}`, token: 'muted' }, { text: value, ...(token ? { token } : {}) }];
}

/** A decimal with the asset's symbol: "0.5 BTC" (every digit of the asset, none invented). */
function money(dictionary: DictionaryState, amount: string | null | undefined, assetId: string | null | undefined) {
  if (amount == null) return undefined;
  const symbol = assetId == null ? '' : assetLabel(dictionary, assetId).symbol;
  // Every digit the server sent, none it did not (no padding to 18 places of ETH).
  const text = isDecimalString(amount) ? formatDecimal(normalizeDecimal(amount)) : amount;
  return symbol === '' ? text : `${text} ${symbol}`;
}

function usd(value: string | null | undefined): string {
  return value == null ? '' : `  (${formatUsd(value)})`;
}

/** "1 BTC = 28.5123 ETH" from the two amounts; undefined when either is missing or zero. */
export function rateText(
  dictionary: DictionaryState,
  from: { amount?: string | null; assetId?: string | null },
  to: { amount?: string | null; assetId?: string | null },
  approx = false,
): string | undefined {
  if (!isDecimalString(from.amount) || !isDecimalString(to.amount) || from.assetId == null || to.assetId == null)
    return undefined;
  if (/^0(?:\.0*)?$/.test(normalizeDecimal(from.amount))) return undefined;
  const rate = trimFraction(formatPrice(divideDecimal(to.amount, from.amount, 18)));
  const f = assetLabel(dictionary, from.assetId).symbol;
  const t = assetLabel(dictionary, to.assetId).symbol;
  return `1 ${f} ${approx ? '~' : '='} ${rate} ${t}`;
}

/** "0.0002900" → "0.00029": a rate's trailing zeros say nothing. */
function trimFraction(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function aggregatorLines(input: CardInput, answer: DryRunTransaction, muted: boolean): CardLine[] {
  const { dictionary } = input;
  const q = answer.embedded?.quoteDetails ?? {};
  const p = answer.params ?? {};
  const fromId = p.fromAssetId;
  const toId = p.toAssetId;
  const fromAmount = q.fromAmount ?? p.fromAmount;
  const toAmount = q.toAmount ?? p.toAmount;
  const tone = (t?: Token) => (muted ? 'muted' : t);
  const lines: CardLine[] = [];
  const add = (label: string, value: string | undefined, token?: Token) => {
    if (value !== undefined && value !== '') lines.push(row(label, value, tone(token)));
  };
  add('rate', rateText(dictionary, { amount: fromAmount, assetId: fromId }, { amount: toAmount, assetId: toId }));
  add('you send', money(dictionary, fromAmount, fromId) && `${money(dictionary, fromAmount, fromId)}${usd(q.fromAmountUSD)}`);
  add('you get', money(dictionary, toAmount, toId) && `${money(dictionary, toAmount, toId)}${usd(q.toAmountUSD)}`, 'accent');
  add('minimum received', money(dictionary, q.toAmountMin, toId));
  add('slippage', formatFractionPercent(q.slippage));
  const fee = money(dictionary, q.networkFee, q.networkFeeAssetId);
  add('network fee', fee === undefined ? undefined : `${fee}${usd(q.networkFeeUSD)}`);
  add('service fee', q.serviceFeeUSD == null ? undefined : formatUsd(q.serviceFeeUSD));
  const provider = [q.provider, q.processingTime == null ? undefined : `processing time ${q.processingTime}`];
  add('provider', provider.filter((x) => x != null && x !== '').join(input.ascii ? ' / ' : ' · '));
  return lines;
}

/** Where the funds land, the address in full (swap/destination.ts). */
function destinationRows(input: CardInput, accountId: string, toAssetId: string | null | undefined): CardLine[] {
  const text = destinationText(input, accountId, toAssetId);
  return text === undefined ? [] : wrappedRow('destination', text, input.width ?? Number.MAX_SAFE_INTEGER);
}

function bridgeLines(input: CardInput, answer: DryRunTransaction): CardLine[] {
  const { dictionary } = input;
  const p = answer.params ?? {};
  const lines: CardLine[] = [];
  const add = (label: string, value: string | undefined, token?: Token) => {
    if (value !== undefined && value !== '') lines.push(row(label, value, token));
  };
  const fromId = p.sourceAssetId ?? p.fromAssetId;
  add('from', fromId == null ? undefined : assetText(dictionary, fromId, input.ascii));
  add('to', p.toAssetId == null ? 'chosen by the bridge' : assetText(dictionary, p.toAssetId, input.ascii));
  add('amount', money(dictionary, p.amount, fromId));
  const price = answer.extra?.estimatedPrice;
  if (isDecimalString(p.amount) && isDecimalString(price) && !/^0(?:\.0*)?$/.test(normalizeDecimal(price))) {
    const toDecimals = p.toAssetId == null ? undefined : dictionary.assets.get(p.toAssetId)?.decimals;
    const digits = toDecimals == null ? 8 : Number(toDecimals);
    const got = divideDecimal(p.amount, price, Number.isSafeInteger(digits) ? digits : 8, 'down');
    add('you get about', money(dictionary, got, p.toAssetId ?? fromId), 'accent');
  }
  add('fee level', p.feeLevel ?? undefined);
  lines.push(...destinationRows(input, answer.accountId, p.toAssetId));
  add('description', answer.description ?? undefined);
  return lines;
}

function intentsLines(input: CardInput, answer: DryRunTransaction): CardLine[] {
  const { dictionary } = input;
  const iq = answer.embedded?.intentsQuote ?? {};
  const p = answer.params ?? {};
  const fromId = iq.fromAssetId ?? p.fromAssetId;
  const toId = iq.toAssetId ?? p.toAssetId;
  const lines: CardLine[] = [];
  const add = (label: string, value: string | undefined, token?: Token) => {
    if (value !== undefined && value !== '') lines.push(row(label, value, token));
  };
  let rate = rateText(dictionary, { amount: iq.fromAmount, assetId: fromId }, { amount: iq.toAmount, assetId: toId }, true);
  // Without amounts, the price of one TO in FROM (extra.estimatedPrice) says the same the other way.
  const price = answer.extra?.estimatedPrice;
  if (rate === undefined && isDecimalString(price) && toId != null && fromId != null)
    rate = `1 ${assetLabel(dictionary, toId).symbol} ~ ${formatPrice(price)} ${assetLabel(dictionary, fromId).symbol}`;
  add('indicative price', rate, 'accent');
  add('you send about', money(dictionary, iq.fromAmount ?? p.fromAmount, fromId));
  add('you get about', money(dictionary, iq.toAmount ?? p.toAmount, toId));
  add('minimum received', money(dictionary, iq.minToAmount, toId));
  const fees = [
    iq.solverFeePercent == null ? undefined : `solver ${iq.solverFeePercent}%`,
    iq.oracleFeePercent == null ? undefined : `oracle ${iq.oracleFeePercent}%`,
  ].filter((s) => s !== undefined);
  add('fees', fees.join(', '));
  lines.push(row('', 'indicative only: an intent is not created from this form', 'info'));
  return lines;
}

/** The confirmation, the create on its way, or how it ended. `stale`: the quote expired meanwhile. */
function createLines(c: SwapCreate, confirm: { what: string; id: string }, ascii: boolean, stale = false): CardLine[] {
  const dash = ascii ? '-' : '—';
  switch (c.phase) {
    case 'confirm': {
      const blanks = '_'.repeat(Math.max(0, c.expected.length - [...c.typed].length));
      return [
        // Short enough that the id's end never falls off an 80-column line.
        [
          { text: `  confirm: last ${SWAP_CONFIRM_CHARS} characters of ${confirm.what} `, token: stale ? 'muted' : 'warning' },
          { text: confirm.id, token: stale ? 'muted' : 'header' },
          { text: ' ' },
          { text: `${c.typed}${blanks}`, token: stale ? 'muted' : 'selection' },
        ],
        stale
          ? [{ text: `  the quote expired ${dash} esc cancels, then r asks for a new one`, token: 'warning' }]
          : c.hint !== undefined
            ? [{ text: `  ${c.hint}`, token: 'danger' }]
            : [{ text: `  enter creates ${dash} esc cancels`, token: 'muted' }],
      ];
    }
    case 'creating':
      return [[{ text: `  creating${ascii ? '...' : '…'} (external id ${c.externalId})`, token: 'pending' }]];
    case 'result': {
      const r = c.result;
      if (r.kind === 'done') return [[{ text: `  ${glyphs(ascii).check} ${r.message}`, token: 'success' }]];
      if (r.kind === 'expired')
        return [[{ text: `  the quote expired before it was used ${dash} r to re-quote`, token: 'warning' }]];
      if (r.kind === 'network')
        return [
          [{ text: `  ${r.message}`, token: 'danger' }],
          [{ text: `  enter tries again with the same external id (${c.externalId}): never twice`, token: 'muted' }],
        ];
      return [[{ text: `  not created: ${r.message}`, token: 'danger' }]];
    }
    default:
      return [];
  }
}

/** Sent, or created from: the quote did its work and its countdown has stopped. */
function quoteUsed(c: SwapCreate): boolean {
  return c.phase === 'creating' || (c.phase === 'result' && c.result.kind === 'done');
}

/** The quote can no longer be used: past its time by the clock, or the server said so. */
function quoteStale(c: SwapCreate, answer: DryRunTransaction, now: number): boolean {
  if (quoteUsed(c)) return false;
  return (c.phase === 'result' && c.result.kind === 'expired') || isExpired(answer, now);
}

/** The word at the right of the quote's title: its countdown until it is used or expires. */
function quoteStatus(c: SwapCreate, answer: DryRunTransaction, now: number, ascii: boolean): Segment | undefined {
  if (c.phase === 'creating') return { text: `creating${ascii ? '...' : '…'}`, token: 'pending' };
  if (quoteUsed(c)) return { text: `${glyphs(ascii).check} created`, token: 'success' };
  if (quoteStale(c, answer, now)) return { text: expiredText(ascii), token: 'warning' };
  const at = quoteExpiresAt(answer);
  return at === undefined ? undefined : { text: countdownText(at, now, ascii), token: 'info' };
}

export function answerCard(input: CardInput): Card | undefined {
  const { state, now, ascii } = input;
  const r = state.request;
  const ellipsis = ascii ? '...' : '…';
  switch (r.phase) {
    case 'idle':
      return undefined;
    case 'asking':
      return { title: 'Route', lines: [[{ text: `  asking for a route${ellipsis}`, token: 'pending' }]] };
    case 'failed': {
      const f = r.failure;
      const lines: CardLine[] =
        f.kind === 'unavailable'
          ? [[{ text: '  this pair cannot be swapped', token: 'warning' }], [{ text: `  ${f.message}`, token: 'muted' }]]
          : f.kind === 'invalid'
            ? [[{ text: `  the server refused the form: ${f.message}`, token: 'danger' }]]
            : f.kind === 'network'
              ? [[{ text: `  ${f.message} ${ascii ? '-' : '—'} r to try again`, token: 'danger' }]]
              : [[{ text: `  refused: ${f.message}`, token: 'danger' }]];
      return { title: 'Route', lines };
    }
    case 'answer':
      break;
  }
  const answer = r.answer;
  const type = answer.transactionType;
  const c = state.create.phase !== 'none' && state.create.seq === r.seq ? state.create : { phase: 'none' as const };
  if (type === 'swap-aggregator') {
    const stale = quoteStale(c, answer, now);
    const lines = aggregatorLines(input, answer, stale);
    // Confirming: where the swapped funds land, in full (a bridge's card always says it).
    const tail = c.phase === 'confirm' ? destinationRows(input, answer.accountId, answer.params?.toAssetId) : [];
    tail.push(...createLines(c, { what: 'quote', id: quoteIdOf(answer) ?? '' }, ascii, stale));
    lines.push(...tail);
    const status = quoteStatus(c, answer, now, ascii);
    return {
      title: 'Quote: swap-aggregator',
      ...(status !== undefined ? { status } : {}),
      ...(stale ? { stale } : {}),
      lines,
      keep: tail.length,
    };
  }
  if (type === 'bridge') {
    const lines = bridgeLines(input, answer);
    const tail = c.phase !== 'none' ? createLines(c, { what: 'external id', id: c.externalId }, ascii) : [];
    lines.push(...tail);
    return { title: 'Route: bridge', status: { text: 'params ready', token: 'info' }, lines, keep: tail.length };
  }
  if (type === 'intents')
    return { title: 'Route: intents', status: { text: 'indicative', token: 'info' }, lines: intentsLines(input, answer) };
  return {
    title: `Route: ${type}`,
    lines: [
      row('description', answer.description ?? ''),
      row('', `a ${type} answer is not created from this form`, 'muted'),
    ],
  };
}

/**
 * The card's lines in `room` rows: when they do not all fit, the lines it keeps (the destination
 * and the confirmation) stay and the ones just above them give way, so what is confirmed and how
 * to confirm it never fall off a short terminal.
 */
export function cardLinesIn(card: Pick<Card, 'lines' | 'keep'>, room: number): readonly CardLine[] {
  const n = Math.max(0, room);
  if (card.lines.length <= n) return card.lines;
  const keep = Math.min(n, card.keep ?? 0);
  return [...card.lines.slice(0, n - keep), ...card.lines.slice(card.lines.length - keep)];
}
