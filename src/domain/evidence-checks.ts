// The checks behind the risk evidence, one function each: the destination against the address
// book, a first payment to it, the creator approving their own transaction, an amount far above
// usual, most of the balance, an impossible amount, invisible characters. Pure: input → items.
import type { Balance } from '../contract/index.js';
import {
  amountProblem,
  amountProblemWords,
  compareDecimal,
  divideDecimal,
  formatCount,
  headUnits,
  hiddenCharacters,
  isDecimalString,
  isTerminalTransactionStatus,
  multiplyDecimal,
  type TextKind,
} from '../format/index.js';
import { assetInfo } from './asset.js';
import type { Destination } from './destinations.js';
import { type EvidenceInput, type EvidenceItem, item, MIN_OUTGOING, MIN_SAMPLES, money, MOST_PERCENT, UNUSUAL_FACTOR } from './evidence-item.js';
import { type historyOf, medianDecimal } from './evidence-history.js';
import type { BalancesFacts } from './facts.js';
import { peopleText, personLabel } from './people.js';
import { transactionAmount } from './transaction.js';

export function destinationItems(input: EvidenceInput, dest: Destination, out: EvidenceItem[]): void {
  const { tx, directory } = input;
  const account = input.workspace.accountsById.get(tx.accountId);
  const onlyBook = account?.extra?.onlyAddressBookWithdrawals === true;
  const accountName = account?.accountName ?? tx.accountId;
  if (dest.kind === 'unread') {
    const policy = onlyBook ? `; ${accountName} allows only address-book withdrawals` : '';
    const text = 'address book not readable: destination unchecked';
    out.push(item('book-unchecked', text, `${dest.why}${policy}`, 'muted'));
    return;
  }
  if (dest.kind !== 'unknown') return;
  if (onlyBook) {
    out.push(
      item(
        'book-only',
        'account allows only address-book withdrawals, and this destination is not in the book',
        `${accountName} has "only address-book withdrawals" on`,
        'danger',
      ),
    );
  }
  const n = directory.book.length;
  out.push(
    item(
      'not-in-book',
      'destination not in the address book',
      `none of the ${formatCount(n)} address-book ${n === 1 ? 'record matches' : 'records match'} ` +
        'its network, address and memo',
    ),
  );
}

export function firstTimeItem(input: EvidenceInput, history: ReturnType<typeof historyOf>, out: EvidenceItem[]): void {
  const d = history.destination;
  if (d === undefined || d.earlier > 0 || d.outgoing < MIN_OUTGOING) return;
  const failed =
    d.earlierFruitless === 0
      ? ''
      : `; ${d.earlierFruitless} earlier ${d.earlierFruitless === 1 ? 'one' : 'ones'} to it ` +
        'ended without moving money';
  out.push(
    item(
      'first-time',
      'first time this destination appears in the loaded history',
      `no earlier transaction to it among the ${formatCount(d.outgoing)} outgoing ones loaded${failed}`,
    ),
  );
}

export function selfApprovalItem(input: EvidenceInput, out: EvidenceItem[]): void {
  const { tx, directory } = input;
  const creator = tx.createdBy;
  const a = tx.extra?.approvers;
  if (creator == null || creator === '' || a == null) return;
  const options = { ascii: input.ascii ?? false };
  const who = personLabel(directory, creator, options).text;
  const approved = a.approvedBy ?? [];
  if (approved.includes(creator)) {
    const needed = a.number != null ? ` (${approved.length} of ${a.number} needed)` : '';
    out.push(
      item(
        'self-approved',
        'the creator approved it themselves',
        `created by ${who}; approved by ${peopleText(directory, approved, options)}${needed}`,
      ),
    );
    return;
  }
  const may = a.availableApprovers ?? [];
  // Only while an approval can still be given: on a finished transaction "may" is history.
  if (may.includes(creator) && tx.status === 'waiting-approval') {
    out.push(
      item(
        'self-may-approve',
        'the creator may approve it themselves',
        `created by ${who}, one of the ${may.length} who may approve: ${peopleText(directory, may, options)}`,
      ),
    );
  }
}

export function unusualAmountItem(
  input: EvidenceInput,
  amount: string,
  symbol: string,
  decimals: number | undefined,
  history: ReturnType<typeof historyOf>,
  out: EvidenceItem[],
): void {
  const samples = history.amounts?.samples ?? [];
  if (samples.length < MIN_SAMPLES) return;
  const median = medianDecimal(samples);
  if (median === undefined || compareDecimal(median, '0') <= 0) return;
  if (compareDecimal(amount, multiplyDecimal(median, UNUSUAL_FACTOR)) < 0) return;
  const ratio = divideDecimal(amount, median, 1, 'down');
  const times = input.ascii ? 'x' : '×';
  out.push(
    item(
      'amount-unusual',
      "far above this account's usual outgoing amounts",
      `${money(ratio, 1)}${times} the median of its last ${samples.length} completed outgoing ${symbol} ` +
        `(${money(median, decimals)} ${symbol})`,
    ),
  );
}

const BALANCE_UNREAD: Readonly<Record<string, string>> = {
  loading: 'balances still loading',
  forbidden: "the key's role may not read balances",
  failed: 'balances could not be read',
};

function balanceOf(balances: BalancesFacts, accountId: string, assetId: string): Balance | undefined {
  for (const b of balances.byId.values()) if (b.accountId === accountId && b.assetId === assetId) return b;
  return undefined;
}

export function balanceItem(
  input: EvidenceInput,
  amount: string,
  assetId: string,
  symbol: string,
  decimals: number | undefined,
  out: EvidenceItem[],
): void {
  const { balances, tx } = input;
  // Once finished, the money has moved (or never will): its share of today's balance means nothing.
  if (isTerminalTransactionStatus(tx.status) || tx.terminatedAt != null) return;
  const read = balances.state === 'loaded' || balances.loadedAt !== undefined;
  if (!read) {
    const why = BALANCE_UNREAD[balances.state] ?? `balances ${balances.state}`;
    out.push(item('balance-unchecked', 'balance not readable: share of the balance unchecked', why, 'muted'));
    return;
  }
  const b = balanceOf(balances, tx.accountId, assetId);
  const total = b?.totalBalance;
  if (b === undefined || !isDecimalString(total)) {
    out.push(
      item(
        'balance-unchecked',
        'balance unknown: share of the balance unchecked',
        `no ${symbol} balance of this account among the balances read`,
        'muted',
      ),
    );
    return;
  }
  const withdrawable = isDecimalString(b.withdrawableBalance)
    ? `; withdrawable ${money(b.withdrawableBalance, decimals)} ${symbol}`
    : '';
  const of = `${money(amount, decimals)} of ${money(total, decimals)} ${symbol}`;
  if (compareDecimal(amount, total) > 0) {
    out.push(item('balance-over', `more than its whole ${symbol} balance`, `${of}${withdrawable}`, 'danger'));
    return;
  }
  if (compareDecimal(multiplyDecimal(amount, '100'), multiplyDecimal(total, MOST_PERCENT)) < 0) return;
  const percent = divideDecimal(multiplyDecimal(amount, '100'), total, 0, 'down');
  const most = `would move most of its ${symbol} balance`;
  out.push(item('balance-most', most, `${percent}%: ${of}${withdrawable}`));
}

/** An impossible amount: negative, not a number, or finer than its asset (format/amount.ts). */
export function amountItem(input: EvidenceInput, out: EvidenceItem[]): void {
  const { amount, assetId } = transactionAmount(input.tx);
  if (amount === undefined) return;
  const info = assetInfo(input.dictionary, assetId);
  const problem = amountProblem(amount, info.decimals);
  if (problem === undefined) return;
  const words = amountProblemWords(problem, info.symbol, info.decimals);
  const sent = JSON.stringify(headUnits(amount, 64)) + (amount.length > 64 ? '…' : '');
  out.push(item('amount-flagged', `the amount is ${words}`, `as the server sent it: ${sent}`, 'danger'));
}

/**
 * Text of the server that held characters which hide or reorder text (format/hidden.ts): on screen
 * an identifier shows them as marks and a name leaves them out; either way the person deciding
 * is told, and what `y` copies is the text as sent.
 */
export function hiddenItems(input: EvidenceInput, dest: Destination | undefined, out: EvidenceItem[]): void {
  const { tx } = input;
  const checks: [string, string | null | undefined, TextKind][] = [
    ['the destination address', tx.params?.toAddress ?? tx.extra?.toAddress, 'identifier'],
    ['the source address', tx.extra?.fromAddress, 'identifier'],
    ['the memo', tx.params?.memo ?? tx.extra?.memo, 'identifier'],
    ["the asset's symbol", input.dictionary.assets.get(transactionAmount(tx).assetId ?? '')?.symbol, 'identifier'],
    ["the account's name", input.workspace.accountsById.get(tx.accountId)?.accountName, 'text'],
    ["the destination's name", dest?.kind === 'book' ? dest.record.name : dest?.kind === 'account' ? dest.name : undefined, 'text'],
  ];
  for (const [what, text, kind] of checks) {
    if (typeof text !== 'string') continue;
    const found = hiddenCharacters(text, kind);
    if (found.length === 0) continue;
    const how = kind === 'identifier' ? 'shown as marks' : 'left out on screen';
    out.push(
      item(
        'hidden-characters',
        `${what} contains invisible characters`,
        `${found.join(', ')}: ${how}; y copies the text as the server sent it`,
        'danger',
      ),
    );
  }
}

